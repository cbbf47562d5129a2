// Class tablets for offline sign-in (issue 27): a teacher enrols a tablet's public key for a class;
// the tablet, with requests signed by its key, takes the class's sign-in grid and password
// verifiers (never passwords) and exchanges a child's offline sign-in for a real session. Every
// refusal the issue lists is clear and writes nothing: a child of a class not enrolled, a revoked
// or expired tablet, a password changed since, a forged signature, a replay.
import { generateKeyPairSync, pbkdf2Sync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { classes, rateLimits, refreshTokens, tabletNonces, users } from '../../server/db/schema';
import { TABLET_MSG, dataMessage, exchangeMessage, type TabletPublicKey } from '../../src/contract/tablet';
import { GREENFIELD, HILLSIDE, TARGETS, signIn, startServer, type TestServer } from './harness';

interface Device {
  privateKey: KeyObject;
  publicKey: TabletPublicKey;
}

function newDevice(): Device {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { kty, crv, x, y } = publicKey.export({ format: 'jwk' });
  return { privateKey, publicKey: { kty: kty as 'EC', crv: crv as 'P-256', x: x!, y: y! } };
}

const signText = (device: Device, text: string) =>
  sign('sha256', Buffer.from(text), { key: device.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url');
const nonce = () => randomBytes(18).toString('base64url');

describe.each(TARGETS)('class tablets on %s', (target) => {
  let server: TestServer;
  let teacher: string;
  let robins: number;
  let owls: number;
  const device = newDevice();
  let tabletId: string;
  const start = new Date();

  beforeAll(async () => {
    server = await startServer(target);
    server.clock.now = start;
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    const ids = await server.database.db.select({ id: classes.id, code: classes.class_id }).from(classes);
    robins = ids.find((r) => r.code === 'ROBINS4')!.id;
    owls = ids.find((r) => r.code === 'OWLS5')!.id;
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    server.clock.now = start;
    await server.database.db.delete(rateLimits);
  });

  const idOf = async (username: string) =>
    (await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
  const enrol = (classIds: number[], token = teacher, publicKey = device.publicKey) =>
    server.call('POST', '/api/tablets/', {
      host: GREENFIELD,
      token,
      json: { name: 'Robins tablet 1', public_key: publicKey, class_ids: classIds },
    });
  const signInData = (id: string, by = device, signedAt = server.clock.now.toISOString(), n = nonce()) =>
    server.call('POST', `/api/tablets/${id}/sign-in-data/`, {
      host: GREENFIELD,
      json: { signed_at: signedAt, nonce: n, signature: signText(by, dataMessage(id, { signed_at: signedAt, nonce: n })) },
    });
  const exchangeBody = (id: string, studentId: number, salt: string, by = device, signedInAt = server.clock.now.toISOString()) => {
    const fields = { student_id: studentId, signed_in_at: signedInAt, verifier_salt: salt, nonce: nonce() };
    return { ...fields, signature: signText(by, exchangeMessage(id, fields)) };
  };
  const exchange = (id: string, body: unknown) => server.call('POST', `/api/tablets/${id}/exchange/`, { host: GREENFIELD, json: body });
  const sessionsOf = async (userId: number) =>
    (await server.database.db.select({ n: count() }).from(refreshTokens).where(eq(refreshTokens.user_id, userId)))[0]!.n;
  const noncesOf = async (id: string) =>
    (await server.database.db.select({ n: count() }).from(tabletNonces).where(eq(tabletNonces.enrolment_id, id)))[0]!.n;
  /** The salt of a child's verifier as the tablet has it. */
  const saltOf = async (id: string, studentId: number) => {
    const data = await signInData(id);
    expect(data.status).toBe(200);
    const child = data.body.classes
      .flatMap((c: { students: { id: number }[] }) => c.students)
      .find((s: { id: number }) => s.id === studentId);
    return child.verifier.salt as string;
  };
  /** Expects a refusal with this status and message that wrote nothing (no session, no nonce). */
  const refusedWithoutWrites = async (id: string, studentId: number, body: unknown, status: number, message: string) => {
    const [before, noncesBefore] = [await sessionsOf(studentId), await noncesOf(id)];
    const res = await exchange(id, body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.message).toBe(message);
    expect(await sessionsOf(studentId)).toBe(before);
    expect(await noncesOf(id)).toBe(noncesBefore);
  };

  it('enrols a tablet for a class of the teacher (a term long) and lists it on the class', async () => {
    const res = await enrol([robins]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    tabletId = res.body.id;
    expect(res.body.classes).toEqual([{ id: robins, name: 'Year 4 Robins', class_id: 'ROBINS4' }]);
    expect(new Date(res.body.expires_at).getTime() - start.getTime()).toBe(120 * 24 * 60 * 60_000);
    const list = await server.call('GET', `/api/classes/${robins}/tablets/`, { host: GREENFIELD, token: teacher });
    expect(list.body.results.map((t: { id: string }) => t.id)).toContain(tabletId);
    expect(list.body.results[0].last_seen_at).toBeNull();
  });

  it('refuses a class the caller does not teach, and a student', async () => {
    const other = (await signIn(server, 'teacher2@greenfield.example', 'Teach-demo-3')).access;
    expect((await enrol([robins], other)).status).toBe(404);
    const child = (await signIn(server, 'amara.okafor', 'kite-7')).access;
    expect((await enrol([robins], child)).status).toBe(403);
    const hill = await server.call('GET', `/api/classes/${robins}/tablets/`, { host: GREENFIELD, token: other });
    expect(hill.status).toBe(404);
  });

  it('gives the tablet its grid and verifiers, never passwords, and marks it seen', async () => {
    const res = await signInData(tabletId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.classes).toHaveLength(1);
    const amara = res.body.classes[0].students.find((s: { username: string }) => s.username === 'amara.okafor');
    expect(res.body.classes[0].students).toHaveLength(24);
    expect(JSON.stringify(res.body)).not.toContain('kite-7');
    // The tablet can check the typed password: PBKDF2-SHA256 of it with the salt is the hash.
    const { salt, iterations, hash } = amara.verifier;
    expect(pbkdf2Sync('kite-7', Buffer.from(salt, 'base64url'), iterations, 32, 'sha256').toString('base64url')).toBe(hash);
    // Made once: the next refresh answers the same verifier.
    expect(await saltOf(tabletId, amara.id)).toBe(salt);
    const list = await server.call('GET', `/api/classes/${robins}/tablets/`, { host: GREENFIELD, token: teacher });
    expect(list.body.results.find((t: { id: string }) => t.id === tabletId).last_seen_at).toBe(start.toISOString());
  });

  it('refuses sign-in data signed by another key, an old signed time, or a replayed nonce', async () => {
    expect((await signInData(tabletId, newDevice())).status).toBe(401);
    expect((await signInData(tabletId, device, new Date(start.getTime() - 10 * 60_000).toISOString())).status).toBe(400);
    const n = nonce();
    expect((await signInData(tabletId, device, undefined, n)).status).toBe(200);
    const again = await signInData(tabletId, device, undefined, n);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(TABLET_MSG.replayed);
  });

  it('exchanges an offline sign-in of a child of the class for a real session, once', async () => {
    const amara = await idOf('amara.okafor');
    const salt = await saltOf(tabletId, amara);
    const body = exchangeBody(tabletId, amara, salt, device, new Date(start.getTime() + 30_000).toISOString());
    server.clock.now = new Date(start.getTime() + 60_000);
    const before = await sessionsOf(amara);
    const res = await exchange(tabletId, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({ id: amara, role: 'student' });
    expect(await sessionsOf(amara)).toBe(before + 1);
    const profile = await server.call('GET', '/api/user/profile/', { host: GREENFIELD, token: res.body.access });
    expect(profile.body.id).toBe(amara);
    // Replayed: the same signed exchange is refused and opens no second session.
    await refusedWithoutWrites(tabletId, amara, body, 409, TABLET_MSG.replayed);
  });

  it('refuses a child of a class the tablet is not enrolled for', async () => {
    const zoe = await idOf('zoe.zhang');
    const amara = await idOf('amara.okafor');
    // A genuine verifier salt of another child does not help either.
    const salt = await saltOf(tabletId, amara);
    await refusedWithoutWrites(tabletId, zoe, exchangeBody(tabletId, zoe, salt), 403, TABLET_MSG.notEnrolledClass);
    expect(owls).toBeGreaterThan(0);
  });

  it('refuses a forged signature', async () => {
    const amara = await idOf('amara.okafor');
    const salt = await saltOf(tabletId, amara);
    await refusedWithoutWrites(tabletId, amara, exchangeBody(tabletId, amara, salt, newDevice()), 401, TABLET_MSG.badSignature);
    // A valid signature over other fields does not carry over to changed ones.
    const body = exchangeBody(tabletId, amara, salt);
    await refusedWithoutWrites(
      tabletId,
      amara,
      { ...body, signed_in_at: new Date(start.getTime() - 1000).toISOString() },
      401,
      TABLET_MSG.badSignature,
    );
  });

  it("refuses once the child's password changed since the offline sign-in, before and after the tablet's refresh", async () => {
    const amara = await idOf('amara.okafor');
    const salt = await saltOf(tabletId, amara);
    const body = exchangeBody(tabletId, amara, salt);
    const changed = await server.call('PUT', `/api/change-password/${amara}/`, {
      host: GREENFIELD,
      token: teacher,
      json: { new_password: 'frog-pond-12' },
    });
    expect(changed.status).toBe(200);
    await refusedWithoutWrites(tabletId, amara, body, 403, TABLET_MSG.passwordChanged);
    // The tablet's next refresh replaces the verifier; the old salt stays refused.
    const fresh = await saltOf(tabletId, amara);
    expect(fresh).not.toBe(salt);
    await refusedWithoutWrites(tabletId, amara, exchangeBody(tabletId, amara, salt), 403, TABLET_MSG.passwordChanged);
    expect((await exchange(tabletId, exchangeBody(tabletId, amara, fresh))).status).toBe(200);
    await server.call('PUT', `/api/change-password/${amara}/`, { host: GREENFIELD, token: teacher, json: { new_password: 'kite-7' } });
  });

  it('refuses after expiry until a teacher renews the enrolment', async () => {
    const amara = await idOf('amara.okafor');
    const salt = await saltOf(tabletId, amara);
    const body = exchangeBody(tabletId, amara, salt);
    server.clock.now = new Date(start.getTime() + 121 * 24 * 60 * 60_000);
    await refusedWithoutWrites(tabletId, amara, body, 403, TABLET_MSG.expired);
    expect((await signInData(tabletId)).body.message).toBe(TABLET_MSG.expired);
    const later = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    const renewed = await server.call('POST', `/api/tablets/${tabletId}/renew/`, { host: GREENFIELD, token: later });
    expect(renewed.status).toBe(200);
    expect((await exchange(tabletId, body)).status).toBe(200);
  });

  it('refuses everything from a revoked tablet, on any site', async () => {
    const amara = await idOf('amara.okafor');
    const salt = await saltOf(tabletId, amara);
    const body = exchangeBody(tabletId, amara, salt);
    const revoked = await server.call('POST', `/api/tablets/${tabletId}/revoke/`, { host: GREENFIELD, token: teacher });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked_at).not.toBeNull();
    await refusedWithoutWrites(tabletId, amara, body, 403, TABLET_MSG.revoked);
    expect((await signInData(tabletId)).status).toBe(403);
    expect((await server.call('POST', `/api/tablets/${tabletId}/exchange/`, { host: HILLSIDE, json: body })).status).toBe(404);
  });
});

describe.each(TARGETS)('batched exchanges and a teacher accepting waiting work on %s', (target) => {
  let server: TestServer;
  let teacher: string;
  let robins: number;
  const start = new Date('2026-09-01T08:00:00Z');

  beforeAll(async () => {
    server = await startServer(target);
    server.clock.now = start;
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    const ids = await server.database.db.select({ id: classes.id, code: classes.class_id }).from(classes);
    robins = ids.find((r) => r.code === 'ROBINS4')!.id;
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    server.clock.now = start;
    await server.database.db.delete(rateLimits);
  });

  type Child = { id: number; username: string; verifier: { salt: string } };
  /** A fresh tablet enrolled for Robins, and its grid as the tablet fetched it. */
  async function enrolledTablet() {
    const device = newDevice();
    const res = await server.call('POST', '/api/tablets/', {
      host: GREENFIELD,
      token: teacher,
      json: { name: 'Robins tablet', public_key: device.publicKey, class_ids: [robins] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id as string;
    const signedAt = server.clock.now.toISOString();
    const n = nonce();
    const data = await server.call('POST', `/api/tablets/${id}/sign-in-data/`, {
      host: GREENFIELD,
      json: { signed_at: signedAt, nonce: n, signature: signText(device, dataMessage(id, { signed_at: signedAt, nonce: n })) },
    });
    expect(data.status).toBe(200);
    return { device, id, children: data.body.classes[0].students as Child[] };
  }
  const signed = (id: string, by: Device, child: { id: number; verifier: { salt: string } }, at = server.clock.now.toISOString()) => {
    const fields = { student_id: child.id, signed_in_at: at, verifier_salt: child.verifier.salt, nonce: nonce() };
    return { ...fields, signature: signText(by, exchangeMessage(id, fields)) };
  };
  const batch = (id: string, exchanges: unknown[]) =>
    server.call('POST', `/api/tablets/${id}/exchange-batch/`, { host: GREENFIELD, json: { exchanges } });
  const accept = (id: string, exchanges: unknown[], token = teacher) =>
    server.call('POST', `/api/tablets/${id}/accept-waiting/`, { host: GREENFIELD, token, json: { exchanges } });
  const sessionsOf = async (userId: number) =>
    (await server.database.db.select({ n: count() }).from(refreshTokens).where(eq(refreshTokens.user_id, userId)))[0]!.n;
  const noncesOf = async (id: string) =>
    (await server.database.db.select({ n: count() }).from(tabletNonces).where(eq(tabletNonces.enrolment_id, id)))[0]!.n;

  it('exchanges a class of sign-ins in one request, each for its own child', async () => {
    const { device, id, children } = await enrolledTablet();
    const twenty = children.slice(0, 20);
    const before = await Promise.all(twenty.map((c) => sessionsOf(c.id)));
    const res = await batch(
      id,
      twenty.map((c) => signed(id, device, c)),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results).toHaveLength(twenty.length);
    for (const [i, r] of (res.body.results as { student_id: number; status: number; access: string; user: { id: number } }[]).entries()) {
      expect(r).toMatchObject({ student_id: twenty[i]!.id, status: 200, user: { id: twenty[i]!.id } });
      const profile = await server.call('GET', '/api/user/profile/', { host: GREENFIELD, token: r.access });
      expect(profile.body.id).toBe(twenty[i]!.id);
    }
    expect(await Promise.all(twenty.map((c) => sessionsOf(c.id)))).toEqual(before.map((n) => n + 1));
    expect(await noncesOf(id)).toBe(1 + twenty.length);
  });

  it('answers a refusal per sign-in (another class, forged, replayed, password changed), writes nothing for it and goes on', async () => {
    const { device, id, children } = await enrolledTablet();
    const [a, b, c, d] = children;
    const zoe = (await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'zoe.zhang')))[0]!.id;
    const used = signed(id, device, a!);
    expect((await batch(id, [used])).body.results[0].status).toBe(200);
    const changing = signed(id, device, d!);
    const changed = await server.call('PUT', `/api/change-password/${d!.id}/`, {
      host: GREENFIELD,
      token: teacher,
      json: { new_password: 'frog-pond-12' },
    });
    expect(changed.status).toBe(200);
    const good = signed(id, device, b!);
    const forged = signed(id, newDevice(), c!);
    const twice = signed(id, device, c!);
    const before = {
      a: await sessionsOf(a!.id),
      b: await sessionsOf(b!.id),
      c: await sessionsOf(c!.id),
      d: await sessionsOf(d!.id),
      zoe: await sessionsOf(zoe),
    };
    const noncesBefore = await noncesOf(id);
    const res = await batch(id, [used, signed(id, device, { id: zoe, verifier: b!.verifier }), forged, good, changing, twice, twice]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      res.body.results.map((r: { status: number; message?: string; code?: string }) => [r.status, r.message ?? null, r.code ?? null]),
    ).toEqual([
      [409, TABLET_MSG.replayed, 'tablet_replayed'],
      [403, TABLET_MSG.notEnrolledClass, 'tablet_not_enrolled_class'],
      [401, TABLET_MSG.badSignature, 'tablet_signature'],
      [200, null, null],
      [403, TABLET_MSG.passwordChanged, 'password_changed'],
      [200, null, null],
      [409, TABLET_MSG.replayed, 'tablet_replayed'],
    ]);
    expect(res.body.results[3].access).toEqual(expect.any(String));
    expect(res.body.results[1].access).toBeUndefined();
    // Written: one session each for b and c (the genuine one), their two nonces; nothing else.
    expect(await sessionsOf(a!.id)).toBe(before.a);
    expect(await sessionsOf(b!.id)).toBe(before.b + 1);
    expect(await sessionsOf(c!.id)).toBe(before.c + 1);
    expect(await sessionsOf(d!.id)).toBe(before.d);
    expect(await sessionsOf(zoe)).toBe(before.zoe);
    expect(await noncesOf(id)).toBe(noncesBefore + 2);
    // The forged signature counts against the device like a wrong password.
    expect((await server.database.db.select({ n: count() }).from(rateLimits))[0]!.n).toBeGreaterThan(0);
  });

  it('refuses a revoked tablet as a whole, writing nothing; a malformed batch is a 400', async () => {
    const { device, id, children } = await enrolledTablet();
    const exchanges = children.slice(0, 3).map((c) => signed(id, device, c));
    expect((await server.call('POST', `/api/tablets/${id}/revoke/`, { host: GREENFIELD, token: teacher })).status).toBe(200);
    const noncesBefore = await noncesOf(id);
    const res = await batch(id, exchanges);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: TABLET_MSG.revoked, code: 'tablet_revoked' });
    expect(await noncesOf(id)).toBe(noncesBefore);
    expect((await batch(id, [])).status).toBe(400);
    expect(
      (
        await batch(
          id,
          Array.from({ length: 51 }, () => exchanges[0]),
        )
      ).status,
    ).toBe(400);
  });

  it("lets the class's teacher accept a revoked tablet's waiting sign-ins made before the revocation, each once", async () => {
    const { device, id, children } = await enrolledTablet();
    const [a, b] = children;
    const before = signed(id, device, a!);
    server.clock.now = new Date(start.getTime() + 60_000);
    expect((await server.call('POST', `/api/tablets/${id}/revoke/`, { host: GREENFIELD, token: teacher })).status).toBe(200);
    server.clock.now = new Date(start.getTime() + 120_000);
    const after = signed(id, device, b!);
    const forged = signed(id, newDevice(), b!, start.toISOString());
    // Nobody but the class's staff: not the tablet alone, not a child, not another teacher.
    expect((await batch(id, [before])).status).toBe(403);
    const child = (await signIn(server, 'amara.okafor', 'kite-7')).access;
    expect((await accept(id, [before], child)).status).toBe(403);
    const other = (await signIn(server, 'teacher2@greenfield.example', 'Teach-demo-3')).access;
    expect((await accept(id, [before], other)).status).toBe(404);
    expect(await noncesOf(id)).toBe(1);

    const sessionsBefore = await sessionsOf(a!.id);
    const res = await accept(id, [before, after, forged]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results.map((r: { status: number; code?: string }) => [r.status, r.code ?? null])).toEqual([
      [200, null],
      [403, 'tablet_window'],
      [401, 'tablet_signature'],
    ]);
    // The child's own session: their work is sent as them.
    const profile = await server.call('GET', '/api/user/profile/', { host: GREENFIELD, token: res.body.results[0].access });
    expect(profile.body).toMatchObject({ id: a!.id, role: 'student' });
    expect(await sessionsOf(a!.id)).toBe(sessionsBefore + 1);
    expect((await accept(id, [before])).body.results[0]).toMatchObject({ status: 409, code: 'tablet_replayed' });
    expect(await noncesOf(id)).toBe(2);
  });
});
