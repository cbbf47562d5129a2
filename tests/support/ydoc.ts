// Documents as the editor writes them, without an editor: paragraphs appended to the Yjs XML
// fragment the collaboration extension binds to, and the updates a device would queue.
import * as Y from 'yjs';
import { DOCUMENT_FIELD } from '../../src/contract/document';

/** Appends a paragraph (optionally with a bold word) and returns the update it made. */
export function addParagraph(ydoc: Y.Doc, text: string, bold?: string): Uint8Array {
  const updates: Uint8Array[] = [];
  const collect = (u: Uint8Array) => updates.push(u);
  ydoc.on('update', collect);
  const fragment = ydoc.getXmlFragment(DOCUMENT_FIELD);
  const p = new Y.XmlElement('paragraph');
  const t = new Y.XmlText();
  t.insert(0, text);
  if (bold) t.insert(text.length, bold, { bold: {} });
  p.insert(0, [t]);
  fragment.insert(fragment.length, [p]);
  ydoc.off('update', collect);
  return Y.mergeUpdates(updates);
}

export function addPicture(ydoc: Y.Doc, id: string): Uint8Array {
  const before = Y.encodeStateVector(ydoc);
  const img = new Y.XmlElement('image');
  img.setAttribute('src', `/api/pictures/${id}/`);
  img.setAttribute('picture', id as never);
  img.setAttribute('alt', 'My drawing');
  const fragment = ydoc.getXmlFragment(DOCUMENT_FIELD);
  fragment.insert(fragment.length, [img]);
  return Y.encodeStateAsUpdate(ydoc, before);
}

export const b64 = (u: Uint8Array) => Buffer.from(u).toString('base64');
