// The catalogue on the device: pulled page by page into the books table, with each book's
// words indexed (title and author) so the library can be searched with no network.
import { getJson } from '@/api/client';
import type { components } from '@/api/schema';
import { db, type BookRecord } from '@/data/db';
import { pullTable, type PullPage } from '@/sync/pull';

type BookRow = components['schemas']['Book'];

/** Lower-cased words of the texts; a search term matches a book when it prefixes one of them. */
export function searchWords(...texts: string[]): string[] {
  return [...new Set(texts.flatMap((t) => t.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter(Boolean))];
}

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
    words: searchWords(row.title, row.author),
    updated_at: row.updated_at,
  };
}

export function syncCatalogue(): Promise<number> {
  return pullTable<BookRow>(db, {
    name: 'books',
    table: 'books',
    fetchPage: (since) => getJson<PullPage<BookRow>>(`/books/?limit=1000${since ? `&updated_since=${encodeURIComponent(since)}` : ''}`),
    isDeleted: (row) => row.deleted,
    toRecord: toBookRecord,
  });
}

/** Books whose words start with every term of the query, by title. */
export async function searchCatalogue(query: string, limit: number): Promise<BookRecord[]> {
  const terms = searchWords(query);
  if (!terms.length) return db.books.orderBy('title').limit(limit).toArray();
  const [first, ...rest] = terms;
  const matches = await db.books.where('words').startsWith(first!).distinct().toArray();
  return matches
    .filter((b) => rest.every((term) => b.words.some((w) => w.startsWith(term))))
    .sort((a, b) => a.title.localeCompare(b.title))
    .slice(0, limit);
}
