// The inputs that once could stall every school, each at the most its limits allow (and, where
// the limit is new, at the size that stalled the server before it): a huge SVG logo, a "PDF" full
// of the word `trailer`, a small PNG of a huge canvas, a book draft of as many pages as one saved
// change can carry, and a long content page read by many visitors. Shared by the contract fuzz
// (tests/server/fuzz.test.ts, in-process) and `npm run bench:stall` (the real server over HTTP),
// so both send the same bytes.
import { constants, deflateRawSync } from 'node:zlib';
import * as Y from 'yjs';
import { PAGES_MAP } from '../../src/contract/book-document';
import { BOOK_UPLOAD } from '../../src/contract/book-forms';
import { DOCUMENT_LIMITS } from '../../src/contract/document';
import { WORK_LIMITS } from '../../src/contract/limits';

/** Who sends a step: the demo callers of tests/server/contract.ts, by name. */
export type StallCaller = 'anonymous' | 'student' | 'school_admin';

export interface StallFile {
  bytes: Bytes;
  filename: string;
  type: string;
}

/** One request of an input; `repeat` sends it that many times (a page read by many visitors). */
export interface StallStep {
  label: string;
  caller: StallCaller;
  method: string;
  /** Below /api. */
  path: string;
  json?: unknown;
  form?: Record<string, string | StallFile>;
  repeat?: number;
  /** The statuses this step may answer (any of them passes; the rule is the time, not the verdict). */
  expect: number[];
}

export interface StallInput {
  name: string;
  steps: StallStep[];
}

