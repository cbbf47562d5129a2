// Sign-out, deactivation and archiving end access within seconds: an access token stays good only
// while its sign-in is alive, not until its own expiry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { refreshTokens, users } from '../../server/db/schema';
import { GREENFIELD, TARGETS, signIn, startServer, type TestServer } from './harness';

describe.each(TARGETS)('sessions end at once on %s', (target) => {
  let server: TestServer;
  let admin: string;
  let teacher: string;
  beforeAll(async () => {
    server = await startServer(target);
    admin = (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access;
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
  }, 180_000);
  afterAll(() => server.close());

  const profile = (token: string, host = GREENFIELD) => server.call('GET', '/api/user/profile/', { host, token });

  it('refuses the access token of a signed-out session, and keeps the other sessions', async () => {
    const tablet = await signIn(server, 'amara.okafor', 'kite-7');
    const other = await signIn(server, 'amara.okafor', 'kite-7');
    expect((await profile(tablet.access)).status).toBe(200);
    expect((await server.call('POST', '/api/auth/logout/', { host: GREENFIELD, json: { refresh: tablet.refresh } })).status).toBe(200);
    const after = await profile(tablet.access);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('token_not_valid');
    expect((await profile(other.access)).status).toBe(200);
  });

  it('also ends an access token refreshed from the session', async () => {
    const session = await signIn(server, 'zoe.zhang', 'moon-3');
    const next = await server.call('POST', '/api/auth/token/refresh/', { host: GREENFIELD, json: { refresh: session.refresh } });
    expect(next.status).toBe(200);
    expect((await profile(next.body.access)).status).toBe(200);
    await server.call('POST', '/api/auth/logout/', { host: GREENFIELD, json: { refresh: session.refresh } });
    expect((await profile(next.body.access)).status).toBe(401);
  });

  it('refuses a deactivated account at once', async () => {
    const head = await signIn(server, 'teacher2@greenfield.example', 'Teach-demo-3');
    expect((await profile(head.access)).status).toBe(200);
    const off = await server.call('POST', '/api/api-super-admin/users/bulk/', {
      token: admin,
      json: { ids: [head.user.id], action: 'deactivate' },
    });
    expect(off.status).toBe(200);
    expect((await profile(head.access)).status).toBe(401);
    await server.call('POST', '/api/api-super-admin/users/bulk/', { token: admin, json: { ids: [head.user.id], action: 'activate' } });
  });

  it('refuses an archived child at once', async () => {
    const page = await server.call('GET', '/api/list-student-in-class/ROBINS4/', { host: GREENFIELD });
    const child = (page.body.results.students as { id: number; username: string }[]).find((s) => s.username !== 'amara.okafor')!;
    const info = await server.call('GET', `/api/classes/ROBINS4/student-login-info/${child.id}/`, { host: GREENFIELD, token: teacher });
    const session = await signIn(server, child.username, info.body.password as string);
    expect((await profile(session.access)).status).toBe(200);
    const archived = await server.call('POST', '/api/v1/students/archive/', {
      host: GREENFIELD,
      token: teacher,
      json: { student_ids: [child.id] },
    });
    expect(archived.status).toBe(200);
    expect((await profile(session.access)).status).toBe(401);
  });

  it('catches a revocation made by another process within a few seconds', async () => {
    const session = await signIn(server, 'teacher@hillside.example', 'Teach-demo-2', 'hillside.localhost');
    expect((await profile(session.access, 'hillside.localhost')).status).toBe(200);
    // Another process deactivates the account: only the database knows.
    await server.database.db.update(users).set({ is_active: false }).where(eq(users.id, session.user.id));
    await server.database.db.update(refreshTokens).set({ revoked_at: new Date() }).where(eq(refreshTokens.user_id, session.user.id));
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect((await profile(session.access, 'hillside.localhost')).status).toBe(401);
    await server.database.db.update(users).set({ is_active: true }).where(eq(users.id, session.user.id));
  }, 20_000);
});
