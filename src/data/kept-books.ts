// Made books opened in the reader, kept so they read again with no network. Stored in the `meta`
// table under `book-reading:<id>` (no schema version needed); what is read back is checked
// before use, and a bad record is dropped, never a white screen. Only published books survive a
// sign-out: a class's unpublished book was opened under a session, and the next person on a
// shared tablet must not find it.
import type { components } from '@/api/schema';
import { db, type DeviceDatabase } from './db';
import { KEPT_BOOK_PREFIX } from './personal-data';

export type KeptBook = components['schemas']['BookReading'];

const key = (id: number) => `${KEPT_BOOK_PREFIX}${id}`;

function isKeptBook(value: unknown): value is KeptBook {
  const v = value as Partial<KeptBook> | null;
  const c = v?.content;
  return (
    !!v &&
    typeof v.id === 'number' &&
    typeof v.status === 'string' &&
    !!c &&
    typeof c.title === 'string' &&
    typeof c.trim === 'string' &&
    Array.isArray(c.pages) &&
    c.pages.every((p) => typeof p?.id === 'string' && typeof p.html === 'string' && typeof p.text === 'string' && Array.isArray(p.pictures))
  );
}

export async function keptBook(id: number, database: DeviceDatabase = db): Promise<KeptBook | undefined> {
  const row = await database.meta.get(key(id));
  if (!row) return undefined;
  if (isKeptBook(row.value)) return row.value;
  console.warn('a kept book did not parse; dropped', id);
  await database.meta.delete(key(id));
  return undefined;
}

export async function keepBook(book: KeptBook, database: DeviceDatabase = db): Promise<void> {
  await database.meta.put({ key: key(book.id), value: book });
}

export async function forgetBook(id: number, database: DeviceDatabase = db): Promise<void> {
  await database.meta.delete(key(id));
}
