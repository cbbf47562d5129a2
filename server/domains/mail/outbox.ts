// The e-mail outbox: mail is written to email_outbox in the same transaction as its cause
// (a reset token, an invitation, a registration), so nothing is sent for work that rolled back
// and nothing is lost if the process stops. With SMTP_URL set, a mailer hands the outbox to the
// SMTP server (nodemailer, services/smtp.ts) and records what was sent; without it the mail
// simply waits in the table until its link expires.
//
// Sending never happens inside a database transaction: a mailer claims one message with a single
// statement (a lease in `claimed_until`, so other processes skip it), sends it with no
// transaction open, then records the outcome. A slow or stalled mail server therefore holds no
// lock and no connection. A failed message is tried again after 2, 8, 32 and 128 minutes
// (MAX_ATTEMPTS in all); a message whose link has expired is not sent. Once sent, its body is
// emptied: a working reset or invitation link is never kept.
import { and, asc, eq, gt, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db, Queryable } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import type { AppEnv, Deps } from '../../http/env';
import { logger as processLogger } from '../../log';
import { smtpSender, type Mail } from '../../providers/mail/smtp';

type MailerDeps = Pick<Deps, 'database' | 'config' | 'now' | 'log'>;

/** A message that failed this often stays in the outbox for a person to look at. */
export const MAX_ATTEMPTS = 5;

/** A claimed message is someone else's for this long (one send's timeouts, with room to spare). */
export const CLAIM_MS = 5 * 60_000;

/** How long after its `attempts`-th failure a message is tried again: 2, 8, 32, 128 minutes. */
export function retryDelayMs(attempts: number): number {
  return 2 * 60_000 * 4 ** Math.max(0, attempts - 1);
}

/**
 * Queues a message in the caller's transaction. `expires_at`: when the link it carries stops
 * working; after that it is not sent and its body is emptied.
 */
export async function queueEmail(db: Queryable, mail: Mail & { tenant_id: number | null; expires_at: Date | null }): Promise<void> {
  await db.insert(emailOutbox).values({
    tenant_id: mail.tenant_id,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    expires_at: mail.expires_at,
  });
}

/**
 * The site a link in an e-mail should open: this request's school site, or the school with the
 * given subdomain, or the platform. Built from PUBLIC_URL, never from the request's Host
 * header, so a forged Host cannot send a reset link to someone else's server.
 */
export function siteOrigin(c: Context<AppEnv>, subdomain?: string): string {
  const site = new URL(c.var.deps.config.publicUrl.origin);
  const school = subdomain ?? c.var.tenant?.subdomain;
  if (school) site.hostname = `${school}.${site.hostname}`;
  return site.origin;
}

/** Claims the oldest message due now, in one statement (no transaction stays open). */
async function claimNext(db: Db, now: Date): Promise<typeof emailOutbox.$inferSelect | undefined> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sent_at),
        lt(emailOutbox.attempts, MAX_ATTEMPTS),
        or(isNull(emailOutbox.expires_at), gt(emailOutbox.expires_at, now)),
        or(isNull(emailOutbox.next_attempt_at), lte(emailOutbox.next_attempt_at, now)),
        or(isNull(emailOutbox.claimed_until), lte(emailOutbox.claimed_until, now)),
      ),
    )
    .orderBy(asc(emailOutbox.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(emailOutbox)
    .set({ claimed_until: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(emailOutbox.id, due))
    .returning();
  return row;
}

/**
 * Sends what is due, oldest first, up to `batch` messages; returns how many were sent. Each is
 * claimed, sent with no transaction open, and its outcome recorded (see the header).
 */
export async function deliverPending(deps: MailerDeps, batch = 20): Promise<number> {
  const smtpUrl = deps.config.smtpUrl;
  if (!smtpUrl) return 0;
  const db = deps.database.db;
  let sender: ReturnType<typeof smtpSender> | undefined;
  let sent = 0;
  try {
    for (let i = 0; i < batch; i++) {
      const row = await claimNext(db, deps.now());
      if (!row) break;
      sender ??= smtpSender(smtpUrl);
      const failure = await sender.send(row).then(
        () => null,
        (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500),
      );
      const attempts = row.attempts + 1;
      const mine = and(eq(emailOutbox.id, row.id), eq(emailOutbox.claimed_until, row.claimed_until!));
      if (failure === null) {
        // Sent: only the envelope stays (for support), never the body with its link.
        await db
          .update(emailOutbox)
          .set({ sent_at: deps.now(), attempts, last_error: null, claimed_until: null, text: '', html: null })
          .where(mine);
        sent++;
      } else {
        const retry = attempts < MAX_ATTEMPTS ? new Date(deps.now().getTime() + retryDelayMs(attempts)) : null;
        await db.update(emailOutbox).set({ attempts, last_error: failure, next_attempt_at: retry, claimed_until: null }).where(mine);
        (deps.log ?? processLogger).warn({ email: row.id, attempts, error: failure }, 'e-mail not sent');
      }
    }
  } finally {
    sender?.close();
  }
  return sent;
}

/** Per database: the delivery running, and whether mail arrived meanwhile (run once more). */
const deliveries = new WeakMap<object, { again: boolean; done: Promise<void> }>();

/** Starts a delivery in the background (after a request queued mail); never throws. */
export function kickMailer(deps: MailerDeps): void {
  if (!deps.config.smtpUrl) return;
  const running = deliveries.get(deps.database);
  if (running) {
    running.again = true;
    return;
  }
  const state = { again: false, done: Promise.resolve() };
  deliveries.set(deps.database, state);
  state.done = deliverPending(deps)
    .then(
      () => undefined,
      (err: unknown) => (deps.log ?? processLogger).error({ err }, 'sending e-mail failed'),
    )
    .finally(() => {
      deliveries.delete(deps.database);
      if (state.again) kickMailer(deps);
    });
}

/**
 * Retries the outbox every `everyMs` while the server runs (only with SMTP configured). The
 * returned stop ends the timer and resolves once a delivery under way has finished.
 */
export function startMailer(deps: MailerDeps, everyMs = 60_000): () => Promise<void> {
  if (!deps.config.smtpUrl) return async () => {};
  kickMailer(deps);
  const timer = setInterval(() => kickMailer(deps), everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    // A delivery may chain another (`again`): wait until none is running.
    for (let running = deliveries.get(deps.database); running; running = deliveries.get(deps.database)) {
      running.again = false;
      await running.done;
    }
  };
}
