// Who decides the language. A school has a default (its admin sets it; the tenant's
// `default_language`, English until the server sends one). Each person may choose their own:
// remembered on this device per user (a shared classroom tablet: the next child gets their own
// choice or the school's, never the previous child's), and for staff on the server as well (the
// user's `language`, sent by src/sync/language.ts; at sign-in it becomes this device's choice too,
// so the latest choice made anywhere wins). A visitor (nobody signed in, a parent in the community) gets what
// was chosen on this device while signed out, else the school's, or the browser's language when
// the school allows it (the tenant's `allow_browser_language`). A choice made on the sign-in page
// goes with whoever signs in (adoptVisitorChoice).
import { isLocale, LANGUAGE_COOKIE, matchLocale, SOURCE_LOCALE, type Locale } from '@/contract/locales';

/** localStorage: the choices made on this device, by person. Kept by sign-out (src/api/session.ts). */
export const LANGUAGE_KEY = 'storynest_language';

type Who = `user:${number}` | 'visitor';
export const whoFor = (user: { id: number } | null | undefined): Who => (user ? `user:${user.id}` : 'visitor');

export interface LocaleInputs {
  /** The signed-in user, with the language the server keeps for staff when it sends one. */
  user: { id: number; role: string; language?: unknown } | null;
  /** The site's tenant object, as the server sends it (`default_language`, `allow_browser_language`). */
  school: object;
  /** What this person chose on this device. */
  chosen: Locale | undefined;
  /** The browser's languages, most preferred first. */
  browser: readonly string[];
}

export function chooseLocale({ user, school, chosen, browser }: LocaleInputs): Locale {
  if (chosen) return chosen;
  if (user && isLocale(user.language)) return user.language;
  const { default_language, allow_browser_language } = school as { default_language?: unknown; allow_browser_language?: unknown };
  const schools = isLocale(default_language) ? default_language : SOURCE_LOCALE;
  if (!user && allow_browser_language === true) return matchLocale(browser) ?? schools;
  return schools;
}

function readAll(): Partial<Record<Who, Locale>> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LANGUAGE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, value]) => isLocale(value)));
  } catch {
    return {}; // storage blocked or damaged: nobody has chosen
  }
}

const listeners = new Set<() => void>();

export const deviceChoice = {
  get: (who: Who): Locale | undefined => readAll()[who],

  set(who: Who, locale: Locale | undefined) {
    const { [who]: _old, ...rest } = readAll();
    try {
      localStorage.setItem(LANGUAGE_KEY, JSON.stringify(locale ? { ...rest, [who]: locale } : rest));
    } catch {
      /* storage blocked: the choice lasts while the page is open */
    }
    listeners.forEach((l) => l());
  },

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const FOR_A_YEAR = '; path=/; max-age=31536000; samesite=lax';

/**
 * Tells the server the choice made on this device by whoever is here (a cookie holding only the
 * language's code, empty when they have not chosen), so it draws the next page in it
 * (server/http/language.ts, pageLocale); without one it follows the school's rules, as
 * chooseLocale does. Staff's choice kept on the server is this device's from sign-in on.
 */
export const tellServer = (chosen: Locale | undefined) => (document.cookie = `${LANGUAGE_COOKIE}=${chosen ?? ''}${FOR_A_YEAR}`);
