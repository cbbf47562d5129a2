// Sign-in, refresh and profile: who gets in, where, and for how long.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { refreshTokens } from '../../server/db/schema';
import { GREENFIELD, HILLSIDE, TARGETS, signIn, startServer, type TestServer } from './harness';

describe.each(TARGETS)('auth on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(() => server.close());

  const login = (username: string, password: string, host = GREENFIELD) =>
    server.call('POST', '/api/auth/token/', { host, json: { username, password } });

  it('signs a teacher in with e-mail and password and answers tokens and the user', async () => {
    const res = await login('teacher@greenfield.example', 'Teach-demo-1');
    expect(res.status).toBe(200);
    expect(res.body.access).toMatch(/^ey/);
    expect(res.body.refresh).toMatch(/^ey/);
    expect(res.body.user).toMatchObject({ email: 'teacher@greenfield.example', role: 'teacher', first_name: 'Tom' });
    expect(JSON.stringify(res.body.user)).not.toMatch(/password|hash/i);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('accepts the e-mail in any letter case', async () => {
    expect((await login('Teacher@Greenfield.EXAMPLE', 'Teach-demo-1')).status).toBe(200);
  });

  it('refuses a wrong password and an unknown account with the same error field', async () => {
    const wrong = await login('teacher@greenfield.example', 'nope');
    const unknown = await login('nobody@greenfield.example', 'Teach-demo-1');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Invalid username or password.');
    }
  });

  it('signs a student in by username and class password on their school site', async () => {
    const res = await login('amara.okafor', 'kite-7');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ username: 'amara.okafor', role: 'student', first_name: 'Amara', last_name: 'Okafor' });
    expect((await login('zoe.zhang', 'moon-3')).status).toBe(200);
  });

  it('refuses a student on another school site or on the platform site', async () => {
    expect((await login('amara.okafor', 'kite-7', HILLSIDE)).status).toBe(401);
    expect((await login('amara.okafor', 'kite-7', 'localhost')).status).toBe(401);
    expect((await login('amara.okafor', 'kite-8')).status).toBe(401);
  });

  it('sends staff to their own site, and lets the platform admin in anywhere', async () => {
    const elsewhere = await login('teacher@greenfield.example', 'Teach-demo-1', HILLSIDE);
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.error).toMatch(/another school site/);
    expect((await login('admin@example.com', 'Admin-demo-1', 'localhost')).status).toBe(200);
    expect((await login('admin@example.com', 'Admin-demo-1', GREENFIELD)).status).toBe(200);
    expect((await login('org@riverbend.example', 'Org-demo-1', 'riverbend.localhost')).status).toBe(200);
  });

  it('answers the profile only with a valid access token of this site', async () => {
    const { access, user } = await signIn(server, 'head@greenfield.example', 'Head-demo-1');
    const mine = await server.call('GET', '/api/user/profile/', { host: GREENFIELD, token: access });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ id: user.id, role: 'school_admin' });

    expect((await server.call('GET', '/api/user/profile/', { host: GREENFIELD })).status).toBe(401);
    expect((await server.call('GET', '/api/user/profile/', { host: GREENFIELD, token: 'not-a-token' })).status).toBe(401);
    expect((await server.call('GET', '/api/user/profile/', { host: HILLSIDE, token: access })).status).toBe(401);
  });

  it('expires access tokens after 15 minutes and refreshes them with the refresh token', async () => {
    const { access, refresh } = await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1');
    const start = server.clock.now;
    try {
      server.clock.now = new Date(start.getTime() + 16 * 60_000);
      expect((await server.call('GET', '/api/user/profile/', { host: GREENFIELD, token: access })).status).toBe(401);
      const renewed = await server.call('POST', '/api/auth/token/refresh/', { host: GREENFIELD, json: { refresh } });
      expect(renewed.status).toBe(200);
      const profile = await server.call('GET', '/api/user/profile/', { host: GREENFIELD, token: renewed.body.access });
      expect(profile.status).toBe(200);
    } finally {
      server.clock.now = start;
    }
  });

  it('refuses an access token it accepted a moment ago once it expires, and the same claims under another signature', async () => {
    const { access } = await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1');
    const profile = (token: string) => server.call('GET', '/api/user/profile/', { host: GREENFIELD, token });
    expect((await profile(access)).status).toBe(200);
    const [header, claims, signature] = access.split('.') as [string, string, string];
    const forged = `${header}.${claims}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await profile(forged)).status).toBe(401);
    const start = server.clock.now;
    try {
      server.clock.now = new Date(start.getTime() + 15 * 60_000);
      expect((await profile(access)).status).toBe(401);
      server.clock.now = start;
      expect((await profile(access)).status).toBe(200);
    } finally {
      server.clock.now = start;
    }
  });

  it('refuses a refresh token that is garbage, an access token, expired, revoked or of another site', async () => {
    const { access, refresh } = await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1');
    const refreshWith = (token: string, host = GREENFIELD) =>
      server.call('POST', '/api/auth/token/refresh/', { host, json: { refresh: token } });
    expect((await refreshWith('garbage')).status).toBe(401);
    expect((await refreshWith(access)).status).toBe(401);
    expect((await refreshWith(refresh, HILLSIDE)).status).toBe(401);
    // A refresh token cannot be used as an access token either.
    expect((await server.call('GET', '/api/user/profile/', { host: GREENFIELD, token: refresh })).status).toBe(401);

    const start = server.clock.now;
    server.clock.now = new Date(start.getTime() + 31 * 24 * 3600_000);
    expect((await refreshWith(refresh)).status).toBe(401);
    server.clock.now = start;

    expect((await refreshWith(refresh)).status).toBe(200);
    await server.database.db
      .update(refreshTokens)
      .set({ revoked_at: new Date() })
      .where(eq(refreshTokens.user_id, (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).user.id));
    expect((await refreshWith(refresh)).status).toBe(401);
  });

  it('revokes the refresh token on logout, even an expired one, so it cannot be used again', async () => {
    const { refresh } = await signIn(server, 'amara.okafor', 'kite-7');
    const refreshWith = () => server.call('POST', '/api/auth/token/refresh/', { host: GREENFIELD, json: { refresh } });
    expect((await refreshWith()).status).toBe(200);
    const start = server.clock.now;
    server.clock.now = new Date(start.getTime() + 40 * 24 * 3600_000);
    const out = await server.call('POST', '/api/auth/logout/', { host: GREENFIELD, json: { refresh } });
    server.clock.now = start;
    expect(out.status).toBe(200);
    expect((await refreshWith()).status).toBe(401);
    expect((await server.call('POST', '/api/auth/logout/', { host: GREENFIELD, json: { refresh: 'garbage' } })).status).toBe(200);
  });
});
