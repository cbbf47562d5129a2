// Class tablets for offline sign-in (issue 27): checking a tablet's signed requests, and the
// children's password verifiers it takes away. A verifier is PBKDF2-SHA256 of the class password
// with a random salt: a tablet checks a typed password against it with WebCrypto and never holds
// the password. A verifier is made once per password (slow on purpose) and kept; an HMAC of the
// password under the server's key tells cheaply whether the password changed since.
import { createHmac, createPublicKey, pbkdf2, randomBytes, timingSafeEqual, verify } from 'node:crypto';
import { promisify } from 'node:util';
import { and, eq, inArray } from 'drizzle-orm';
import { CLOCK_SKEW_MS, TABLET_MSG, VERIFIER_BYTES, VERIFIER_ITERATIONS } from '../../../src/contract/tablet';
import type { Queryable } from '../../db/client';
import { offlineVerifiers, tabletEnrolments, tabletNonces, students } from '../../db/schema';
import { fail } from '../../http/errors';
import { decryptText } from '../../lib/crypto';

const pbkdf2Async = promisify(pbkdf2);

export type Enrolment = typeof tabletEnrolments.$inferSelect;

/** A tablet's enrolment on this site that may still be used now, or a clear 403/404. */
export async function usableEnrolment(db: Queryable, tenantId: number, id: string, now: Date): Promise<Enrolment> {
  const [row] = await db
    .select()
    .from(tabletEnrolments)
    .where(and(eq(tabletEnrolments.id, id), eq(tabletEnrolments.tenant_id, tenantId)))
    .limit(1);
  if (!row) fail(404, TABLET_MSG.unknown, { error: TABLET_MSG.unknown });
  if (row.revoked_at) fail(403, TABLET_MSG.revoked, { error: TABLET_MSG.revoked, code: 'tablet_revoked' });
  if (row.expires_at <= now) fail(403, TABLET_MSG.expired, { error: TABLET_MSG.expired, code: 'tablet_expired' });
  return row;
}

/** True when `signature` (IEEE P1363, as WebCrypto makes it) signs `message` with the tablet's key. */
export function validSignature(enrolment: Enrolment, message: string, signature: string): boolean {
  try {
    const key = createPublicKey({ key: enrolment.public_key, format: 'jwk' });
    return verify('sha256', Buffer.from(message), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}

/** Refuses a signature that does not check, or a signed time too far from the server's clock. */
export function assertSigned(enrolment: Enrolment, message: string, signature: string, signedAt: Date, now: Date): void {
  if (!validSignature(enrolment, message, signature)) {
    fail(401, TABLET_MSG.badSignature, { error: TABLET_MSG.badSignature, code: 'tablet_signature' });
  }
  if (signedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) fail(400, TABLET_MSG.clock, { error: TABLET_MSG.clock });
}

/**
 * Uses up a nonce of this tablet. In the caller's transaction: a refused request rolls it back,
 * and of two concurrent uses the second waits for the first and then finds it taken.
 */
export async function useNonce(db: Queryable, enrolmentId: string, nonce: string, now: Date): Promise<void> {
  const taken = await db
    .insert(tabletNonces)
    .values({ enrolment_id: enrolmentId, nonce, used_at: now })
    .onConflictDoNothing()
    .returning({ nonce: tabletNonces.nonce });
  if (!taken.length) fail(409, TABLET_MSG.replayed, { error: TABLET_MSG.replayed, code: 'tablet_replayed' });
}

/** The keyed check of a password (not a verifier: only the server can make it). */
function passwordCheck(dataKey: Buffer, salt: string, password: string): string {
  return createHmac('sha256', dataKey).update(`offline-verifier\n${salt}\n${password}`).digest('base64url');
}

function samePasswordCheck(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface Verifier {
  salt: string;
  iterations: number;
  hash: string;
}

/**
 * The current verifiers of these children, made (or remade, for a changed password) where needed.
 * Making one costs ~150 ms of CPU off the event loop (libuv's pool); a class's are made once.
 */
export async function currentVerifiers(db: Queryable, dataKey: Buffer, studentIds: number[]): Promise<Map<number, Verifier>> {
  const out = new Map<number, Verifier>();
  if (!studentIds.length) return out;
  const rows = await db
    .select({ id: students.user_id, sealed: students.password_encrypted, verifier: offlineVerifiers })
    .from(students)
    .leftJoin(offlineVerifiers, eq(offlineVerifiers.user_id, students.user_id))
    .where(inArray(students.user_id, studentIds));
  await Promise.all(
    rows.map(async ({ id, sealed, verifier }) => {
      const password = decryptText(dataKey, sealed);
      if (verifier && samePasswordCheck(verifier.password_check, passwordCheck(dataKey, verifier.salt, password))) {
        out.set(id, { salt: verifier.salt, iterations: verifier.iterations, hash: verifier.hash });
        return;
      }
      const salt = randomBytes(16).toString('base64url');
      const hash = (await pbkdf2Async(password, Buffer.from(salt, 'base64url'), VERIFIER_ITERATIONS, VERIFIER_BYTES, 'sha256')).toString(
        'base64url',
      );
      const fresh = { salt, iterations: VERIFIER_ITERATIONS, hash, password_check: passwordCheck(dataKey, salt, password) };
      await db
        .insert(offlineVerifiers)
        .values({ user_id: id, ...fresh })
        .onConflictDoUpdate({ target: offlineVerifiers.user_id, set: { ...fresh, created_at: new Date() } });
      out.set(id, { salt, iterations: VERIFIER_ITERATIONS, hash });
    }),
  );
  return out;
}

/**
 * Whether `salt` names a verifier of the child's password as it is now: the tablet checked the
 * password against a verifier with this salt, so the password typed offline is today's password.
 */
export async function passwordUnchanged(db: Queryable, dataKey: Buffer, studentId: number, salt: string): Promise<boolean> {
  const [row] = await db
    .select({ sealed: students.password_encrypted, check: offlineVerifiers.password_check })
    .from(students)
    .innerJoin(offlineVerifiers, eq(offlineVerifiers.user_id, students.user_id))
    .where(and(eq(students.user_id, studentId), eq(offlineVerifiers.salt, salt)))
    .limit(1);
  if (!row) return false;
  return samePasswordCheck(row.check, passwordCheck(dataKey, salt, decryptText(dataKey, row.sealed)));
}
