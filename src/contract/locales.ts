// The product's languages: which exist, how each is named in itself, which way it is written, and
// the Intl locale its numbers, dates and money are written with. Shared with the server, which
// will answer in the request's language and draw pages in it (the same list, the same matching).

export const LOCALES = ['en', 'es', 'fr', 'hi', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

/** The source language: its words are in the code; a message with no translation falls back to it. */
export const SOURCE_LOCALE = 'en' satisfies Locale;

export interface LocaleInfo {
  /** The language's own name, as a speaker looks for it in a list. */
  name: string;
  dir: 'ltr' | 'rtl';
  /**
   * The Intl locale for numbers, dates and money. English keeps en-US, the product's words so
   * far (and what the server draws). Hindi is hi-IN: rupees grouped 12,34,567. Arabic is written
   * with Arabic-Indic digits (٠١٢٣), as in the schoolbooks of Egypt, the Levant, Iraq and the
   * Gulf: plain `ar` now defaults to Western digits in CLDR, so the numbering system is named;
   * `ar` rather than a country keeps the Modern Standard month names (نوفمبر).
   */
  intl: string;
}

export const LOCALE_INFO: Readonly<Record<Locale, LocaleInfo>> = {
  en: { name: 'English', dir: 'ltr', intl: 'en-US' },
  es: { name: 'Español', dir: 'ltr', intl: 'es' },
  fr: { name: 'Français', dir: 'ltr', intl: 'fr' },
  hi: { name: 'हिन्दी', dir: 'ltr', intl: 'hi-IN' },
  ar: { name: 'العربية', dir: 'rtl', intl: 'ar-u-nu-arab' },
};

/**
 * A cookie holding the language chosen by whoever is using this device (a language code, nothing
 * personal; none when they have not chosen): the server draws the next page's first screen in it
 * (server/http/language.ts, pageLocale).
 */
export const LANGUAGE_COOKIE = 'language';

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The first of a reader's preferred languages that the product has (navigator.languages, or an
 * Accept-Language header's tags in order): `es-MX` finds Spanish, `pt-BR` finds nothing.
 */
export function matchLocale(preferred: readonly string[]): Locale | undefined {
  for (const tag of preferred) {
    const language = tag.trim().split(/[-_]/)[0]?.toLowerCase();
    if (isLocale(language)) return language;
  }
  return undefined;
}
