// Pull sync: brings the device's copy of a server list up to date, page by page from a cursor
// kept per table, without overwriting local rows that still have changes waiting to be sent.
import type { DeviceDatabase, LocalTable, Table } from '@/data/db';
import { nextTask } from '@/data/next-task';

export interface PullPage<Row> {
  results: Row[];
  next_since: string | null;
}

/**
 * `Live` is what a row that is not a deletion looks like, when the list answers deletions in a
 * shape of their own (a book that left the shelf comes as its id only).
 */
export interface PullSpec<Row extends { id: number; updated_at: string }, Live extends Row = Row> {
  /** Cursor name, e.g. 'books'. */
  name: string;
  table: LocalTable;
  /** Fetches one page changed after `since` (null: from the beginning). */
  fetchPage: (since: string | null) => Promise<PullPage<Row>>;
  /** A row the server says is gone: it is deleted here. The others are `Live`. */
  isDeleted: (row: Row) => boolean;
  toRecord: (row: Live) => object;
}

const cursorKey = (name: string) => `cursor:${name}`;
/** Rows written per transaction (about 10 ms of a phone's main thread at most). */
const WRITE_SLICE = 25;

/** Local rows of `table` that queued changes touch (entity keys are 'table:key'). */
async function protectedKeys(db: DeviceDatabase, table: LocalTable): Promise<Set<string>> {
  const keys = await db.outbox.where('entity_keys').startsWith(`${table}:`).toArray();
  return new Set(keys.flatMap((e) => e.entity_keys.filter((k) => k.startsWith(`${table}:`)).map((k) => k.slice(table.length + 1))));
}

/**
 * Writes server rows into local tables in one transaction with the outbox, so no change can be
 * queued between reading which rows are `queued` (their keys in `table`) and writing: those rows
 * keep their local state until the server has their changes.
 */
export function writeAroundQueued<T>(
  db: DeviceDatabase,
  tables: Table[],
  table: LocalTable,
  write: (queued: Set<string>) => Promise<T>,
): Promise<T> {
  return db.transaction('rw', [...tables, db.outbox], async () => write(await protectedKeys(db, table)));
}

export async function pullTable<Row extends { id: number; updated_at: string }, Live extends Row = Row>(
  db: DeviceDatabase,
  spec: PullSpec<Row, Live>,
): Promise<number> {
  let since = ((await db.meta.get(cursorKey(spec.name)))?.value as string | undefined) ?? null;
  let pulled = 0;
  for (;;) {
    const page = await spec.fetchPage(since);
    const last = page.results.at(-1);
    const next = page.next_since ?? (last ? `${last.updated_at}~${last.id}` : since);
    const table = db.table(spec.table);
    // Written in slices, each in a task of its own, so a large page never holds the main thread
    // for long; the cursor moves with the last slice (a pull cut short starts that page again).
    for (let from = 0; from === 0 || from < page.results.length; from += WRITE_SLICE) {
      if (from > 0) await nextTask();
      const slice = page.results.slice(from, from + WRITE_SLICE);
      const lastSlice = from + WRITE_SLICE >= page.results.length;
      await writeAroundQueued(db, [table, db.meta], spec.table, async (mine) => {
        const live = slice.filter((r) => !mine.has(String(r.id)));
        await table.bulkDelete(live.filter(spec.isDeleted).map((r) => r.id));
        await table.bulkPut(live.filter((r): r is Live => !spec.isDeleted(r)).map(spec.toRecord));
        if (lastSlice && next) await db.meta.put({ key: cursorKey(spec.name), value: next });
      });
    }
    pulled += page.results.length;
    if (!page.next_since) return pulled;
    since = page.next_since;
  }
}

/** Whether a whole first pull of the list has reached the device (its cursor is written with its last slice). */
export async function pulledOnce(db: DeviceDatabase, name: string): Promise<boolean> {
  return (await db.meta.get(cursorKey(name))) !== undefined;
}

/** Forget a table's cursor (the next pull starts from the beginning). */
export function resetCursor(db: DeviceDatabase, name: string) {
  return db.meta.delete(cursorKey(name));
}
