// Names in any script on the PDFs: a print book (made on the server) with children named in
// Devanagari and Arabic, an invoice and a donation certificate (made on the device) for buyers
// named so, and the shaping underneath (src/contract/pdf-text.ts). The names must come back out of the PDF as text, be drawn
// with real glyphs (never the missing-glyph box, glyph 0), and the fonts be embedded as subsets.
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import type { BookContent } from '../../src/contract/book-pages';
import { renderBookPdf } from '../../server/domains/books/print-pdf';
import { certificatePdf } from '../../src/features/charities/certificate-pdf';
import { invoicePdf } from '../../src/features/orders/invoice-pdf';
import type { Order } from '../../src/features/orders/use-order';
import { runsOf, scriptText, visualOrder } from '../../src/contract/pdf-text';
import { drawnGlyphIds, pdfFonts, pdfText, renderPage } from '../support/pdf-scripts';

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

/** Every name is in the text, every glyph is a real one, the scripts' fonts are embedded subsets. */
function expectNames(pdf: Uint8Array, names: string[], fonts: string[]) {
  const text = pdfText(pdf);
  for (const name of names) expect(text).toContain(name);
  // The missing-glyph box is glyph 0 in every font: none is drawn.
  const glyphs = drawnGlyphIds(pdf);
  expect(glyphs.length).toBeGreaterThan(20);
  expect(glyphs).not.toContain(0);
  const embedded = pdfFonts(pdf);
  expect(embedded.map((f) => f.name.replace(/^[A-Z]{6}\+/, ''))).toEqual(expect.arrayContaining(fonts));
  expect(embedded.every((f) => f.embedded && f.subset)).toBe(true);
}

describe('invoices and certificates in any script', () => {
  const order: Order = {
    id: 42,
    kind: 'books',
    status: 'success',
    print_status: 'paid',
    total_cents: 123456700,
    currency: 'INR',
    email: null,
    buyer: 'अनन्या शर्मा',
    created_at: '2026-11-02T10:00:00Z',
    charity: null,
    description: null,
    delivery_address: null as unknown as Order['delivery_address'],
    items: [
      { book_id: 1, title: 'ليلى والقمر', price_cents: 61728350 },
      { book_id: 2, title: 'चाँद की कहानी', price_cents: 61728350 },
    ],
    payments: [{ provider: 'phonepe', status: 'success', amount_cents: 123456700, created_at: '2026-11-02T10:00:00Z', completed_at: null }],
  };

  it('an invoice billed to अनन्या for a book by ليلى: the names come out as text, drawn with real glyphs', async () => {
    const pdf = await invoicePdf(order, 'مدرسة النور');
    expectNames(
      pdf,
      ['Billed to: अनन्या शर्मा', 'ليلى والقمر', 'चाँद की कहानी', 'مدرسة النور', 'INV-000042'],
      ['NotoSans-Regular', 'NotoSans-Bold', 'NotoSansDevanagari-Regular', 'NotoSansArabic-Regular'],
    );
    // Rendered: the buyer's name (left, under the seller) and the first title have ink.
    const page = renderPage(pdf, 72);
    expect(page.dark(56, 104, 300, 120)).toBeGreaterThan(30);
    expect(page.dark(56, 158, 300, 176)).toBeGreaterThan(30);
  });

  it('a certificate for ليلى حسن and a donation to अक्षर पुस्तकालय: text and glyphs intact', async () => {
    const pdf = await certificatePdf({
      id: 7,
      donor: 'ليلى حسن',
      charity: 'अक्षर पुस्तकालय',
      cents: 50000,
      currency: 'INR',
      date: '2026-11-02T10:00:00Z',
      site: 'Greenfield Primary',
    });
    expectNames(
      pdf,
      ['ليلى حسن', 'अक्षर पुस्तकालय', 'DON-000007', 'Certificate of Donation'],
      ['NotoSansArabic-Bold', 'NotoSansDevanagari-Bold'],
    );
    // Rendered: the names, centred, have ink where they are drawn.
    const page = renderPage(pdf, 72);
    expect(page.dark(320, 210, 520, 240)).toBeGreaterThan(50);
    expect(page.dark(300, 298, 540, 325)).toBeGreaterThan(50);
  });
});
