// A price as screens show it; the server draws the library's first cards with the same words.
// Prices are written the English way, as the product's words are, the same on the server and in
// every browser. The usual currencies are written here without Intl: its locale data costs a slow
// phone about 60 ms of main thread the first time it is used, on the page's first render.
const SYMBOLS: Readonly<Record<string, string>> = { USD: '$', GBP: '£', EUR: '€', CAD: 'CA$', AUD: 'A$', NZD: 'NZ$', INR: '₹' };
const others = new Map<string, Intl.NumberFormat>();

export function formatPrice(cents: number, currency = 'USD'): string {
  const symbol = SYMBOLS[currency];
  if (symbol === undefined) {
    let format = others.get(currency);
    if (!format) others.set(currency, (format = new Intl.NumberFormat('en-US', { style: 'currency', currency })));
    return format.format(cents / 100);
  }
  const whole = Math.floor(Math.abs(Math.round(cents)) / 100);
  const rest = Math.abs(Math.round(cents)) % 100;
  return `${cents < 0 ? '-' : ''}${symbol}${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(rest).padStart(2, '0')}`;
}
