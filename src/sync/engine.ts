// The replay engine: sends the outbox to the API, in order per owner, exactly once.
//
// A few owners at a time (OWNERS_AT_ONCE; a class tablet back online has 30 children's queues),
// oldest first, it sends each owner's changes strictly in order, several to a
// batch request when they can travel together, each with its id as Idempotency-Key and the
// owner's own token, and acts on each answer:
//   2xx                     the entry is done: its on-success ops run and it leaves the queue;
//   network, 408, 429, 5xx  stop everything, try again later (Retry-After or backoff), order kept;
//   401                     refresh this owner's token once and resend; if the refresh is refused
//                           the owner's changes wait for them to sign in again;
//   409                     a conflict: flagged for the user, the next entry goes on;
//   other 4xx               failed with the server's message, flagged, the next entry goes on.
// An entry left "in flight" by a closed tab is simply sent again; the server answers a repeat
// with its first answer. When a signed-out owner's queue is empty, their session is revoked
// and their sync credential deleted. No DOM: this runs in pages and in the service worker.
import { BODY_LIMITS, OUTBOX_BATCH_ENTRIES } from '@/contract/limits';
import type { DeviceDatabase, OutboxRecord } from '@/data/db';
import { backoffDelay } from './backoff';
import { accessFor, blockOwner, exchangeAllWaiting, refreshOwner, type CredentialDeps } from './credentials';
import { asLeader, type LockManagerLike } from './leader';
import { refreshTabletData } from './tablet';
import { GUEST_OWNER, applyOps, isQuotaError, ownerEntries, upgradeEntry } from './outbox';
import { classify, classifyResult, toBatchRequest, toRequest, type Answer, type BatchResult } from './transport';

/** The Background Sync tag under which the service worker drains the outbox. */
export const BACKGROUND_SYNC_TAG = 'storynest-outbox';

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
  const entry = await ownerEntries(ownerId, db)
    .filter((e) => UNSENT.has(e.status))
    .first();
  return entry && upgradeEntry(entry);
}

/** A change leads a run at most this often per drain (sent, then once more after a token refresh). */
const MAX_LEADS_PER_DRAIN = 3;

/** How many owners' queues are sent side by side (each owner's still strictly in order). */
export const OWNERS_AT_ONCE = 4;

/** Most changes one batch request carries: as many as the server accepts. */
export const BATCH_SIZE = OUTBOX_BATCH_ENTRIES;

/** Room for a batch's own JSON around its entries. */
const BATCH_ENVELOPE_BYTES = 1024;
const utf8 = new TextEncoder();

/**
 * The longest start of `run` whose batch body stays within the server's batch limit (at least
 * one entry: a change alone is sent as itself, under its own route's limit).
 */
export function withinBatchLimit(run: OutboxRecord[], limit: number = BODY_LIMITS.batch): OutboxRecord[] {
  let bytes = BATCH_ENVELOPE_BYTES;
  for (let i = 0; i < run.length; i++) {
    const e = run[i]!;
    bytes += utf8.encode(JSON.stringify({ key: e.id, method: e.method, path: e.path, body: e.body })).length + 1;
    if (bytes > limit) return run.slice(0, Math.max(1, i));
  }
  return run;
}

/**
 * The owner's next changes to send, marked in flight: the oldest unsent one, and the ones after
 * it that can travel in the same batch (due now, no files, within the batch's size limit).
 * Nothing goes before a change that must wait. Read and marked in one transaction, so the mark
 * writes the entries as read (no second read of them).
 */
function takeRun(db: DeviceDatabase, ownerId: number, now: number): Promise<{ entries: OutboxRecord[]; blockedUntil?: number }> {
  return db.transaction('rw', db.outbox, async () => {
    const unsent = (
      await ownerEntries(ownerId, db)
        .filter((e) => UNSENT.has(e.status))
        .limit(BATCH_SIZE)
        .toArray()
    ).map(upgradeEntry);
    const first = unsent[0];
    if (!first) return { entries: [] };
    if (first.next_attempt_at > now) return { entries: [], blockedUntil: first.next_attempt_at };
    const end = unsent.findIndex((e) => e.next_attempt_at > now || e.files.length > 0);
    // Guest changes go one by one: the batch endpoint is for signed-in owners' changes only.
    const entries = first.files.length || ownerId === GUEST_OWNER ? [first] : withinBatchLimit(end === -1 ? unsent : unsent.slice(0, end));
    await db.outbox.bulkPut(entries.map((e) => ({ ...e, status: 'in_flight' })));
    return { entries };
  });
}

/** The owners with changes to send, from the index's keys alone (no entry is read). */
async function ownersWithUnsent(db: DeviceDatabase): Promise<number[]> {
  const keys = await db.outbox.orderBy('[owner_id+status]').uniqueKeys();
  const owners = keys.flatMap((key) => {
    const [owner, status] = key as unknown as [number, string]; // the index's key: [owner_id, status]
    return UNSENT.has(status) ? [owner] : [];
  });
  return [...new Set(owners)];
}

