// The work that can take a second or more of CPU, as plain functions of plain data: cleaning HTML
// and SVG, reading a PDF's structure, decoding and re-encoding a picture, rendering a story or a
// book from its Yjs document, parsing a CSV. cpu-worker.ts runs them in the worker pool
// (cpu-pool.ts), so one costly input holds one worker thread, never the event loop every school's
// requests share. Each checks its input against WORK_LIMITS before any work and answers a refusal
// (the status and words the request is answered with) instead of throwing, since only plain data
// crosses between threads.
import Papa from 'papaparse';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import * as Y from 'yjs';
import { yDocToProsemirrorJSON } from '@tiptap/y-tiptap';
import { WORK_LIMITS, WORK_MSG, elementCount } from '../../src/contract/limits';
import {
  DOCUMENT_FIELD,
  DOCUMENT_LIMITS,
  DOCUMENT_MSG,
  excerptOf,
  plainText,
  renderHtml,
  wordCount,
  type DocNode,
  type PictureType,
} from '../../src/contract/document';
import { PAGES_MAP, BOOK_MAP, pageField, readInfo, readPages, type BookInfo } from '../../src/contract/book-document';
import type { BookLayout } from '../../src/contract/book-pages';
import { sanitizeDocumentHtml, sanitizeHtml } from './sanitize';
import { sanitizeSvg } from './uploads';

/** A task's "no": the request is answered with this status and message. */
export interface Refusal {
  refused: { status: 400 | 413 | 415 | 422; message: string };
}
const refuse = (status: Refusal['refused']['status'], message: string): Refusal => ({ refused: { status, message } });

/** Staff-written HTML (a content page, an FAQ), cleaned with the HTML policy. */
export function cleanHtml(html: string): { html: string } | Refusal {
  if (elementCount(html) > WORK_LIMITS.htmlElements) return refuse(413, WORK_MSG.htmlTooBig);
  return { html: sanitizeHtml(html) };
}

/** HTML rendered from a document (a story's stored body), cleaned with the documents' allow-list. */
export function cleanDocumentHtml(html: string): { html: string } | Refusal {
  if (elementCount(html) > WORK_LIMITS.documentNodes) return refuse(413, WORK_MSG.documentTooBig);
  return { html: sanitizeDocumentHtml(html) };
}

/** An SVG logo, cleaned; `svg` is empty when nothing of an SVG is left. */
export function cleanSvg(svg: string): { svg: string } | Refusal {
  if (svg.length > WORK_LIMITS.svgBytes || elementCount(svg) > WORK_LIMITS.svgElements) return refuse(413, WORK_MSG.svgTooBig);
  return { svg: sanitizeSvg(svg) };
}

/**
 * A PDF's structure, read by a parser (pdf-lib): whether it is one at all, whether it is
 * encrypted (its trailer names an /Encrypt dictionary) and how many pages it has.
 */
export async function inspectPdf(bytes: Uint8Array): Promise<{ pdf: boolean; encrypted: boolean; pages: number }> {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) return { pdf: false, encrypted: false, pages: 0 };
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    // Named in the trailer is enough: a reader would ask for the password.
    return { pdf: true, encrypted: doc.isEncrypted || doc.context.trailerInfo.Encrypt !== undefined, pages: doc.getPageCount() };
  } catch {
    return { pdf: false, encrypted: false, pages: 0 };
  }
}

/** The JPEG a WebP or PNG picture is printed from (see lib/print-pdf.ts). */
export async function printJpeg(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await sharp(data).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer());
}

export interface CleanPicture {
  data: Uint8Array;
  width: number;
  height: number;
  /** The JPEG copy a WebP or PNG picture prints from (null for a JPEG). */
  print_jpeg: Uint8Array | null;
}

/**
 * The picture decoded and written again in its own format: whatever rode along in the file (EXIF
 * with the GPS position of a child's home, a camera's serial, comments, bytes after the image) is
 * gone, the orientation the camera noted is applied to the pixels, and a file that only starts
 * like a picture fails to decode. Before decoding, the size its header declares is checked
 * against the pixel limit and against the size the device said it sent (either way round: the
 * orientation may turn it); after decoding, the pixels must be that size.
 */
