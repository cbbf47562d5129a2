// Parents' community access: one shared password per school opens a
// view-only session held in an HttpOnly cookie. Only the token's hash is stored, so the
// community_sessions table never holds a usable credential.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Queryable } from '../../db/client';
import { communitySessions } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { randomToken, sha256 } from '../../lib/crypto';

export const COMMUNITY_COOKIE = 'community_session';
export const COMMUNITY_TTL_SECONDS = 30 * 24 * 60 * 60;

function secure(c: Context<AppEnv>): boolean {
  return (c.req.header('x-forwarded-proto') ?? new URL(c.req.url).protocol.replace(':', '')).startsWith('https');
}

export async function openCommunitySession(c: Context<AppEnv>, db: Queryable, tenantId: number, now: Date): Promise<void> {
  const token = randomToken();
  await db.insert(communitySessions).values({
    token_hash: sha256(token),
    tenant_id: tenantId,
    created_at: now,
    expires_at: new Date(now.getTime() + COMMUNITY_TTL_SECONDS * 1000),
  });
  setCookie(c, COMMUNITY_COOKIE, token, {
    path: '/api',
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(c),
    maxAge: COMMUNITY_TTL_SECONDS,
  });
}

/** Whether this request carries a live community session of this site's school. */
export async function hasCommunityAccess(c: Context<AppEnv>, db: Queryable, now: Date): Promise<boolean> {
  const token = getCookie(c, COMMUNITY_COOKIE);
  const tenant = c.get('tenant');
  if (!token || !tenant) return false;
  const [row] = await db
    .select({ tenant_id: communitySessions.tenant_id })
    .from(communitySessions)
    .where(
      and(
        eq(communitySessions.token_hash, sha256(token)),
        eq(communitySessions.tenant_id, tenant.id),
        isNull(communitySessions.revoked_at),
        gt(communitySessions.expires_at, now),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function closeCommunitySession(c: Context<AppEnv>, db: Queryable, now: Date): Promise<void> {
  const token = getCookie(c, COMMUNITY_COOKIE);
  if (token) {
    await db
      .update(communitySessions)
      .set({ revoked_at: now })
      .where(eq(communitySessions.token_hash, sha256(token)));
  }
  deleteCookie(c, COMMUNITY_COOKIE, { path: '/api', secure: secure(c) });
}
