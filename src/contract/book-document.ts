// A made book as a Yjs document: ONE Y.Doc per book, edited offline on any number of tablets and
// merged like a story. What lives where:
//   - map `book`: title, trim, cover (a picture id), authors (the names on the cover);
//   - map `pages`: page id → map {layout, order, pictures (picture ids), author_id, author_name};
//   - XML fragment `page:<id>`: that page's text, bound to the shared editor (Tiptap's
//     collaboration extension with `field`).
// Pages are a map with a fractional `order`, not an array: two children adding pages offline both
// keep theirs, and moving a page is one key, so merges never duplicate or drop a page.
// Heavy (Yjs): imported by the lazily loaded maker, the server and tests only.
import * as Y from 'yjs';
import { BOOK_LAYOUTS, BOOK_TRIMS, LAYOUT_PICTURES, type BookLayout, type BookTrim } from './book-pages';
import { isPictureId } from './document';

export const BOOK_MAP = 'book';
export const PAGES_MAP = 'pages';
export const pageField = (pageId: string) => `page:${pageId}`;

export interface BookInfo {
  title: string;
  trim: BookTrim;
  cover?: string;
  authors: string;
}

export interface PageInfo {
  id: string;
  layout: BookLayout;
  order: number;
  pictures: string[];
  author?: { id: number; name: string };
}

const isLayout = (v: unknown): v is BookLayout => (BOOK_LAYOUTS as readonly unknown[]).includes(v);
const isTrim = (v: unknown): v is BookTrim => typeof v === 'string' && v in BOOK_TRIMS;

export function readInfo(ydoc: Y.Doc): BookInfo {
  const m = ydoc.getMap<unknown>(BOOK_MAP);
  const cover = m.get('cover');
  return {
    title: typeof m.get('title') === 'string' ? (m.get('title') as string) : '',
    trim: isTrim(m.get('trim')) ? (m.get('trim') as BookTrim) : 'a5',
    ...(isPictureId(cover) ? { cover } : {}),
    authors: typeof m.get('authors') === 'string' ? (m.get('authors') as string) : '',
  };
}

export function setInfo(ydoc: Y.Doc, info: Partial<BookInfo>) {
  const m = ydoc.getMap<unknown>(BOOK_MAP);
  ydoc.transact(() => {
    for (const [k, v] of Object.entries(info)) {
      if (v === undefined) m.delete(k);
      else m.set(k, v);
    }
  });
}

/** The pages in reading order (anything malformed, from a forged update, is skipped or fixed). */
export function readPages(ydoc: Y.Doc): PageInfo[] {
  const pages: PageInfo[] = [];
  ydoc.getMap<unknown>(PAGES_MAP).forEach((value, id) => {
    if (!(value instanceof Y.Map)) return;
    const layout = isLayout(value.get('layout')) ? (value.get('layout') as BookLayout) : 'text-only';
    const order = Number(value.get('order'));
    const pics = value.get('pictures');
    const authorId = value.get('author_id');
    const authorName = value.get('author_name');
    pages.push({
      id,
      layout,
      order: Number.isFinite(order) ? order : 0,
      pictures: (Array.isArray(pics) ? pics : []).filter(isPictureId).slice(0, LAYOUT_PICTURES[layout]),
      ...(Number.isInteger(authorId) && typeof authorName === 'string' ? { author: { id: authorId as number, name: authorName } } : {}),
    });
  });
  return pages.sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : 1));
}

/** Adds a page at the end (or after `after`), credited to its author; answers its id. */
export function addPage(
  ydoc: Y.Doc,
  page: { id?: string; layout: BookLayout; author?: { id: number; name: string }; after?: string },
): string {
  const id = page.id ?? crypto.randomUUID();
  const pages = readPages(ydoc);
  const at = page.after ? pages.findIndex((p) => p.id === page.after) : pages.length - 1;
  const before = pages[at]?.order ?? 0;
  const next = pages[at + 1]?.order;
  const order = next === undefined ? before + 1 : (before + next) / 2;
  ydoc.transact(() => {
    const m = new Y.Map<unknown>();
    m.set('layout', page.layout);
    m.set('order', order);
    m.set('pictures', []);
    if (page.author) {
      m.set('author_id', page.author.id);
      m.set('author_name', page.author.name);
    }
    ydoc.getMap(PAGES_MAP).set(id, m);
  });
  return id;
}

export function removePage(ydoc: Y.Doc, id: string) {
  ydoc.transact(() => {
    ydoc.getMap(PAGES_MAP).delete(id);
    const text = ydoc.getXmlFragment(pageField(id));
    if (text.length) text.delete(0, text.length);
  });
}

function pageMap(ydoc: Y.Doc, id: string): Y.Map<unknown> | null {
  const m = ydoc.getMap<unknown>(PAGES_MAP).get(id);
  return m instanceof Y.Map ? m : null;
}

/** Moves a page one place earlier (-1) or later (+1): it takes the order between its new neighbours. */
export function movePage(ydoc: Y.Doc, id: string, direction: -1 | 1) {
  const pages = readPages(ydoc);
  const i = pages.findIndex((p) => p.id === id);
  const j = i + direction;
  if (i < 0 || j < 0 || j >= pages.length) return;
  const far = pages[j + direction];
  const near = pages[j]!.order;
  const order = far === undefined ? near + direction : (near + far.order) / 2;
  pageMap(ydoc, id)?.set('order', order);
}

export function setLayout(ydoc: Y.Doc, id: string, layout: BookLayout) {
  pageMap(ydoc, id)?.set('layout', layout);
}

/** Puts a picture in one of the page's picture places (null empties it). */
export function setPicture(ydoc: Y.Doc, id: string, slot: number, picture: string | null) {
  const m = pageMap(ydoc, id);
  if (!m) return;
  const pics = Array.isArray(m.get('pictures')) ? [...(m.get('pictures') as string[])] : [];
  while (pics.length <= slot) pics.push('');
  pics[slot] = picture ?? '';
  m.set('pictures', pics);
}

/** The picture place of a page, by slot, keeping empty places (readPages drops them). */
export function pictureSlots(ydoc: Y.Doc, id: string): string[] {
  const m = pageMap(ydoc, id);
  const pics = m && Array.isArray(m.get('pictures')) ? (m.get('pictures') as unknown[]) : [];
  return pics.map((p) => (isPictureId(p) ? p : ''));
}
