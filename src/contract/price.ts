// A price as screens show it; the server draws the library's first cards with the same words.
const money = new Map<string, Intl.NumberFormat>();

export function formatPrice(cents: number, currency = 'USD'): string {
  let format = money.get(currency);
  if (!format) money.set(currency, (format = new Intl.NumberFormat(undefined, { style: 'currency', currency })));
  return format.format(cents / 100);
}
