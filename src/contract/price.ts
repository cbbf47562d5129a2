// A price as screens show it; the server draws the library's first cards with the same words.
// In English (en-US, the default) the usual currencies are written here without Intl: its locale
// data costs a slow phone about 60 ms of main thread the first time it is used, on the page's
// first render. Any other language, or currency, is written by Intl in that language's way
// (rupees grouped 12,34,567 in hi-IN, Arabic-Indic digits in Arabic): src/ui/format.ts passes
// the page's language.
const SYMBOLS: Readonly<Record<string, string>> = { USD: '$', GBP: '£', EUR: '€', CAD: 'CA$', AUD: 'A$', NZD: 'NZ$', INR: '₹' };
const FAST_LOCALE = 'en-US';
const formats = new Map<string, Intl.NumberFormat>();

export function formatPrice(cents: number, currency = 'USD', locale = FAST_LOCALE): string {
  const symbol = locale === FAST_LOCALE ? SYMBOLS[currency] : undefined;
  if (symbol === undefined) {
    const key = `${locale} ${currency}`;
    let format = formats.get(key);
    if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, { style: 'currency', currency })));
    return format.format(cents / 100);
  }
  const whole = Math.floor(Math.abs(Math.round(cents)) / 100);
  const rest = Math.abs(Math.round(cents)) % 100;
  return `${cents < 0 ? '-' : ''}${symbol}${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(rest).padStart(2, '0')}`;
}
