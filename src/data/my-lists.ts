// The signed-in user's own lists as the server last answered them (a child's stories and books),
// kept so their dashboard shows them with no network. Stored in `meta` under
// `mine:<list>:<owner>`; personal, so they leave the device with the session (personal-data.ts).
// What is read back is checked row by row: a bad row is dropped, never a white screen.
import { db, type DeviceDatabase } from './db';

export const MY_LISTS_PREFIX = 'mine:';
const key = (list: string, ownerId: number) => `${MY_LISTS_PREFIX}${list}:${ownerId}`;

export async function keepMyList(list: string, ownerId: number, rows: unknown[], extra: Record<string, unknown> = {}): Promise<void> {
  await db.meta.put({ key: key(list, ownerId), value: { ...extra, rows, at: Date.now() } });
}

/** The kept list (null: none kept), its rows those that pass `isRow`. */
export async function keptMyList<T>(
  list: string,
  ownerId: number,
  isRow: (row: unknown) => row is T,
): Promise<{ rows: T[]; extra: Record<string, unknown> } | null> {
  const value = (await db.meta.get(key(list, ownerId)))?.value as { rows?: unknown } | undefined;
  if (!value || !Array.isArray(value.rows)) return null;
  const rows = value.rows.filter(isRow);
  if (rows.length < value.rows.length) console.warn(`kept ${list}: ${value.rows.length - rows.length} rows did not parse; dropped`);
  const extra: Record<string, unknown> = { ...value };
  delete extra['rows'];
  return { rows, extra };
}

/** On sign-out: every kept list goes (in the caller's transaction). */
export async function forgetMyLists(database: DeviceDatabase = db): Promise<void> {
  const keys = await database.meta.where('key').startsWith(MY_LISTS_PREFIX).primaryKeys();
  if (keys.length) await database.meta.bulkDelete(keys);
}
