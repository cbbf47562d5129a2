// One-time links sent by e-mail: password reset (also a new admin's first password) and
// invitations. Only a token's SHA-256 is stored, so the tables never hold a usable link.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { invitations, passwordResetTokens } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';

export const RESET_TTL_MS = 60 * 60_000;

/** Stores a reset token for the user and returns it. */
export async function createResetToken(db: Queryable, userId: number, now: Date, ttlMs = RESET_TTL_MS): Promise<string> {
  const token = randomToken();
  await db.insert(passwordResetTokens).values({ token_hash: sha256(token), user_id: userId, expires_at: new Date(now.getTime() + ttlMs) });
  return token;
}

export const resetLink = (origin: string, token: string) => `${origin}/password-reset-confirm?token=${encodeURIComponent(token)}`;

/** An invitation that is neither used nor expired. */
export async function openInvitation(db: Queryable, token: string, now: Date) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.token_hash, sha256(token)), isNull(invitations.accepted_at), gt(invitations.expires_at, now)))
    .limit(1);
  return row;
}

export async function markAccepted(db: Queryable, id: number, now: Date) {
  await db.update(invitations).set({ accepted_at: now }).where(eq(invitations.id, id));
}
