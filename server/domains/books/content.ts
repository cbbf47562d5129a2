// A made or uploaded book as BookContent (src/contract/book-pages.ts): the one shape the reader,
// the maker's preview and the print-ready PDF draw from. Pages come from the book's Yjs document
// (one XML fragment per page, see src/contract/book-document.ts), each page's text rendered by the
// stories' allow-list renderer and DOMPurify into the only HTML readers get, plus plain text.
// A page's credit names its child as the school knows them today (never a name a device claims).
import { and, eq, inArray } from 'drizzle-orm';
import { pictureSrc } from '../../../src/contract/document';
import * as Y from 'yjs';
import { BOOK_MAP, PAGES_MAP, pageField, readInfo, readPages } from '../../../src/contract/book-document';
import { bookFileSrc, type BookContent } from '../../../src/contract/book-pages';
import type { Queryable } from '../../db/client';
import { books, classes, students, users } from '../../db/schema';
import { renderFragment } from '../stories/documents';

/** Fails on an update that decodes but is not a book (used by mergeYjs). */
export function checkBookDoc(ydoc: Y.Doc) {
  ydoc.getMap(BOOK_MAP).toJSON();
  ydoc.getMap(PAGES_MAP).toJSON();
  readPages(ydoc);
}

/** The book's content from its Yjs document; `fallback` fills what the document leaves out. */
export async function renderBook(
  db: Queryable,
  tenantId: number | null,
  ydoc: Y.Doc,
  fallback: { title: string; authors: string },
): Promise<BookContent> {
  const info = readInfo(ydoc);
  const pages = readPages(ydoc);
  const ids = [...new Set(pages.flatMap((p) => (p.author ? [p.author.id] : [])))];
  const names = new Map<number, string>();
  if (ids.length && tenantId !== null) {
    const rows = await db
      .select({ id: users.id, first: users.first_name, last: users.last_name })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.tenant_id, tenantId)));
    for (const r of rows) names.set(r.id, `${r.first} ${r.last.slice(0, 1)}.`.trim());
  }
  const rendered = await Promise.all(
    pages.map(async (p) => {
      const { html, text } = await renderFragment(ydoc, pageField(p.id));
      const name = p.author ? names.get(p.author.id) : undefined;
      return {
        id: p.id,
        layout: p.layout,
        html,
        text,
        pictures: p.pictures,
        ...(p.author && name ? { author: { id: p.author.id, name } } : {}),
      };
    }),
  );
  const credited = [...new Set(rendered.flatMap((p) => (p.author ? [p.author.name] : [])))];
  return {
    title: info.title || fallback.title,
    trim: info.trim,
    cover: { ...(info.cover ? { picture: info.cover } : {}), authors: info.authors || credited.join(', ') || fallback.authors },
    pages: rendered,
  };
}

/**
 * What the library shows of a made or uploaded book, kept on the book's row with every change of
 * its document: the cover picture chosen in the maker (a PDF without one gets the cover drawn
 * from its title once on sale), and the author line. A class book is the class's: its line
 * names the class, then the children credited on its pages who let their names be public.
 */
export async function bookListing(
  db: Queryable,
  row: { id: number; tenant_id: number | null; class_id: number | null; author: string; has_file: boolean },
  content: BookContent,
): Promise<{ cover: string; author: string }> {
  const cover = content.cover.picture ? pictureSrc(content.cover.picture) : row.has_file ? `/api/covers/${row.id}.svg` : '';
  if (row.class_id === null) return { cover, author: row.author };
  const [klass] = await db.select({ name: classes.name }).from(classes).where(eq(classes.id, row.class_id));
  if (!klass) return { cover, author: row.author };
  const credited = [...new Map(content.pages.flatMap((p) => (p.author ? [[p.author.id, p.author.name] as const] : []))).entries()];
  const agreed = credited.length
    ? new Set(
        (
          await db
            .select({ id: students.user_id })
            .from(students)
            .where(
              and(
                inArray(
                  students.user_id,
                  credited.map(([id]) => id),
                ),
                eq(students.privacy_preference, 'public'),
              ),
            )
        ).map((s) => s.id),
      )
    : new Set<number>();
  const named = credited.filter(([id]) => agreed.has(id)).map(([, name]) => name);
  return { cover, author: (named.length ? `${klass.name} (${named.join(', ')})` : klass.name).slice(0, 200) };
}

/** BookContent of one book by id (any status; the caller decides who may see it), or null. */
export async function bookContent(db: Queryable, bookId: number): Promise<BookContent | null> {
  const [row] = await db
    .select({
      id: books.id,
      tenant_id: books.tenant_id,
      title: books.title,
      author: books.author,
      kind: books.kind,
      doc: books.doc,
      has_file: books.has_file,
    })
    .from(books)
    .where(eq(books.id, bookId));
  if (!row || row.kind === 'catalogue') return null;
  const ydoc = new Y.Doc();
  if (row.doc) Y.applyUpdate(ydoc, row.doc);
  const content = await renderBook(db, row.tenant_id, ydoc, { title: row.title, authors: row.author });
  ydoc.destroy();
  return row.has_file ? { ...content, file: bookFileSrc(row.id) } : content;
}