export async function reencodePicture(input: {
  data: Uint8Array;
  type: PictureType;
  width: number;
  height: number;
}): Promise<CleanPicture | Refusal> {
  const { data, type } = input;
  const header = await sharp(data)
    .metadata()
    .catch(() => null);
  const [w, h] = [header?.width ?? 0, header?.height ?? 0];
  if (!w || !h) return refuse(415, DOCUMENT_MSG.pictureType);
  if (w * h > WORK_LIMITS.picturePixels) return refuse(413, WORK_MSG.pictureTooManyPixels);
  const fits = (a: number, b: number) => (a === input.width && b === input.height) || (a === input.height && b === input.width);
  if (!fits(w, h)) return refuse(422, WORK_MSG.pictureSizeMismatch);
  try {
    const image = sharp(data, { failOn: 'error', limitInputPixels: WORK_LIMITS.picturePixels }).rotate();
    const out = type === 'image/jpeg' ? image.jpeg({ quality: 88 }) : type === 'image/png' ? image.png() : image.webp({ quality: 88 });
    const { data: bytes, info } = await out.toBuffer({ resolveWithObject: true });
    if (!fits(info.width, info.height)) return refuse(422, WORK_MSG.pictureSizeMismatch);
    const clean = new Uint8Array(bytes);
    // A WebP or PNG picture gets its print copy now, so a book prints without converting.
    const print_jpeg = type === 'image/jpeg' ? null : await printJpeg(clean).catch(() => null);
    return { data: clean, width: info.width, height: info.height, print_jpeg };
  } catch {
    return refuse(415, DOCUMENT_MSG.pictureType);
  }
}

/** Nodes of a ProseMirror document, counting until `max` is passed. */
function nodeCount(doc: DocNode, max: number): number {
  let n = 0;
  const stack: DocNode[] = [doc];
  while (stack.length && n <= max) {
    const node = stack.pop()!;
    n++;
    if (Array.isArray(node.content)) stack.push(...node.content);
  }
  return n;
}

export interface RenderedDocument {
  doc: Uint8Array;
  body: string;
  text: string;
  excerpt: string;
  word_count: number;
}

/**
 * The stored Yjs state with one update applied, for any document shape: `check` reads what the
 * shape needs and throws on what is not it. Null when the update is malformed.
 */
function merged(stored: Uint8Array | null, update: Uint8Array, check: (ydoc: Y.Doc) => void): Y.Doc | null {
  const ydoc = new Y.Doc({ gc: true });
  try {
    if (stored) Y.applyUpdate(ydoc, stored);
    Y.applyUpdate(ydoc, update);
    check(ydoc);
    return ydoc;
  } catch {
    ydoc.destroy();
    return null;
  }
}

function renderStoryDoc(ydoc: Y.Doc): RenderedDocument | Refusal {
  const json = yDocToProsemirrorJSON(ydoc, DOCUMENT_FIELD) as DocNode;
  if (nodeCount(json, WORK_LIMITS.documentNodes) > WORK_LIMITS.documentNodes) return refuse(413, WORK_MSG.documentTooBig);
  const text = plainText(json);
  return {
    doc: Y.encodeStateAsUpdate(ydoc),
    body: sanitizeDocumentHtml(renderHtml(json)),
    text,
    excerpt: excerptOf(text),
    word_count: wordCount(text),
  };
}

/** A story's stored state rendered: the sanitised HTML readers get, its text, excerpt and words. */
export function renderStory(state: Uint8Array): RenderedDocument | Refusal {
  const ydoc = new Y.Doc();
  try {
    Y.applyUpdate(ydoc, state);
    return renderStoryDoc(ydoc);
  } finally {
    ydoc.destroy();
  }
}

/**
 * A story's stored state with a device's update merged in, rendered. A malformed update is a 400
 * and a document that would outgrow the limits a 413: either way nothing is stored.
 */
