// The one formatting module (src/ui/format.ts) against Intl in each language's Intl locale:
// rupees grouped 12,34,567 in Hindi, Arabic-Indic digits in Arabic, and English exactly as
// before (the fast path without Intl, checked against Intl en-US in price.test.ts and day.test.ts).
import { i18n } from '@lingui/core';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCALE_INFO, LOCALES, type Locale } from '@/contract/locales';
import { compareText, formatDate, formatDateTime, formatDay, formatNumber, formatPrice, formatTime } from '@/ui/format';

const use = (locale: Locale) => i18n.loadAndActivate({ locale, locales: LOCALE_INFO[locale].intl, messages: {} });
afterAll(() => use('en'));

const when = '2026-11-24T15:05:00.000Z';

describe('src/ui/format.ts', () => {
  for (const locale of LOCALES) {
    const tag = LOCALE_INFO[locale].intl;
    it(`${locale} (${tag}) writes as Intl does`, () => {
      use(locale);
      for (const [cents, currency] of [
        [123456789, 'INR'],
        [1299, 'USD'],
        [-1250, 'EUR'],
        [99, 'GBP'],
        [100000, 'JPY'],
      ] as const) {
        expect(formatPrice(cents, currency)).toBe(new Intl.NumberFormat(tag, { style: 'currency', currency }).format(cents / 100));
      }
      expect(formatNumber(1234567.5)).toBe(new Intl.NumberFormat(tag).format(1234567.5));
      expect(formatDay(when)).toBe(
        new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(when)),
      );
      expect(formatDate(when)).toBe(new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(new Date(when)));
      expect(formatDateTime(when)).toBe(new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(when)));
      expect(formatTime(when)).toBe(new Intl.DateTimeFormat(tag, { timeStyle: 'short' }).format(new Date(when)));
    });
  }

  it('English keeps the words the server draws (no Intl on the first render)', () => {
    use('en');
    expect(formatPrice(123456700, 'INR')).toBe('₹1,234,567.00');
    expect(formatPrice(1299)).toBe('$12.99');
    expect(formatDay(when)).toBe('November 24, 2026');
  });

  it('Hindi groups rupees in lakhs and crores: ₹12,34,567', () => {
    use('hi');
    expect(formatPrice(123456700, 'INR')).toBe('₹12,34,567.00');
    expect(formatNumber(123456789)).toBe('12,34,56,789');
  });

  it('Arabic writes Arabic-Indic digits', () => {
    use('ar');
    expect(formatNumber(1234567)).toBe('١٬٢٣٤٬٥٦٧');
    expect(formatPrice(123456700, 'INR')).toMatch(/١٬٢٣٤٬٥٦٧٫٠٠/);
    expect(formatDay(when)).toBe('٢٤ نوفمبر ٢٠٢٦');
  });

  it('Spanish and French write numbers their way', () => {
    use('es');
    expect(formatPrice(123456700, 'EUR')).toBe(`1.234.567,00${'\u00a0'}€`);
    use('fr');
    expect(formatNumber(1234567)).toBe(`1${'\u202f'}234${'\u202f'}567`);
  });

  it('sorts names the language’s way', () => {
    use('es');
    expect(['Zoe', 'Óscar', 'Ana', 'Álvaro'].sort(compareText)).toEqual(['Álvaro', 'Ana', 'Óscar', 'Zoe']);
    const names = ['ليلى', 'अनन्या', 'Zoe', 'Élodie', 'Amara', 'ईशा', 'آدم', 'class 10', 'class 9'];
    for (const locale of LOCALES) {
      use(locale);
      const collator = new Intl.Collator(LOCALE_INFO[locale].intl, { numeric: true });
      expect([...names].sort(compareText)).toEqual([...names].sort(collator.compare));
    }
  });
});
