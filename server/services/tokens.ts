// Access and refresh tokens (JWT, HS256 under a key derived from the server secret). Refresh
// tokens are recorded by id so signing out revokes them for good.
import { SignJWT, jwtVerify, errors } from 'jose';
import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { refreshTokens } from '../db/schema';
import { randomToken } from './crypto';
import type { AuthUser } from '../http/env';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface TokenClaims extends AuthUser {
  kind: 'access' | 'refresh';
  jti?: string;
}

async function sign(key: Uint8Array, claims: Record<string, unknown>, subject: number, ttl: number, now: Date) {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(subject))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttl)
    .sign(key);
}

export function signAccess(key: Uint8Array, user: AuthUser, now: Date): Promise<string> {
  return sign(key, { kind: 'access', role: user.role, tid: user.tenant_id }, user.id, ACCESS_TTL_SECONDS, now);
}

export async function issueRefresh(db: Queryable, key: Uint8Array, user: AuthUser, now: Date): Promise<string> {
  const jti = randomToken(18);
  await db.insert(refreshTokens).values({
    jti,
    user_id: user.id,
    expires_at: new Date(now.getTime() + REFRESH_TTL_SECONDS * 1000),
  });
  return sign(key, { kind: 'refresh', role: user.role, tid: user.tenant_id, jti }, user.id, REFRESH_TTL_SECONDS, now);
}

/** The claims of a valid token of the wanted kind, or null (bad signature, expired, wrong kind). */
export async function readToken(key: Uint8Array, token: string, kind: TokenClaims['kind'], now: Date): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now });
    if (payload.kind !== kind || !payload.sub) return null;
    return {
      kind,
      id: Number(payload.sub),
      role: payload.role as AuthUser['role'],
      tenant_id: (payload.tid as number | null) ?? null,
      jti: typeof payload.jti === 'string' ? payload.jti : undefined,
    };
  } catch (err) {
    if (err instanceof errors.JOSEError) return null;
    throw err;
  }
}

export async function revokeRefresh(db: Queryable, jti: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(and(eq(refreshTokens.jti, jti), isNull(refreshTokens.revoked_at)));
}