const unreachable = (err: unknown): Answer => ({
  kind: 'transient',
  message: (err as { name?: string }).name === 'TimeoutError' ? 'The server took too long to answer.' : 'No connection to the server.',
});

/**
 * Sends a run of one owner's entries: one entry as itself, several as one batch request (the
 * server applies them in order, each under its own Idempotency-Key, and stops at the first
 * that must wait). Answers one Answer per entry the server got to, in order.
 */
async function transmit(deps: EngineDeps, run: OutboxRecord[], access: string | null): Promise<Answer[]> {
  try {
    if (run.length === 1 || !access) return [await classify(await deps.fetch(toRequest(deps.baseUrl, run[0]!, access)), deps.now())];
    const res = await deps.fetch(toBatchRequest(deps.baseUrl, run, access));
    if (!res.ok) return [await classify(res, deps.now())];
    const { results } = (await res.json()) as { results: BatchResult[] };
    return Promise.all(results.map((r) => classifyResult(r, deps.now())));
  } catch (err) {
    return [unreachable(err)];
  }
}

/** Entries the server accepted leave the queue (one transaction for a run of them). */
async function complete(deps: EngineDeps, entries: OutboxRecord[], report: DrainReport): Promise<void> {
  if (!entries.length) return;
  const { db } = deps;
  await db.transaction('rw', [db.outbox, db.cart, db.classes, db.students, db.books, db.user], async () => {
    if (entries.some((e) => e.on_success.length)) {
      // A stale leader may have finished some already: those have nothing left to do.
      const present = await db.outbox.bulkGet(entries.map((e) => e.id));
      // One call for the whole run: awaiting a plain promise per entry would, after enough of
      // them, lose the transaction (Dexie follows it through a limited number of such awaits).
      await applyOps(
        db,
        entries.filter((_, i) => present[i]).flatMap((e) => e.on_success),
      );
    }
    await db.outbox.bulkDelete(entries.map((e) => e.id));
  });
  report.sent += entries.length;
  deps.onProgress?.({ sent: report.sent, failed: report.failed });
}

/** Records one answer for one entry that was not accepted; says what the drain does next. */
async function settle(deps: EngineDeps, entry: OutboxRecord, answer: Exclude<Answer, { kind: 'ok' }>, report: DrainReport): Promise<Step> {
  const { db } = deps;
  switch (answer.kind) {
    case 'rejected':
    case 'conflict':
      await db.outbox.update(entry.id, {
        status: answer.kind === 'conflict' ? 'conflict' : 'failed',
        last_error: answer.message,
        attempts: entry.attempts + 1,
      });
      report.failed++;
      return 'next';
    case 'transient': {
      const retryAt = deps.now() + Math.max(answer.retryAfterMs ?? 0, backoffDelay(entry.attempts + 1, deps.random));
      await db.outbox.update(entry.id, {
        status: 'pending',
        attempts: entry.attempts + 1,
        next_attempt_at: retryAt,
        last_error: answer.message,
      });
      return { stopAll: retryAt };
    }
    case 'unauthorized':
      // The token expired mid-run: the entry goes first in the next run, which refreshes.
      await db.outbox.update(entry.id, { status: 'pending' });
      return 'next';
  }
}

/**
 * Sets the status of those of `ids` still queued: one read and one write of them all (a cursor
 * over the ids took twice as long). An entry finished meanwhile (by a stale leader) stays gone.
 */
function markStatus(db: DeviceDatabase, ids: string[], status: OutboxRecord['status']): Promise<number> {
  return db.outbox.bulkUpdate(ids.map((key) => ({ key, changes: { status } })));
}

async function sendRun(deps: EngineDeps, run: OutboxRecord[], report: DrainReport): Promise<Step> {
  const { db } = deps;
  const owner = run[0]!.owner_id;
  if (owner === GUEST_OWNER) return sendGuest(deps, run[0]!, report);
  const ids = run.map((e) => e.id);
  const credential = await accessFor(db, owner);
  if (credential.blocked) {
    await markStatus(db, ids, 'pending');
    return 'owner-waits';
  }

  let answers: Answer[] = credential.access ? await transmit(deps, run, credential.access) : [{ kind: 'unauthorized' }];
  if (answers[0]?.kind === 'unauthorized') {
    const refreshed = await refreshOwner(deps, owner, credential.access);
    if (refreshed.kind === 'ok') answers = await transmit(deps, run, refreshed.access);
    if (refreshed.kind === 'unreachable') answers = [{ kind: 'transient', message: 'No connection to the server.' }];
    if (refreshed.kind === 'refused' || answers[0]?.kind === 'unauthorized') {
      // The session is over: the credential goes, the changes wait for the owner (blockOwner).
      // Unless the owner signed in again while this run was out: then the next run takes the
      // newer credential.
      if (await blockOwner(db, owner, refreshed.kind === 'ok' ? refreshed.access : credential.access)) return 'owner-waits';
      await markStatus(db, ids, 'pending');
      return 'next';
    }
  }

  let step: Step = 'next';
  let settled = 0;
  let accepted: OutboxRecord[] = [];
  for (const [i, answer] of answers.entries()) {
    settled = i + 1;
    if (answer.kind === 'ok') {
      accepted.push(run[i]!);
      continue;
    }
    await complete(deps, accepted, report); // keep the queue's order: earlier ones first
    accepted = [];
    step = await settle(deps, run[i]!, answer, report);
    deps.onProgress?.({ sent: report.sent, failed: report.failed });
    if (step !== 'next' || answer.kind === 'unauthorized') break;
  }
  await complete(deps, accepted, report);
  // Entries the server did not get to wait for the next run, in their order.
  const untouched = ids.slice(settled);
  if (untouched.length) await markStatus(db, untouched, 'pending');
  return step;
}

