// Printed copies, from payment to the doorstep. An order of books is a printed copy of each book;
// its print status (orders.print_status, the spec's peecho_status) moves one step at a time:
//
//   open ─(our payment succeeds)→ paid ─(provider callbacks)→ queued_for_processing → printed → shipped
//
// The payment's transaction writes the order's print job (queuePrintJob), so a paid order always
// has one. A printer run (runPrintJobs, in the background like the mailer: both are leased
// queues, db/leased-queue.ts) claims due jobs with a lease, calls the provider with no transaction open, and records the
// outcome: the provider's reference, or the failure (attempts, last_error) and when to try again
// (1, 4, 16, 64 minutes, then every 4 hours: a print job is never given up, the platform admin
// sees its error on the order). The provider's callbacks (applyPrintEvent) are verified by the
// route (signature and time) and here: the event must name the job's own reference and order,
// must be new (its id is recorded in the same transaction as the step), and must be the next step.
import { and, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { leasedQueue, queueWorker } from '../../db/leased-queue';
import { orderItems, orders, printEvents, printJobs } from '../../db/schema';
import type { Deps } from '../../http/env';
import { logger as processLogger } from '../../log';
import { CALLBACK_STATUSES, type PrintEvent, type PrintProvider } from '../../providers/print/provider';
import { sandboxPrinter } from '../../providers/print/sandbox';

type PrinterDeps = Pick<Deps, 'database' | 'config' | 'keys' | 'now' | 'log' | 'printProvider'>;

/** A claimed job is the claimer's for this long (one call's timeouts, with room to spare). */
export const CLAIM_MS = 5 * 60_000;

/** How long after its `attempts`-th failure a job is tried again: 1, 4, 16, 64 minutes, then 4 hours. */
export function printRetryDelayMs(attempts: number): number {
  return Math.min(60_000 * 4 ** Math.max(0, attempts - 1), 4 * 3_600_000);
}

/** The configured provider: the injected one, else the sandbox where it is on, else none. */
export function printProviderOf(deps: Pick<Deps, 'config' | 'keys' | 'printProvider'>): PrintProvider | null {
  if (deps.printProvider) return deps.printProvider;
  return deps.config.printSandbox ? sandboxPrinter(deps.keys.master) : null;
}

/** Queues the order's print job in the caller's transaction (once per order). */
export async function queuePrintJob(db: Queryable, orderId: number): Promise<void> {
  await db.insert(printJobs).values({ order_id: orderId }).onConflictDoNothing();
}

/** Jobs due now: not yet accepted by the provider, their retry time come. */
const jobs = leasedQueue(printJobs, {
  leaseMs: CLAIM_MS,
  due: (now) => and(isNull(printJobs.submitted_at), or(isNull(printJobs.next_attempt_at), lte(printJobs.next_attempt_at, now))),
});

/** Hands due jobs to the provider, oldest first, up to `batch`; answers how many it accepted. */
export async function runPrintJobs(deps: PrinterDeps, batch = 20): Promise<number> {
  const provider = printProviderOf(deps);
  if (!provider) return 0;
  const db = deps.database.db;
  let accepted = 0;
  for (let i = 0; i < batch; i++) {
    const job = await jobs.claim(db, deps.now());
    if (!job) break;
    const [order] = await db
      .select({ currency: orders.currency, email: orders.email, address: orders.delivery_address })
      .from(orders)
      .where(eq(orders.id, job.order_id));
    const items = await db
      .select({ book_id: orderItems.book_id, title: orderItems.title })
      .from(orderItems)
      .where(eq(orderItems.order_id, job.order_id));
    const outcome = await provider
      .submit({
        order_id: job.order_id,
        currency: order?.currency ?? 'USD',
        email: order?.email ?? null,
        address: order?.address ?? null,
        items: items.map((it) => ({ ...it, copies: 1 })),
      })
      .then(
        (r) => ({ ref: r.ref, error: null }),
        (err: unknown) => ({
          ref: null,
          error: (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'The print provider failed.',
        }),
      );
    const attempts = job.attempts + 1;
    const mine = jobs.stillMine(job);
    if (outcome.ref) {
      await db
        .update(printJobs)
        .set({
          provider_ref: outcome.ref,
          submitted_at: deps.now(),
          attempts,
          last_error: null,
          next_attempt_at: null,
          claimed_until: null,
        })
        .where(mine);
      accepted++;
    } else {
      const retry = new Date(deps.now().getTime() + printRetryDelayMs(attempts));
      await db.update(printJobs).set({ attempts, last_error: outcome.error, next_attempt_at: retry, claimed_until: null }).where(mine);
      (deps.log ?? processLogger).warn(
        { print_job: job.id, order: job.order_id, attempts, error: outcome.error },
        'print job not accepted',
      );
    }
  }
  return accepted;
}

const printer = queueWorker((deps: PrinterDeps) => runPrintJobs(deps), { failure: 'print jobs failed' });

/** Starts a printer run in the background (after a payment); never throws. */
export const kickPrinter = (deps: PrinterDeps): void => printer.kick(deps);

/** Resolves once no printer run is under way on this database (tests, shutdown). */
export const printerIdle = (database: object): Promise<void> => printer.idle(database);

/** Retries due print jobs every `everyMs` while the server runs; the stop waits for a run under way. */
export function startPrinter(deps: PrinterDeps, everyMs = 60_000): () => Promise<void> {
  return printProviderOf(deps) ? printer.start(deps, everyMs) : async () => {};
}

export type EventAnswer =
  | { kind: 'applied'; status: PrintEvent['status'] }
  | { kind: 'unknown' }
  | { kind: 'other-order' }
  | { kind: 'replayed' }
  | { kind: 'out-of-order'; current: string | null };

/** Applies one verified callback (see the header); on any refusal nothing changes. */
export async function applyPrintEvent(db: Queryable, event: PrintEvent, tenantId: number | null | undefined): Promise<EventAnswer> {
  const [job] = await db
    .select({ order_id: printJobs.order_id, tenant_id: orders.tenant_id })
    .from(printJobs)
    .innerJoin(orders, eq(orders.id, printJobs.order_id))
    .where(and(eq(printJobs.provider_ref, event.provider_ref), isNotNull(printJobs.submitted_at)))
    .limit(1);
  // On a school's site, another school's order is not there at all.
  if (!job || (tenantId !== undefined && tenantId !== null && job.tenant_id !== tenantId)) return { kind: 'unknown' };
  if (job.order_id !== event.order_id) return { kind: 'other-order' };
  const step = CALLBACK_STATUSES.indexOf(event.status);
  const previous = step === 0 ? 'paid' : CALLBACK_STATUSES[step - 1]!;
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(printEvents)
      .values({ event_id: event.event_id, order_id: job.order_id, status: event.status })
      .onConflictDoNothing()
      .returning({ id: printEvents.event_id });
    if (!fresh.length) return { kind: 'replayed' } as const;
    const moved = await tx
      .update(orders)
      .set({ print_status: event.status, updated_at: sql`now()` })
      .where(and(eq(orders.id, job.order_id), eq(orders.print_status, previous)))
      .returning({ id: orders.id });
    if (!moved.length) {
      const [current] = await tx.select({ print_status: orders.print_status }).from(orders).where(eq(orders.id, job.order_id));
      // Undo the event's record too: the provider may send it again once the step before arrives.
      await tx.delete(printEvents).where(eq(printEvents.event_id, event.event_id));
      return { kind: 'out-of-order', current: current?.print_status ?? null } as const;
    }
    return { kind: 'applied', status: event.status } as const;
  });
}
