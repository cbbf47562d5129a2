// The language an e-mail is written in (issue 26), and its dates in that language. The recipient's
// own choice (users.language: a user row given, or the account of the address), else their
// school's default_language, else, for mail to the person asking who has no account yet to choose
// with (a registration), the request's language, else English. Mail to a school's office goes in
// the school's language. The words themselves: src/contract/email-messages.ts, filled in by
// fillIn (server/http/language.ts), which reads the same catalogues as the screens.
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { tenants, users } from '../../db/schema';
import { formatDay } from '../../../src/contract/day';
import { isLocale, LOCALE_INFO, type Locale } from '../../../src/contract/locales';

export interface Recipient {
  /** The recipient's own choice, when their user row is at hand (null: none made). */
  language?: Locale | null;
  /** Otherwise their address: the choice of the account that has it, if any. */
  email?: string;
  /** Their school: a row, or its id (null: the platform's, English). */
  school?: { default_language: Locale } | number | null;
  /** The request's language, when the recipient is the one asking (visitorLocale). */
  requester?: Locale;
}

export async function recipientLocale(db: Queryable, to: Recipient): Promise<Locale> {
  let own = to.language;
  if (own === undefined && to.email) {
    const [row] = await db
      .select({ language: users.language })
      .from(users)
      .where(eq(sql`lower(${users.email})`, to.email.toLowerCase()))
      .limit(1);
    own = row?.language;
  }
  if (isLocale(own)) return own;
  let school = typeof to.school === 'object' ? to.school?.default_language : undefined;
  if (typeof to.school === 'number') {
    const [row] = await db.select({ default_language: tenants.default_language }).from(tenants).where(eq(tenants.id, to.school)).limit(1);
    school = row?.default_language;
  }
  if (isLocale(school)) return school;
  return to.requester ?? 'en';
}

/** A moment in UTC: in English as e-mails have always said it ("Fri, 27 Nov 2026 14:49:24 GMT"). */
export function momentIn(locale: Locale, when: Date): string {
  if (locale === 'en') return when.toUTCString();
  return new Intl.DateTimeFormat(LOCALE_INFO[locale].intl, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(when);
}

/** A day (UTC): in English as e-mails have always said it (2026-11-27), else as the pages write one. */
export function dayIn(locale: Locale, when: Date): string {
  const iso = when.toISOString();
  return locale === 'en' ? iso.slice(0, 10) : formatDay(iso, LOCALE_INFO[locale].intl);
}
