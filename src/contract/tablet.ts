// Class tablets (issue 27): what an enrolled tablet and the server agree on to sign children in
// with no network. The tablet holds an ECDSA P-256 key pair made on the device (the private key
// never leaves WebCrypto); the server keeps its public key. Each child of an enrolled class has a
// verifier of their password (PBKDF2-SHA256, a random salt per verifier), never the password. The
// same message texts are built here for the tablet to sign and for the server to check.
import { z } from 'zod';
import './zod-config';

/**
 * PBKDF2-SHA256 rounds of a verifier. About 150 ms on this project's 2-core machine (the issue's
 * budget for the check on the tablet is 300 ms). A stolen tablet's verifiers of short class
 * passwords can still be broken offline: the README says so, and what limits the harm.
 */
export const VERIFIER_ITERATIONS = 100_000;
/** Bytes of a verifier's hash. */
export const VERIFIER_BYTES = 32;
/** An enrolment lasts a school term unless a teacher renews it. */
export const ENROLMENT_DAYS = 120;
/** A signed request's time may be this far off the server's clock (a tablet's clock drifts). */
export const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The server's sign-in throttles (server/domains/auth/rate-limit.ts: ACCOUNT_LIMIT, DEVICE_LIMIT,
 * 15-minute windows and locks), applied by the tablet itself while it signs children in offline.
 */
export const TABLET_THROTTLE = { child: 10, tablet: 30, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

/** The public half of the tablet's key, as WebCrypto exports it (JWK). */
export const TabletPublicKey = z.object({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a P-256 public key.'),
  y: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a P-256 public key.'),
});
export type TabletPublicKey = z.infer<typeof TabletPublicKey>;

const Nonce = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'The nonce must be 16 to 64 letters, digits, - or _.');
const Signature = z.string().regex(/^[A-Za-z0-9_-]{86}$/, 'The signature must be a P-256 signature (64 bytes, base64url).');
const Salt = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'Not a verifier salt.');

export const EnrolTabletRequest = z.object({
  name: z.string().trim().min(1, 'Please name this tablet.').max(60, 'At most 60 characters.'),
  public_key: TabletPublicKey,
  class_ids: z.array(z.number().int().positive()).min(1, 'Choose at least one class.').max(20),
});
export type EnrolTabletRequest = z.infer<typeof EnrolTabletRequest>;

/** A tablet asks for its classes' sign-in data, signing the time and a nonce. */
export const TabletDataRequest = z.object({ signed_at: z.iso.datetime(), nonce: Nonce, signature: Signature });
export type TabletDataRequest = z.infer<typeof TabletDataRequest>;

/** A tablet exchanges a child's offline session for a real one. */
export const ExchangeRequest = z.object({
  student_id: z.number().int().positive(),
  signed_in_at: z.iso.datetime(),
  /** The salt of the verifier the password was checked against (which password it was). */
  verifier_salt: Salt,
  nonce: Nonce,
  signature: Signature,
});
export type ExchangeRequest = z.infer<typeof ExchangeRequest>;

/** Most offline sign-ins one batched exchange carries (a class and then some). */
export const EXCHANGE_BATCH_MAX = 50;

/**
 * Several offline sign-ins exchanged in one request (the class's, when the network returns), or a
 * teacher accepting a revoked tablet's waiting sign-ins. Each is checked as a single exchange is.
 */
export const ExchangeBatchRequest = z.object({
  exchanges: z
    .array(ExchangeRequest)
    .min(1, 'Send at least one sign-in.')
    .max(EXCHANGE_BATCH_MAX, `At most ${EXCHANGE_BATCH_MAX} sign-ins.`),
});
export type ExchangeBatchRequest = z.infer<typeof ExchangeBatchRequest>;

/** The text a tablet signs to read its sign-in data. */
export function dataMessage(enrolmentId: string, request: Pick<TabletDataRequest, 'signed_at' | 'nonce'>): string {
  return ['storynest-tablet-data-v1', enrolmentId, request.signed_at, request.nonce].join('\n');
}

/** The text a tablet signs to exchange an offline session. */
export function exchangeMessage(enrolmentId: string, request: Omit<ExchangeRequest, 'signature'>): string {
  return [
    'storynest-offline-sign-in-v1',
    enrolmentId,
    String(request.student_id),
    request.signed_in_at,
    request.verifier_salt,
    request.nonce,
  ].join('\n');
}

export const TABLET_MSG = {
  enrolled: 'This tablet can now sign children in offline.',
  revoked: 'This tablet was removed from offline sign-in. Ask your teacher.',
  expired: 'This tablet’s offline sign-in has expired. A teacher can renew it online.',
  unknown: 'This tablet is not enrolled for offline sign-in.',
  badSignature: 'This tablet’s signature is not valid.',
  replayed: 'This sign-in was already exchanged.',
  notEnrolledClass: 'This child is not in a class this tablet is enrolled for.',
  passwordChanged: 'This child’s password changed since the offline sign-in. They sign in again online; nothing is lost.',
  outsideEnrolment: 'This offline sign-in is outside the tablet’s enrolment.',
  clock: 'This tablet’s clock is wrong. Check the date and time.',
  noClasses: 'Choose classes you teach.',
  renewed: 'Renewed for another term.',
  notYourChild: 'This child is not in one of your classes.',
  revokedNow: 'Tablet removed.',
} as const;
