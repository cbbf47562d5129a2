// Names in any script on the PDFs: a class's login cards (made on the device) and a print book
// (made on the server) with children named in Devanagari and Arabic. The names must come back out of the PDF as text, be drawn
// with real glyphs (never the missing-glyph box, glyph 0), and the fonts be embedded as subsets.
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import type { BookContent } from '../../src/contract/book-pages';
import { renderBookPdf } from '../../server/domains/books/print-pdf';
import { runsOf, scriptText, visualOrder } from '../../src/contract/pdf-text';
import { buildLoginPdf, CARD } from '../../src/features/roster/login-cards';
import { drawnGlyphIds, pdfFonts, pdfText, renderPage } from '../support/pdf-scripts';

const card = (first_name: string, last_name: string, username: string) => ({
  first_name,
  last_name,
  username,
  password: 'kite-7',
  class_code: 'OWLS5',
});

describe('names in any script on PDFs', () => {
  it('login cards carry Devanagari and Arabic names as text, drawn with real glyphs', async () => {
    const pdf = await buildLoginPdf('Owls', [
      card('अनन्या', 'शर्मा', 'ananya.s'),
      card('ليلى', 'حسن', 'layla.h'),
      card('Zoë', 'Núñez', 'zoe.n'),
    ]);
    const text = pdfText(pdf);
    expect(text).toContain('अनन्या शर्मा');
    expect(text).toContain('ليلى حسن');
    expect(text).toContain('Zoë Núñez');
    expect(text).toContain('Username: layla.h');

    const fonts = pdfFonts(pdf).map((f) => f.name.replace(/^[A-Z]{6}\+/, ''));
    expect(fonts.sort()).toEqual(['NotoSans-Bold', 'NotoSans-Regular', 'NotoSansArabic-Bold', 'NotoSansDevanagari-Bold']);
    expect(pdfFonts(pdf).every((f) => f.embedded && f.subset)).toBe(true);

    const glyphs = drawnGlyphIds(pdf);
    expect(glyphs.length).toBeGreaterThan(60);
    expect(glyphs).not.toContain(0); // glyph 0 is the missing-glyph box

    // Ink where each name is drawn (the first row: the cards' name lines at 34 pt from the card's top).
    const page = renderPage(pdf, 144);
    const nameX = CARD.margin + 12 + CARD.qr + 14;
    const nameTop = CARD.margin + 34 - 12;
    expect(page.dark(nameX, nameTop, nameX + 100, nameTop + 16)).toBeGreaterThan(100);
    const second = nameX + CARD.width + CARD.gap;
    expect(page.dark(second, nameTop, second + 100, nameTop + 16)).toBeGreaterThan(100);
  });

  it('a Latin-only class embeds no other script and a letter no font has is caught as glyph 0', async () => {
    const latin = await buildLoginPdf('Owls', [card('Zoe', 'Zhang', 'zoe.zhang')]);
    expect(
      pdfFonts(latin)
        .map((f) => f.name.replace(/^[A-Z]{6}\+/, ''))
        .sort(),
    ).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    // The check above can fail: a Chinese name has no glyphs in our fonts.
    const chinese = await buildLoginPdf('Owls', [card('漢', 'Zhang', 'han.zhang')]);
    expect(drawnGlyphIds(chinese)).toContain(0);
  });

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
    const order = (line: string) =>
      visualOrder(runsOf(line))
        .map((r) => r.text)
        .join('|');
    expect(order('ليلى حسن')).toBe('حسن| |ليلى');
    expect(order('ليلى 3B')).toBe('3B| |ليلى');
    expect(order('Class ليلى حسن')).toBe('Class| |حسن| |ليلى');
    expect(order('अनन्या Rao')).toBe('अनन्या| Rao');
    expect(order('ليلى, Zoë')).toBe('Zoë| ,|ليلى');
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
