// Request body limits, shared by the server (each route's limit, checked while the body streams
// in, before anything parses it) and the PWA's outbox sender (which never builds a batch the
// server would refuse as too large).

const MiB = 1024 * 1024;

export const BODY_LIMITS = {
  /**
   * A JSON change. The largest legitimate ones are a bulk add of 500 names (about 25 KB) and a
   * story's document state (text only; pictures travel on their own): 1 MiB is ten times that
   * and still keeps a flood of requests from holding much memory.
   */
  json: 1 * MiB,
  /** A multipart upload: the spec's 5 MB file (logo, CSV) plus the form's other fields. */
  upload: 6 * MiB,
  /**
   * POST /outbox/batch/: up to OUTBOX_BATCH_ENTRIES queued JSON changes. The sender cuts a run where the next
   * entry would pass this, so any one change (at most `json`) still fits in a batch of its own.
   */
  batch: 4 * MiB,
} as const;

/**
 * Most changes one POST /outbox/batch/ carries: the server refuses more, and the PWA's sender
 * sends this many at once (fewer only where the body limit cuts the run). A batch of fresh
 * changes is applied in one transaction, so a larger batch is fewer requests and commits; 250
 * small changes take well under a second, far inside the request deadline.
 */
export const OUTBOX_BATCH_ENTRIES = 250;

/**
 * How much work one input may ask of the server. Cleaning HTML and SVG runs in a pool of worker
 * threads with a time and memory cap, but a cap only ends the work after it has used its share
 * of the machine: these figures refuse, before any work, the inputs no school needs. Shared with
 * the PWA so an editor can tell before sending.
 */
export const WORK_LIMITS = {
  /**
   * An SVG logo: a designed logo is 5 to 50 KB with a few hundred elements. 256 KB and 5,000
   * elements are five times the largest we have seen; DOMPurify on jsdom cleans that in well
   * under a second, while 4.9 MB took about 100 s.
   */
  svgBytes: 256 * 1024,
  svgElements: 5_000,
  /**
   * Staff-written HTML (a content page, an FAQ): a long privacy policy is about 1,500 elements;
   * 20,000 is a whole handbook, cleaned in about a second.
   */
  htmlElements: 20_000,
  /**
   * Elements in one story's stored HTML, cleaned again before the server draws it: a 5,000-word
   * story is about 1,500, so 100,000 is far past any story a child writes.
   */
  documentElements: 100_000,
  /**
   * Pixels in an uploaded picture (a story's or a book's, a logo), read from the file's header
   * before it is decoded: 40 MP is a 50-megapixel camera's photo cut down a little, far past the
   * 1600 px the device resizes to. Decoding costs memory by pixels, not bytes: a 260 KB PNG can
   * declare 16,383 × 16,383 and took 6 s and 1.5 GB to decode.
   */
  picturePixels: 40_000_000,
  /**
   * Pages in one book. A picture book has at most 64 pages (printers bind in 4s: 24, 32, 48, 64);
   * a long chapter book about 300. Each page is rendered when it changes, and the print-ready PDF
   * draws every one, so this bounds the work one book can ask.
   */
  bookPages: 300,
  /**
   * Nodes (paragraphs, text runs, pictures, marks' elements) in one document: a story, or one
   * page of a book. A 5,000-word story is about 3,000; 100,000 is far past anything a child
   * writes, and renders in about a second.
   */
  documentNodes: 100_000,
} as const;

/** The words of a refusal for each limit (the server's 4xx). */
export const WORK_MSG = {
  svgTooBig: /*i18n*/ 'File too large: an SVG logo can be at most 256 KB with 5,000 elements.',
  htmlTooBig: /*i18n*/ 'This page is too long to save: at most 20,000 HTML elements. Split it into two pages.',
  documentTooBig: /*i18n*/ 'This story is too long to show here (at most 100,000 parts). Split it in two.',
  tooCostly: /*i18n*/ 'This file takes too much work for the server to read. Make it simpler or smaller and try again.',
  busy: /*i18n*/ 'The server is busy. Please try again in a minute.',
  pictureTooManyPixels:
    /*i18n*/ 'This picture is too big: at most 40 megapixels (for example 8000 × 5000 pixels). Make it smaller and try again.',
  pictureDamaged: /*i18n*/ 'This picture is damaged: its size does not match its pixels. Save it again and try again.',
  tooManyPages: /*i18n*/ 'This book is too long: a book can have at most 300 pages. Split it into two books.',
  pageTooBig: /*i18n*/ 'This page is too long: a page can have at most 100,000 parts. Move some of it to a new page.',
} as const;

/**
 * Elements in a piece of markup, counted without parsing it: every `<` that opens a tag. An
 * upper bound (a `<` inside a comment counts too), cheap enough to run before any work.
 */
export function elementCount(markup: string): number {
  let n = 0;
  for (let i = markup.indexOf('<'); i !== -1; i = markup.indexOf('<', i + 1)) {
    const next = markup.charCodeAt(i + 1);
    if ((next >= 65 && next <= 90) || (next >= 97 && next <= 122)) n++;
  }
  return n;
}
