// The app's one door to Lingui: the active language, its catalogue, and `<html lang dir>`.
// English needs nothing loaded (its words are compiled into the code, build/lingui.ts); another
// language's catalogue is a chunk of its own, fetched when that language is chosen, and kept by
// the service worker like any chunk once fetched.
import { i18n, type Messages } from '@lingui/core';
import { LOCALE_INFO, SOURCE_LOCALE, type Locale } from '@/contract/locales';

export { i18n };

const CATALOGUES: Record<Exclude<Locale, typeof SOURCE_LOCALE>, () => Promise<{ messages: Messages }>> = {
  es: () => import('../locales/es/messages.po'),
  fr: () => import('../locales/fr/messages.po'),
  hi: () => import('../locales/hi/messages.po'),
  ar: () => import('../locales/ar/messages.po'),
};

export { activeLocale, intlLocale } from './active';

/**
 * English at once: what the first render needs, with nothing to fetch. At boot, when the page is
 * to be shown in another language, 'as drawn' leaves `<html lang dir>` as the server drew the page
 * until that language's catalogue is here (so it does not turn left to right and back).
 */
export function activateSource(document: 'set' | 'as drawn' = 'set'): void {
  if (i18n.locale !== SOURCE_LOCALE) apply(SOURCE_LOCALE, {}, document);
}

let wanted: Locale = SOURCE_LOCALE;

/**
 * Makes `locale` the page's language once its catalogue is here. The last call wins: a choice
 * made while another catalogue is on its way is not overtaken by it. A catalogue that cannot be
 * fetched (offline before it was ever fetched) leaves the page as it is, and the call rejects.
 */
export async function activate(locale: Locale): Promise<void> {
  wanted = locale;
  if (locale === SOURCE_LOCALE) return activateSource();
  const { messages } = await CATALOGUES[locale]();
  if (wanted === locale && i18n.locale !== locale) apply(locale, messages);
}

function apply(locale: Locale, messages: Messages, page: 'set' | 'as drawn' = 'set') {
  // The document first: Lingui's change re-renders the page, which should already read the right way.
  if (typeof document !== 'undefined' && page === 'set') {
    document.documentElement.lang = locale;
    document.documentElement.dir = LOCALE_INFO[locale].dir;
  }
  // Lingui's numbers (a plural's #, {n, number}) in the same Intl locale as src/ui/format.ts.
  i18n.loadAndActivate({ locale, locales: LOCALE_INFO[locale].intl, messages });
}
