// Refresh tokens rotate on every use; a used token presented again revokes its whole sign-in
// (after a short grace for a lost answer); a child's password change or archiving, and a
// deactivated account, end their sessions; lifetimes: 14 days unused, 30 days at most.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { REUSE_GRACE_MS } from '../../server/domains/auth/tokens';
import { GREENFIELD, TARGETS, signIn, startServer, type TestServer } from './harness';

const DAY = 24 * 3600_000;

describe.each(TARGETS)('refresh tokens on %s', (target) => {
  let server: TestServer;
  let teacher: string;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    server.clock.now = new Date(server.clock.now.getTime() + 60 * DAY);
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
  });

  const refresh = (token: string) => server.call('POST', '/api/auth/token/refresh/', { host: GREENFIELD, json: { refresh: token } });
  const later = (ms: number) => {
    server.clock.now = new Date(server.clock.now.getTime() + ms);
  };
  const idOf = async (username: string) =>
    (await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

  it('answers a new refresh token each time, and the new one works', async () => {
    const { refresh: r1 } = await signIn(server, 'amara.okafor', 'kite-7');
    const first = await refresh(r1);
    expect(first.status).toBe(200);
    expect(first.body.refresh).toEqual(expect.any(String));
    expect(first.body.refresh).not.toBe(r1);
    const profile = await server.call('GET', '/api/user/profile/', { host: GREENFIELD, token: first.body.access });
    expect(profile.body.username).toBe('amara.okafor');
    const second = await refresh(first.body.refresh);
    expect(second.status).toBe(200);
    expect(second.body.refresh).not.toBe(first.body.refresh);
  });

  it('revokes the whole sign-in when a used token comes back, and no other sign-in', async () => {
    const tablet = await signIn(server, 'amara.okafor', 'kite-7');
    const other = await signIn(server, 'amara.okafor', 'kite-7');
    const r2 = (await refresh(tablet.refresh)).body.refresh as string;
    later(REUSE_GRACE_MS + 1000);
    const reuse = await refresh(tablet.refresh);
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('token_not_valid');
    expect((await refresh(r2)).status).toBe(401);
    expect((await refresh(other.refresh)).status).toBe(200);
  });

  it('answers the same successor again within the grace window, until the successor is used', async () => {
    const { refresh: r1 } = await signIn(server, 'zoe.zhang', 'moon-3');
    const r2 = (await refresh(r1)).body.refresh as string;
    later(REUSE_GRACE_MS - 10_000);
    const lostAnswer = await refresh(r1);
    expect(lostAnswer.status).toBe(200);
    expect(lostAnswer.body.refresh).toBe(r2);
    const r3 = (await refresh(r2)).body.refresh as string;
    // r2 is used now: r1 once more is a reuse even inside the window, and ends the sign-in.
    expect((await refresh(r1)).status).toBe(401);
    expect((await refresh(r3)).status).toBe(401);
  });

  it('lets two simultaneous uses of one token both succeed with the same successor', async () => {
    const { refresh: r1 } = await signIn(server, 'zoe.zhang', 'moon-3');
    const [a, b] = await Promise.all([refresh(r1), refresh(r1)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.refresh).toBe(b.body.refresh);
    expect((await refresh(a.body.refresh)).status).toBe(200);
  });

  it('expires a token unused for 14 days, and every sign-in after 30 days however often refreshed', async () => {
    const idle = await signIn(server, 'amara.okafor', 'kite-7');
    later(14 * DAY + 1000);
    expect((await refresh(idle.refresh)).status).toBe(401);

    let token = (await signIn(server, 'amara.okafor', 'kite-7')).refresh;
    for (let day = 0; day < 29; day++) {
      later(DAY);
      const res = await refresh(token);
      expect(res.status, `day ${day + 1}`).toBe(200);
      token = res.body.refresh;
    }
    later(DAY + 1000);
    expect((await refresh(token)).status).toBe(401);
  });

  it('ends a session on sign-out with any token of it, also an older one', async () => {
    const { refresh: r1 } = await signIn(server, 'amara.okafor', 'kite-7');
    const r2 = (await refresh(r1)).body.refresh as string;
    expect((await server.call('POST', '/api/auth/logout/', { host: GREENFIELD, json: { refresh: r1 } })).status).toBe(200);
    expect((await refresh(r2)).status).toBe(401);
  });

  describe('revocation', () => {
    const asTeacher = (method: string, path: string, json: unknown) =>
      server.call(method, `/api${path}`, { host: GREENFIELD, token: teacher, json });

    it("when a teacher changes a child's password", async () => {
      const id = await idOf('amara.okafor');
      const session = await signIn(server, 'amara.okafor', 'kite-7');
      expect((await asTeacher('PUT', `/change-password/${id}/`, { new_password: 'kite-7' })).status).toBe(200);
      expect((await refresh(session.refresh)).status).toBe(401);
    });

    it("when a teacher's edit gives a new password, not when it keeps the password", async () => {
      const id = await idOf('zoe.zhang');
      const edit = (password: string) =>
        asTeacher('PUT', `/manage_student/${id}/`, { first_name: 'Zoe', last_name: 'Zhang', password, privacy_preference: 'private' });
      const kept = await signIn(server, 'zoe.zhang', 'moon-3');
      expect((await edit('moon-3')).status).toBe(200);
      const next = await refresh(kept.refresh);
      expect(next.status).toBe(200);
      expect((await edit('moon-33')).status).toBe(200);
      expect((await refresh(next.body.refresh)).status).toBe(401);
      expect((await edit('moon-3')).status).toBe(200);
    });

    it('when a child is archived, one way or the other', async () => {
      const page = await server.call('GET', '/api/list-student-in-class/ROBINS4/', { host: GREENFIELD });
      const [a, b] = (page.body.results.students as { id: number; username: string }[]).filter((s) => s.username !== 'amara.okafor');
      const info = async (id: number) =>
        (await server.call('GET', `/api/classes/ROBINS4/student-login-info/${id}/`, { host: GREENFIELD, token: teacher })).body
          .password as string;
      const sa = await signIn(server, a!.username, await info(a!.id));
      const sb = await signIn(server, b!.username, await info(b!.id));
      expect((await asTeacher('POST', '/v1/students/archive/', { student_ids: [a!.id] })).status).toBe(200);
      expect((await asTeacher('POST', '/archived-all-students/', { user_ids: [b!.id] })).status).toBe(200);
      expect((await refresh(sa.refresh)).status).toBe(401);
      expect((await refresh(sb.refresh)).status).toBe(401);
    });

    it('when an account is deactivated', async () => {
      const session = await signIn(server, 'head@greenfield.example', 'Head-demo-1');
      await server.database.db.update(users).set({ is_active: false }).where(eq(users.email, 'head@greenfield.example'));
      try {
        expect((await refresh(session.refresh)).status).toBe(401);
      } finally {
        await server.database.db.update(users).set({ is_active: true }).where(eq(users.email, 'head@greenfield.example'));
      }
    });
  });
});
