// A made or uploaded book as BookContent (src/contract/book-pages.ts): the one shape the reader,
// the maker's preview and the print-ready PDF draw from. Pages come from the book's Yjs document
// (one XML fragment per page, see src/contract/book-document.ts), rendered when it changes
// (lib/book-render.ts, in the worker pool) and kept on the book's row (`rendered`): a read only
// fills in the names. A page's credit names its child as the school knows them today (never a
// name a device claims).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { pictureSrc } from '../../../src/contract/document';
import { bookFileSrc, type BookContent } from '../../../src/contract/book-pages';
import type { Queryable } from '../../db/client';
import { books, classes, students, users } from '../../db/schema';
import { runCpu } from '../../lib/cpu-pool';
import type { RenderedBook } from '../../lib/book-render';

type RenderableRow = Pick<typeof books.$inferSelect, 'id' | 'doc' | 'rendered'>;

/**
 * The book's kept rendering. A book saved before renderings were kept is rendered now, in the
 * worker pool, and kept (unless it changed meanwhile): once per such book, whichever request
 * reads it first.
 */
export async function renderingOf(db: Queryable, row: RenderableRow): Promise<RenderedBook> {
  if (row.rendered) return row.rendered;
  const rendered = await runCpu('renderBook', row.doc);
  // Kept only while the document is still the one rendered; the book's updated_at stays (nothing
  // a reader or a device syncs has changed).
  await db
    .update(books)
    .set({ rendered, updated_at: sql`${books.updated_at}` })
    .where(and(eq(books.id, row.id), isNull(books.rendered), row.doc ? eq(books.doc, row.doc) : isNull(books.doc)));
  return rendered;
}

/** The book's content from its rendering, its children named; `fallback` fills what the document leaves out. */
export async function contentOf(
  db: Queryable,
  tenantId: number | null,
  rendered: RenderedBook,
  fallback: { title: string; authors: string },
): Promise<BookContent> {
  const ids = [...new Set(rendered.pages.flatMap((p) => (p.author_id === undefined ? [] : [p.author_id])))];
  const names = new Map<number, string>();
  if (ids.length && tenantId !== null) {
    const rows = await db
      .select({ id: users.id, first: users.first_name, last: users.last_name })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.tenant_id, tenantId)));
    for (const r of rows) names.set(r.id, `${r.first} ${r.last.slice(0, 1)}.`.trim());
  }
  const pages = rendered.pages.map(({ author_id, ...page }) => {
    const name = author_id === undefined ? undefined : names.get(author_id);
    return { ...page, ...(author_id !== undefined && name ? { author: { id: author_id, name } } : {}) };
  });
  const credited = [...new Set(pages.flatMap((p) => (p.author ? [p.author.name] : [])))];
  return {
    title: rendered.title || fallback.title,
    trim: rendered.trim,
    cover: { ...rendered.cover, authors: rendered.cover.authors || credited.join(', ') || fallback.authors },
    pages,
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
      rendered: books.rendered,
      has_file: books.has_file,
    })
    .from(books)
    .where(eq(books.id, bookId));
  if (!row || row.kind === 'catalogue') return null;
  const content = await contentOf(db, row.tenant_id, await renderingOf(db, row), { title: row.title, authors: row.author });
  return row.has_file ? { ...content, file: bookFileSrc(row.id) } : content;
}
