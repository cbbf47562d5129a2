// Hygiene: forgets what has outlived its use. One job, run at start and then daily by every API
// process; each step is one idempotent statement of its own (no transaction spans them), so two
// processes pruning at once only find less to do, and requests interleave with it.
//   rate_limits            counters whose window ended a day ago and that lock nothing
//   refresh_tokens         past their expiry (revoked ones are kept until then: a reused
//                          revoked token must still be recognised)
//   community_sessions     past their expiry
//   password_reset_tokens  past their expiry
//   invitations            past their expiry
//   idempotency_keys       past their retention (RETENTION_DAYS, at least 30 days)
//   email_outbox           bodies of mail that was sent, whose link expired, that was given up
//                          or is older than a week are emptied; such rows go after 30 days
//   tenants                registrations never confirmed within REGISTRATION_CONFIRM_DAYS
//                          (domains/schools/lapsed-registrations.ts), with their logo
import { and, isNotNull, lt, lte, ne, or, isNull, gte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { communitySessions, emailOutbox, invitations, passwordResetTokens, rateLimits, refreshTokens } from '../db/schema';
import type { Deps } from '../http/env';
import { pruneIdempotencyKeys } from '../http/idempotency';
import { logger as processLogger } from '../log';
import { MAX_ATTEMPTS } from '../domains/mail/outbox';
import { removeLapsedRegistrations } from '../domains/schools/lapsed-registrations';
import { openFileStore } from '../providers/storage/open';
import type { FileStore } from '../providers/storage/storage';

const DAY_MS = 24 * 3600_000;
/** A rate-limit row this long past its window's start counts nothing any more. */
export const RATE_LIMIT_KEEP_MS = DAY_MS;
/** No e-mail link lives longer than this (a welcome or invitation link: 7 days). */
export const MAIL_BODY_MAX_AGE_MS = 7 * DAY_MS;
/** A finished mail's envelope (to, subject, when, errors) stays this long, for support. */
export const MAIL_ENVELOPE_KEEP_MS = 30 * DAY_MS;

const TABLES = [
  'rate_limits',
  'refresh_tokens',
  'community_sessions',
  'password_reset_tokens',
  'invitations',
  'idempotency_keys',
  'email_bodies',
  'email_outbox',
  'lapsed_registrations',
] as const;
/** How many rows each step removed (email_bodies: bodies emptied). */
export type PruneCounts = Record<(typeof TABLES)[number], number>;

/** How lapsed registrations are found and where their logos are (default: 3 days, files in the database). */
export interface PruneOptions {
  confirmDays: number;
  storage: FileStore;
}

export async function pruneExpired(
  db: Db,
  now: Date,
  options: PruneOptions = { confirmDays: 3, storage: openFileStore(undefined) },
): Promise<PruneCounts> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  const counts = Object.fromEntries(TABLES.map((t) => [t, 0])) as PruneCounts;
  counts.rate_limits = await count(
    db
      .delete(rateLimits)
      .where(
        and(
          lt(rateLimits.window_started_at, ago(RATE_LIMIT_KEEP_MS)),
          or(isNull(rateLimits.locked_until), lt(rateLimits.locked_until, now)),
        ),
      )
      .returning({ key: rateLimits.key }),
  );
  counts.refresh_tokens = await count(
    db.delete(refreshTokens).where(lt(refreshTokens.expires_at, now)).returning({ jti: refreshTokens.jti }),
  );
  counts.community_sessions = await count(
    db.delete(communitySessions).where(lt(communitySessions.expires_at, now)).returning({ t: communitySessions.token_hash }),
  );
  counts.password_reset_tokens = await count(
    db.delete(passwordResetTokens).where(lt(passwordResetTokens.expires_at, now)).returning({ t: passwordResetTokens.token_hash }),
  );
  counts.invitations = await count(db.delete(invitations).where(lt(invitations.expires_at, now)).returning({ id: invitations.id }));
  counts.idempotency_keys = await pruneIdempotencyKeys(db, now);

  // Mail that will never be sent (again): sent, link expired, given up, or older than any link.
  const finished = or(
    isNotNull(emailOutbox.sent_at),
    lte(emailOutbox.expires_at, now),
    gte(emailOutbox.attempts, MAX_ATTEMPTS),
    lt(emailOutbox.created_at, ago(MAIL_BODY_MAX_AGE_MS)),
  );
  counts.email_bodies = await count(
    db
      .update(emailOutbox)
      .set({ text: '', html: null })
      .where(and(finished, or(ne(emailOutbox.text, ''), isNotNull(emailOutbox.html))))
      .returning({ id: emailOutbox.id }),
  );
  counts.email_outbox = await count(
    db
      .delete(emailOutbox)
      .where(and(finished, lt(emailOutbox.created_at, ago(MAIL_ENVELOPE_KEEP_MS))))
      .returning({ id: emailOutbox.id }),
  );
  counts.lapsed_registrations = (await removeLapsedRegistrations(db, options.storage, now, options.confirmDays)).length;
  return counts;
}

/** Prunes now and then every `everyMs` (a day); the returned function stops it. Never throws. */
export function startPruning(deps: Pick<Deps, 'database' | 'now' | 'log' | 'config' | 'storage'>, everyMs = DAY_MS): () => void {
  const log = deps.log ?? processLogger;
  const options = { confirmDays: deps.config.registrationConfirmDays, storage: deps.storage ?? openFileStore(deps.config.storage) };
  const run = () =>
    void pruneExpired(deps.database.db, deps.now(), options).then(
      (counts) => log.info({ job: 'prune', removed: counts }, 'pruned expired rows'),
      (err: unknown) => log.error({ job: 'prune', err }, 'pruning failed'),
    );
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
