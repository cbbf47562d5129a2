// A made book's pages rendered from its Yjs document (src/contract/book-document.ts): each page's
// text through the documents' allow-list renderer and DOMPurify into the only HTML readers get,
// plus plain text. Done when the document changes (in the worker pool, before the save's
// transaction) and kept on the book's row, so reading a book is a look-up, not a rendering.
// The names on the pages are not kept: the server fills them in when the book is read, as the
// school knows its children that day.
//
// The limits are checked before any rendering: pages per book and nodes per page
// (WORK_LIMITS), counted on the Yjs structure itself, which is far cheaper than rendering it.
// A saved change is merged into the stored document here too (mergeBook), in the same task: an
// update of 18,000 pages took a second and more to merge, and on the event loop that second was
// every school's.
import * as Y from 'yjs';
import { yDocToProsemirrorJSON } from '@tiptap/y-tiptap';
import { BOOK_MAP, PAGES_MAP, pageField, readInfo, readPages } from '../../src/contract/book-document';
import { BOOK_MSG } from '../../src/contract/book-forms';
import type { BookContent, BookPage } from '../../src/contract/book-pages';
import { DOCUMENT_LIMITS, DOCUMENT_MSG, fromBase64, plainText, renderHtml, type DocNode } from '../../src/contract/document';
import { WORK_LIMITS, WORK_MSG } from '../../src/contract/limits';
import { refuse, type Refusal } from './refusal';
import { sanitizeDocumentHtml } from './sanitize';

/** A page as kept on the book's row: its author by id only. */
export type RenderedPage = Omit<BookPage, 'author'> & { author_id?: number };
/** A book's content as kept on its row (books.rendered). */
export type RenderedBook = Omit<BookContent, 'pages' | 'file'> & { pages: RenderedPage[] };

/**
 * Items (elements, runs of text, attributes' values) in a Yjs type and all it holds: at least as
 * many as the nodes of the document rendered from it. Deleted items render nothing and are skipped.
 */
export function itemCount(type: { _start: Y.Item | null }, limit: number): number {
  let n = 0;
  for (let item = type._start; item && n <= limit; item = item.right) {
    if (item.deleted) continue;
    n++;
    if (item.content instanceof Y.ContentType) n += itemCount(item.content.type, limit - n);
  }
  return n;
}

/** Fails on an update that decodes but is not a book. */
export function checkBookDoc(ydoc: Y.Doc) {
  ydoc.getMap(BOOK_MAP).toJSON();
  ydoc.getMap(PAGES_MAP).toJSON();
  readPages(ydoc);
}

/** The book's content from its Yjs state (see the header), or a refusal when it is over a limit. */
export function renderBookDoc(doc: Uint8Array | null): RenderedBook | Refusal {
  const ydoc = new Y.Doc();
  try {
    if (doc) Y.applyUpdate(ydoc, doc);
    return renderYDoc(ydoc);
  } finally {
    ydoc.destroy();
  }
}

/** A saved change's bytes from its base64, or a refusal when it is not base64 or over the update limit. */
export function decodeUpdate(update: string): Uint8Array | Refusal {
  let bytes: Uint8Array;
  try {
    bytes = fromBase64(update);
  } catch {
    return refuse(400, DOCUMENT_MSG.badUpdate);
  }
  return bytes.byteLength > DOCUMENT_LIMITS.updateBytes ? refuse(413, DOCUMENT_MSG.updateTooBig) : bytes;
}

/**
 * One saved change of a book (a Yjs update, base64) merged into its stored state, checked to be a
 * book, bounded (the update's and the merged state's bytes, then pages and nodes) and rendered:
 * the merged state and its rendering, or a refusal.
 */
export function mergeBook({
  stored,
  update,
}: {
  stored: Uint8Array | null;
  update: string;
}): { doc: Uint8Array; rendered: RenderedBook } | Refusal {
  const bytes = decodeUpdate(update);
  if ('refused' in bytes) return bytes;
  const ydoc = new Y.Doc({ gc: true });
  try {
    if (stored) Y.applyUpdate(ydoc, stored);
    try {
      Y.applyUpdate(ydoc, bytes);
      checkBookDoc(ydoc);
    } catch {
      return refuse(400, DOCUMENT_MSG.badUpdate);
    }
    const doc = Y.encodeStateAsUpdate(ydoc);
    if (doc.byteLength > DOCUMENT_LIMITS.docBytes) return refuse(413, BOOK_MSG.tooBig);
    const rendered = renderYDoc(ydoc);
    return 'refused' in rendered ? rendered : { doc, rendered };
  } finally {
    ydoc.destroy();
  }
}

function renderYDoc(ydoc: Y.Doc): RenderedBook | Refusal {
  const info = readInfo(ydoc);
  const pages = readPages(ydoc);
  if (pages.length > WORK_LIMITS.bookPages) return refuse(413, WORK_MSG.tooManyPages);
  const fragments = pages.map((p) => ydoc.getXmlFragment(pageField(p.id)));
  if (fragments.some((f) => itemCount(f, WORK_LIMITS.documentNodes) > WORK_LIMITS.documentNodes)) return refuse(413, WORK_MSG.pageTooBig);
  return {
    title: info.title,
    trim: info.trim,
    cover: { ...(info.cover ? { picture: info.cover } : {}), authors: info.authors },
    pages: pages.map((p, i) => {
      // An empty page (a picture page) has nothing to render.
      const json = fragments[i]!.length ? (yDocToProsemirrorJSON(ydoc, pageField(p.id)) as DocNode) : null;
      return {
        id: p.id,
        layout: p.layout,
        html: json ? sanitizeDocumentHtml(renderHtml(json)) : '',
        text: json ? plainText(json) : '',
        pictures: p.pictures,
        ...(p.author ? { author_id: p.author.id } : {}),
      };
    }),
  };
}
