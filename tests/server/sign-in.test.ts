// The student and parent sides of sign-in: the class roster (scoped to the host's school), the
// community session, and throttling per account and per device (never per IP) with a teacher's
// unlock. The throttle must stop guessing without ever letting one child lock out the class.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TransactionRollbackError, and, eq, inArray, sql } from 'drizzle-orm';
import { classes, rateLimits, students, users } from '../../server/db/schema';
import { rosterPageQuery } from '../../server/domains/roster/sign-in-routes';
import { hashPassword } from '../../server/lib/crypto';
import { GREENFIELD, HILLSIDE, TARGETS, signIn, startServer, type TestServer } from './harness';

const INVALID_CODE = 'Invalid class code. Please check and try again.';

describe.each(TARGETS)('sign-in flows on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(() => server.close());
  // Every test starts unthrottled, at the same time.
  const start = new Date();
  beforeEach(async () => {
    server.clock.now = start;
    await server.database.db.delete(rateLimits);
  });

  const roster = (code: string, query = '', host = GREENFIELD) =>
    server.call('GET', `/api/list-student-in-class/${code}/${query}`, { host });
  const login = (username: string, password: string, device?: string, host = GREENFIELD) =>
    server.call('POST', '/api/auth/token/', { host, json: { username, password }, headers: device ? { 'X-Device-Id': device } : {} });
  const community = (password: string, options: { device?: string; host?: string } = {}) =>
    server.call('POST', '/api/generic-password-login', {
      host: options.host ?? GREENFIELD,
      json: { password },
      headers: options.device ? { 'X-Device-Id': options.device } : {},
    });
  const idOf = async (username: string) =>
    (await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

  describe('class roster', () => {
    it('lists a class by first name, 20 to a page, with the class and the next page', async () => {
      const res = await roster('ROBINS4');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body.count).toBe(24);
      expect(res.body.results.class).toEqual({ name: 'Year 4 Robins', class_id: 'ROBINS4', class_theme: expect.stringMatching(/^#/) });
      const names = res.body.results.students.map((s: { first_name: string }) => s.first_name);
      expect(names).toHaveLength(20);
      expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
      expect(res.body.results.students).toContainEqual({
        id: expect.any(Number),
        first_name: 'Amara',
        last_name: 'Okafor',
        username: 'amara.okafor',
      });
      expect(JSON.stringify(res.body)).not.toMatch(/password/i);
      expect(res.body.previous).toBeNull();
      expect(res.body.next).toBe('/api/list-student-in-class/ROBINS4/?limit=20&offset=20');
      const rest = await roster('ROBINS4', '?limit=20&offset=20');
      expect(rest.body.results.students).toHaveLength(4);
      expect(rest.body.next).toBeNull();
    });

    it('pages a large class without losing or repeating anyone', async () => {
      const seen: number[] = [];
      let path: string | null = '/api/list-student-in-class/owls5/?limit=20';
      while (path) {
        const page: { body: any } = await server.call('GET', path, { host: GREENFIELD });
        expect(page.body.count).toBe(45);
        seen.push(...page.body.results.students.map((s: { id: number }) => s.id));
        path = page.body.next;
      }
      expect(seen).toHaveLength(45);
      expect(new Set(seen).size).toBe(45);
    });

    it('finds a child by any part of the name or the username, ignoring case and wildcards', async () => {
      for (const search of ['amara', 'OKAFOR', 'Amara Ok', 'amara.okafor']) {
        const res = await roster('robins4', `?search=${encodeURIComponent(search)}`);
        expect(
          res.body.results.students.map((s: { username: string }) => s.username),
          search,
        ).toContain('amara.okafor');
      }
      expect((await roster('ROBINS4', '?search=%25')).body.count).toBe(0);
      expect((await roster('ROBINS4', '?search=zzzz')).body).toMatchObject({ count: 0, next: null });
    });

    it("refuses another school's class code and unknown codes with the spec's words", async () => {
      for (const [code, host] of [
        ['HILL3', GREENFIELD],
        ['ROBINS4', HILLSIDE],
        ['NOPE1', GREENFIELD],
      ] as const) {
        const res = await roster(code, '', host);
        expect(res.status, `${code} on ${host}`).toBe(404);
        expect(res.body).toEqual({ message: INVALID_CODE, error: INVALID_CODE });
      }
      expect((await roster('HILL3', '', HILLSIDE)).body.count).toBe(10);
      expect((await roster('ROBINS4', '', 'localhost')).status).toBe(404);
      expect((await roster('ROBINS4', '?limit=500')).status).toBe(400);
    });

    it('throttles a device that guesses class codes, not the tablets beside it', async () => {
      const guess = (code: string, device: string) =>
        server.call('GET', `/api/list-student-in-class/${code}/`, { host: GREENFIELD, headers: { 'X-Device-Id': device } });
      for (let i = 0; i < 30; i++) expect((await guess(`GUESS${i}`, 'code-guesser')).status).toBe(404);
      const locked = await guess('ROBINS4', 'code-guesser');
      expect(locked.status).toBe(429);
      expect(locked.body.error).toBe('Too many failed sign-ins on this device. Please try again in 15 minutes.');
      expect((await guess('ROBINS4', 'class-tablet-2')).status).toBe(200);
      // Right codes are not counted.
      for (let i = 0; i < 40; i++) expect((await guess('ROBINS4', 'busy-tablet')).status).toBe(200);
    });

    /** A child taken off the roster one way or another, and put back. */
    const leftOut = {
      archived: (id: number, out: boolean) => server.database.db.update(students).set({ archived: out }).where(eq(students.user_id, id)),
      'switched off': (id: number, out: boolean) => server.database.db.update(users).set({ is_active: !out }).where(eq(users.id, id)),
    };
    it.each(Object.keys(leftOut) as (keyof typeof leftOut)[])('leaves children out when %s', async (how) => {
      const id = await idOf('amara.okafor');
      await leftOut[how](id, true);
      try {
        expect((await roster('ROBINS4', '?search=amara')).body.count).toBe(0);
        expect((await roster('ROBINS4')).body.count).toBe(23);
      } finally {
        await leftOut[how](id, false);
      }
    });

    it("finds a class's children by their keys, never by reading every user of the platform", async () => {
      const [school] = await server.database.db.select({ id: classes.tenant_id }).from(classes).where(eq(classes.class_id, 'ROBINS4'));
      const tenant_id = school!.id!;
      // A school of twenty classes of thirty (rolled back), as at the bell: with their statistics
      // the planner once chose to read every user and match the search against each of them,
      // rather than look a class's thirty up by key.
      await server.database.db
        .transaction(async (tx) => {
          const made = await tx
            .insert(classes)
            .values(Array.from({ length: 20 }, (_, i) => ({ tenant_id, class_id: `PLAN${i}`, name: `Plan ${i}` })))
            .returning({ id: classes.id });
          const children = await tx
            .insert(users)
            .values(
              Array.from({ length: 600 }, (_, i) => ({
                tenant_id,
                role: 'student' as const,
                username: `plan-${i}`,
                first_name: `Child${i}`,
                last_name: 'Plan',
              })),
            )
            .returning({ id: users.id });
          await tx
            .insert(students)
            .values(children.map(({ id }, i) => ({ user_id: id, tenant_id, class_id: made[i % 20]!.id, password_encrypted: 'unused' })));
          await tx.execute(sql`analyze users, students`);
          for (const pattern of [undefined, '%child1%']) {
            const page = rosterPageQuery(tx, { class: made[0]!.id, pattern, limit: 20, offset: 0 });
            const { rows } = (await tx.execute(sql`explain (format json) ${page}`)) as unknown as { rows: Record<string, unknown>[] };
            const plan = JSON.stringify(rows[0]!['QUERY PLAN']);
            expect(plan).toContain('"Relation Name":"users"');
            expect(plan).not.toMatch(/"Node Type":"Seq Scan"[^{}]*"Relation Name":"users"/);
          }
          tx.rollback();
        })
        .catch((err: unknown) => {
          if (!(err instanceof TransactionRollbackError)) throw err;
        });
    });

    it('answers the class and its total for a page past the end, and a class with nobody listed', async () => {
      const past = await roster('ROBINS4', '?limit=20&offset=40');
      expect(past.status).toBe(200);
      expect(past.body).toMatchObject({
        count: 24,
        next: null,
        previous: '/api/list-student-in-class/ROBINS4/?limit=20&offset=20',
        results: { class: { name: 'Year 4 Robins', class_id: 'ROBINS4' }, students: [] },
      });
      const [robins] = await server.database.db.select({ id: classes.id }).from(classes).where(eq(classes.class_id, 'ROBINS4'));
      const listed = await server.database.db
        .update(students)
        .set({ archived: true })
        .where(and(eq(students.class_id, robins!.id), eq(students.archived, false)))
        .returning({ id: students.user_id });
      try {
        const empty = await roster('ROBINS4');
        expect(empty.status).toBe(200);
        expect(empty.body).toMatchObject({ count: 0, next: null, results: { class: { class_id: 'ROBINS4' }, students: [] } });
      } finally {
        await server.database.db
          .update(students)
          .set({ archived: false })
          .where(
            inArray(
              students.user_id,
              listed.map((r) => r.id),
            ),
          );
      }
    });
  });

  it.each([
    '/login',
    '/login/ROBINS4',
    '/register',
    '/logout',
    '/resetpasswordemail',
    '/password-reset-confirm?token=x',
    '/accept-invitation/x/',
  ])('serves %s with the strict CSP', async (path) => {
    const csp = (await server.call('GET', path, { host: GREENFIELD })).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    // No inline script and no eval; compiling WebAssembly ('wasm-unsafe-eval') is all it allows.
    expect(csp).not.toMatch(/unsafe-inline[^;]*;.*script|script-src[^;]*'unsafe-/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
  });

  describe('community session', () => {
    const cookieOf = (res: { headers: Headers }) => res.headers.get('set-cookie')?.split(';')[0] ?? '';
    const check = (cookie: string, host = GREENFIELD) => server.call('GET', '/api/check-generic-access', { host, headers: { cookie } });

    it('opens a cookie session with the school password and closes it on logout', async () => {
      const res = await community('greenfield-parents');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ authenticated: true, message: 'Community login successful! Welcome back.' });
      const setCookie = res.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      const cookie = cookieOf(res);
      expect((await check(cookie)).body).toEqual({ authenticated: true });
      expect((await check(cookie, HILLSIDE)).body).toEqual({ authenticated: false });
      expect((await check('')).body).toEqual({ authenticated: false });

      const out = await server.call('POST', '/api/generic-password-logout', { host: GREENFIELD, headers: { cookie } });
      expect(out.status).toBe(200);
      expect(out.headers.get('set-cookie')).toMatch(/community_session=;/);
      expect((await check(cookie)).body).toEqual({ authenticated: false });
    });

    it('ends a community session after 30 days', async () => {
      const cookie = cookieOf(await community('greenfield-parents'));
      server.clock.now = new Date(start.getTime() + 31 * 24 * 3600_000);
      expect((await check(cookie)).body).toEqual({ authenticated: false });
    });

    it("refuses a wrong or empty password, another school's password, and schools without community access", async () => {
      const wrong = await community('greenfield-parent');
      expect(wrong.status).toBe(401);
      expect(wrong.body.error).toBe('Invalid password. Please try again.');
      expect(wrong.headers.get('set-cookie')).toBeNull();
      expect((await community('hillside-parents')).status).toBe(401);
      const empty = await community('');
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('password: Please enter a password.');
      expect((await community('anything', { host: 'riverbend.localhost' })).status).toBe(404);
      expect((await community('greenfield-parents', { host: 'localhost' })).status).toBe(404);
    });
  });

  describe('throttling', () => {
    it("locks a child's account on a device after 10 wrong passwords, at its address after 15, until a teacher unlocks it", async () => {
      for (let i = 0; i < 10; i++) expect((await login('amara.okafor', 'wrong', 'tablet-one')).status).toBe(401);
      const locked = await login('amara.okafor', 'kite-7', 'tablet-one');
      expect(locked.status).toBe(429);
      expect(locked.body.error).toBe(
        'Too many wrong passwords for this account. Ask your teacher to unlock it, or try again in 15 minutes.',
      );
      expect(locked.headers.get('retry-after')).toBe('900');
      // Another device is not locked by the first one's failures ...
      for (let i = 0; i < 5; i++) expect((await login('amara.okafor', 'wrong', 'tablet-two')).status).toBe(401);
      // ... but fifteen from one address lock the child there, on every device.
      expect((await login('amara.okafor', 'kite-7', 'tablet-three')).status).toBe(429);
      expect((await login('amara.okafor', 'kite-7')).status).toBe(429);

      const { access } = await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1');
      const unlock = await server.call('POST', `/api/students/${await idOf('amara.okafor')}/unlock/`, { host: GREENFIELD, token: access });
      expect(unlock.status).toBe(200);
      expect(unlock.body.message).toBe('Sign-in unlocked.');
      expect((await login('amara.okafor', 'kite-7', 'tablet-one')).status).toBe(200);
    });

    it('lets a lock expire after 15 minutes', async () => {
      for (let i = 0; i < 10; i++) await login('zoe.zhang', 'wrong');
      server.clock.now = new Date(start.getTime() + 14 * 60_000);
      const early = await login('zoe.zhang', 'moon-3');
      expect(early.status).toBe(429);
      expect(early.body.error).toMatch(/try again in 1 minutes/);
      server.clock.now = new Date(start.getTime() + 15 * 60_000 + 1000);
      expect((await login('zoe.zhang', 'moon-3')).status).toBe(200);
    });

    it('counts failures within 15 minutes only, and forgets them after a good sign-in', async () => {
      for (let i = 0; i < 9; i++) await login('amara.okafor', 'wrong');
      expect((await login('amara.okafor', 'kite-7')).status).toBe(200);
      for (let i = 0; i < 9; i++) await login('amara.okafor', 'wrong');
      server.clock.now = new Date(start.getTime() + 16 * 60_000);
      for (let i = 0; i < 9; i++) await login('amara.okafor', 'wrong');
      expect((await login('amara.okafor', 'kite-7')).status).toBe(200);
    });

    it("never lets one child's mistakes lock out the rest of the class on a shared tablet", async () => {
      for (let i = 0; i < 40; i++) expect([401, 429]).toContain((await login('amara.okafor', 'wrong', 'class-tablet')).status);
      const page = await roster('ROBINS4');
      const classmates = page.body.results.students
        .map((s: { username: string }) => s.username)
        .filter((u: string) => u !== 'amara.okafor')
        .slice(0, 5);
      const [row] = await server.database.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, 'device:t' + (await tenantId('greenfield')) + ':class-tablet'));
      expect(row!.failures).toBe(10);
      // Each classmate types one wrong password, then the right one: all get in.
      for (const username of classmates) {
        expect((await login(username, 'wrong', 'class-tablet')).status).toBe(401);
      }
      for (const username of [...classmates, 'zoe.zhang']) {
        const password = username === 'zoe.zhang' ? 'moon-3' : await classPassword(username);
        expect((await login(username, password, 'class-tablet')).status, username).toBe(200);
      }
    });

    it('locks a device that guesses across many accounts, not the accounts elsewhere', async () => {
      const page = await roster('OWLS5');
      const names = page.body.results.students.slice(0, 4).map((s: { username: string }) => s.username);
      let n = 0;
      for (const username of names) for (let i = 0; i < 8 && n < 30; i++, n++) await login(username, 'wrong', 'guessing-device');
      const refused = await login('zoe.zhang', 'moon-3', 'guessing-device');
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('Too many failed sign-ins on this device. Please try again in 15 minutes.');
      expect((await login('zoe.zhang', 'moon-3', 'other-device')).status).toBe(200);
      expect((await login(names[0], await classPassword(names[0]), 'other-device')).status).toBe(200);
    });

    it('locks staff accounts too, and takes no device id it cannot use', async () => {
      for (let i = 0; i < 10; i++) await login('teacher@greenfield.example', 'wrong', 'x');
      const res = await login('Teacher@Greenfield.example', 'Teach-demo-1', 'staff-laptop');
      expect(res.status).toBe(429);
      expect(res.body.error).toBe('Too many failed sign-ins for this account. Please try again in 15 minutes or reset your password.');
      expect((await login('head@greenfield.example', 'Head-demo-1', 'x')).status).toBe(200);
    });

    it('throttles the community password per device and per network address', async () => {
      for (let i = 0; i < 30; i++) await community('wrong', { device: 'parent-phone' });
      const phone = await community('greenfield-parents', { device: 'parent-phone' });
      expect(phone.status).toBe(429);
      expect(phone.body.error).toBe('Too many failed sign-ins on this device. Please try again in 15 minutes.');
      expect((await community('greenfield-parents', { device: 'another-phone' })).status).toBe(200);
      for (let i = 0; i < 70; i++) await community('wrong');
      const address = await community('greenfield-parents', { device: 'another-phone' });
      expect(address.status).toBe(429);
      expect(address.body.error).toBe('Too many wrong passwords. Please try again in 15 minutes.');
      expect((await community('hillside-parents', { host: HILLSIDE })).status).toBe(200);
    }, 60_000);
  });

  describe('unlock', () => {
    const unlock = (id: number, token?: string, host = GREENFIELD) => server.call('POST', `/api/students/${id}/unlock/`, { host, token });

    it('is for teachers of the class and school admins, on their own school only', async () => {
      const amara = await idOf('amara.okafor');
      expect((await unlock(amara)).status).toBe(401);
      const child = await signIn(server, 'zoe.zhang', 'moon-3');
      expect((await unlock(amara, child.access)).status).toBe(403);
      const head = await signIn(server, 'head@greenfield.example', 'Head-demo-1');
      expect((await unlock(amara, head.access)).status).toBe(200);
      const hillside = await signIn(server, 'teacher@hillside.example', 'Teach-demo-2', HILLSIDE);
      expect((await unlock(amara, hillside.access, HILLSIDE)).status).toBe(404);
      expect((await unlock(amara, hillside.access)).status).toBe(401);

      // A teacher of another class of the same school cannot unlock Amara.
      const [gid] = await server.database.db.select({ id: users.tenant_id }).from(users).where(eq(users.id, amara));
      await server.database.db.insert(users).values({
        tenant_id: gid!.id,
        role: 'teacher',
        email: 'other.teacher@greenfield.example',
        first_name: 'Otto',
        last_name: 'Other',
        password_hash: await hashPassword('Other-demo-1'),
      });
      const other = await signIn(server, 'other.teacher@greenfield.example', 'Other-demo-1');
      expect((await unlock(amara, other.access)).status).toBe(404);
    });
  });

  async function tenantId(subdomain: string): Promise<number> {
    const res = await server.call('GET', '/api/current-tenant', { host: `${subdomain}.localhost` });
    return res.body.id;
  }

  /** A child's class password, as the teacher's login cards print it. */
  async function classPassword(username: string): Promise<string> {
    const { decryptText } = await import('../../server/lib/crypto');
    const [row] = await server.database.db
      .select({ sealed: students.password_encrypted })
      .from(students)
      .innerJoin(users, eq(users.id, students.user_id))
      .where(eq(users.username, username));
    return decryptText(server.deps.keys.data, row!.sealed);
  }
});
