// A queue kept in a table and worked in the background with leases: the e-mail outbox and the
// print jobs are two of them. A worker claims one due row with a single statement (FOR UPDATE
// SKIP LOCKED, then `claimed_until` set a lease ahead), does the slow part (an SMTP send, a call
// to the print provider) with no transaction open, and records the outcome only while the lease
// is still its own (`stillMine`). So no lock or connection is held while an outside service is
// slow, two processes never work one row at once, and a worker that dies leaves its row to be
// claimed again once the lease runs out.
//
// `queueWorker` runs such work in the background: a kick after a request committed (several
// kicks while one run is under way make one more run, not many), a timer for retries, and a stop
// that waits for the run under way.
import { and, asc, eq, inArray, lte, or, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { logger as processLogger, type Logger } from '../log';
import type { Db } from './client';

/** The columns every leased queue's table has. */
interface LeasedColumns {
  id: PgColumn;
  claimed_until: PgColumn;
}

export interface LeasedQueue<Row> {
  /** Claims the oldest due row for `leaseMs`, in one statement; undefined when none is due. */
  claim(db: Db, now: Date): Promise<Row | undefined>;
  /** The claimed row, while the lease taken with it is still the claimer's. */
  stillMine(row: Row): SQL;
}

export function leasedQueue<T extends PgTable & LeasedColumns>(
  table: T,
  options: {
    /** How long a claimed row is the claimer's (one piece of work's timeouts, with room to spare). */
    leaseMs: number;
    /** The rows waiting for work now (besides not being claimed by anyone else). */
    due: (now: Date) => SQL | undefined;
  },
): LeasedQueue<T['$inferSelect']> {
  type Row = T['$inferSelect'] & { id: number; claimed_until: Date | null };
  // Drizzle cannot follow a generic table through update().set(); the columns are checked above.
  const loose = table as unknown as typeof table & { [k: string]: never };
  return {
    async claim(db, now) {
      const due = db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(and(options.due(now), or(isNull(table.claimed_until), lte(table.claimed_until, now))))
        .orderBy(asc(table.id))
        .limit(1)
        .for('update', { skipLocked: true });
      const rows = (await db
        .update(loose)
        .set({ claimed_until: new Date(now.getTime() + options.leaseMs) } as never)
        .where(inArray(table.id, due))
        .returning()) as unknown as T['$inferSelect'][];
      return rows[0];
    },
    stillMine(row) {
      const claimed = row as Row;
      return and(eq(table.id, claimed.id), eq(table.claimed_until, claimed.claimed_until!))!;
    },
  };
}

interface WorkerDeps {
  database: object;
  log?: Logger;
}

/**
 * Background runs of `work` per database: `kick` starts one now (or one more after the run under
 * way), `start` kicks at once and then every `everyMs`, `idle` resolves once no run is under way.
 * `enabled` says whether there is anything to run at all (a mailer without SMTP_URL has not).
 */
export function queueWorker<D extends WorkerDeps>(
  work: (deps: D) => Promise<unknown>,
  options: { failure: string; enabled?: (deps: D) => boolean },
) {
  const enabled = options.enabled ?? (() => true);
  /** Per database: the run under way, and whether work arrived meanwhile (run once more). */
  const runs = new WeakMap<object, { again: boolean; done: Promise<void> }>();

  function kick(deps: D): void {
    if (!enabled(deps)) return;
    const running = runs.get(deps.database);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false, done: Promise.resolve() };
    runs.set(deps.database, state);
    state.done = work(deps)
      .then(
        () => undefined,
        (err: unknown) => (deps.log ?? processLogger).error({ err }, options.failure),
      )
      .finally(() => {
        runs.delete(deps.database);
        if (state.again) kick(deps);
      });
  }

  async function idle(database: object): Promise<void> {
    for (let running = runs.get(database); running; running = runs.get(database)) await running.done;
  }

  function start(deps: D, everyMs: number): () => Promise<void> {
    if (!enabled(deps)) return async () => {};
    kick(deps);
    const timer = setInterval(() => kick(deps), everyMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      // A run may chain another (`again`): wait until none is running.
      for (let running = runs.get(deps.database); running; running = runs.get(deps.database)) {
        running.again = false;
        await running.done;
      }
    };
  }

  return { kick, idle, start };
}
