import { describe, expect, it } from 'vitest';
import { BOOK_CURRENCIES } from '@/contract/books';
import { formatPrice } from '@/contract/price';

// formatPrice writes the usual currencies without Intl (its first use is slow on a phone); what
// it writes must be exactly what Intl writes in English.
describe('formatPrice', () => {
  const amounts = [0, 1, 5, 99, 100, 1299, 99_999, 100_000, 123_456_789, -1, -1250, -123_456];
  for (const currency of BOOK_CURRENCIES) {
    it(`writes ${currency} as Intl does in English`, () => {
      const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency });
      for (const cents of amounts) expect(formatPrice(cents, currency)).toBe(intl.format(cents / 100));
    });
  }

  it('writes dollars when no currency is given, and any other currency through Intl', () => {
    expect(formatPrice(1299)).toBe('$12.99');
    expect(formatPrice(1299, 'JPY')).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'JPY' }).format(12.99));
  });
});
