// The server's words in the request's language (issue 26): an error or validation answer's
// messages are translated by the same catalogues the screens use (src/locales/<lang>/messages.po,
// read once at the first translated answer). A message is found by its English text, which is
// its id there (the contract's messages are marked /*i18n*/); one the catalogue lacks, or has no
// translation for, stays English.
//
// The language: the signed-in user's own choice (users.language, read only when a failure is to be
// translated), else the browser's Accept-Language, else the school's default_language, else
// English. Answers say which (Content-Language) and that they vary by Accept-Language.
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { remake } from './compress';
import type { AppEnv } from './env';
import { users } from '../db/schema';
import { LOCALE_INFO, LOCALES, type Locale } from '../../src/contract/locales';
import { parsePo } from '../../src/contract/po';

export { parsePo };

const CATALOGUE_FILES: Record<Exclude<Locale, 'en'>, URL> = {
  es: new URL('../../src/locales/es/messages.po', import.meta.url),
  fr: new URL('../../src/locales/fr/messages.po', import.meta.url),
  hi: new URL('../../src/locales/hi/messages.po', import.meta.url),
  ar: new URL('../../src/locales/ar/messages.po', import.meta.url),
};

let catalogues: Map<Locale, Map<string, string>> | undefined;
function catalogue(locale: Locale): Map<string, string> | undefined {
  if (locale === 'en') return undefined;
  catalogues ??= new Map(Object.entries(CATALOGUE_FILES).map(([l, url]) => [l as Locale, parsePo(readFileSync(url, 'utf8'))]));
  return catalogues.get(locale);
}

/** The message in `locale`, or as it is (English) when the catalogue has no translation. */
export function translate(message: string, locale: Locale): string {
  return catalogue(locale)?.get(message) ?? message;
}

const numberFormats = new Map<Locale, Intl.NumberFormat>();
/** A count in `locale`'s digits (Arabic-Indic in Arabic); English as it always was (3, 1200). */
function countIn(locale: Locale, n: number): string {
  if (locale === 'en') return String(n);
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(LOCALE_INFO[locale].intl)));
  return format.format(n);
}

/**
 * A message in `locale` with its named placeholders filled in, as plain text (an e-mail's words):
 * `fillIn('Hello {name},', 'es', { name: 'Tom' })` is "Hola Tom,". Numbers are written in the
 * language's digits; a name not given stays as written.
 */
export function fillIn(message: string, locale: Locale, values: Readonly<Record<string, string | number>> = {}): string {
  return translate(message, locale).replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(values, name)) return whole;
    const value = values[name]!;
    return typeof value === 'number' ? countIn(locale, value) : value;
  });
}

/** fillIn for one language: `const say = sayIn('es'); say(EMAIL_MSG.hello, { name })`. */
export type Say = (message: string, values?: Readonly<Record<string, string | number>>) => string;
export const sayIn =
  (locale: Locale): Say =>
  (message, values) =>
    fillIn(message, locale, values);

/**
 * The language a page is drawn in, as the app will choose it for this visitor (src/i18n/choice.ts),
 * so its first screen does not turn into another language or direction when the script runs: the
 * choice of whoever uses this device (its cookie, written by src/i18n/choice.ts), else the browser's
 * language where the school allows it, else the school's, else English.
 */
export function pageLocale(parts: { cookie?: string; tenant: unknown; acceptLanguage?: string }): Locale {
  if (isLocale(parts.cookie)) return parts.cookie;
  const { default_language, allow_browser_language } = (parts.tenant ?? {}) as {
    default_language?: unknown;
    allow_browser_language?: unknown;
  };
  if (allow_browser_language === true) {
    const browser = fromAcceptLanguage(parts.acceptLanguage);
    if (browser) return browser;
  }
  return isLocale(default_language) ? default_language : 'en';
}

