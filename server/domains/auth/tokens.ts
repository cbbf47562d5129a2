// Refresh tokens (signed as JWTs by http/jwt.ts, like the access tokens). Refresh tokens are
// recorded by id and rotate on every use: the used token is marked rotated and a new
// one of the same family (one sign-in) is issued. Presenting a rotated token again means a copy
// is in other hands, so the whole family is revoked, except within REUSE_GRACE_MS of its rotation
// while its successor is still unused: then the same successor is answered again (HS256 is
// deterministic), so an answer lost on a school's flaky Wi-Fi does not sign a child out.
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { refreshTokens, users } from '../../db/schema';
import { randomToken } from '../../lib/crypto';
import type { AuthUser } from '../../http/env';
import { seconds, signJwt } from '../../http/jwt';
import { forgetSessions } from '../../http/context';

/** A refresh token unused this long expires (a device left in a drawer signs in again). */
export const REFRESH_TTL_SECONDS = 14 * 24 * 60 * 60;
/** However often it is refreshed, a session ends this long after its sign-in. */
export const SESSION_MAX_SECONDS = 30 * 24 * 60 * 60;
/** How long after a rotation the previous token still answers the same successor. */
export const REUSE_GRACE_MS = 2 * 60_000;

/** The refresh token of a recorded row: the same row always gives the same token. */
function signRefresh(key: Uint8Array, user: AuthUser, row: { jti: string; created_at: Date; expires_at: Date }) {
  return signJwt(
    key,
    { kind: 'refresh', role: user.role, tid: user.tenant_id, jti: row.jti },
    user.id,
    seconds(row.created_at),
    seconds(row.expires_at),
  );
}

/** Records and signs a refresh token: a new family (a sign-in), or the next of `family`. */
async function recordRefresh(
  db: Queryable,
  key: Uint8Array,
  user: AuthUser,
  now: Date,
  family?: { id: string; expires_at: Date; jti: string },
): Promise<{ refresh: string; sid: string }> {
  const jti = family?.jti ?? randomToken(18);
  const familyEnds = family?.expires_at ?? new Date(now.getTime() + SESSION_MAX_SECONDS * 1000);
  // Whole seconds, so the row and the token's iat/exp agree when the token is signed again.
  const created_at = new Date(seconds(now) * 1000);
  const expires_at = new Date(Math.min(seconds(now) * 1000 + REFRESH_TTL_SECONDS * 1000, familyEnds.getTime()));
  await db
    .insert(refreshTokens)
    .values({ jti, user_id: user.id, created_at, expires_at, family: family?.id ?? jti, family_expires_at: familyEnds });
  return { refresh: await signRefresh(key, user, { jti, created_at, expires_at }), sid: family?.id ?? jti };
}

/** A new sign-in: its first refresh token, and its id (`sid`) for the access tokens. */
export function issueRefresh(db: Queryable, key: Uint8Array, user: AuthUser, now: Date): Promise<{ refresh: string; sid: string }> {
  return recordRefresh(db, key, user, now);
}

/**
 * A sign-in in one statement (one round trip, atomic without a transaction): the account's
 * last_login (and updated_at, as any update of it) is set and the new family's first refresh
 * token recorded together. Nothing is recorded for an account that is gone.
 */
export async function openSignIn(db: Queryable, key: Uint8Array, user: AuthUser, now: Date): Promise<{ refresh: string; sid: string }> {
  const jti = randomToken(18);
  const familyEnds = new Date(now.getTime() + SESSION_MAX_SECONDS * 1000);
  const created_at = new Date(seconds(now) * 1000);
  const expires_at = new Date(Math.min(seconds(now) * 1000 + REFRESH_TTL_SECONDS * 1000, familyEnds.getTime()));
  const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  await db.execute(sql`
    with touched as (
      update ${users} set last_login = ${ts(now)}, updated_at = ${ts(new Date())} where ${users.id} = ${user.id} returning ${users.id}
    )
    insert into ${refreshTokens} (jti, user_id, created_at, expires_at, family, family_expires_at)
    select ${jti}, id, ${ts(created_at)}, ${ts(expires_at)}, ${jti}, ${ts(familyEnds)} from touched`);
  return { refresh: await signRefresh(key, user, { jti, created_at, expires_at }), sid: jti };
}

export type Rotation = { kind: 'rotated'; refresh: string; sid: string } | { kind: 'refused' } | { kind: 'reused'; family: string };

/**
 * Uses refresh token `jti` of `user`: the next token of its family, or why not. A `reused` answer
 * must be followed by `revokeFamily` outside any transaction that is rolled back.
 */
export async function rotateRefresh(db: Queryable, key: Uint8Array, user: AuthUser, jti: string, now: Date): Promise<Rotation> {
  const live = and(
    eq(refreshTokens.jti, jti),
    eq(refreshTokens.user_id, user.id),
    isNull(refreshTokens.revoked_at),
    gt(refreshTokens.expires_at, now),
  );
  return db.transaction(async (tx) => {
    const next = randomToken(18);
    // Claiming the rotation is one conditional update: of two simultaneous uses, one wins.
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ rotated_at: now, replaced_by: next })
      .where(and(live, isNull(refreshTokens.rotated_at)))
      .returning();
    if (claimed) {
      const family = claimed.family ?? claimed.jti;
      return {
        kind: 'rotated',
        ...(await recordRefresh(tx, key, user, now, {
          id: family,
          expires_at: claimed.family_expires_at ?? claimed.expires_at,
          jti: next,
        })),
      };
    }
    const [row] = await tx.select().from(refreshTokens).where(live).limit(1);
    if (!row?.rotated_at || !row.replaced_by) return { kind: 'refused' };
    const family = row.family ?? row.jti;
    if (now.getTime() - row.rotated_at.getTime() <= REUSE_GRACE_MS) {
      const [successor] = await tx.select().from(refreshTokens).where(eq(refreshTokens.jti, row.replaced_by)).limit(1);
      if (successor && !successor.rotated_at && !successor.revoked_at)
        return { kind: 'rotated', refresh: await signRefresh(key, user, successor), sid: family };
    }
    return { kind: 'reused', family };
  });
}

/** Ends every session of one sign-in (logout, or a stolen token's reuse). */
export async function revokeFamily(db: Queryable, family: string, now: Date): Promise<void> {
  forgetSessions();
  await db
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(and(or(eq(refreshTokens.family, family), eq(refreshTokens.jti, family)), isNull(refreshTokens.revoked_at)));
}

/** Ends the session a refresh token belongs to, whichever token of the family it is. */
export async function revokeRefresh(db: Queryable, jti: string, now: Date): Promise<void> {
  const [row] = await db.select({ family: refreshTokens.family }).from(refreshTokens).where(eq(refreshTokens.jti, jti)).limit(1);
  if (row) await revokeFamily(db, row.family ?? jti, now);
}

/**
 * Ends every session of these users: a teacher changed a child's password or archived them, a
 * staff password was reset, an account was deactivated. Nothing can be refreshed, and their
 * access tokens are refused here at once and by every other process within SESSION_CHECK_MS.
 */
export async function revokeUserSessions(db: Queryable, userIds: number[], now: Date): Promise<void> {
  if (!userIds.length) return;
  forgetSessions();
  await db
    .update(refreshTokens)
    .set({ revoked_at: now })
    .where(and(inArray(refreshTokens.user_id, userIds), isNull(refreshTokens.revoked_at)));
}
