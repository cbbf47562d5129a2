// The print-ready PDF of a made book, drawn from its BookContent (src/contract/book-pages.ts):
// the cover first, then one PDF page per book page, each at the book's trim size plus BLEED_MM
// on every edge (MediaBox = BleedBox, TrimBox inside it, as printers expect). Pictures are
// embedded at their full stored resolution (a 1600 px picture on a 148 mm page is about 260 dpi);
// JPEGs go in as they are, and so do the JPEG copies of PNG and WebP pictures (what the device's
// resizer makes) made when they were stored; a picture without one is turned into JPEG here. Text is
// set in Atkinson Hyperlegible (SIL OFL, shipped in server/assets/fonts), and words in Devanagari
// or Arabic in Noto Sans Devanagari or Noto Sans Arabic, shaped by HarfBuzz
// (src/contract/pdf-text.ts); every font embedded and subset, so the printer needs no font of its own.
// The same file is the teacher's "Download PDF".
//
// Made on the server, not in the browser: the pictures are already in the database (no
// download of every picture to the device), sharp is native, and a 24-page picture book takes a
// fraction of a second (bench/books-print.ts).
import { PDFDocument, rgb, type PDFImage, type PDFPage } from 'pdf-lib';
import { BLEED_MM, BOOK_TRIMS, type BookContent, type BookPage } from '../../src/contract/book-pages';
import { isRightToLeft, scriptText, type ScriptText, type Weight } from '../../src/contract/pdf-text';
import { printJpeg } from './pictures';

/** PDF points per millimetre. */
export const PT_PER_MM = 72 / 25.4;
/** Text and pictures keep this far inside the trim (the printer's safe area), in millimetres. */
const SAFE_MM = 12;
const INK = rgb(0.1, 0.1, 0.12);
const PAPER = rgb(1, 1, 1);

/** A stored picture as the PDF needs it. */
export interface PictureBytes {
  content_type: string;
  data: Uint8Array;
}
/** Finds the book's pictures by id (only the book's own school's; a missing one is left out). */
export type LoadPictures = (ids: string[]) => Promise<Map<string, PictureBytes>>;

/** Latin letters in Atkinson Hyperlegible; Devanagari and Arabic in Noto (src/contract/pdf-text.ts). */
const LATIN = {
  regular: new URL('../assets/fonts/AtkinsonHyperlegible-Regular.ttf', import.meta.url),
  bold: new URL('../assets/fonts/AtkinsonHyperlegible-Bold.ttf', import.meta.url),
};

/** The page size in points, bleed included, of a book of this trim. */
export function pageSizePt(trim: BookContent['trim']): { width: number; height: number } {
  const t = BOOK_TRIMS[trim];
  return { width: (t.width + 2 * BLEED_MM) * PT_PER_MM, height: (t.height + 2 * BLEED_MM) * PT_PER_MM };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Draws the picture inside the box: whole ('contain') or filling it, the overflow cut by the page edge ('cover'). */
function drawPicture(page: PDFPage, image: PDFImage, box: Box, fit: 'contain' | 'cover') {
  const scale = (fit === 'contain' ? Math.min : Math.max)(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height });
}

/** The document's text drawer and the weight to draw with. */
interface Font {
  text: ScriptText;
  weight: Weight;
}

/** Breaks text into lines that fit `width` at `size` (paragraphs kept, long words split). */
function wrap(text: string, font: Font, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    if (lines.length) lines.push('');
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.text.width(next, size, font.weight) <= width) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      // A word wider than the line is cut where it must be.
      while (font.text.width(line, size, font.weight) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.text.width(line.slice(0, cut), size, font.weight) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    if (line) lines.push(line);
  }
  return lines;
}

/** Sets the text in the box, top down, at the largest size (16 pt down to 8 pt) at which it fits. */
function drawText(page: PDFPage, text: string, font: Font, box: Box, align: 'left' | 'center' = 'left') {
  if (!text.trim()) return;
  let size = 16;
  let lines = wrap(text, font, size, box.width);
  while (size > 8 && lines.length * size * 1.35 > box.height) {
    size -= 1;
    lines = wrap(text, font, size, box.width);
  }
  const leading = size * 1.35;
  let y = box.y + box.height - size;
  for (const line of lines) {
    if (y < box.y) break;
    const lineWidth = font.text.width(line, size, font.weight);
    // Arabic lines start at the right.
    const x = align === 'center' ? box.x + (box.width - lineWidth) / 2 : isRightToLeft(line) ? box.x + box.width - lineWidth : box.x;
    font.text.draw(page, line, { x, y, size, weight: font.weight, color: INK });
    y -= leading;
  }
}

/**
 * The JPEGs made from stored WebP and PNG pictures, by picture id, newest last. A picture's bytes
 * never change under its id (the id is made on the device with the picture), so a book printed
 * or downloaded again skips the conversion. Bounded by CACHE_BYTES.
 */
const converted = new Map<string, Uint8Array>();
const CACHE_BYTES = 96 * 1024 * 1024;
let cachedBytes = 0;

function remember(id: string, jpeg: Uint8Array) {
  converted.set(id, jpeg);
  cachedBytes += jpeg.byteLength;
  for (const [oldest, bytes] of converted) {
    if (cachedBytes <= CACHE_BYTES) break;
    converted.delete(oldest);
    cachedBytes -= bytes.byteLength;
  }
}