const svgOf = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}</svg>`;
type Bytes = Uint8Array<ArrayBuffer>;
const enc = (text: string) => new TextEncoder().encode(text) as Bytes;

/** An SVG of `bytes` bytes made of small elements (the shape whose cleaning took 100 s at 4.9 MB). */
export function svgOfSmallElements(bytes: number, maxElements = Infinity): Bytes {
  const element = '<rect width="1" height="1" fill="#123456" class="a b c d"/>';
  const count = Math.min(maxElements - 2, Math.floor((bytes - 120) / element.length));
  const svg = svgOf(element.repeat(count));
  return enc(svg + ' '.repeat(Math.max(0, bytes - svg.length)));
}

/** A "PDF" of `bytes` bytes: a PDF header and then the word `trailer` over and over. */
export function pdfOfTrailers(bytes: number): Bytes {
  const head = '%PDF-1.4\n';
  const word = 'trailer\n';
  return enc(head + word.repeat(Math.floor((bytes - head.length) / word.length)));
}

/** A grey PNG of side × side pixels, all zero: a few hundred KB that decode to side² bytes. */
export function pngOfSide(side: number): Bytes {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    out.writeUInt32BE(crc(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  // Every row is a filter byte and `side` pixels, all zero. The zlib stream is put together from
  // one compressed megabyte of zeros repeated (each piece ends on a full flush, so none refers to
  // another), as compressing all side² bytes at once takes seconds.
  const total = (side + 1) * side;
  const piece = 1024 * 1024;
  const zeros = deflateRawSync(Buffer.alloc(piece), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const rest = deflateRawSync(Buffer.alloc(total % piece), { level: 9 });
  // Adler-32 of `total` zero bytes: a stays 1, b adds 1 for each byte.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((total % 65_521) << 16) | 1) >>> 0);
  const parts = Array.from({ length: Math.floor(total / piece) }, () => zeros);
  const raw = Buffer.concat([Buffer.from([0x78, 0xda]), ...parts, rest, adler]);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const png = Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', raw), chunk('IEND', Buffer.alloc(0))]);
  return new Uint8Array(png.buffer as ArrayBuffer, png.byteOffset, png.length);
}

/**
 * The update a device would save for a book of `pages` empty pages (one change, as a first save
 * of a book written offline): the most pages one saved change can carry is about 18,000.
 */
export function bookOfPages(pages: number): Uint8Array {
  const ydoc = new Y.Doc();
  const map = ydoc.getMap(PAGES_MAP);
  ydoc.transact(() => {
    for (let i = 0; i < pages; i++) {
      const page = new Y.Map<unknown>();
      page.set('layout', 'text-only');
      page.set('order', i + 1);
      page.set('pictures', []);
      map.set(`p${i}`, page);
    }
  });
  return Y.encodeStateAsUpdate(ydoc);
}

/** The most empty pages whose update still fits in one saved change. */
export function mostPagesInOneChange(): { pages: number; update: Uint8Array } {
  let pages = 18_000;
  let update = bookOfPages(pages);
  while (update.length > DOCUMENT_LIMITS.updateBytes) {
    pages -= 500;
    update = bookOfPages(pages);
  }
  return { pages, update };
}

/** A content page of about `bytes` characters with as many elements as a page may have. */
export function longContentPage(bytes: number): string {
  const per = Math.floor(bytes / WORK_LIMITS.htmlElements);
  return `<p>${'a'.repeat(Math.max(1, per - 7))}</p>`.repeat(WORK_LIMITS.htmlElements);
}

const MB = 1024 * 1024;

/**
 * The table of inputs. `tag` makes slugs, ids and names unique per run (the fuzz and the
 * benchmark may each run more than once on one database).
 */
export function stallInputs(tag: string, options: { reads?: number } = {}): StallInput[] {
  const registration = (logo: Bytes, n: number): Record<string, string | StallFile> => ({
    school_name: `Stall School ${tag} ${n}`,
    school_email: `office-${tag}-${n}@stall.example`,
    domain_url: 'https://stall.example',
    first_name: 'Sam',
    last_name: 'Stall',
    primary_color: '#123456',
    primary_color_light: '#3A6EA5',
    primary_color_dark: '#0B2545',
    logo: { bytes: logo, filename: 'logo.svg', type: 'image/svg+xml' },
  });
  const pdfUpload = (bytes: number, n: number) => ({
    slug: `stall-${tag}-pdf-${n}`,
    title: 'A book of trailers',
    file: { bytes: pdfOfTrailers(bytes), filename: 'book.pdf', type: BOOK_UPLOAD.pdfType },
  });
  const picture = (side: number, n: number) => ({
    id: `00000000-0000-4000-8000-${tag
      .replace(/[^0-9a-f]/g, '')
      .padStart(8, '0')
      .slice(-8)}${String(n).padStart(4, '0')}`,
    width: '1600',
    height: '1600',
    file: { bytes: pngOfSide(side), filename: 'drawing.png', type: 'image/png' },
  });
  const book = mostPagesInOneChange();
  const bookSlug = `stall-${tag}-book`;
  const page = longContentPage(200 * 1024);
  return [
    {
      name: 'SVG logo of 4.9 MB at registration',
      steps: [
        {
          label: 'register',
          caller: 'anonymous',
          method: 'POST',
          path: '/tenants/create/',
          form: registration(svgOfSmallElements(4.9 * MB), 1),
          expect: [413],
        },
      ],
    },
    {
      name: `SVG logo at its limit (${WORK_LIMITS.svgBytes / 1024} KB, ${WORK_LIMITS.svgElements} elements) at registration`,
      steps: [
        {
          label: 'register',
          caller: 'anonymous',
          method: 'POST',
          path: '/tenants/create/',
          form: registration(svgOfSmallElements(WORK_LIMITS.svgBytes - 64, WORK_LIMITS.svgElements), 2),
          expect: [201],
        },
      ],
    },
    {
      name: '"PDF" of 5 MB full of `trailer` at book upload',
      steps: [
        { label: 'upload', caller: 'student', method: 'POST', path: '/book-uploads/pdf/', form: pdfUpload(5 * MB, 1), expect: [415] },
      ],
    },
    {
      name: `"PDF" of ${BOOK_UPLOAD.pdfBytes / MB} MB (its limit) full of \`trailer\` at book upload`,
      steps: [
        {
          label: 'upload',
          caller: 'student',
          method: 'POST',
          path: '/book-uploads/pdf/',
          form: pdfUpload(BOOK_UPLOAD.pdfBytes - 1024, 2),
          expect: [415],
        },
      ],
    },
    {
      name: 'PNG of 16,383 × 16,383 pixels at picture upload',
      steps: [
        { label: 'upload', caller: 'student', method: 'POST', path: '/pictures/', form: picture(16_383, 1), expect: [413, 415, 422] },
      ],
    },
    {
      name: 'PNG of 6,300 × 6,300 pixels (under the 40-megapixel cap) at picture upload',
      steps: [{ label: 'upload', caller: 'student', method: 'POST', path: '/pictures/', form: picture(6_300, 2), expect: [201, 413, 422] }],
    },
    {
      name: `book draft of ${book.pages.toLocaleString('en')} pages (one saved change)`,
      steps: [
        {
          label: 'start',
          caller: 'student',
          method: 'POST',
          path: '/book-drafts/',
          json: { slug: bookSlug, title: 'Long' },
          expect: [201],
        },
        {
          label: 'save',
          caller: 'student',
          method: 'PUT',
          path: `/book-drafts/${bookSlug}/document/`,
          json: { update: Buffer.from(book.update).toString('base64') },
          expect: [200, 413],
        },
        { label: 'read', caller: 'student', method: 'GET', path: `/book-drafts/${bookSlug}/`, expect: [200] },
        { label: 'list', caller: 'student', method: 'GET', path: '/book-drafts/', expect: [200] },
      ],
    },
    {
      name: `content page of ${Math.round(page.length / 1024)} KB (${WORK_LIMITS.htmlElements.toLocaleString('en')} elements), read anonymously`,
      steps: [
        {
          label: 'save',
          caller: 'school_admin',
          method: 'PUT',
          path: '/pages/about/',
          json: { title: 'About', description: 'About us', body: page },
          expect: [200],
        },
        { label: 'read', caller: 'anonymous', method: 'GET', path: '/pages/about/', repeat: options.reads ?? 50, expect: [200] },
      ],
    },
  ];
}

/** A step's body as bytes on the wire and its content type (a form encoded as a browser would). */
export async function encodeStep(step: Pick<StallStep, 'json' | 'form'>): Promise<{ body?: Uint8Array<ArrayBuffer>; type?: string }> {
  if (step.json !== undefined) return { body: enc(JSON.stringify(step.json)), type: 'application/json' };
  if (!step.form) return {};
  const form = new FormData();
  for (const [k, v] of Object.entries(step.form)) {
    if (typeof v === 'string') form.append(k, v);
    else form.append(k, new Blob([v.bytes], { type: v.type }), v.filename);
  }
  return encodeForm(form);
}

/** A form as the bytes a browser sends, and its content type (with the boundary). */
export async function encodeForm(form: FormData): Promise<{ body: Uint8Array<ArrayBuffer>; type: string }> {
  const wire = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: new Uint8Array(await wire.arrayBuffer()), type: wire.headers.get('content-type')! };
}
