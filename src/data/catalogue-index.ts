// The local catalogue search: each book's title and author words, lower-cased, are a multi-entry
// index (`*words`), so a search term is a prefix range on that index, never a scan of the books.
// Used by the library page and by the header's search when the network is away or slow.
import { db, type BookRecord } from './db';

/** Lower-cased words of the texts; a search term matches a book when it prefixes one of them. */
export function searchWords(...texts: string[]): string[] {
  return [...new Set(texts.flatMap((t) => t.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter(Boolean))];
}

/**
 * Books whose words start with every term of the query, by title. The rarest-looking term (the
 * longest) drives the index range; the others are checked on those candidates only.
 */
export async function searchCatalogue(query: string, limit: number, categoryId?: number): Promise<BookRecord[]> {
  const terms = searchWords(query).sort((a, b) => b.length - a.length);
  const inCategory = (b: BookRecord) => categoryId === undefined || b.category_id === categoryId;
  if (!terms.length) {
    if (categoryId !== undefined) return (await db.books.where('category_id').equals(categoryId).sortBy('title')).slice(0, limit);
    return db.books.orderBy('title').limit(limit).toArray();
  }
  const [first, ...rest] = terms;
  const ids = await db.books.where('words').startsWith(first!).primaryKeys();
  const candidates = await db.books.bulkGet([...new Set(ids)]);
  return candidates
    .filter((b): b is BookRecord => !!b && inCategory(b) && rest.every((term) => b.words.some((w) => w.startsWith(term))))
    .sort((a, b) => a.title.localeCompare(b.title))
    .slice(0, limit);
}
