// The write path. A feature command changes the device's tables AND appends an outbox entry in
// ONE transaction, so a crash can never keep one without the other; the sync engine sends the
// entry later. An entry never holds a token: the engine adds the owner's at send time.
// No DOM: the service worker reads and updates entries too. Only src/sync touches the outbox
// table (a lint rule says so): the rest of the app counts, lists, retries and discards entries
// through the functions here.
import { db as defaultDb, type DeviceDatabase, type LocalOp, type OutboxFile, type OutboxRecord, type Table } from '@/data/db';
import { currentOwner, type DeviceSession } from './device-session';
import { syncControl } from './status';
import { StorageFullError } from './storage-full';

export const OUTBOX_SCHEMA_VERSION = 2;

export class NotSignedInError extends Error {
  constructor() {
    super('Sign in to save changes.');
  }
}

export { StorageFullError };

export function isQuotaError(err: unknown): boolean {
  const name = (err as { name?: string; inner?: { name?: string } } | null)?.name;
  const inner = (err as { inner?: { name?: string } } | null)?.inner?.name;
  return name === 'QuotaExceededError' || inner === 'QuotaExceededError';
}

/** What a command sends once it is online. */
export interface Change {
  kind: string;
  label: string;
  method: OutboxRecord['method'];
  path: string;
  body?: unknown;
  files?: OutboxFile[];
  entityKeys?: string[];
  undo?: LocalOp[];
  onSuccess?: LocalOp[];
}

/**
 * Runs `apply` (the local change) and queues `change` for the server, atomically, as the
 * signed-in owner of this device. Resolves once both are durably on the device.
 */
export async function recordChange<T>(
  tables: Table[],
  apply: (owner: DeviceSession) => Promise<T>,
  change: Change | ((result: T) => Change),
  db: DeviceDatabase = defaultDb,
): Promise<{ result: T; entry: OutboxRecord }> {
  // The page may not have taken up its signed-in session yet (sync starts when the page is idle).
  await syncControl.ready();
  try {
    return await db.transaction('rw', [db.outbox, db.meta, ...tables], async () => {
      // Both reads at once: one wait for the database instead of two.
      const [owner, newest] = await Promise.all([currentOwner(db), db.outbox.orderBy('created_at').last()]);
      if (!owner) throw new NotSignedInError();
      // Strictly increasing on this device, so two changes in one millisecond keep their order.
      const entryOf = (c: Change): OutboxRecord => ({
        id: crypto.randomUUID(),
        schema_version: OUTBOX_SCHEMA_VERSION,
        owner_id: owner.owner_id,
        tenant: owner.tenant,
        kind: c.kind,
        label: c.label,
        method: c.method,
        path: c.path,
        body: c.body ?? null,
        files: c.files ?? [],
        entity_keys: c.entityKeys ?? [],
        undo: c.undo ?? [],
        on_success: c.onSuccess ?? [],
        created_at: Math.max(Date.now(), (newest?.created_at ?? 0) + 1),
        attempts: 0,
        next_attempt_at: 0,
        status: 'pending',
        last_error: null,
      });
      if (typeof change !== 'function') {
        // Known beforehand, the entry is added beside the change (a transaction's requests run in
        // the order sent, and either failing aborts both): one wait for the database, not two.
        const entry = entryOf(change);
        const [result] = await Promise.all([apply(owner), db.outbox.add(entry)]);
        return { result, entry };
      }
      const result = await apply(owner);
      const entry = entryOf(change(result));
      await db.outbox.add(entry);
      return { result, entry };
    });
  } catch (err) {
    if (isQuotaError(err)) throw new StorageFullError();
    throw err;
  }
}

/**
 * The owner of changes made by nobody in particular: the public forms (contact, reports, tour
 * requests), which a visitor may send without an account. The engine sends them one at a time
 * and without a token; the server stores each once by its Idempotency-Key.
 */
export const GUEST_OWNER = 0;

/** Queues a change that needs no account (a public form): no local tables, no token, ever. */
export async function recordGuestChange(change: Change, tenant: string | null, db: DeviceDatabase = defaultDb): Promise<OutboxRecord> {
  try {
    return await db.transaction('rw', [db.outbox], async () => {
      const newest = await db.outbox.orderBy('created_at').last();
      const entry: OutboxRecord = {
        id: crypto.randomUUID(),
        schema_version: OUTBOX_SCHEMA_VERSION,
        owner_id: GUEST_OWNER,
        tenant,
        kind: change.kind,
        label: change.label,
        method: change.method,
        path: change.path,
        body: change.body ?? null,
        files: change.files ?? [],
        entity_keys: [],
        undo: [],
        on_success: [],
        created_at: Math.max(Date.now(), (newest?.created_at ?? 0) + 1),
        attempts: 0,
        next_attempt_at: 0,
        status: 'pending',
        last_error: null,
      };
      await db.outbox.add(entry);
      return entry;
    });
  } catch (err) {
    if (isQuotaError(err)) throw new StorageFullError();
    throw err;
  }
}

