// The print-ready PDF as the routes make it: the book's pictures loaded from its school's store
// here, then the PDF drawn (lib/book-pdf.ts) in the worker pool, so a long book holds one worker
// thread, never the event loop every school shares. Its time cap is the request's own deadline
// (REQUEST_TIMEOUT_MS), longer than other tasks': a 24-page picture book takes a fraction of a
// second, but a 300-page book of text about 20 s on a loaded two-core machine (measured), and a
// PDF finished after its request was answered would be thrown away.
import type { BookContent } from '../../../src/contract/book-pages';
import { runCpu } from '../../lib/cpu-pool';
import type { LoadPictures } from '../../lib/book-pdf';

// Types only: drawing (pdf-lib, fontkit, sharp) is the worker pool's, never loaded by an API process.
export type { LoadPictures, PictureBytes } from '../../lib/book-pdf';

/** The book's print-ready PDF, drawn in the worker pool from its content and its school's pictures. */
export async function printBookPdf(content: BookContent, loadPictures: LoadPictures, timeoutMs: number): Promise<Uint8Array> {
  const ids = [...new Set([content.cover.picture, ...content.pages.flatMap((p) => p.pictures)].filter((id): id is string => !!id))];
  const pictures = ids.length ? [...(await loadPictures(ids))] : [];
  return runCpu('bookPdf', { content, pictures }, { timeoutMs });
}
