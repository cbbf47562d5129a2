// What the print-ready PDF is made from: a book's BookContent and its school's pictures.
// A made book's pages come from the maker's renderer (`bookContent` in content.ts; tests may
// pass another `ContentSource`); a book without made pages (a catalogue or uploaded book) prints
// as its cover and a page of its description, so every book on sale has a file the printer can take.
import { and, eq, inArray } from 'drizzle-orm';
import type { BookContent } from '../../../src/contract/book-pages';
import type { Queryable } from '../../db/client';
import { books, pictures } from '../../db/schema';
import type { ContentSource } from '../../http/env';
import { bookContent } from './content';
import type { LoadPictures, PictureBytes } from './print-pdf';
import { storageKey, type FileStore } from '../../providers/storage/storage';

export type PrintableBook = Pick<typeof books.$inferSelect, 'id' | 'tenant_id' | 'title' | 'author' | 'description' | 'kind' | 'doc'>;

/** A book's row as printing needs it (any status: staff print drafts to check them). */
export async function bookForPrint(db: Queryable, id: number): Promise<PrintableBook | undefined> {
  const [row] = await db
    .select({
      id: books.id,
      tenant_id: books.tenant_id,
      title: books.title,
      author: books.author,
      description: books.description,
      kind: books.kind,
      doc: books.doc,
    })
    .from(books)
    .where(eq(books.id, id))
    .limit(1);
  return row;
}

/** The book's content: the maker's pages for a made book, else its cover and description. */
export async function printContent(db: Queryable, book: PrintableBook, source: ContentSource = bookContent): Promise<BookContent> {
  const made = book.kind === 'made' && book.doc ? await source(db, book.id) : null;
  if (made) return made;
  return {
    title: book.title,
    trim: 'a5',
    cover: { authors: book.author },
    pages: book.description.trim()
      ? [{ id: `book-${book.id}-about`, layout: 'text-only', html: '', text: book.description, pictures: [] }]
      : [],
  };
}

/** What a stored picture is printed from: the JPEG copy made when it was stored, where there is one (see printJpeg). */
export function printedPicture(row: PictureBytes & { print_jpeg: Uint8Array | null }): PictureBytes {
  return row.print_jpeg ? { content_type: 'image/jpeg', data: row.print_jpeg } : { content_type: row.content_type, data: row.data };
}

/** Loads pictures of one school only: a page naming another school's picture prints without it. */
export function schoolPictures(db: Queryable, storage: FileStore, tenantId: number | null): LoadPictures {
  return async (ids) => {
    if (tenantId === null) return new Map();
    const rows = await db
      .select({ id: pictures.id, content_type: pictures.content_type })
      .from(pictures)
      .where(and(inArray(pictures.id, ids), eq(pictures.tenant_id, tenantId)));
    const loaded = await Promise.all(
      rows.map(async (r) => {
        // A JPEG has no print copy: only a WebP or PNG picture asks the store for one.
        const [data, print_jpeg] = await Promise.all([
          storage.get(db, storageKey.picture(r.id)),
          r.content_type === 'image/jpeg' ? null : storage.get(db, storageKey.picturePrint(r.id)),
        ]);
        return data ? ([r.id, printedPicture({ content_type: r.content_type, data, print_jpeg })] as const) : null;
      }),
    );
    return new Map(loaded.filter((entry) => entry !== null));
  };
}