/** Entries written by an older version of the app, brought to the current shape. */
export function upgradeEntry(raw: Partial<OutboxRecord> & Pick<OutboxRecord, 'id' | 'owner_id' | 'method' | 'path'>): OutboxRecord {
  const version = raw.schema_version ?? 1;
  if (version >= OUTBOX_SCHEMA_VERSION) return raw as OutboxRecord;
  // Version 1 (the first release) had no kind, label, files, entity keys or local ops.
  return {
    tenant: null,
    body: null,
    created_at: 0,
    attempts: 0,
    next_attempt_at: 0,
    status: 'pending',
    last_error: null,
    ...raw,
    schema_version: OUTBOX_SCHEMA_VERSION,
    kind: raw.kind ?? 'legacy',
    label: raw.label ?? `${raw.method} ${raw.path}`,
    files: raw.files ?? [],
    entity_keys: raw.entity_keys ?? [],
    undo: raw.undo ?? [],
    on_success: raw.on_success ?? [],
  };
}

export async function applyOps(db: DeviceDatabase, ops: LocalOp[]): Promise<void> {
  for (const op of ops) {
    const table = db.table(op.table);
    if (op.op === 'put') await table.put(op.row);
    else await table.delete(op.key);
  }
}

/** Sends a failed or conflicting change again. */
export async function retryEntry(id: string, db: DeviceDatabase = defaultDb): Promise<void> {
  await db.outbox.update(id, { status: 'pending', next_attempt_at: 0, last_error: null });
}

/** Gives up a change: its local effect is rolled back and the entry removed, together. */
export async function discardEntry(id: string, db: DeviceDatabase = defaultDb): Promise<void> {
  await db.transaction('rw', [db.outbox, db.cart, db.classes, db.students, db.books, db.user], async () => {
    const entry = await db.outbox.get(id);
    if (!entry) return;
    await applyOps(db, upgradeEntry(entry).undo);
    await db.outbox.delete(id);
  });
}

/** Where one queued change is: still queued (or being sent), refused (with the server's words), or sent (gone). */
export type EntryState = { state: 'queued' } | { state: 'failed'; error: string | null } | { state: 'sent' };

export async function entryState(id: string, db: DeviceDatabase = defaultDb): Promise<EntryState> {
  const entry = await db.outbox.get(id);
  if (!entry) return { state: 'sent' };
  if (entry.status === 'failed' || entry.status === 'conflict') return { state: 'failed', error: entry.last_error };
  return { state: 'queued' };
}

/** How many changes on this device (every owner's) are in these states, counted on the index. */
export function countEntries(statuses: OutboxRecord['status'][], db: DeviceDatabase = defaultDb): Promise<number> {
  return db.outbox.where('status').anyOf(statuses).count();
}

/** How many queued changes touch one local record (its entity key, 'table:key'), sent or not yet. */
export function changesTouching(entityKey: string, db: DeviceDatabase = defaultDb): Promise<number> {
  return db.outbox.where('entity_keys').equals(entityKey).count();
}

/** One owner's refused changes (failed or conflicting), oldest first: they wait for the owner to retry or discard them. */
export function ownerProblems(ownerId: number, db: DeviceDatabase = defaultDb): Promise<OutboxRecord[]> {
  return db.outbox
    .where('[owner_id+status]')
    .anyOf([
      [ownerId, 'failed'],
      [ownerId, 'conflict'],
    ])
    .sortBy('created_at');
}

/** One owner's entries, oldest first. */
export function ownerEntries(ownerId: number, db: DeviceDatabase = defaultDb) {
  return db.outbox.where('[owner_id+created_at]').between([ownerId, -Infinity], [ownerId, Infinity]);
}

/** How many of an owner's changes are in each state, counted on the index (no rows loaded). */
export async function outboxCounts(ownerId: number, db: DeviceDatabase = defaultDb) {
  // One key range per status: IndexedDB counts a plain range without reading a single row.
  const count = async (...statuses: OutboxRecord['status'][]) => {
    const counts = await Promise.all(statuses.map((s) => db.outbox.where('[owner_id+status]').equals([ownerId, s]).count()));
    return counts.reduce((a, b) => a + b, 0);
  };
  const [unsent, problems] = await Promise.all([count('pending', 'in_flight'), count('failed', 'conflict')]);
  return { unsent, problems };
}
