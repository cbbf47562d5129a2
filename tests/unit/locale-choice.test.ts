// Who decides the language (src/i18n/choice.ts) and what activating one does (src/i18n/i18n.ts):
// the school's default, each person's own choice on a shared tablet, the browser's language for
// visitors when the school allows it; <html lang dir>, the catalogue, the contract's words.
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '@/api/session';
import { MSG } from '@/contract/common-messages';
import { chooseLocale, deviceChoice, LANGUAGE_KEY, tellServer, whoFor } from '@/i18n/choice';
import { adoptVisitorChoice } from '@/i18n/sign-in-choice';
import { activate, i18n } from '@/i18n/i18n';
import { translateKnown } from '@/i18n/known';
import { initialLocale } from '@/app/language';

const child = { id: 7, role: 'student' };
const teacher = { id: 3, role: 'teacher' };
const none = { user: null, school: {}, chosen: undefined, browser: [] as string[] };

afterEach(async () => {
  localStorage.clear();
  await activate('en');
});

describe('chooseLocale', () => {
  it('English when nobody has said anything', () => {
    expect(chooseLocale(none)).toBe('en');
  });

  it("the school's default for everyone without a choice of their own", () => {
    const school = { default_language: 'ar' };
    expect(chooseLocale({ ...none, school })).toBe('ar');
    expect(chooseLocale({ ...none, school, user: child })).toBe('ar');
    expect(chooseLocale({ ...none, school: { default_language: 'klingon' } })).toBe('en');
  });

  it("a visitor gets the browser's language only when the school allows it, and only one we have", () => {
    const school = { default_language: 'hi', allow_browser_language: true };
    expect(chooseLocale({ ...none, school, browser: ['pt-BR', 'es-MX', 'en'] })).toBe('es');
    expect(chooseLocale({ ...none, school, browser: ['pt-BR'] })).toBe('hi');
    expect(chooseLocale({ ...none, school: { default_language: 'hi' }, browser: ['es-MX'] })).toBe('hi');
    // A signed-in child has the school's (or their own), not the tablet browser's.
    expect(chooseLocale({ ...none, school, user: child, browser: ['es-MX'] })).toBe('hi');
  });

  it('a choice made on the device wins; staff bring theirs from the server', () => {
    expect(chooseLocale({ ...none, school: { default_language: 'ar' }, chosen: 'fr' })).toBe('fr');
    expect(chooseLocale({ ...none, school: { default_language: 'ar' }, user: { ...teacher, language: 'es' } })).toBe('es');
    expect(chooseLocale({ ...none, user: { ...teacher, language: 'es' }, chosen: 'hi' })).toBe('hi');
  });
});

