// The one way the device makes a PDF (login cards, invoices, certificates): pages laid out from
// their top corner in points (see below), like a screen, and every line of words drawn through
// src/contract/pdf-text.ts (Noto fonts, shaped by HarfBuzz, embedded as subsets), so a child or a
// buyer named अनन्या or ليلى is printed as written. pdf-lib, HarfBuzz and the fonts load with the
// module that imports this one, on demand: never on a page's first load. The service worker keeps
// the shaper's WASM and the fonts once fetched (a teacher's device fetches them ahead, see
// ./pdf-tools.ts), so a PDF is made offline too.
//
// A page is laid out in the page's language's direction: x is measured from the edge lines start
// at (the left, or the right in Arabic), so one layout serves both, mirrored, as CSS's logical
// properties do on screen.
import { PDFDocument, PDFOperator, rgb, type PDFOperatorNames, type PDFPage } from 'pdf-lib';
import { LOCALE_INFO } from '@/contract/locales';
import { scriptText, type ScriptText, type Weight } from '@/contract/pdf-text';
import { activeLocale } from '@/i18n/active';

/** Where x is on a line: its start (left in English, right in Arabic), its middle, or its end. */
export type Align = 'start' | 'center' | 'end';
const TONES = {
  ink: rgb(0, 0, 0),
  navy: rgb(17 / 255, 54 / 255, 90 / 255),
};
export type Tone = keyof typeof TONES;

export interface TextStyle {
  size: number;
  weight?: Weight;
  /** Where x is: the line's start (unless said), its middle, or its end. */
  align?: Align;
  /** The words' colour (ink unless said). */
  tone?: Tone;
}

/** A box from its top corner on the start side (top-left in English), in points. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PdfPen {
  width: number;
  height: number;
  /** The page's direction (its language's): x runs from the right edge when 'rtl'. */
  dir: 'ltr' | 'rtl';
  /** Draws one line of text, its baseline `y` points below the page's top, `x` from the start edge. */
  text(words: string, x: number, y: number, style: TextStyle): void;
  /** How wide `words` are at this style, in points. */
  measure(words: string, style: TextStyle): number;
  /** `words` cut (with …) to fit `room` points at this style. */
  fit(words: string, room: number, style: TextStyle): string;
  /** A navy line. */
  line(x1: number, y1: number, x2: number, y2: number, thickness: number): void;
  /** A navy frame, its corners rounded by `radius` points if given. */
  rect(box: Box, thickness: number, radius?: number): void;
  /**
   * Black squares filled as one path (`q 0 g … re f Q`): a QR code's modules, crisp at any print
   * size and far quicker than an image per code. They are a picture: right to left, the picture's
   * place is mirrored, never the picture (a mirrored QR code may not scan).
   */
  squares(boxes: Box[]): void;
  addPage(): void;
}

/** A rounded rectangle as an SVG path from its top-left corner (y down), for drawSvgPath. */
const roundedPath = (w: number, h: number, r: number) =>
  // eslint-disable-next-line lingui/no-unlocalized-strings -- path operators, not words
  `M ${r} 0 H ${w - r} Q ${w} 0 ${w} ${r} V ${h - r} Q ${w} ${h} ${w - r} ${h} H ${r} Q 0 ${h} 0 ${h - r} V ${r} Q 0 0 ${r} 0 Z`;
const n = (v: number) => v.toFixed(2);

/**
 * Makes a PDF of `size` pages: `texts` are all the words it will draw (so that only the scripts
 * it needs are loaded), `draw` lays the pages out.
 */
export async function makePdf(size: [number, number], texts: string[], draw: (pen: PdfPen) => void, title?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const locale = activeLocale();
  doc.setLanguage(locale);
  if (title) doc.setTitle(title);
  const writer: ScriptText = await scriptText(doc, texts, { weights: ['regular', 'bold'] });
  const [width, height] = size;
  const { dir } = LOCALE_INFO[locale];
  /** Where `x` (from the start edge) is from the left edge; `w` the width of what starts there. */
  const left = (x: number, w = 0) => (dir === 'rtl' ? width - x - w : x);
  let page: PDFPage = doc.addPage(size);
  const measure: PdfPen['measure'] = (words, { size: fontSize, weight = 'regular' }) => writer.width(words, fontSize, weight);
  const pen: PdfPen = {
    width,
    height,
    dir,
    measure,
    text(words, x, y, style) {
      const { size: fontSize, weight = 'regular', align = 'start', tone = 'ink' } = style;
      const w = measure(words, style);
      const start = align === 'center' ? x - w / 2 : align === 'end' ? x - w : x;
      writer.draw(page, words, { x: left(start, w), y: height - y, size: fontSize, weight, color: TONES[tone] });
    },
    fit(words, room, style) {
      if (measure(words, style) <= room) return words;
      const chars = [...words];
      while (chars.length > 1 && measure(`${chars.join('')}…`, style) > room) chars.pop();
      return `${chars.join('').trimEnd()}…`;
    },
    line(x1, y1, x2, y2, thickness) {
      page.drawLine({ start: { x: left(x1), y: height - y1 }, end: { x: left(x2), y: height - y2 }, thickness, color: TONES.navy });
    },
    rect({ x: start, y, w, h }, thickness, radius) {
      const x = left(start, w);
      if (radius) page.drawSvgPath(roundedPath(w, h, radius), { x, y: height - y, borderColor: TONES.navy, borderWidth: thickness });
      else page.drawRectangle({ x, y: height - y - h, width: w, height: h, borderWidth: thickness, borderColor: TONES.navy });
    },
    squares(boxes) {
      if (!boxes.length) return;
      // The picture moves as a whole: its first edge where its mirror image would start.
      const from = Math.min(...boxes.map((b) => b.x));
      const shift = left(from, Math.max(...boxes.map((b) => b.x + b.w)) - from) - from;
      // PDF space runs upwards from the page's foot.
      const path = boxes.map(({ x, y, w, h }) => `${n(x + shift)} ${n(height - y - h)} ${n(w)} ${n(h)} re`).join(' ');
      // eslint-disable-next-line lingui/no-unlocalized-strings -- PDF operators, not words
      page.pushOperators(PDFOperator.of(`q 0 g ${path} f Q` as PDFOperatorNames));
    },
    addPage() {
      page = doc.addPage(size);
    },
  };
  draw(pen);
  await writer.finish();
  return doc.save({ useObjectStreams: false });
}

/** Offers `data` as a download named `name`. */
export function saveFile(data: Blob, name: string): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Offers a PDF's `bytes` as a download named `name`. */
export function savePdf(bytes: Uint8Array, name: string): void {
  saveFile(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), name);
}

/** A4 in points, portrait and landscape. */
export const A4: [number, number] = [595.28, 841.89];
export const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
