// Books as the maker writes them, without an editor: pages added to a book's Yjs document with a
// paragraph of text in their fragment, and the update a device would queue. Also tiny PDFs.
import * as Y from 'yjs';
import { addPage, pageField } from '../../src/contract/book-document';
import type { BookLayout } from '../../src/contract/book-pages';

/** Adds a page with one paragraph, credited to `author`; answers the update it made. */
export function addTextPage(
  ydoc: Y.Doc,
  text: string,
  author?: { id: number; name: string },
  layout: BookLayout = 'text-only',
): Uint8Array {
  const before = Y.encodeStateVector(ydoc);
  const id = addPage(ydoc, { layout, ...(author ? { author } : {}) });
  const p = new Y.XmlElement('paragraph');
  const t = new Y.XmlText();
  t.insert(0, text);
  p.insert(0, [t]);
  ydoc.getXmlFragment(pageField(id)).insert(0, [p]);
  return Y.encodeStateAsUpdate(ydoc, before);
}

/** A minimal PDF of `pages` pages; `encrypted` names an /Encrypt dictionary in its trailer. */
export function tinyPdf(pages = 1, encrypted = false): Uint8Array {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  const objects = [
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    `2 0 obj << /Type /Pages /Kids [${kids}] /Count ${pages} >> endobj`,
    ...Array.from({ length: pages }, (_, i) => `${i + 3} 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] >> endobj`),
  ];
  const trailer = `trailer << /Size ${pages + 3} /Root 1 0 R${encrypted ? ' /Encrypt 99 0 R' : ''} >>`;
  return new TextEncoder().encode(`%PDF-1.4\n${objects.join('\n')}\n${trailer}\nstartxref\n0\n%%EOF\n`);
}
