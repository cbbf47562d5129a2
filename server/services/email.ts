// The e-mail outbox: mail is written to email_outbox in the same transaction as its cause
// (a reset token, an invitation, a registration), so nothing is sent for work that rolled back
// and nothing is lost if the process stops. With SMTP_URL set, a mailer hands the outbox to the
// SMTP server and records what was sent; without it the mail simply waits in the table.
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Queryable } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { AppEnv, Deps } from '../http/env';
import { sendMail, type Mail } from './smtp';

/** A message that failed this often stays in the outbox for a person to look at. */
export const MAX_ATTEMPTS = 5;

export async function queueEmail(db: Queryable, mail: Mail & { tenant_id: number | null }): Promise<void> {
  await db.insert(emailOutbox).values({ tenant_id: mail.tenant_id, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null });
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

/**
 * Sends what is waiting, oldest first. Rows are locked while they are sent (SKIP LOCKED), so
 * several API processes never send the same message twice. Returns how many were sent.
 */
export async function deliverPending(deps: Pick<Deps, 'database' | 'config' | 'now'>, batch = 20): Promise<number> {
  const smtpUrl = deps.config.smtpUrl;
  if (!smtpUrl) return 0;
  return deps.database.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(emailOutbox)
      .where(and(isNull(emailOutbox.sent_at), lt(emailOutbox.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(emailOutbox.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    let sent = 0;
    for (const row of rows) {
      try {
        await sendMail(smtpUrl, row);
        await tx.update(emailOutbox).set({ sent_at: deps.now(), attempts: row.attempts + 1, last_error: null }).where(eq(emailOutbox.id, row.id));
        sent++;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await tx.update(emailOutbox).set({ attempts: row.attempts + 1, last_error: message.slice(0, 500) }).where(eq(emailOutbox.id, row.id));
      }
    }
    return sent;
  });
}

/** Per database: a delivery is running, and whether mail arrived meanwhile (run once more). */
const deliveries = new WeakMap<object, { again: boolean }>();

/** Starts a delivery in the background (after a request queued mail); never throws. */
export function kickMailer(deps: Pick<Deps, 'database' | 'config' | 'now'>): void {
  if (!deps.config.smtpUrl) return;
  const running = deliveries.get(deps.database);
  if (running) {
    running.again = true;
    return;
  }
  const state = { again: false };
  deliveries.set(deps.database, state);
  void deliverPending(deps)
    .catch((err) => console.error('Sending e-mail failed:', err))
    .finally(() => {
      deliveries.delete(deps.database);
      if (state.again) kickMailer(deps);
    });
}

/** Retries the outbox every `everyMs` while the server runs (only with SMTP configured). */
export function startMailer(deps: Pick<Deps, 'database' | 'config' | 'now'>, everyMs = 60_000): () => void {
  if (!deps.config.smtpUrl) return () => {};
  kickMailer(deps);
  const timer = setInterval(() => kickMailer(deps), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
