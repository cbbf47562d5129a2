// What a user leaves behind on a shared device when their session ends (sign-out, expiry, a
// refused refresh, another user signing in): nothing personal. Clears the personal tables
// (profile, classes, students, cart, login cards with their class passwords, the admin lists'
// offline pages) and the personal caches; the outbox and the sync credentials are the sync engine's to release (a child's
// unsent work is never wiped with their session).
import type { Table as DexieTable } from 'dexie';
import { db, type DeviceDatabase } from './db';
import { forgetSessionStories } from './kept-stories';
import { forgetMyLists } from './my-lists';

/** Caches that hold nothing personal and survive sign-out: the app shell and book covers. */
const SHARED_CACHES = [/^workbox-precache/, /^covers$/];

/** The tables emptied whole when a session ends. */
const clearedTables = (database: DeviceDatabase): DexieTable[] => [
  database.user,
  database.classes,
  database.students,
  database.cart,
  database.logins,
  database.adminPages,
];

/** The tables that hold one user's data (kept stories and books live in `meta`): a transaction that clears them must include these. */
export function personalTables(database: DeviceDatabase): DexieTable[] {
  return [...clearedTables(database), database.meta];
}

/** Empties the personal tables (in the caller's transaction when there is one). */
/** Where books kept for reading live in `meta` (src/data/kept-books.ts). */
export const KEPT_BOOK_PREFIX = 'book-reading:';

/** On sign-out: drop kept books that were not published (here, so the first load need not carry kept-books). */
export async function forgetSessionBooks(database: DeviceDatabase = db): Promise<void> {
  const rows = await database.meta.where('key').startsWith(KEPT_BOOK_PREFIX).toArray();
  const gone = rows.filter((r) => (r.value as { status?: unknown } | null)?.status !== 'published').map((r) => r.key);
  if (gone.length) await database.meta.bulkDelete(gone);
}

export async function clearPersonalTables(database: DeviceDatabase): Promise<void> {
  await database.transaction('rw', personalTables(database), async () => {
    await Promise.all(clearedTables(database).map((table) => table.clear()));
    await forgetSessionStories(database);
    await forgetSessionBooks(database);
    await forgetMyLists(database);
  });
}

export async function clearPersonalCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  for (const name of await caches.keys()) {
    if (!SHARED_CACHES.some((re) => re.test(name))) await caches.delete(name);
  }
}

export async function wipePersonalData(database: DeviceDatabase = db): Promise<void> {
  await clearPersonalTables(database);
  await clearPersonalCaches();
}