const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The first of the browser's languages (by q) we speak: `es-MX` is Spanish. */
export function fromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const wanted = header
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { base: (tag ?? '').toLowerCase().split('-')[0], q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((w) => w.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return wanted.map((w) => w.base).find(isLocale);
}

/** The language of a request nobody signed in to (a registration): the browser's, else the site's. */
export const visitorLocale = (c: Context<AppEnv>): Locale =>
  requestLocale({ tenant: c.get('tenant'), acceptLanguage: c.req.header('Accept-Language') });

/** Who decides (see the header): the user's choice, the browser, the school, English. */
export function requestLocale(parts: { user?: unknown; tenant?: unknown; acceptLanguage?: string }): Locale {
  const userChoice = (parts.user as { language?: unknown } | undefined)?.language;
  if (isLocale(userChoice)) return userChoice;
  const browser = fromAcceptLanguage(parts.acceptLanguage);
  if (browser) return browser;
  const school = (parts.tenant as { default_language?: unknown } | undefined)?.default_language;
  return isLocale(school) ? school : 'en';
}

/** Translates a failure's words: `message`, `error`, `detail` and each field's messages. */
function translateBody(body: Record<string, unknown>, locale: Locale): Record<string, unknown> {
  const out = { ...body };
  const errors = body.errors;
  if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
    const translated = Object.fromEntries(
      Object.entries(errors as Record<string, unknown>).map(([field, messages]) => [
        field,
        Array.isArray(messages) ? messages.map((m) => (typeof m === 'string' ? translate(m, locale) : m)) : messages,
      ]),
    );
    out.errors = translated;
    // A validation answer's summary is made of its fields' messages ('field: message; …').
    if (typeof body.message === 'string') {
      let message = body.message;
      for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
        if (!Array.isArray(messages)) continue;
        messages.forEach((m, i) => {
          if (typeof m === 'string') message = message.replace(m, String((translated[field] as unknown[])[i]));
        });
      }
      out.message = message;
    }
  }
  for (const key of ['message', 'error', 'detail'] as const) {
    if (typeof out[key] === 'string' && out[key] === body[key]) out[key] = translate(out[key], locale);
  }
  return out;
}

/** How stale this process's knowledge of a person's language may be (another process may have changed it). */
const CHOICE_MS = 5_000;
const CHOICES_MAX = 50_000;
/** Languages read lately, by user, for each running app (a test process runs many, each on its own database). */
const choicesOf = new WeakMap<object, Map<number, { language: unknown; at: number }>>();

/** `userId` has just chosen `language` here: failures answer in it at once. */
export function rememberLanguage(c: Context<AppEnv>, userId: number, language: unknown): void {
  let choices = choicesOf.get(c.get('deps'));
  if (!choices) choicesOf.set(c.get('deps'), (choices = new Map()));
  if (choices.size >= CHOICES_MAX) choices.clear();
  choices.set(userId, { language, at: Date.now() });
}

/**
 * The signed-in person's own language, or undefined. Read after the route has answered: inside a
 * batch's transaction that a failed change has spoilt the read fails, and the request's other
 * signs decide. Kept for a few seconds: a tablet whose queued changes are refused one after another
 * (or a script sending bad requests) asks the database once, not at every refusal.
 */
async function usersChoice(c: Context<AppEnv>): Promise<unknown> {
  const user = c.get('user');
  if (!user) return undefined;
  const known = choicesOf.get(c.get('deps'))?.get(user.id);
  if (known && Date.now() - known.at < CHOICE_MS) return known.language;
  try {
    const [row] = await c.get('db').select({ language: users.language }).from(users).where(eq(users.id, user.id)).limit(1);
    rememberLanguage(c, user.id, row?.language ?? undefined);
    return row?.language ?? undefined;
  } catch {
    return undefined;
  }
}

/** The middleware for /api: failures (4xx) in the request's language. */
export const answerInLanguage: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const res = c.res;
  // Added to what is there (compression's Accept-Encoding), never in its place.
  const vary = res.headers.get('Vary');
  if (!vary) res.headers.set('Vary', 'Accept-Language');
  else if (!/\baccept-language\b/i.test(vary)) res.headers.set('Vary', `${vary}, Accept-Language`);
  if (res.status < 400 || res.status >= 500 || !res.headers.get('Content-Type')?.includes('application/json')) return;
  const language = await usersChoice(c);
  const locale = requestLocale({ user: { language }, tenant: c.get('tenant'), acceptLanguage: c.req.header('Accept-Language') });
  if (locale === 'en') return;
  let body: unknown;
  try {
    body = await res.clone().json();
  } catch {
    return;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const headers = new Headers(res.headers);
  headers.delete('Content-Length');
  headers.set('Content-Language', locale);
  remake(c, new Response(JSON.stringify(translateBody(body as Record<string, unknown>, locale)), { status: res.status, headers }));
};
