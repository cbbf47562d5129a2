// Signing and reading the JWTs (HS256 under a key derived from the server secret). The door reads
// the access token of every request here (http/context.ts); refresh tokens are signed the same
// way, and recorded and rotated by the auth domain (domains/auth/tokens.ts).
import { SignJWT, jwtVerify, errors, type JWTPayload } from 'jose';
import type { AuthUser } from './env';

/** The default lifetime of an access token (config.accessTokenSeconds, ACCESS_TOKEN_SECONDS). */
export const ACCESS_TTL_SECONDS = 15 * 60;

export interface TokenClaims extends AuthUser {
  kind: 'access' | 'refresh';
  jti?: string;
  /** An access token's sign-in (its refresh tokens' family): the door checks it is still alive. */
  sid?: string;
}

// jose works on WebCrypto keys: handed raw bytes, it imports them again on every sign and every
// check (a measurable share of each request's CPU). Each secret is imported once.
const imported = new WeakMap<Uint8Array, Promise<CryptoKey>>();

function hmacKey(key: Uint8Array): Promise<CryptoKey> {
  let found = imported.get(key);
  if (!found) {
    found = crypto.subtle.importKey('raw', key as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    imported.set(key, found);
  }
  return found;
}

export async function signJwt(key: Uint8Array, claims: Record<string, unknown>, subject: number, iat: number, exp: number) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(subject))
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(await hmacKey(key));
}

export const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** An access token of sign-in `sid` (the family of its refresh tokens). */
export function signAccess(key: Uint8Array, user: AuthUser, sid: string, now: Date, ttlSeconds = ACCESS_TTL_SECONDS): Promise<string> {
  const iat = seconds(now);
  return signJwt(key, { kind: 'access', role: user.role, tid: user.tenant_id, sid }, user.id, iat, iat + ttlSeconds);
}

/** Tokens whose signature was found good, with their claims (a signed-in device sends the same one for minutes). */
const VERIFIED_MAX = 10_000;
const verified = new WeakMap<Uint8Array, Map<string, JWTPayload>>();

/** The claims of `token` if its signature is good under `key` (checked once per token), else throws jose's error. */
async function signedClaims(key: Uint8Array, token: string): Promise<JWTPayload> {
  let known = verified.get(key);
  const found = known?.get(token);
  if (found) return found;
  // Its time is checked by the caller, at each use: here only the signature and the algorithm.
  const { payload } = await jwtVerify(token, await hmacKey(key), { algorithms: ['HS256'], currentDate: new Date(0) });
  if (!known) verified.set(key, (known = new Map()));
  if (known.size >= VERIFIED_MAX) known.clear();
  known.set(token, payload);
  return payload;
}

/** The claims of a valid token of the wanted kind, or null (bad signature, expired, wrong kind). */
export async function readToken(key: Uint8Array, token: string, kind: TokenClaims['kind'], now: Date): Promise<TokenClaims | null> {
  try {
    const payload = await signedClaims(key, token);
    // As jose counts it: expired from its `exp` second on.
    if (typeof payload.exp !== 'number' || payload.exp <= seconds(now)) return null;
    if (payload.kind !== kind || !payload.sub) return null;
    return {
      kind,
      id: Number(payload.sub),
      role: payload.role as AuthUser['role'],
      tenant_id: (payload.tid as number | null) ?? null,
      jti: typeof payload.jti === 'string' ? payload.jti : undefined,
      sid: typeof payload.sid === 'string' ? payload.sid : undefined,
    };
  } catch (err) {
    if (err instanceof errors.JOSEError) return null;
    throw err;
  }
}
