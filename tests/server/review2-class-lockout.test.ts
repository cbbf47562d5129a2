// One network address that knows a class's usernames cannot lock the class out: a child's wrong
// passwords are counted per child and device (the address and the tablet's id) and per child and
// address before they count for the child everywhere, and the child-wide lock needs more failures
// than one address may make. Guessing still stops: the guessing address is locked for that child.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { rateLimits, students, users } from '../../server/db/schema';
import { decryptText } from '../../server/lib/crypto';
import { CHILD_ADDRESS_LIMIT, CHILD_DEVICE_LIMIT, CHILD_LIMIT } from '../../server/domains/auth/rate-limit';
import { GREENFIELD, TARGETS, signIn, startServer, type TestServer } from './harness';

const SCHOOL = '198.51.100.10';
const STRANGER = '203.0.113.66';
const LOCKED = 'Too many wrong passwords for this account. Ask your teacher to unlock it, or try again in 15 minutes.';

describe.each(TARGETS)("a class's sign-in against one guessing address on %s", (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  }, 180_000);
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.database.db.delete(rateLimits);
  });

  const login = (username: string, password: string, address: string, device?: string) =>
    server.call('POST', '/api/auth/token/', {
      host: GREENFIELD,
      json: { username, password },
      address,
      headers: device ? { 'X-Device-Id': device } : {},
    });
  async function classmates(): Promise<{ username: string; password: string }[]> {
    const rows = await server.database.db
      .select({ username: users.username, sealed: students.password_encrypted })
      .from(students)
      .innerJoin(users, eq(users.id, students.user_id))
      .where(eq(students.archived, false));
    const page = await server.call('GET', '/api/list-student-in-class/ROBINS4/?limit=100', { host: GREENFIELD });
    const names = new Set((page.body.results.students as { username: string }[]).map((s) => s.username));
    return rows
      .filter((r) => names.has(r.username!))
      .map((r) => ({ username: r.username!, password: decryptText(server.deps.keys.data, r.sealed) }));
  }

  it('the limits leave one address short of the child-wide lock', () => {
    expect(CHILD_DEVICE_LIMIT).toBeLessThan(CHILD_ADDRESS_LIMIT);
    expect(CHILD_ADDRESS_LIMIT).toBeLessThan(CHILD_LIMIT);
  });

  it('locks a child on the guessing device only: the same child signs in on the class tablet', async () => {
    for (let i = 0; i < CHILD_DEVICE_LIMIT; i++)
      expect((await login('amara.okafor', 'wrong', STRANGER, 'strangers-phone')).status).toBe(401);
    const locked = await login('amara.okafor', 'kite-7', STRANGER, 'strangers-phone');
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe(LOCKED);
    expect((await login('amara.okafor', 'kite-7', SCHOOL, 'class-tablet')).status).toBe(200);
  });

  it('lets a script at one address, changing its device id, lock no child of the class', async () => {
    const children = await classmates();
    expect(children.length).toBeGreaterThan(5);
    for (const child of children.slice(0, 6)) {
      let refused = 0;
      for (let i = 0; i < CHILD_LIMIT + 5; i++) {
        const res = await login(child.username, `wrong-${i}`, STRANGER, i % 3 ? `script-${i}` : undefined);
        expect([401, 429]).toContain(res.status);
        if (res.status === 429) refused++;
      }
      // The guessing stopped well before the child-wide limit ...
      expect(refused).toBeGreaterThanOrEqual(CHILD_LIMIT + 5 - CHILD_ADDRESS_LIMIT);
      // ... and the child still signs in at school, on any device.
      expect((await login(child.username, child.password, SCHOOL, 'class-tablet')).status, child.username).toBe(200);
      expect((await login(child.username, child.password, SCHOOL)).status, child.username).toBe(200);
    }
  }, 120_000);

  it('locks the child everywhere once several addresses guess, until a teacher unlocks it', async () => {
    const addresses = Array.from({ length: Math.ceil(CHILD_LIMIT / CHILD_ADDRESS_LIMIT) + 1 }, (_, i) => `203.0.113.${100 + i}`);
    let sent = 0;
    for (const address of addresses)
      for (let i = 0; i < CHILD_ADDRESS_LIMIT && sent < CHILD_LIMIT; i++, sent++)
        await login('zoe.zhang', 'wrong', address, `guesser-${i}`);
    const everywhere = await login('zoe.zhang', 'moon-3', SCHOOL, 'class-tablet');
    expect(everywhere.status).toBe(429);
    expect(everywhere.body.error).toBe(LOCKED);
    const teacher = await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1');
    const [zoe] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'zoe.zhang'));
    expect((await server.call('POST', `/api/students/${zoe!.id}/unlock/`, { host: GREENFIELD, token: teacher.access })).status).toBe(200);
    // Every count of the child goes with the unlock, the guessing addresses' too.
    const left = await server.database.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(left.map((r) => r.key).filter((k) => k.includes('zoe.zhang'))).toEqual([]);
    expect((await login('zoe.zhang', 'moon-3', addresses[0]!, 'guesser-0')).status).toBe(200);
  }, 60_000);
});
