// The active language and what depends on nothing but it, without the page: the service worker's
// and the sync's code (no DOM) may import this, not src/i18n/i18n.ts.
import { i18n } from '@lingui/core';
import { LOCALE_INFO, SOURCE_LOCALE, type Locale } from '@/contract/locales';

/** The active language (English until one is activated). */
export const activeLocale = (): Locale => (i18n.locale || SOURCE_LOCALE) as Locale;

/** The Intl locale of the active language, for numbers, dates and money (src/ui/format.ts). */
export const intlLocale = (): string => LOCALE_INFO[activeLocale()].intl;

const collators = new Map<string, Intl.Collator>();

/**
 * Compares two texts in the active language's order (accents, scripts, numbers in order), so the
 * device's lists (search results, waiting work) sort as the screens do: localeCompare without a
 * locale would follow the browser's language, not the chosen one.
 */
export function compareText(a: string, b: string): number {
  const locale = intlLocale();
  let collator = collators.get(locale);
  if (!collator) collators.set(locale, (collator = new Intl.Collator(locale, { numeric: true })));
  return collator.compare(a, b);
}
