// The work that can take a second or more of CPU, as plain functions of plain data: cleaning HTML
// and SVG, reading a PDF's structure, decoding pictures, rendering a book's pages, drawing its
// print-ready PDF. cpu-worker.ts runs them in the worker pool
// (cpu-pool.ts), so one costly input holds one worker thread, never the event loop every school's
// requests share. Each checks its input against WORK_LIMITS before any work and answers a refusal
// (the status and words the request is answered with) instead of throwing, since only plain data
// crosses between threads.
import Papa from 'papaparse';
import { PDFDocument } from 'pdf-lib';
import { Piscina } from 'piscina';
import { WORK_LIMITS, WORK_MSG, elementCount } from '../../src/contract/limits';
import type { BookContent } from '../../src/contract/book-pages';
import { ROSTER_OWN_MSG } from '../../src/contract/messages';
import { BULK_ADD_MAX, namesFromCsvRows, type StudentName } from '../../src/contract/roster';
import { renderBookPdf, type PictureBytes } from './book-pdf';
import { refuse, type Refusal } from './refusal';
import { sanitizeDocumentHtml, sanitizeHtml } from './sanitize';
import { opensLikePdf, sanitizeSvg } from './uploads';

export type { Refusal } from './refusal';
export { reencodePicture, drawIcon } from './pictures';
export { renderBookDoc as renderBook, mergeBook } from './book-render';
export { mergeStory } from './story-render';

/** Staff-written HTML (a content page, an FAQ), cleaned with the HTML policy. */
export function cleanHtml(html: string): { html: string } | Refusal {
  if (elementCount(html) > WORK_LIMITS.htmlElements) return refuse(413, WORK_MSG.htmlTooBig);
  return { html: sanitizeHtml(html) };
}

/** HTML rendered from a document (a story's stored body), cleaned with the documents' allow-list. */
export function cleanDocumentHtml(html: string): { html: string } | Refusal {
  if (elementCount(html) > WORK_LIMITS.documentElements) return refuse(413, WORK_MSG.documentTooBig);
  return { html: sanitizeDocumentHtml(html) };
}

/** An SVG logo, cleaned; `svg` is empty when nothing of an SVG is left. */
export function cleanSvg(svg: string): { svg: string } | Refusal {
  if (svg.length > WORK_LIMITS.svgBytes || elementCount(svg) > WORK_LIMITS.svgElements) return refuse(413, WORK_MSG.svgTooBig);
  return { svg: sanitizeSvg(svg) };
}

/**
 * A PDF's structure, read by a parser (pdf-lib): whether it is one at all, whether it is
 * encrypted (its trailer names an /Encrypt dictionary) and how many pages it has. The bytes come
 * back with the answer, moved rather than copied (the caller moved them here).
 */
export async function inspectPdf(bytes: Uint8Array): Promise<{ pdf: boolean; encrypted: boolean; pages: number; bytes: Uint8Array }> {
  const answer = (pdf: boolean, encrypted = false, pages = 0) => movedBack({ pdf, encrypted, pages, bytes }, [bytes.buffer as ArrayBuffer]);
  if (!opensLikePdf(bytes)) return answer(false);
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    // Named in the trailer is enough: a reader would ask for the password.
    return answer(true, doc.isEncrypted || doc.context.trailerInfo.Encrypt !== undefined, doc.getPageCount());
  } catch {
    return answer(false);
  }
}

/** `value` sent back to the event loop with `buffers` moved, not copied (piscina's Transferable). */
function movedBack<T extends object>(value: T, buffers: ArrayBuffer[]): T {
  const transferable = { [Piscina.transferableSymbol]: buffers, [Piscina.valueSymbol]: value };
  return Piscina.move(transferable as unknown as Parameters<typeof Piscina.move>[0]) as unknown as T;
}

/** A book's print-ready PDF, from its content and the pictures it names (loaded by the caller). */
export function bookPdf({ content, pictures }: { content: BookContent; pictures: [string, PictureBytes][] }): Promise<Uint8Array> {
  const stored = new Map(pictures);
  return renderBookPdf(content, async (ids) => new Map(ids.flatMap((id) => (stored.has(id) ? [[id, stored.get(id)!] as const] : []))));
}

/** A class list sent as CSV (first and last name columns): its names, at most BULK_ADD_MAX. */
export function parseRosterCsv(text: string): StudentName[] | Refusal {
  const parsed = Papa.parse<Record<string, unknown>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy' });
  const names = namesFromCsvRows(parsed.meta.fields ?? [], parsed.data);
  if (!names) return refuse(400, ROSTER_OWN_MSG.csvColumns);
  if (!names.length) return refuse(400, ROSTER_OWN_MSG.csvEmpty);
  if (names.length > BULK_ADD_MAX) return refuse(400, `At most ${BULK_ADD_MAX} students at a time`);
  return names;
}
