// The catalogue on the device: pulled page by page into the books table, with each book's
// words indexed (title and author) so the library can be searched with no network; the
// categories and the student stories beside it, likewise.
import { getJson } from '@/api/client';
import type { components } from '@/api/schema';
import { db, type BookRecord, type StoryRecord } from '@/data/db';
import { searchWords } from '@/data/catalogue-index';
import { pullTable, type PullPage } from '@/sync/pull';

type BookRow = components['schemas']['Book'];
/** A change of the catalogue: a book on sale, or one that left the shelf (its id only). */
type BookChange = components['schemas']['BookPage']['results'][number];
type StoryRow = components['schemas']['StorySync'];
type CategoryList = components['schemas']['CategoryList'];

export function toBookRecord(row: BookRow): BookRecord {
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    description: row.description,
    price_cents: row.price_cents,
    currency: row.currency,
    cover: row.cover,
    category_id: row.category_id,
    kind: 'book',
    book_kind: row.book_kind,
    words: searchWords(row.title, row.author),
    updated_at: row.updated_at,
  };
}

export function toStoryRecord({ deleted: _deleted, ...row }: StoryRow): StoryRecord {
  return { ...row, words: searchWords(row.title, row.author) };
}

async function syncCategories(): Promise<void> {
  const { results } = await getJson<CategoryList>('/categories/');
  await db.transaction('rw', db.categories, async () => {
    await db.categories.clear();
    await db.categories.bulkPut(results.map(({ id, name, slug, book_count }) => ({ id, name, slug, book_count })));
  });
}

let running: Promise<number> | null = null;

/** Pulls the catalogue's changes; a call while a pull runs joins it. */
export function syncCatalogue(): Promise<number> {
  running ??= pullCatalogue().finally(() => {
    running = null;
  });
  return running;
}

async function pullCatalogue(): Promise<number> {
  const [pulled] = await Promise.all([
    pullTable<BookChange, BookRow>(db, {
      name: 'books',
      table: 'books',
      fetchPage: (since) =>
        getJson<PullPage<BookChange>>(`/books/?limit=1000${since ? `&updated_since=${encodeURIComponent(since)}` : ''}`),
      isDeleted: (row) => row.deleted,
      toRecord: toBookRecord,
    }),
    syncCategories(),
    pullTable<StoryRow>(db, {
      name: 'stories',
      table: 'stories',
      fetchPage: (since) =>
        getJson<PullPage<StoryRow>>(`/catalogue/stories/?limit=1000${since ? `&updated_since=${encodeURIComponent(since)}` : ''}`),
      isDeleted: (row) => row.deleted,
      toRecord: toStoryRecord,
    }),
  ]);
  return pulled;
}
