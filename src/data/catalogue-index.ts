// The local catalogue search: each book's title and author words, lower-cased, are a multi-entry
// index (`*words`), so a search term is a prefix range on that index, never a scan of the books.
// Used by the library page and by the header's search when the network is away or slow.
import { compareText } from '@/i18n/active';
import { db, type BookRecord, type StoryRecord } from './db';

/** Lower-cased words of the texts; a search term matches a book when it prefixes one of them. */
export function searchWords(...texts: string[]): string[] {
  return [...new Set(texts.flatMap((t) => t.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter(Boolean))];
}

/**
 * Up to `limit` books whose words start with every term of the query, shown by title. The
 * longest term (likely the rarest) walks its index range in word order and stops as soon as
 * `limit` books fit, so a one-letter query over 20,000 books reads a handful of rows, not all
 * of them; the other terms and the category are checked on those rows only.
 */
export async function searchCatalogue(query: string, limit: number, categoryId?: number): Promise<BookRecord[]> {
  const terms = searchWords(query).sort((a, b) => b.length - a.length);
  if (!terms.length) {
    if (categoryId !== undefined) return (await db.books.where('category_id').equals(categoryId).sortBy('title')).slice(0, limit);
    return db.books.orderBy('title').limit(limit).toArray();
  }
  const [first, ...rest] = terms;
  const fits = (b: BookRecord) =>
    (categoryId === undefined || b.category_id === categoryId) && rest.every((term) => b.words.some((w) => w.startsWith(term)));
  const found = await db.books.where('words').startsWith(first!).distinct().filter(fits).limit(limit).toArray();
  return found.sort((a, b) => compareText(a.title, b.title));
}

/** Up to `limit` stories whose title or author words start with every term, by title. */
export async function searchStories(query: string, limit: number): Promise<StoryRecord[]> {
  const [first, ...rest] = searchWords(query).sort((a, b) => b.length - a.length);
  if (!first) return [];
  const fits = (s: StoryRecord) => rest.every((term) => s.words.some((w) => w.startsWith(term)));
  const found = await db.stories.where('words').startsWith(first).distinct().filter(fits).limit(limit).toArray();
  return found.sort((a, b) => compareText(a.title, b.title));
}
