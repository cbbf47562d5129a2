// Pull-sync cursors for list endpoints: `?updated_since=` takes an ISO timestamp, optionally
// with `~id` (the cursor a previous page answered as `next_since`). Rows come in
// (updated_at, id) order, compared at the database's microsecond precision, so rows sharing a
// timestamp are neither skipped nor sent twice.
import { z } from '@hono/zod-openapi';
import { sql, type SQL, type AnyColumn } from 'drizzle-orm';

const SINCE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}:\d{2}))(?:~(\d{1,10}))?$/;

export const UpdatedSince = z
  .string()
  .max(64)
  .regex(SINCE, 'updated_since must be an ISO timestamp, optionally followed by ~id (the next_since of a previous page)')
  .optional()
  .openapi({ description: 'Only rows changed after this point (pull sync); the answer then includes deletions.' });

export interface Cursor {
  ts: string;
  id: number;
}

export function parseSince(value: string | undefined): Cursor | null {
  const match = value ? SINCE.exec(value) : null;
  return match ? { ts: match[1]!, id: Number(match[2] ?? 0) } : null;
}

/** The exact timestamp text of a column, for the next cursor. */
export const cursorTs = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function after(updatedAt: AnyColumn, id: AnyColumn, cursor: Cursor | null): SQL | undefined {
  return cursor ? sql`(${updatedAt}, ${id}) > (${cursor.ts}::timestamptz, ${cursor.id})` : undefined;
}

/** next_since for a page: the last row's position, or null when the page was the last one. */
export function nextSince(rows: { ts: string; id: number }[], limit: number): string | null {
  const last = rows.at(-1);
  return rows.length === limit && last ? `${last.ts}~${last.id}` : null;
}
