// Roster rules shared by the screens and the server: how typed
// names become students, the pin durations, and the CSV limits. Plain code, no zod: the bulk-add
// and pin machines load it without a validation library.
import type { PrivacyPreference } from './domain';

export interface StudentName {
  first_name: string;
  last_name: string;
}

/** Admin student tables show 20 rows a page. */
export const ROSTER_PAGE_SIZE = 20;
/** Most students one bulk add or one CSV file may create. */
export const BULK_ADD_MAX = 500;
export const CSV_MAX_BYTES = 5 * 1024 * 1024;

/** A CSV by its name or its type (browsers report CSV files variously). */
export function isCsvFile(file: { name: string; type: string }): boolean {
  return /\.csv$/i.test(file.name) || file.type === 'text/csv' || file.type === 'application/vnd.ms-excel';
}

/**
 * One name per line or comma-separated; the first word is the first name, the rest the last
 * name. Entries without a first name are dropped.
 */
export function parseNames(text: string): StudentName[] {
  return text
    .split(/[\n,]/)
    .map((entry) => entry.trim().split(/\s+/).filter(Boolean))
    .filter((words) => words.length > 0)
    .map(([first, ...rest]) => ({ first_name: first!, last_name: rest.join(' ') }));
}

export const PIN_UNITS = ['minutes', 'hours', 'days', 'weeks', 'months', 'years'] as const;
export type PinUnit = (typeof PIN_UNITS)[number];
export const DEFAULT_PIN = { duration: 1, unit: 'days' as PinUnit };

/** Expiry = now + duration in the unit; months and years follow the calendar. */
export function pinExpiry(now: Date, duration: number, unit: PinUnit): Date {
  const at = new Date(now.getTime());
  const minutes = { minutes: 1, hours: 60, days: 1440, weeks: 10080 } as const;
  if (unit === 'months') at.setUTCMonth(at.getUTCMonth() + duration);
  else if (unit === 'years') at.setUTCFullYear(at.getUTCFullYear() + duration);
  else at.setTime(at.getTime() + duration * minutes[unit] * 60_000);
  return at;
}

/** 'Content pinned for {n} {unit}', with the unit as the user chose it (one of it in the singular: "1 day"). */
export function pinnedMessage(template: string, duration: number, unit: PinUnit): string {
  return template.replace('{n}', String(duration)).replace('{unit}', duration === 1 ? unit.replace(/s$/, '') : unit);
}

export function isPrivacyPreference(value: unknown): value is PrivacyPreference {
  return value === 'public' || value === 'private' || value === 'community';
}

/** A CSV header cell as a key: 'First Name', 'first_name' and 'FirstName' all read 'firstname'. */
export function csvHeaderKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z]/g, '');
}

/** Rows of a parsed CSV (objects keyed by header) as student names; null when a column is missing. */
export function namesFromCsvRows(headers: string[], rows: Record<string, unknown>[]): StudentName[] | null {
  const first = headers.find((h) => ['firstname', 'first', 'givenname'].includes(csvHeaderKey(h)));
  const last = headers.find((h) => ['lastname', 'last', 'surname', 'familyname'].includes(csvHeaderKey(h)));
  if (!first || !last) return null;
  return rows
    .map((r) => ({ first_name: String(r[first] ?? '').trim(), last_name: String(r[last] ?? '').trim() }))
    .filter((r) => r.first_name);
}
