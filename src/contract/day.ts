// A day as pages show it ("November 24, 2026"), the same on the server, which draws the page, and
// in every browser, which takes it over: written here, in English and in UTC, without Intl (its
// locale data costs a slow phone about 60 ms of main thread the first time it is used).
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

export function formatDay(iso: string): string {
  const d = new Date(iso);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}
