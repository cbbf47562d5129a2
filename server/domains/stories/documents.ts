// Documents on the server (stories, and made books: one Yjs document per book with a fragment
// per page, see src/contract/book-document.ts): merging a device's Yjs update into
// the stored state and rendering the result. Every device edits its own copy offline; the
// server applies updates in whatever order they arrive (Yjs merges commute), then renders the
// merged document through the contract's allow-list and DOMPurify into the only HTML readers
// ever get, plus a plain-text excerpt and a word count.
import * as Y from 'yjs';
import { yDocToProsemirrorJSON } from '@tiptap/y-tiptap';
import {
  DOCUMENT_FIELD,
  DOCUMENT_LIMITS,
  DOCUMENT_MSG,
  excerptOf,
  plainText,
  renderHtml,
  SANITIZE_CONFIG,
  wordCount,
  type DocNode,
} from '../../../src/contract/document';
import { fail } from '../../http/errors';

export interface RenderedDocument {
  doc: Uint8Array;
  body: string;
  text: string;
  excerpt: string;
  word_count: number;
}

type Purifier = { sanitize: (html: string, config: object) => string };
let purifier: Promise<Purifier> | undefined;

/** DOMPurify on a jsdom window, made once and only when a document is first rendered. */
function dompurify(): Promise<Purifier> {
  return (purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    return createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis) as unknown as Purifier;
  })());
}

export async function sanitizeHtml(html: string): Promise<string> {
  return (await dompurify()).sanitize(html, SANITIZE_CONFIG);
}

/** The document of a Yjs state (one XML fragment of it) as ProseMirror JSON. */
export function documentJson(ydoc: Y.Doc, field: string = DOCUMENT_FIELD): DocNode {
  return yDocToProsemirrorJSON(ydoc, field) as DocNode;
}

/** One fragment as the sanitised HTML readers get and its plain text. */
export async function renderFragment(ydoc: Y.Doc, field: string): Promise<{ html: string; text: string }> {
  const json = documentJson(ydoc, field);
  return { html: await sanitizeHtml(renderHtml(json)), text: plainText(json) };
}

export async function renderDocument(ydoc: Y.Doc): Promise<RenderedDocument> {
  const json = documentJson(ydoc);
  const text = plainText(json);
  return {
    doc: Y.encodeStateAsUpdate(ydoc),
    body: await sanitizeHtml(renderHtml(json)),
    text,
    excerpt: excerptOf(text),
    word_count: wordCount(text),
  };
}

/**
 * The stored state with one update merged in. A malformed update is a 400 and a document
 * that would outgrow the limit a 413: either way nothing is stored and the device keeps its text.
 */
export async function mergeUpdate(stored: Uint8Array | null, update: Uint8Array): Promise<RenderedDocument> {
  // Parsing the fragment catches updates that decode but are not a document.
  const ydoc = mergeYjs(stored, update, (d) => d.getXmlFragment(DOCUMENT_FIELD).toJSON());
  const rendered = await renderDocument(ydoc);
  ydoc.destroy();
  if (rendered.doc.byteLength > DOCUMENT_LIMITS.docBytes) fail(413, DOCUMENT_MSG.tooBig);
  return rendered;
}

/**
 * The stored Yjs state with one update applied, for any document shape (a story, a book):
 * `check` reads what the shape needs and throws on what is not it. A malformed update is a 400,
 * an update over the limit a 413 (the caller checks the merged size against its own limit).
 */
export function mergeYjs(
  stored: Uint8Array | null,
  update: Uint8Array,
  check: (ydoc: Y.Doc) => void,
  badUpdate: string = DOCUMENT_MSG.badUpdate,
): Y.Doc {
  if (update.byteLength > DOCUMENT_LIMITS.updateBytes) fail(413, DOCUMENT_MSG.updateTooBig);
  const ydoc = new Y.Doc({ gc: true });
  if (stored) Y.applyUpdate(ydoc, stored);
  try {
    Y.applyUpdate(ydoc, update);
    check(ydoc);
  } catch {
    ydoc.destroy();
    fail(400, badUpdate);
  }
  return ydoc;
}
