// The replay engine: sends the outbox to the API, in order per owner, exactly once.
//
// For each owner (oldest change first) it sends one entry at a time, with the entry's id as
// Idempotency-Key and the owner's own token, and acts on the answer:
//   2xx                     the entry is done: its on-success ops run and it leaves the queue;
//   network, 408, 429, 5xx  stop everything, try again later (Retry-After or backoff), order kept;
//   401                     refresh this owner's token once and resend; if the refresh is refused
//                           the owner's changes wait for them to sign in again;
//   409                     a conflict: flagged for the user, the next entry goes on;
//   other 4xx               failed with the server's message, flagged, the next entry goes on.
// An entry left "in flight" by a closed tab is simply sent again; the server answers a repeat
// with its first answer. When a signed-out owner's queue is empty, their session is revoked
// and their sync credential deleted. No DOM: this runs in pages and in the service worker.
import type { DeviceDatabase, OutboxRecord } from '@/data/db';
import { backoffDelay } from './backoff';
import { accessFor, refreshOwner, type CredentialDeps } from './credentials';
import { asLeader, type LockManagerLike } from './leader';
import { applyOps, isQuotaError, upgradeEntry } from './outbox';
import { classify, toRequest, type Answer } from './transport';

export interface EngineDeps extends CredentialDeps {
  locks?: LockManagerLike;
  now: () => number;
  random: () => number;
  isOnline: () => boolean;
  /** Called after each entry leaves the queue or fails, for progress displays. */
  onProgress?: (progress: { sent: number; failed: number }) => void;
}

export type DrainOutcome =
  /** Nothing due is left (some owners may be waiting to sign in again: `waitingOwners`). */
  | { kind: 'done'; waitingOwners: number[] }
  /** Something is due later: try again at `retryAt`. */
  | { kind: 'backoff'; retryAt: number; waitingOwners: number[] }
  | { kind: 'offline' }
  /** Another tab or the service worker is sending. */
  | { kind: 'busy' }
  | { kind: 'storage-full' };

export interface DrainReport {
  outcome: DrainOutcome;
  sent: number;
  failed: number;
}

const UNSENT = new Set(['pending', 'in_flight']);

type Step = 'next' | 'owner-waits' | { stopAll: number };

async function oldestUnsent(db: DeviceDatabase, ownerId: number): Promise<OutboxRecord | undefined> {
  const entry = await db.outbox
    .where('[owner_id+created_at]')
    .between([ownerId, -Infinity], [ownerId, Infinity])
    .filter((e) => UNSENT.has(e.status))
    .first();
  return entry && upgradeEntry(entry);
}

async function ownersWithUnsent(db: DeviceDatabase): Promise<number[]> {
  const entries = await db.outbox.orderBy('created_at').filter((e) => UNSENT.has(e.status)).toArray();
  return [...new Set(entries.map((e) => e.owner_id))];
}

async function transmit(deps: EngineDeps, entry: OutboxRecord, access: string | null): Promise<Answer> {
  try {
    return await classify(await deps.fetch(toRequest(deps.baseUrl, entry, access)), deps.now());
  } catch (err) {
    const timedOut = (err as { name?: string }).name === 'TimeoutError';
    return { kind: 'transient', message: timedOut ? 'The server took too long to answer.' : 'No connection to the server.' };
  }
}

