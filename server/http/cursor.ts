// Pull-sync cursors for list endpoints: `?updated_since=` takes an ISO timestamp, optionally
// with `~id` (the cursor a previous page answered as `next_since`). Rows come in
// (updated_at, id) order, compared at the database's microsecond precision, so rows sharing a
// timestamp are neither skipped nor sent twice.
import { z } from '@hono/zod-openapi';
import { sql, type SQL, type AnyColumn } from 'drizzle-orm';

const SINCE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}:\d{2}))(?:~(\d{1,10}))?$/;

const SINCE_MESSAGE = 'updated_since must be an ISO timestamp, optionally followed by ~id (the next_since of a previous page)';
const PARTS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/**
 * The shape alone lets through what the database cannot read (month 32, second 70, an id past
 * the integer range): those must be a 400 here, not a failed query.
 */
function readable(value: string): boolean {
  const match = SINCE.exec(value);
  const parts = match ? PARTS.exec(match[1]!) : null;
  if (!match || !parts) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = parts.slice(1).map((p) => Number(p ?? 0));
  // Leap years repeat every 400 years, so 2000 + year % 400 has the same February.
  const lastDay = new Date(Date.UTC(2000 + (year! % 400), month!, 0)).getUTCDate();
  return (
    year! >= 1 &&
    month! >= 1 &&
    month! <= 12 &&
    day! >= 1 &&
    day! <= lastDay &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60 &&
    offsetHours! <= 15 &&
    offsetMinutes! < 60 &&
    Number(match[2] ?? 0) <= 2_147_483_647
  );
}

export const UpdatedSince = z
  .string()
  .max(64)
  .regex(SINCE, SINCE_MESSAGE)
  .refine(readable, SINCE_MESSAGE)
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
export const cursorTs = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function after(updatedAt: AnyColumn, id: AnyColumn, cursor: Cursor | null): SQL | undefined {
  return cursor ? sql`(${updatedAt}, ${id}) > (${cursor.ts}::timestamptz, ${cursor.id})` : undefined;
}

/** next_since for a page: the last row's position, or null when the page was the last one. */
export function nextSince(rows: { ts: string; id: number }[], limit: number): string | null {
  const last = rows.at(-1);
  return rows.length === limit && last ? `${last.ts}~${last.id}` : null;
}
