// The platform admin's users on the real API: the list's filters and search, one user, the
// spec's create and edit (multipart, only the sent fields change, the spec's validation words),
// deactivating (sign-in refused, sessions ended) and reactivating, and upschool_admin only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox } from '../../server/db/schema';
import { GREENFIELD, signIn, startServer, TARGETS, type TestServer } from './harness';

function form(fields: Record<string, string | File>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe.each(TARGETS)('platform users on %s', (target) => {
  let server: TestServer;
  let admin: string;
  let head: string;
  let greenfieldId: number;

  beforeAll(async () => {
    server = await startServer(target);
    admin = (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access;
    head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    const tenants = await server.call('GET', '/api/api-super-admin/tenant-options/', { token: admin });
    greenfieldId = tenants.body.results.find((t: { subdomain: string }) => t.subdomain === 'greenfield').id;
  }, 60_000);
  afterAll(() => server?.close());

  it('lists users with role, tenant and active filters and a search', async () => {
    const teachers = await server.call('GET', `/api/api-super-admin/users/?role=teacher&tenant_id=${greenfieldId}`, { token: admin });
    expect(teachers.status).toBe(200);
    expect(teachers.body.results.map((u: { email: string }) => u.email)).toContain('teacher@greenfield.example');
    expect(
      teachers.body.results.every(
        (u: { role: string; tenant_name: string }) => u.role === 'teacher' && u.tenant_name === 'Greenfield Primary',
      ),
    ).toBe(true);
    const found = await server.call('GET', '/api/api-super-admin/users/?search=head%20greenfield', { token: admin });
    expect(found.body.results.map((u: { email: string }) => u.email)).toEqual(['head@greenfield.example']);
    const pct = await server.call('GET', '/api/api-super-admin/users/?search=%25', { token: admin });
    expect(pct.body.count).toBe(0);
    expect((await server.call('GET', '/api/api-super-admin/users/?role=king', { token: admin })).status).toBe(400);
  });

  it('is for the platform admin only, also the tenant filter list', async () => {
    expect((await server.call('GET', '/api/api-super-admin/users/', { host: GREENFIELD, token: head })).status).toBe(403);
    expect((await server.call('GET', '/api/api-super-admin/tenant-options/', { host: GREENFIELD, token: head })).status).toBe(403);
    expect((await server.call('GET', '/api/api-super-admin/users/1/', { host: GREENFIELD, token: head })).status).toBe(403);
    expect((await server.call('POST', '/api/api-super-admin/create-user/', { host: GREENFIELD, token: head, body: form({}) })).status).toBe(
      403,
    );
  });

  it("refuses a bad form with the spec's words", async () => {
    const empty = await server.call('POST', '/api/api-super-admin/create-user/', {
      token: admin,
      body: form({ first_name: 'A', last_name: 'B', email: '', country: 'GB', tenant_id: String(greenfieldId) }),
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Email is required');
    const invalid = await server.call('POST', '/api/api-super-admin/create-user/', {
      token: admin,
      body: form({ first_name: 'A', last_name: 'B', email: 'not-an-email', country: 'GB', tenant_id: String(greenfieldId) }),
    });
    expect(JSON.stringify(invalid.body)).toContain('Invalid email');
    const taken = await server.call('POST', '/api/api-super-admin/create-user/', {
      token: admin,
      json: { first_name: 'A', last_name: 'B', email: 'HEAD@greenfield.example', country: 'GB', tenant_id: String(greenfieldId) },
    });
    expect(taken.status).toBe(400);
    const noTenant = await server.call('POST', '/api/api-super-admin/create-user/', {
      token: admin,
      json: { first_name: 'A', last_name: 'B', email: 'x@example.org', country: 'GB', tenant_id: '999999' },
    });
    expect(noTenant.status).toBe(404);
  });

  it('creates a user with an avatar, who is e-mailed a link, then changes only the fields sent', async () => {
    const made = await server.call('POST', '/api/api-super-admin/create-user/', {
      token: admin,
      body: form({
        first_name: 'Nadia',
        last_name: 'Rahman',
        email: 'nadia@greenfield.example',
        country: 'BD',
        role: 'teacher',
        tenant_id: String(greenfieldId),
        avatar: new File([PNG], 'me.png', { type: 'image/png' }),
      }),
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ first_name: 'Nadia', role: 'teacher', tenant_id: greenfieldId, country: 'BD', is_active: true });
    expect(made.body.avatar).toMatch(/^\/api\/avatars\//);
    const pic = await server.call('GET', made.body.avatar);
    expect(pic.status).toBe(200);
    expect(pic.headers.get('content-type')).toBe('image/png');

    const changed = await server.call('PATCH', `/api/api-super-admin/users/${made.body.id}/`, {
      token: admin,
      body: form({ last_name: 'Rahman-Ali' }),
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ first_name: 'Nadia', last_name: 'Rahman-Ali', email: 'nadia@greenfield.example', country: 'BD' });
    const bad = await server.call('PATCH', `/api/api-super-admin/users/${made.body.id}/`, { token: admin, json: { email: 'nope' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Invalid email');
    expect((await server.call('GET', '/api/api-super-admin/users/99999999/', { token: admin })).status).toBe(404);
  });

  it('deactivates (no sign-in, sessions ended) and reactivates users', async () => {
    const teacher = await signIn(server, 'teacher@hillside.example', 'Teach-demo-2', 'hillside.localhost');
    const id = teacher.user.id;
    const off = await server.call('POST', '/api/api-super-admin/users/bulk/', { token: admin, json: { ids: [id], action: 'deactivate' } });
    expect(off.status).toBe(200);
    const refused = await server.call('POST', '/api/auth/token/', {
      host: 'hillside.localhost',
      json: { username: 'teacher@hillside.example', password: 'Teach-demo-2' },
    });
    expect(refused.status).not.toBe(200);
    const refresh = await server.call('POST', '/api/auth/token/refresh/', {
      host: 'hillside.localhost',
      json: { refresh: teacher.refresh },
    });
    expect(refresh.status).toBe(401);
    const listed = await server.call('GET', '/api/api-super-admin/users/?is_active=false', { token: admin });
    expect(listed.body.results.map((u: { id: number }) => u.id)).toContain(id);
    expect(
      (await server.call('POST', '/api/api-super-admin/users/bulk/', { token: admin, json: { ids: [], action: 'activate' } })).status,
    ).toBe(400);
    expect(
      (await server.call('POST', '/api/api-super-admin/users/bulk/', { token: admin, json: { ids: [99999999], action: 'activate' } }))
        .status,
    ).toBe(404);
    const on = await server.call('PATCH', `/api/api-super-admin/users/${id}/`, { token: admin, json: { is_active: 'true' } });
    expect(on.body.is_active).toBe(true);
    await signIn(server, 'teacher@hillside.example', 'Teach-demo-2', 'hillside.localhost');
  });

  it('monitors e-mails (status, attempts, last error) and sends failed ones again', async () => {
    const pending = await server.call('GET', '/api/api-super-admin/emails/?search=nadia%40greenfield', { token: admin });
    expect(pending.body.results).toMatchObject([{ to: 'nadia@greenfield.example', status: 'pending', attempts: 0 }]);
    const id = pending.body.results[0].id;
    await server.database.db.update(emailOutbox).set({ attempts: 5, last_error: 'mailbox full' }).where(eq(emailOutbox.id, id));
    const failed = await server.call('GET', '/api/api-super-admin/emails/?status=failed', { token: admin });
    expect(failed.body.results).toMatchObject([{ id, status: 'failed', attempts: 5, last_error: 'mailbox full' }]);
    expect((await server.call('POST', '/api/api-super-admin/emails/resend/', { token: admin, json: { ids: [id] } })).status).toBe(200);
    const again = await server.call('GET', `/api/api-super-admin/emails/?status=pending&search=nadia`, { token: admin });
    expect(again.body.results).toMatchObject([{ id, status: 'pending', attempts: 0, last_error: null }]);
    expect((await server.call('POST', '/api/api-super-admin/emails/resend/', { token: admin, json: { ids: [99999999] } })).status).toBe(
      404,
    );
  });

  it('grants and withdraws teacher admin powers, to teachers only', async () => {
    const teachers = await server.call('GET', '/api/api-super-admin/users/?teaching=true&search=teacher%40greenfield', { token: admin });
    const id = teachers.body.results[0].id;
    expect(
      (await server.call('POST', '/api/api-super-admin/teacher-powers/', { token: admin, json: { ids: [id], action: 'grant' } })).status,
    ).toBe(200);
    expect((await server.call('GET', `/api/api-super-admin/users/${id}/`, { token: admin })).body.role).toBe('teacher_admin');
    const both = await server.call('GET', '/api/api-super-admin/users/?teaching=true&search=teacher%40greenfield', { token: admin });
    expect(both.body.results.map((u: { id: number }) => u.id)).toContain(id);
    expect(
      (await server.call('POST', '/api/api-super-admin/teacher-powers/', { token: admin, json: { ids: [id], action: 'withdraw' } })).status,
    ).toBe(200);
    expect((await server.call('GET', `/api/api-super-admin/users/${id}/`, { token: admin })).body.role).toBe('teacher');
    const headId = (await server.call('GET', '/api/api-super-admin/users/?search=head%40greenfield', { token: admin })).body.results[0].id;
    expect(
      (await server.call('POST', '/api/api-super-admin/teacher-powers/', { token: admin, json: { ids: [headId], action: 'grant' } }))
        .status,
    ).toBe(404);
    expect(
      (
        await server.call('POST', '/api/api-super-admin/teacher-powers/', {
          host: GREENFIELD,
          token: head,
          json: { ids: [id], action: 'grant' },
        })
      ).status,
    ).toBe(403);
  });
});