export function mergeStory(input: { stored: Uint8Array | null; update: Uint8Array }): RenderedDocument | Refusal {
  if (input.update.byteLength > DOCUMENT_LIMITS.updateBytes) return refuse(413, DOCUMENT_MSG.updateTooBig);
  const ydoc = merged(input.stored, input.update, (d) => d.getXmlFragment(DOCUMENT_FIELD).toJSON());
  if (!ydoc) return refuse(400, DOCUMENT_MSG.badUpdate);
  try {
    const rendered = renderStoryDoc(ydoc);
    if (!('refused' in rendered) && rendered.doc.byteLength > DOCUMENT_LIMITS.docBytes) return refuse(413, DOCUMENT_MSG.tooBig);
    return rendered;
  } finally {
    ydoc.destroy();
  }
}

/** A book page as rendered from the document: its author named by id only (the school knows the name). */
export interface RenderedPage {
  id: string;
  layout: BookLayout;
  html: string;
  text: string;
  pictures: string[];
  author?: { id: number };
}
export interface RenderedBook {
  info: BookInfo;
  pages: RenderedPage[];
}

/** Fails on an update that decodes but is not a book. */
function checkBook(ydoc: Y.Doc) {
  ydoc.getMap(BOOK_MAP).toJSON();
  ydoc.getMap(PAGES_MAP).toJSON();
  readPages(ydoc);
}

function renderBookDoc(ydoc: Y.Doc): RenderedBook | Refusal {
  const pages = readPages(ydoc);
  if (pages.length > WORK_LIMITS.bookPages) return refuse(413, WORK_MSG.bookTooManyPages);
  const docs = pages.map((p) => yDocToProsemirrorJSON(ydoc, pageField(p.id)) as DocNode);
  let nodes = 0;
  for (const d of docs) {
    nodes += nodeCount(d, WORK_LIMITS.documentNodes);
    if (nodes > WORK_LIMITS.documentNodes) return refuse(413, WORK_MSG.documentTooBig);
  }
  return {
    info: readInfo(ydoc),
    pages: pages.map((p, i) => ({
      id: p.id,
      layout: p.layout,
      html: sanitizeDocumentHtml(renderHtml(docs[i]!)),
      text: plainText(docs[i]!),
      pictures: p.pictures,
      ...(p.author ? { author: { id: p.author.id } } : {}),
    })),
  };
}

/** A book's stored state rendered, every page. */
export function renderBook(state: Uint8Array | null): RenderedBook | Refusal {
  const ydoc = new Y.Doc();
  try {
    if (state) Y.applyUpdate(ydoc, state);
    return renderBookDoc(ydoc);
  } finally {
    ydoc.destroy();
  }
}

/** A book's stored state with a device's update merged in, rendered; `doc` is the new state. */
export function mergeBook(input: {
  stored: Uint8Array | null;
  update: Uint8Array;
  badUpdate: string;
  tooBig: string;
}): (RenderedBook & { doc: Uint8Array }) | Refusal {
  if (input.update.byteLength > DOCUMENT_LIMITS.updateBytes) return refuse(413, DOCUMENT_MSG.updateTooBig);
  const ydoc = merged(input.stored, input.update, checkBook);
  if (!ydoc) return refuse(400, input.badUpdate);
  try {
    const doc = Y.encodeStateAsUpdate(ydoc);
    if (doc.byteLength > DOCUMENT_LIMITS.docBytes) return refuse(413, input.tooBig);
    const rendered = renderBookDoc(ydoc);
    return 'refused' in rendered ? rendered : { ...rendered, doc };
  } finally {
    ydoc.destroy();
  }
}

/** A CSV file's header and rows (a byte-order mark dropped, blank lines skipped). */
export function parseCsv(text: string): { fields: string[]; rows: Record<string, unknown>[] } {
  const parsed = Papa.parse<Record<string, unknown>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy' });
  return { fields: parsed.meta.fields ?? [], rows: parsed.data };
}
