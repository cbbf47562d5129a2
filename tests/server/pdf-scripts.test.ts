// Names in any script on the PDFs: a print book (made on the server) with children named in
// Devanagari and Arabic, and the shaping underneath (src/contract/pdf-text.ts). The names must come back out of the PDF as text, be drawn
// with real glyphs (never the missing-glyph box, glyph 0), and the fonts be embedded as subsets.
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import type { BookContent } from '../../src/contract/book-pages';
import { renderBookPdf } from '../../server/lib/book-pdf';
import { runsOf, scriptText, visualOrder } from '../../src/contract/pdf-text';
import { drawnGlyphIds, pdfFonts, pdfText } from '../support/pdf-scripts';

/** A line's runs in drawing order, left to right: their text, and with `dir` each one's direction. */
const order = (line: string, dir = false) =>
  visualOrder(runsOf(line))
    .map((r) => (dir ? `${r.text}:${r.dir}` : r.text))
    .join('|');
const drawn = (line: string) => order(line, true);

describe('names in any script on PDFs', () => {
  it('joins Arabic letters and builds Devanagari conjuncts (fewer glyphs than letters)', async () => {
    const doc = await PDFDocument.create();
    const text = await scriptText(doc, ['ليلى', 'क्ष']);
    const page = doc.addPage([200, 100]);
    text.draw(page, 'ليلى', { x: 10, y: 60, size: 20 });
    text.draw(page, 'क्ष', { x: 10, y: 20, size: 20 });
    await text.finish();
    const ids = drawnGlyphIds(await doc.save({ useObjectStreams: false }));
    // ليلى: four letters, three glyphs (lam-alef maqsura joins); क्ष: three characters, one conjunct.
    expect(ids).toHaveLength(4);
  });

  it('orders mixed lines the bidirectional way', () => {
    expect(order('ليلى حسن')).toBe('حسن| |ليلى');
    expect(order('ليلى 3B')).toBe('3B| |ليلى');
    expect(order('Class ليلى حسن')).toBe('Class |حسن| |ليلى');
    expect(order('अनन्या Rao')).toBe('अनन्या| Rao');
    expect(order('ليلى, Zoë')).toBe('Zoë| ,|ليلى');
  });

  it('keeps numbers left to right inside a right-to-left line (Arabic-Indic digits too)', async () => {
    // Intl's Arabic money: a right-to-left mark (not drawn), Arabic-Indic digits and separators, then US$.
    expect(drawn('المجموع: \u200f١٬٢٣٤٫٥٠\u00a0US$')).toBe('$:rtl|US:ltr|\u00a0:rtl|١٬٢٣٤٫٥٠:ltr| ::rtl|المجموع:rtl');
    expect(drawn('التاريخ ٢٤ نوفمبر ٢٠٢٦')).toBe('٢٠٢٦:ltr| :rtl|نوفمبر:rtl| :rtl|٢٤:ltr| :rtl|التاريخ:rtl');
    expect(drawn('رمز الصف: OWLS5')).toBe('OWLS5:ltr| ::rtl|الصف:rtl| :rtl|رمز:rtl');
    expect(drawn('المبلغ 1,234.50')).toBe('1,234.50:ltr| :rtl|المبلغ:rtl');
    expect(drawn('الصف (٣)')).toBe('(:rtl|٣:ltr|) :rtl|الصف:rtl');
    expect(drawn('Total: 12.50 $')).toBe('Total: 12.50 $:ltr');

    // Drawn and read back: the digits come out in their order, each with a glyph of its own.
    const doc = await PDFDocument.create();
    const text = await scriptText(doc, ['المجموع: ١٬٢٣٤٫٥٠ US$']);
    text.draw(doc.addPage([300, 100]), 'المجموع: \u200f١٬٢٣٤٫٥٠\u00a0US$', { x: 10, y: 40, size: 16 });
    await text.finish();
    const pdf = await doc.save({ useObjectStreams: false });
    expect(pdfText(pdf)).toContain('١٬٢٣٤٫٥٠');
    expect(drawnGlyphIds(pdf)).not.toContain(0);
  });
});

describe('print books in any script', () => {
  it('sets a book by ليلى and अनन्या with their words, text and glyphs intact', async () => {
    const content: BookContent = {
      title: 'ليلى والقمر',
      trim: 'a5',
      cover: { authors: 'ليلى حسن, अनन्या शर्मा and Zoë' },
      pages: [
        { id: 'p1', layout: 'text-only', html: '', text: 'ذهبت ليلى إلى السوق.', pictures: [], author: { id: 1, name: 'ليلى' } },
        { id: 'p2', layout: 'text-only', html: '', text: 'अनन्या ने एक किताब पढ़ी।', pictures: [], author: { id: 2, name: 'अनन्या' } },
      ],
    };
    const pdf = await renderBookPdf(content, async () => new Map());
    const text = pdfText(pdf);
    for (const words of ['ليلى والقمر', 'ليلى حسن', 'अनन्या शर्मा', 'ذهبت ليلى إلى السوق.', 'अनन्या ने एक किताब पढ़ी।', '2 · अनन्या'])
      expect(text).toContain(words);
    const fonts = pdfFonts(pdf);
    expect(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'AtkinsonHyperlegible-Bold',
      'AtkinsonHyperlegible-Regular',
      'NotoSansArabic-Bold',
      'NotoSansArabic-Regular',
      'NotoSansDevanagari-Regular',
    ]);
    expect(fonts.every((f) => f.embedded && f.subset)).toBe(true);
    const glyphs = drawnGlyphIds(pdf);
    expect(glyphs.length).toBeGreaterThan(50);
    expect(glyphs).not.toContain(0);
  });
});
