// The one way screens write numbers, money, dates and times: Intl in the page's language
// (src/i18n: its Intl locale, e.g. hi-IN, ar with Arabic-Indic digits). English prices and days
// keep their fast path without Intl (src/contract/price.ts, day.ts), which the server shares
// when it draws a page. Dates and times are the reader's own (their time zone); a "day" (a
// page's date, a publication) is the same everywhere (UTC).
import { formatDay as day } from '@/contract/day';
import { formatPrice as price } from '@/contract/price';
import { intlLocale } from '@/i18n/i18n';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function memo<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: (locale: string) => T): T {
  const locale = intlLocale();
  let format = cache.get(`${locale} ${key}`) as T | undefined;
  if (!format) cache.set(`${locale} ${key}`, (format = make(locale)));
  return format;
}

type When = string | number | Date;
const toDate = (value: When) => (value instanceof Date ? value : new Date(value));

/** A price: `formatPrice(123456700, 'INR')` is ₹1,234,567.00 in English, ₹12,34,567.00 in Hindi. */
export const formatPrice = (cents: number, currency = 'USD'): string => price(cents, currency, intlLocale());

/** A day, the same wherever the reader is (UTC): "November 24, 2026", "24 نوفمبر 2026" with Arabic digits. */
export const formatDay = (iso: string): string => day(iso, intlLocale());

/** A count or amount with the language's digits and grouping: 12,345 in English, 12.345 in Spanish, ١٢٬٣٤٥ in Arabic. */
export const formatNumber = (n: number): string => memo('number', (l) => new Intl.NumberFormat(l)).format(n);

/** A date in the reader's time zone, short: "Nov 24, 2026", "24 nov 2026". */
export const formatDate = (value: When): string =>
  memo('date', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' })).format(toDate(value));

/** A date and time in the reader's time zone: "Nov 24, 2026, 3:05 PM". */
export const formatDateTime = (value: When): string =>
  memo('date-time', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' })).format(toDate(value));

/** A time of day in the reader's time zone: "3:05 PM". */
export const formatTime = (value: When): string =>
  memo('time', (l) => new Intl.DateTimeFormat(l, { timeStyle: 'short' })).format(toDate(value));

/** Sorting names and titles the language's way (accents, scripts, numbers in order). */
export { compareText } from '@/i18n/active';
