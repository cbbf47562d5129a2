// @vitest-environment node
// The PDFs made on the device in the page's language: a class's login cards and an invoice in
// Arabic (right to left, Arabic-Indic digits) and in Hindi. Their words come back out of the
// PDF as a reader extracts them, numbers in their order, every glyph a real one, and the QR codes
// still read (placed on the right in Arabic, never mirrored themselves).
import { afterEach, describe, expect, it } from 'vitest';
import { activate } from '@/i18n/i18n';
import { parseLoginCard } from '@/contract/login-card';
import { buildLoginPdf, type CardInfo } from '@/features/roster/login-cards';
import { invoicePdf } from '@/features/orders/invoice-pdf';
import type { Order } from '@/features/orders/use-order';
import { qrTextsInPdf } from '../support/pdf-qr';
import { drawnGlyphIds, pdfSource, pdfText } from '../support/pdf-scripts';

const cards: CardInfo[] = [
  { first_name: 'ليلى', last_name: 'حسن', username: 'layla.hassan', password: 'moon-3', class_code: 'OWLS5' },
  { first_name: 'अनन्या', last_name: 'राव', username: 'ananya.rao', password: 'kite-7', class_code: 'OWLS5' },
  { first_name: 'Zoë', last_name: 'Zhang', username: 'zoe.zhang', password: 'sun-12', class_code: 'OWLS5' },
];
const order = {
  id: 42,
  kind: 'books',
  status: 'success',
  print_status: null,
  total_cents: 123450,
  currency: 'USD',
  email: 'parent@example.com',
  buyer: 'ليلى حسن',
  created_at: '2026-11-24T10:00:00Z',
  charity: null,
  description: null,
  delivery_address: null,
  items: [
    { book_id: 1, title: 'القمر والنجوم', price_cents: 120000 },
    { book_id: 2, title: 'The Moon', price_cents: 3450 },
  ],
  payments: [{ provider: 'stripe', status: 'success', amount_cents: 123450, created_at: '2026-11-24T10:00:00Z', completed_at: null }],
} as unknown as Order;

afterEach(() => activate('en'));

/** The left edge of each QR code drawn, in points. */
const qrLefts = (pdf: Uint8Array) =>
  [...pdfSource(pdf).matchAll(/q 0 g ((?:[\d.]+ [\d.]+ [\d.]+ [\d.]+ re ?)+) f Q/g)].map((m) =>
    Math.min(...[...m[1]!.matchAll(/([\d.]+) [\d.]+ [\d.]+ [\d.]+ re/g)].map((s) => Number(s[1]))),
  );

describe('PDFs in the page language', () => {
  it('login cards in Arabic: the words, the QR codes on the right, still signing each child in', async () => {
    await activate('ar');
    const pdf = await buildLoginPdf('البوم', cards);
    const text = pdfText(pdf);
    for (const words of ['اسم المستخدم', 'كلمة المرور', 'رمز الصف', 'layla.hassan', 'moon-3', 'OWLS5', 'ليلى حسن', 'अनन्या राव'])
      expect(text).toContain(words);
    expect(drawnGlyphIds(pdf)).not.toContain(0);
    // Right to left: the first card on the right of the page, its QR code at the card's right.
    const [first, second] = qrLefts(pdf);
    expect(first).toBeGreaterThan(595 / 2 + 150);
    expect(second).toBeGreaterThan(150);
    expect(second).toBeLessThan(595 / 2);
    expect(qrTextsInPdf(pdf).map((t) => parseLoginCard(t))).toEqual(
      cards.map(({ username, password }) => ({ ok: true, card: { username, password } })),
    );
  });

  it('an invoice in Arabic: its words, and its amounts and date in Arabic-Indic digits in their order', async () => {
    await activate('ar');
    const pdf = await invoicePdf(order, 'مدرسة النور');
    const text = pdfText(pdf);
    for (const words of ['الفاتورة', 'رقم الفاتورة', 'INV-000042', 'الإجمالي', 'الدفع عبر بطاقة', 'مدرسة النور', 'القمر والنجوم'])
      expect(text).toContain(words);
    // 1,234.50, 1,200.00 and 34.50, the 24th and 2026.
    for (const number of ['١٬٢٣٤٫٥٠', '١٬٢٠٠٫٠٠', '٣٤٫٥٠', '٢٤', '٢٠٢٦']) expect(text).toContain(number);
    expect(text).not.toContain('٠٥٫٤٣٢٬١');
    expect(text).not.toMatch(/[$\d]\d*[.,]\d/); // no Latin amount left
    expect(drawnGlyphIds(pdf)).not.toContain(0);
  });

  it('login cards and an invoice in Hindi', async () => {
    await activate('hi');
    const cardsPdf = await buildLoginPdf('Owls', cards);
    const cardText = pdfText(cardsPdf);
    for (const words of ['यूज़रनेम: layla.hassan', 'पासवर्ड: moon-3', 'कक्षा का कोड: OWLS5']) expect(cardText).toContain(words);
    expect(drawnGlyphIds(cardsPdf)).not.toContain(0);
    const invoice = await invoicePdf(order, 'Greenfield');
    const text = pdfText(invoice);
    for (const words of ['बिल', 'बिल नंबर: INV-000042', 'तारीख: 24 नवंबर 2026', 'कुल', '$1,234.50', '$1,200.00'])
      expect(text).toContain(words);
    expect(drawnGlyphIds(invoice)).not.toContain(0);
    // Left to right: the first card on the left.
    expect(qrLefts(cardsPdf)[0]).toBeLessThan(100);
  });
});