async function toPdfImage(doc: PDFDocument, id: string, picture: PictureBytes): Promise<PDFImage> {
  if (picture.content_type === 'image/jpeg') return doc.embedJpg(picture.data);
  let jpeg = converted.get(id);
  if (!jpeg) {
    jpeg = await printJpeg(picture.data);
    remember(id, jpeg);
  }
  return doc.embedJpg(jpeg);
}

/** Forgets the converted pictures (the benchmark's cold runs). */
export function forgetConvertedPictures(): void {
  converted.clear();
  cachedBytes = 0;
}

/** The print-ready PDF of the book (see the header). */
export async function renderBookPdf(content: BookContent, loadPictures: LoadPictures): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(content.title);
  doc.setAuthor(content.cover.authors);
  doc.setCreator('StoryNest');
  doc.setProducer('StoryNest');
  const authorNames = content.pages.map((p) => p.author?.name ?? '');
  const text = await scriptText(doc, [content.title, content.cover.authors, ...content.pages.map((p) => p.text), ...authorNames], {
    weights: ['regular', 'bold'],
    latin: LATIN,
  });
  const regular: Font = { text, weight: 'regular' };
  const bold: Font = { text, weight: 'bold' };

  const ids = [...new Set([content.cover.picture, ...content.pages.flatMap((p) => p.pictures)].filter((id): id is string => !!id))];
  const stored = ids.length ? await loadPictures(ids) : new Map<string, PictureBytes>();
  const images = new Map<string, PDFImage>();
  await Promise.all(
    [...stored].map(async ([id, picture]) => {
      // A picture whose bytes cannot be read is left out of its page, not the whole book.
      const image = await toPdfImage(doc, id, picture).catch(() => null);
      if (image) images.set(id, image);
    }),
  );

  const { width, height } = pageSizePt(content.trim);
  const bleed = BLEED_MM * PT_PER_MM;
  const safe = (BLEED_MM + SAFE_MM) * PT_PER_MM;
  const inner: Box = { x: safe, y: safe, width: width - 2 * safe, height: height - 2 * safe };

  const newPage = () => {
    const page = doc.addPage([width, height]);
    page.setBleedBox(0, 0, width, height);
    page.setTrimBox(bleed, bleed, width - 2 * bleed, height - 2 * bleed);
    return page;
  };

  // The cover: its picture over the whole page (bleed included), the title and names on a band.
  const cover = newPage();
  const coverImage = content.cover.picture ? images.get(content.cover.picture) : undefined;
  if (coverImage) drawPicture(cover, coverImage, { x: 0, y: 0, width, height }, 'cover');
  else cover.drawRectangle({ x: 0, y: 0, width, height, color: rgb(0.16, 0.36, 0.45) });
  const band: Box = { x: inner.x, y: height - safe - 62 * PT_PER_MM, width: inner.width, height: 62 * PT_PER_MM };
  cover.drawRectangle({
    x: band.x - 4 * PT_PER_MM,
    y: band.y,
    width: band.width + 8 * PT_PER_MM,
    height: band.height,
    color: PAPER,
    opacity: 0.9,
  });
  drawText(cover, content.title, bold, { ...band, y: band.y + 20 * PT_PER_MM, height: band.height - 24 * PT_PER_MM }, 'center');
  drawText(cover, content.cover.authors, regular, { ...band, y: band.y + 4 * PT_PER_MM, height: 14 * PT_PER_MM }, 'center');

  content.pages.forEach((p, index) => drawPage(newPage(), p, index + 1));

  function drawPage(page: PDFPage, p: BookPage, number: number) {
    const pics = p.pictures.map((id) => images.get(id)).filter((i): i is PDFImage => !!i);
    const footer = 8 * PT_PER_MM;
    const body: Box = { ...inner, y: inner.y + footer, height: inner.height - footer };
    const gap = 5 * PT_PER_MM;
    if (p.layout === 'full-picture') {
      if (pics[0]) drawPicture(page, pics[0], { x: 0, y: 0, width, height }, 'cover');
      if (p.text.trim()) {
        const textBox: Box = { ...body, height: body.height * 0.25 };
        page.drawRectangle({
          x: textBox.x - gap,
          y: textBox.y - gap,
          width: textBox.width + 2 * gap,
          height: textBox.height + 2 * gap,
          color: PAPER,
          opacity: 0.88,
        });
        drawText(page, p.text, regular, textBox);
      }
    } else if (p.layout === 'text-only') {
      drawText(page, p.text, regular, body);
    } else {
      const pictureHeight = body.height * 0.6;
      const area: Box = { ...body, y: body.y + body.height - pictureHeight, height: pictureHeight };
      if (p.layout === 'two-pictures') {
        const half = (area.width - gap) / 2;
        pics.slice(0, 2).forEach((img, i) => drawPicture(page, img, { ...area, x: area.x + i * (half + gap), width: half }, 'contain'));
      } else if (pics[0]) {
        drawPicture(page, pics[0], area, 'contain');
      }
      drawText(page, p.text, regular, { ...body, height: body.height - pictureHeight - gap });
    }
    // The page's number, and in a class book the child who made it.
    const credit = p.author ? `${number} · ${p.author.name}` : String(number);
    const size = 9;
    text.draw(page, credit, { x: (width - text.width(credit, size)) / 2, y: safe - 2 * PT_PER_MM, size, color: INK });
  }

  await text.finish();
  return doc.save({ useObjectStreams: true });
}
