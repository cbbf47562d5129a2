// The background jobs every API process runs beside its requests: the mailer (e-mail outbox), the
// printer (paid orders to the print provider), the subscription renewals and the pruning. These
// jobs, and the request middleware, are the only code that holds the ROOT database handle
// (`Deps.database`): a job is no request, so it has no request's handle, and each of its steps is
// a statement or a short transaction of its own. Routes never see the root handle (http/env.ts).
import type { Deps, Kicks } from '../http/env';
import { kickPrinter, startPrinter } from '../domains/commerce/print-jobs';
import { startRenewals } from '../domains/commerce/subscriptions';
import { reconcilePayments, renewalCharge } from '../domains/commerce/gateway';
import { logger as processLogger } from '../log';
import { kickMailer, startMailer } from '../domains/mail/outbox';
import { startPruning } from './prune';

/** What a request may wake once it has committed: the mailer (mail queued) and the printer (an order paid). */
export function jobKicks(deps: Deps): Kicks {
  return { kickMailer: () => kickMailer(deps), kickPrinter: () => kickPrinter(deps) };
}

/** Starts every job; the answer stops them, waiting for a delivery or a print run under way. */
export function startJobs(deps: Deps): () => Promise<void> {
  const stopMailer = startMailer(deps);
  // Paid orders go to the print provider; a failed hand-over is retried with backoff.
  const stopPrinter = startPrinter(deps);
  // Expired tokens, sessions, counters, links and sent mail bodies go: at start, then daily.
  const stopPruning = startPruning(deps);
  // Subscriptions due are renewed (or moved to past_due, or ended): at start, then hourly.
  const stopRenewals = startRenewals(deps, renewalCharge(deps));
  // Payments pending at a real provider are settled by asking it: every minute.
  const stopReconciling = startReconciling(deps);
  return async () => {
    stopReconciling();
    stopPruning();
    stopRenewals();
    await stopMailer();
    await stopPrinter();
  };
}

/** Runs the payments' reconciliation (domains/commerce/gateway.ts) every `everyMs`; the answer stops it. */
function startReconciling(deps: Deps, everyMs = 60_000): () => void {
  const log = deps.log ?? processLogger;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void reconcilePayments(deps, deps.now())
      .then(
        (counts) => counts.asked && log.info({ job: 'reconcile-payments', ...counts }, 'pending payments asked about'),
        (err: unknown) => log.error({ job: 'reconcile-payments', err }, 'reconciling payments failed'),
      )
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
