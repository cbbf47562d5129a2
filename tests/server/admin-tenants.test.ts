// The platform admin's tenants on the real API: the spec's tenant form rules and words (its
// domain-url message as the spec wrote it), a new tenant with a sanitised SVG logo and its
// colours on its own site, a taken subdomain, an edit that changes only the fields sent, linked
// schools, deleting refused while the tenant has users, and upschool_admin only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GREENFIELD, signIn, startServer, TARGETS, type TestServer } from './harness';

function form(fields: Record<string, string | File>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

const VALID = {
  school_name: 'Lakeside School',
  school_email: 'office@lakeside.example',
  domain_url: 'https://lakeside.example',
  switchboard: 'true',
  primary_color: '#123456',
  button_color: '#AA3300',
};

describe.each(TARGETS)('platform tenants on %s', (target) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(target);
    admin = (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access;
  }, 60_000);
  afterAll(() => server?.close());

  it("refuses a bad tenant form with the spec's words", async () => {
    const res = await server.call('POST', '/api/api-admin/tenants/', {
      token: admin,
      body: form({ ...VALID, domain_url: '', primary_color: '', school_email: 'nope' }),
    });
    expect(res.status).toBe(400);
    const text = JSON.stringify(res.body);
    expect(text).toContain('Primary color is required');
    expect(text).toContain('Invalid email');
    const noEmail = await server.call('POST', '/api/api-admin/tenants/', { token: admin, body: form({ ...VALID, school_email: '' }) });
    expect(JSON.stringify(noEmail.body)).toContain('Email is required');
    const badColor = await server.call('POST', '/api/api-admin/tenants/', { token: admin, body: form({ ...VALID, button_color: 'red' }) });
    expect(JSON.stringify(badColor.body)).toContain('Invalid hex color code');
  });

  it('creates a tenant with a sanitised SVG logo, whose site shows its colours', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10" fill="#123456"/></svg>';
    const made = await server.call('POST', '/api/api-admin/tenants/', {
      token: admin,
      body: form({ ...VALID, subdomain: 'lakeside', logo: new File([svg], 'logo.svg', { type: 'image/svg+xml' }) }),
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ subdomain: 'lakeside', primary_color: '#123456', button_color: '#AA3300', switchboard: true });
    const logo = await server.call('GET', made.body.logo);
    expect(logo.status).toBe(200);
    expect(String(logo.body)).toContain('<rect');
    expect(String(logo.body)).not.toMatch(/script|onload/);
    const site = await server.call('GET', '/api/current-tenant', { host: 'lakeside.localhost' });
    expect(site.body).toMatchObject({ school_name: 'Lakeside School', primary_color: '#123456', button_color: '#AA3300' });
    const again = await server.call('POST', '/api/api-admin/tenants/', { token: admin, body: form({ ...VALID, subdomain: 'lakeside' }) });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain('This subdomain is already taken');
    const listed = await server.call('GET', '/api/api-admin/tenants/?search=lakeside', { token: admin });
    expect(listed.body.results).toMatchObject([{ subdomain: 'lakeside', user_count: 0 }]);
  });

  it('changes only the fields sent, links schools to an organization, and refuses deleting a tenant with users', async () => {
    const all = (await server.call('GET', '/api/api-admin/tenants/?limit=100', { token: admin })).body.results as {
      id: number;
      subdomain: string;
      is_organization: boolean;
    }[];
    const greenfield = all.find((t) => t.subdomain === 'greenfield')!;
    const before = (await server.call('GET', `/api/api-admin/tenants/${greenfield.id}/`, { token: admin })).body;
    const changed = await server.call('PATCH', `/api/api-admin/tenants/${greenfield.id}/`, {
      token: admin,
      json: { button_color: '#0A7A3B' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...before, button_color: '#0A7A3B' });
    const bad = await server.call('PATCH', `/api/api-admin/tenants/${greenfield.id}/`, { token: admin, json: { primary_color: 'blue' } });
    expect(bad.status).toBe(400);
    expect((await server.call('PATCH', '/api/api-admin/tenants/99999999/', { token: admin, json: { switchboard: 'false' } })).status).toBe(
      404,
    );

    const org = all.find((t) => t.is_organization)!;
    const hillside = all.find((t) => t.subdomain === 'hillside')!;
    const linked = await server.call('PATCH', `/api/api-admin/tenants/${org.id}/`, {
      token: admin,
      json: { organizations: `${greenfield.id},${hillside.id}` },
    });
    expect(linked.body.organizations.map((o: { id: number }) => o.id).sort()).toEqual([greenfield.id, hillside.id].sort());
    const notSchool = await server.call('PATCH', `/api/api-admin/tenants/${greenfield.id}/`, {
      token: admin,
      json: { organizations: `${hillside.id}` },
    });
    expect(notSchool.status).toBe(400);

    const refused = await server.call('DELETE', `/api/api-admin/tenants/${greenfield.id}/`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This tenant still has users, so it cannot be deleted. Deactivate its users first.');
    const empty = await server.call('POST', '/api/api-admin/tenants/', {
      token: admin,
      body: form({ ...VALID, school_email: 'x@empty.example', subdomain: 'empty-one' }),
    });
    expect((await server.call('DELETE', `/api/api-admin/tenants/${empty.body.id}/`, { token: admin })).status).toBe(200);
    expect((await server.call('GET', `/api/api-admin/tenants/${empty.body.id}/`, { token: admin })).status).toBe(404);
  });

  it('is for the platform admin only', async () => {
    const head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    expect((await server.call('GET', '/api/api-admin/tenants/', { host: GREENFIELD, token: head })).status).toBe(403);
    expect(
      (await server.call('PATCH', '/api/api-admin/tenants/1/', { host: GREENFIELD, token: head, json: { switchboard: 'false' } })).status,
    ).toBe(403);
    expect((await server.call('POST', '/api/api-admin/tenants/', { host: GREENFIELD, token: head, body: form(VALID) })).status).toBe(403);
    expect((await server.call('DELETE', '/api/api-admin/tenants/1/', { host: GREENFIELD, token: head })).status).toBe(403);
  });

  it("sets, rotates and turns off a school's community password; old sessions end", async () => {
    const greenfield = (await server.call('GET', '/api/api-admin/tenants/?search=greenfield', { token: admin })).body.results[0];
    expect(greenfield.community_access).toBe(true);
    const login = await server.call('POST', '/api/generic-password-login', { host: GREENFIELD, json: { password: 'greenfield-parents' } });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const rotated = await server.call('POST', `/api/api-super-admin/community/${greenfield.id}/`, {
      token: admin,
      json: { action: 'rotate' },
    });
    expect(rotated.body).toMatchObject({ community_access: true, password: expect.stringMatching(/^[a-z]+-[a-z]+-\d{4}$/) });
    const check = await server.call('GET', '/api/check-generic-access', { host: GREENFIELD, headers: { cookie } });
    expect(check.body.authenticated).toBe(false);
    expect(
      (await server.call('POST', '/api/generic-password-login', { host: GREENFIELD, json: { password: 'greenfield-parents' } })).status,
    ).not.toBe(200);
    expect(
      (await server.call('POST', '/api/generic-password-login', { host: GREENFIELD, json: { password: rotated.body.password } })).status,
    ).toBe(200);
    const short = await server.call('POST', `/api/api-super-admin/community/${greenfield.id}/`, {
      token: admin,
      json: { action: 'set', password: 'short' },
    });
    expect(short.status).toBe(400);
    const set = await server.call('POST', `/api/api-super-admin/community/${greenfield.id}/`, {
      token: admin,
      json: { action: 'set', password: 'greenfield-parents' },
    });
    expect(set.body).toMatchObject({ community_access: true, password: null });
    const off = await server.call('POST', `/api/api-super-admin/community/${greenfield.id}/`, { token: admin, json: { action: 'off' } });
    expect(off.body.community_access).toBe(false);
    const listed = await server.call('GET', '/api/api-admin/tenants/?community_access=false&search=greenfield', { token: admin });
    expect(listed.body.count).toBe(1);
    await server.call('POST', `/api/api-super-admin/community/${greenfield.id}/`, {
      token: admin,
      json: { action: 'set', password: 'greenfield-parents' },
    });
    expect((await server.call('POST', '/api/api-super-admin/community/99999999/', { token: admin, json: { action: 'off' } })).status).toBe(
      404,
    );
  });
});
