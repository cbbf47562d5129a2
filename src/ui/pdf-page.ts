// A PDF made on the device with words in any of our scripts (invoices, certificates): pages laid
// out from their top-left corner in points, like a screen, and every line drawn through
// src/contract/pdf-text.ts (Noto fonts, shaped by HarfBuzz, embedded as subsets), so a buyer named
// अनन्या or ليلى is printed as written. pdf-lib, HarfBuzz and the fonts load with the module
// that imports this one, on demand: never on a page's first load.
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { scriptText, type ScriptText, type Weight } from '@/contract/pdf-text';

export type Align = 'left' | 'center' | 'right';
export interface TextStyle {
  size: number;
  weight?: Weight;
  /** Where x is: the line's start (left), its middle, or its end (right). */
  align?: Align;
}

export interface PdfPen {
  width: number;
  height: number;
  /** Draws one line of text, its baseline `y` points below the page's top. */
  text(words: string, x: number, y: number, style: TextStyle): void;
  /** `words` cut (with …) to fit `room` points at this size. */
  fit(words: string, room: number, style: TextStyle): string;
  line(x1: number, y1: number, x2: number, y2: number, thickness: number): void;
  rect(x: number, y: number, w: number, h: number, thickness: number): void;
  addPage(): void;
}

const NAVY = rgb(17 / 255, 54 / 255, 90 / 255);
const INK = rgb(0, 0, 0);

/**
 * Makes a PDF of `size` pages: `texts` are all the words it will draw (so that only the scripts
 * it needs are loaded), `draw` lays the pages out.
 */
export async function makePdf(size: [number, number], texts: string[], draw: (pen: PdfPen) => void, title?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  if (title) doc.setTitle(title);
  const writer: ScriptText = await scriptText(doc, texts, { weights: ['regular', 'bold'] });
  const [width, height] = size;
  let page: PDFPage = doc.addPage(size);
  const pen: PdfPen = {
    width,
    height,
    text(words, x, y, { size: fontSize, weight = 'regular', align = 'left' }) {
      const w = writer.width(words, fontSize, weight);
      const start = align === 'center' ? x - w / 2 : align === 'right' ? x - w : x;
      writer.draw(page, words, { x: start, y: height - y, size: fontSize, weight, color: INK });
    },
    fit(words, room, { size: fontSize, weight = 'regular' }) {
      if (writer.width(words, fontSize, weight) <= room) return words;
      const chars = [...words];
      while (chars.length > 1 && writer.width(`${chars.join('')}…`, fontSize, weight) > room) chars.pop();
      return `${chars.join('').trimEnd()}…`;
    },
    line(x1, y1, x2, y2, thickness) {
      page.drawLine({ start: { x: x1, y: height - y1 }, end: { x: x2, y: height - y2 }, thickness, color: NAVY });
    },
    rect(x, y, w, h, thickness) {
      page.drawRectangle({ x, y: height - y - h, width: w, height: h, borderWidth: thickness, borderColor: NAVY });
    },
    addPage() {
      page = doc.addPage(size);
    },
  };
  draw(pen);
  await writer.finish();
  return doc.save({ useObjectStreams: false });
}

/** Offers `bytes` as a download named `name`. */
export function savePdf(bytes: Uint8Array, name: string): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A4 in points, portrait and landscape. */
export const A4: [number, number] = [595.28, 841.89];
export const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
