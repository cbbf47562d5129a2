// One book open for making: the shared document draft (src/ui/editor/use-document-draft.ts) with
// the book's save path, plus the book's structure (title, trim, pages in order) read from its
// Y.Doc again on every change, and the BookContent the preview draws (rendered on the device,
// through the same allow-list renderer the server uses).
import { useEffect, useState } from 'react';
import { yDocToProsemirrorJSON } from '@tiptap/y-tiptap';
import type * as Y from 'yjs';
import { api } from '@/api/client';
import type { components } from '@/api/schema';
import { pageField, readInfo, readPages, type BookInfo, type PageInfo } from '@/contract/book-document';
import type { BookContent } from '@/contract/book-pages';
import { plainText, renderHtml, type DocNode } from '@/contract/document';
import { useDocumentDraft, useMyDocuments } from '@/ui/editor/use-document-draft';
import { saveBookChange, type BookMeta } from './book-commands';

type BookDraft = components['schemas']['BookDraft'];

export function useBookDraft(slug: string) {
  const draft = useDocumentDraft({
    kind: 'book',
    id: slug,
    save: (update, state, meta) => saveBookChange(slug, (meta as BookMeta).title, update, state),
    fetchRemote: () => api.GET('/book-drafts/{slug}/', { params: { path: { slug } } }),
    mergeMeta: (local, data: BookDraft, unsent) => ({
      ...local,
      title: data.title,
      // A sending still queued here stays as the child left it until the server has it.
      status: unsent && local['status'] === 'sending' ? 'sending' : data.status,
      kind: data.kind,
      class_id: data.class_id,
      page_count: data.page_count,
      book_id: data.id,
    }),
  });
  const [shape, setShape] = useState<{ info: BookInfo; pages: PageInfo[] } | null>(null);
  useEffect(() => {
    const ydoc = draft.ydoc;
    if (!ydoc) return;
    const read = () => setShape({ info: readInfo(ydoc), pages: readPages(ydoc) });
    read();
    ydoc.on('update', read);
    return () => ydoc.off('update', read);
  }, [draft.ydoc]);
  return { ...draft, meta: (draft.record?.meta ?? {}) as BookMeta, info: shape?.info ?? null, pages: shape?.pages ?? [] };
}

/** The book as the preview shows it, from the device's copy (pictures may not be sent yet). */
export function localBookContent(ydoc: Y.Doc, fallbackTitle: string): BookContent {
  const info = readInfo(ydoc);
  const pages = readPages(ydoc).map((p) => {
    const json = yDocToProsemirrorJSON(ydoc, pageField(p.id)) as DocNode;
    return {
      id: p.id,
      layout: p.layout,
      html: renderHtml(json),
      text: plainText(json),
      pictures: p.pictures,
      ...(p.author ? { author: p.author } : {}),
    };
  });
  const credited = [...new Set(pages.flatMap((p) => (p.author ? [p.author.name] : [])))];
  return {
    title: info.title || fallbackTitle,
    trim: info.trim,
    cover: { ...(info.cover ? { picture: info.cover } : {}), authors: info.authors || credited.join(', ') },
    pages,
  };
}

/** The owner's books on this device, newest first. */
export function useMyBooks() {
  return useMyDocuments('book');
}