describe('choices on a shared tablet', () => {
  it('each child finds their own, the next child gets theirs or the school’s', () => {
    deviceChoice.set(whoFor(child), 'ar');
    deviceChoice.set(whoFor(null), 'es');
    const next = { id: 8, role: 'student' };
    const school = { default_language: 'fr' };
    expect(chooseLocale({ ...none, school, user: child, chosen: deviceChoice.get(whoFor(child)) })).toBe('ar');
    expect(chooseLocale({ ...none, school, user: next, chosen: deviceChoice.get(whoFor(next)) })).toBe('fr');
    expect(chooseLocale({ ...none, school, chosen: deviceChoice.get(whoFor(null)) })).toBe('es');
  });

  it('the choices survive sign-out, which clears the rest of localStorage', () => {
    deviceChoice.set(whoFor(child), 'hi');
    localStorage.setItem('accessToken', 'x');
    session.clear();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(deviceChoice.get(whoFor(child))).toBe('hi');
  });

  it('a language chosen on the sign-in page goes with the child who signs in, not to the next one', () => {
    deviceChoice.set(whoFor(null), 'ar');
    // Nothing for the server: a child's choice stays on the device.
    expect(adoptVisitorChoice(child)).toBeUndefined();
    expect(deviceChoice.get(whoFor(child))).toBe('ar');
    expect(deviceChoice.get(whoFor(null))).toBeUndefined();
    // Someone with a choice of their own keeps it; the sign-in page is cleared all the same.
    deviceChoice.set(whoFor(null), 'es');
    adoptVisitorChoice(child);
    expect(deviceChoice.get(whoFor(child))).toBe('ar');
    expect(deviceChoice.get(whoFor(null))).toBeUndefined();
    // So is staff with a language kept on the server: theirs becomes this device's choice.
    deviceChoice.set(whoFor(null), 'fr');
    expect(adoptVisitorChoice({ ...teacher, language: 'hi' })).toBeUndefined();
    expect(deviceChoice.get(whoFor(teacher))).toBe('hi');
    expect(deviceChoice.get(whoFor(null))).toBeUndefined();
  });

  it('staff: the language kept on the server wins at sign-in over an older choice on this device', () => {
    deviceChoice.set(whoFor(teacher), 'es');
    adoptVisitorChoice({ ...teacher, language: 'ar' });
    expect(chooseLocale({ ...none, user: { ...teacher, language: 'ar' }, chosen: deviceChoice.get(whoFor(teacher)) })).toBe('ar');
    // A child's device choice is never overwritten (the server keeps none for children).
    deviceChoice.set(whoFor(child), 'fr');
    adoptVisitorChoice({ ...child, language: 'hi' });
    expect(deviceChoice.get(whoFor(child))).toBe('fr');
  });

  it('staff with no language on the server: the one chosen on the sign-in page is theirs, to keep on the server', () => {
    deviceChoice.set(whoFor(null), 'hi');
    expect(adoptVisitorChoice({ ...teacher, language: null })).toBe('hi');
    expect(deviceChoice.get(whoFor(teacher))).toBe('hi');
  });

  it('a damaged or unknown entry counts as no choice', () => {
    localStorage.setItem(LANGUAGE_KEY, '{"user:7":"tlh","visitor":"es"');
    expect(deviceChoice.get(whoFor(child))).toBeUndefined();
    localStorage.setItem(LANGUAGE_KEY, JSON.stringify({ 'user:7': 'tlh', visitor: 'es' }));
    expect(deviceChoice.get(whoFor(child))).toBeUndefined();
    expect(deviceChoice.get(whoFor(null))).toBe('es');
  });
});

describe('activate', () => {
  it('Arabic: the catalogue, <html lang="ar" dir="rtl">, and the contract’s words translated', async () => {
    await activate('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(i18n.locale).toBe('ar');
    expect(translateKnown(MSG.emptyClassCode)).toBe('يُرجى كتابة رمز الصف.');
    expect(translateKnown('Words the catalogue does not know')).toBe('Words the catalogue does not know');
    await activate('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(translateKnown(MSG.emptyClassCode)).toBe(MSG.emptyClassCode);
  });

  it('the last choice wins when catalogues arrive out of order', async () => {
    const first = activate('hi');
    const second = activate('fr');
    await Promise.all([first, second]);
    expect(i18n.locale).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });
});

describe('the first render', () => {
  it('keeps the language the server drew the page in while the site is not known yet, and a choice on this device wins', () => {
    document.documentElement.lang = 'ar';
    expect(initialLocale()).toBe('ar');
    deviceChoice.set('visitor', 'es');
    expect(initialLocale()).toBe('es');
    deviceChoice.set('visitor', undefined);
    document.documentElement.lang = 'klingon';
    expect(initialLocale()).toBe('en');
  });
});

describe('telling the server', () => {
  it('a choice goes in the cookie the server draws pages by; without one it is empty', () => {
    tellServer('ar');
    expect(document.cookie).toContain('language=ar');
    tellServer(undefined);
    expect(document.cookie).not.toMatch(/language=\w/);
  });
});
