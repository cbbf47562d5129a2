// A day as pages show it ("November 24, 2026"), the same on the server, which draws the page, and
// in every browser, which takes it over: in UTC, and in English (en-US, the default) written here
// without Intl (its locale data costs a slow phone about 60 ms of main thread the first time it
// is used). Another language's day is written by Intl: src/ui/format.ts passes the page's.
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const FAST_LOCALE = 'en-US';
const formats = new Map<string, Intl.DateTimeFormat>();

export function formatDay(iso: string, locale = FAST_LOCALE): string {
  const d = new Date(iso);
  if (locale === FAST_LOCALE) return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
  let format = formats.get(locale);
  if (!format)
    formats.set(locale, (format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })));
  return format.format(d);
}
