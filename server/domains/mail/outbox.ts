// The e-mail outbox: mail is written to email_outbox in the same transaction as its cause
// (a reset token, an invitation, a registration), so nothing is sent for work that rolled back
// and nothing is lost if the process stops. With SMTP_URL set, a mailer hands the outbox to the
// SMTP server (nodemailer, server/providers/mail/smtp.ts) and records what was sent; without it the mail
// simply waits in the table until its link expires.
//
// Sending never happens inside a database transaction: the outbox is a leased queue
// (db/leased-queue.ts): a mailer claims one message with a single statement (a lease in
// `claimed_until`, so other processes skip it), sends it with no transaction open, then records
// the outcome. A slow or stalled mail server therefore holds no
// lock and no connection. A failed message is tried again after 2, 8, 32 and 128 minutes
// (MAX_ATTEMPTS in all); a message whose link has expired is not sent. Once sent, its body is
// emptied: a working reset or invitation link is never kept.
import { and, gt, isNull, lt, lte, or } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Queryable } from '../../db/client';
import { leasedQueue, queueWorker } from '../../db/leased-queue';
import { emailOutbox, type TenantRow } from '../../db/schema';
import { ownDomainHost } from '../../http/own-domain';
import type { Config } from '../../config';
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

/** What decides a school's address: its subdomain, and its own domain once verified. */
export type SchoolSite = Pick<TenantRow, 'subdomain' | 'domain_url' | 'domain_host'>;

/**
 * The site a link in an e-mail should open: this request's school site, or the given school
 * (a row, or a subdomain: a school just registered), or the platform. A school's own domain once
 * it is verified and still its Domain URL's host (as the request lookup serves it, context.ts),
 * otherwise `<subdomain>.<platform host>`. Built from PUBLIC_URL (its scheme and port) and the
 * database, never from the request's Host header, so a forged Host cannot send a reset link to
 * someone else's server.
 */
export function siteOrigin(c: Context<AppEnv>, school: SchoolSite | string | null = c.get('tenant')): string {
  return schoolOrigin(c.get('deps').config, school);
}

/** The same for work done outside a request (a background job's mail). */
export function schoolOrigin(config: Pick<Config, 'platformHosts' | 'publicUrl'>, school: SchoolSite | string | null | undefined): string {
  const site = new URL(config.publicUrl.origin);
  if (typeof school === 'string') site.hostname = `${school}.${site.hostname}`;
  else if (school?.domain_host && ownDomainHost(school.domain_url, config) === school.domain_host) site.hostname = school.domain_host;
  else if (school) site.hostname = `${school.subdomain}.${site.hostname}`;
  return site.origin;
}

/** Messages due now: unsent, not given up, their link still working, their retry time come. */
const outbox = leasedQueue(emailOutbox, {
  leaseMs: CLAIM_MS,
  due: (now) =>
    and(
      isNull(emailOutbox.sent_at),
      lt(emailOutbox.attempts, MAX_ATTEMPTS),
      or(isNull(emailOutbox.expires_at), gt(emailOutbox.expires_at, now)),
      or(isNull(emailOutbox.next_attempt_at), lte(emailOutbox.next_attempt_at, now)),
    ),
});

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
      const row = await outbox.claim(db, deps.now());
      if (!row) break;
      sender ??= smtpSender(smtpUrl);
      const failure = await sender.send(row).then(
        () => null,
        (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500),
      );
      const attempts = row.attempts + 1;
      const mine = outbox.stillMine(row);
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

const mailer = queueWorker((deps: MailerDeps) => deliverPending(deps), {
  failure: 'sending e-mail failed',
  enabled: (deps) => Boolean(deps.config.smtpUrl),
});

/** Starts a delivery in the background (after a request queued mail); never throws. */
export const kickMailer = (deps: MailerDeps): void => mailer.kick(deps);

/**
 * Retries the outbox every `everyMs` while the server runs (only with SMTP configured). The
 * returned stop ends the timer and resolves once a delivery under way has finished.
 */
export const startMailer = (deps: MailerDeps, everyMs = 60_000): (() => Promise<void>) => mailer.start(deps, everyMs);