async function sendOne(deps: EngineDeps, entry: OutboxRecord, report: DrainReport): Promise<Step> {
  const { db } = deps;
  const credential = await accessFor(db, entry.owner_id);
  if (credential.blocked) return 'owner-waits';
  let access = credential.access;
  await db.outbox.update(entry.id, { status: 'in_flight', attempts: entry.attempts + 1 });

  let answer: Answer = access ? await transmit(deps, entry, access) : { kind: 'unauthorized' };
  if (answer.kind === 'unauthorized') {
    const refreshed = await refreshOwner(deps, entry.owner_id, access);
    if (refreshed.kind === 'ok') {
      access = refreshed.access;
      answer = await transmit(deps, entry, access);
    } else if (refreshed.kind === 'unreachable') {
      answer = { kind: 'transient', message: 'No connection to the server.' };
    }
    if (refreshed.kind === 'refused' || answer.kind === 'unauthorized') {
      await db.credentials.update(entry.owner_id, { blocked: true, access: null });
      await db.outbox.update(entry.id, { status: 'pending', last_error: 'Waiting for you to sign in again.' });
      return 'owner-waits';
    }
  }

  switch (answer.kind) {
    case 'ok':
      await db.transaction('rw', [db.outbox, db.cart, db.classes, db.students, db.books, db.user], async () => {
        // A stale leader may have finished this entry already: then there is nothing to do.
        if (!(await db.outbox.get(entry.id))) return;
        await applyOps(db, entry.on_success);
        await db.outbox.delete(entry.id);
      });
      report.sent++;
      return 'next';
    case 'rejected':
    case 'conflict':
      await db.outbox.update(entry.id, { status: answer.kind === 'conflict' ? 'conflict' : 'failed', last_error: answer.message });
      report.failed++;
      return 'next';
    case 'transient': {
      const retryAt = deps.now() + Math.max(answer.retryAfterMs ?? 0, backoffDelay(entry.attempts + 1, deps.random));
      await db.outbox.update(entry.id, { status: 'pending', next_attempt_at: retryAt, last_error: answer.message });
      return { stopAll: retryAt };
    }
    default:
      throw new Error('An unauthorized answer outlived its refresh.');
  }
}

/** Revokes and forgets the credentials of signed-out owners whose changes are all sent. */
async function releaseDrainedOwners(deps: EngineDeps): Promise<void> {
  const signedOut = await deps.db.credentials.filter((c) => c.signed_out).toArray();
  for (const credential of signedOut) {
    if (await oldestUnsent(deps.db, credential.owner_id)) continue;
    try {
      const res = await deps.fetch(
        new Request(`${deps.baseUrl}/auth/logout/`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ refresh: credential.refresh }),
        }),
      );
      if (res.ok || (res.status >= 400 && res.status < 500)) await deps.db.credentials.delete(credential.owner_id);
    } catch {
      /* offline: revoked on a later drain */
    }
  }
}

/** Sends everything that is due, as the browser's one sender. */
export async function drain(deps: EngineDeps): Promise<DrainReport> {
  const report: DrainReport = { outcome: { kind: 'done', waitingOwners: [] }, sent: 0, failed: 0 };
  if (!deps.isOnline()) return { ...report, outcome: { kind: 'offline' } };
  try {
    const led = await asLeader(deps, async (heartbeat): Promise<DrainOutcome> => {
      const waiting = new Set<number>();
      let retryAt = Infinity;
      for (let progress = true; progress; ) {
        progress = false;
        for (const owner of await ownersWithUnsent(deps.db)) {
          if (waiting.has(owner)) continue;
          for (;;) {
            const entry = await oldestUnsent(deps.db, owner);
            if (!entry) break;
            if (entry.next_attempt_at > deps.now()) {
              retryAt = Math.min(retryAt, entry.next_attempt_at);
              break; // this owner's order holds: nothing after it goes first
            }
            await heartbeat();
            const step = await sendOne(deps, entry, report);
            deps.onProgress?.({ sent: report.sent, failed: report.failed });
            if (step === 'owner-waits') {
              waiting.add(owner);
              break;
            }
            if (step !== 'next') {
              const offline = !deps.isOnline();
              return offline ? { kind: 'offline' } : { kind: 'backoff', retryAt: step.stopAll, waitingOwners: [...waiting] };
            }
            progress = true;
          }
        }
      }
      await releaseDrainedOwners(deps);
      return retryAt < Infinity ? { kind: 'backoff', retryAt, waitingOwners: [...waiting] } : { kind: 'done', waitingOwners: [...waiting] };
    });
    return { ...report, outcome: led === 'busy' ? { kind: 'busy' } : led };
  } catch (err) {
    if (isQuotaError(err)) return { ...report, outcome: { kind: 'storage-full' } };
    throw err;
  }
}