/** A guest change (a public form): sent without a token; a 401 can only be a refusal. */
async function sendGuest(deps: EngineDeps, entry: OutboxRecord, report: DrainReport): Promise<Step> {
  const [answer] = await transmit(deps, [entry], null);
  if (answer?.kind === 'ok') {
    await complete(deps, [entry], report);
    return 'next';
  }
  const refused: Exclude<Answer, { kind: 'ok' }> =
    !answer || answer.kind === 'unauthorized'
      ? { kind: 'rejected', status: 401, message: 'The server refused this without an account.' }
      : answer;
  const step = await settle(deps, entry, refused, report);
  deps.onProgress?.({ sent: report.sent, failed: report.failed });
  return step;
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

/** A class tablet's grids and verifiers are refreshed this often while online (changed passwords come with it). */
export const TABLET_REFRESH_MS = 10 * 60_000;

async function refreshTablet(deps: EngineDeps): Promise<void> {
  const tablet = await deps.db.tablet.get('current');
  if (tablet?.state === 'active' && (tablet.synced_at ?? 0) < deps.now() - TABLET_REFRESH_MS) await refreshTabletData(deps);
}

/** Sends everything that is due, as the browser's one sender. */
export async function drain(deps: EngineDeps): Promise<DrainReport> {
  const report: DrainReport = { outcome: { kind: 'done', waitingOwners: [] }, sent: 0, failed: 0 };
  if (!deps.isOnline()) return { ...report, outcome: { kind: 'offline' } };
  try {
    const led = await asLeader(deps, async (heartbeat): Promise<DrainOutcome> => {
      const waiting = new Set<number>();
      // How often each change has led a run in this drain: a change that keeps coming back first
      // (something else on the device keeps marking it unsent) waits for the next drain rather
      // than spinning the tab forever.
      const leads = new Map<string, number>();
      let retryAt = Infinity;
      // Children who signed in offline on a class tablet get their real sessions first, so their
      // queued changes go out with them below (src/sync/tablet.ts).
      await exchangeAllWaiting(deps);
      await refreshTablet(deps);
      // Set when a change must wait (network gone, server busy): every owner stops after its run.
      let stop: DrainOutcome | null = null;
      let progress = true;
      /** One owner's changes, run after run, in their order. */
      const drainOwner = async (owner: number): Promise<void> => {
        while (!stop) {
          const run = await takeRun(deps.db, owner, deps.now());
          if (run.blockedUntil !== undefined) retryAt = Math.min(retryAt, run.blockedUntil);
          if (!run.entries.length) return; // done, or this owner's order holds until then
          const first = run.entries[0]!.id;
          leads.set(first, (leads.get(first) ?? 0) + 1);
          if (leads.get(first)! > MAX_LEADS_PER_DRAIN) {
            const ids = run.entries.map((e) => e.id);
            await markStatus(deps.db, ids, 'pending'); // not sent: waiting again
            waiting.add(owner);
            return;
          }
          await heartbeat();
          const step = await sendRun(deps, run.entries, report);
          if (step === 'owner-waits') {
            waiting.add(owner);
            return;
          }
          if (step !== 'next') {
            stop ??= !deps.isOnline() ? { kind: 'offline' } : { kind: 'backoff', retryAt: step.stopAll, waitingOwners: [...waiting] };
            return;
          }
          progress = true;
        }
      };
      while (progress && !stop) {
        progress = false;
        const owners = (await ownersWithUnsent(deps.db)).filter((owner) => !waiting.has(owner));
        // A few owners at once (a class tablet back online has 30 children's queues): each owner's
        // changes still go strictly in order, one run after another, with their own token.
        let next = 0;
        const worker = async () => {
          while (!stop && next < owners.length) await drainOwner(owners[next++]!);
        };
        await Promise.all(Array.from({ length: Math.min(OWNERS_AT_ONCE, owners.length) }, worker));
      }
      if (stop) return stop;
      await releaseDrainedOwners(deps);
      return retryAt < Infinity ? { kind: 'backoff', retryAt, waitingOwners: [...waiting] } : { kind: 'done', waitingOwners: [...waiting] };
    });
    return { ...report, outcome: led === 'busy' ? { kind: 'busy' } : led };
  } catch (err) {
    if (isQuotaError(err)) return { ...report, outcome: { kind: 'storage-full' } };
    throw err;
  }
}
