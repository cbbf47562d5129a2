// The catalogues a school's translator corrects (src/locales/<lang>/messages.po): every language
// has every message of English, each translation is a valid message with the same placeholders,
// plurals have every form the language's plural rules need (Arabic six), and the catalogues
// render through Lingui as the app does.
import { readFileSync } from 'node:fs';
import { formatter } from '@lingui/format-po';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { parse, type Content, type Token } from '@messageformat/parser';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { LOCALE_INFO, LOCALES, SOURCE_LOCALE } from '@/contract/locales';

interface Entry {
  message?: string;
  translation?: string;
}
const po = formatter({ lineNumbers: false });
const read = (locale: string) => po.parse(readFileSync(`src/locales/${locale}/messages.po`, 'utf8'), {} as never) as Record<string, Entry>;
const english = read(SOURCE_LOCALE);
/** A message's English text: its source (generated ids) or its id (the contract's strings, whose id is their text). */
const source = (id: string) => english[id]!.message ?? english[id]!.translation ?? id;
const others = LOCALES.filter((l) => l !== SOURCE_LOCALE);

/** The arguments a message uses ({name}, {count, plural, …}), and its tags (<0>), sorted. */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') found.add(token.arg);
      if (token.type === 'plural' || token.type === 'select') {
        found.add(token.arg);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  for (const tag of message.match(/<\/?\d+>/g) ?? []) found.add(tag);
  return [...found].sort();
}

/** Every plural in a message, with the forms it gives. */
function plurals(message: string): string[][] {
  const found: string[][] = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens as Content[] | Token[]) {
      if (token.type === 'plural') {
        found.push(token.cases.map((c) => c.key));
        for (const c of token.cases) walk(c.tokens);
      }
      if (token.type === 'select') for (const c of token.cases) walk(c.tokens);
    }
  };
  walk(parse(message));
  return found;
}

describe('the catalogues', () => {
  it('English has its messages', () => {
    expect(Object.keys(english).length).toBeGreaterThan(100);
  });

  for (const locale of others) {
    const catalogue = read(locale);

    it(`${locale} has every message of English, translated`, () => {
      const missing = Object.keys(english)
        .filter((id) => !catalogue[id]?.translation)
        .map((id) => source(id));
      expect(missing, `untranslated in src/locales/${locale}/messages.po`).toEqual([]);
    });

    it(`${locale} has no message English no longer has (run npm run i18n:extract)`, () => {
      expect(Object.keys(catalogue).filter((id) => !english[id])).toEqual([]);
    });

    it(`${locale}: each translation is a valid message with English's placeholders`, () => {
      const wrong = Object.keys(english)
        .filter((id) => catalogue[id]?.translation)
        .flatMap((id) => {
          const translation = catalogue[id]!.translation!;
          try {
            compileMessageOrThrow(translation);
          } catch (err) {
            return [`${source(id)} → ${translation}: ${(err as Error).message}`];
          }
          const want = argumentsOf(source(id));
          const got = argumentsOf(translation);
          return JSON.stringify(want) === JSON.stringify(got) ? [] : [`${source(id)}: ${want} ≠ ${got}`];
        });
      expect(wrong).toEqual([]);
    });

    it(`${locale}: no translation carries another language's words (a script of another language)`, () => {
      // Nine messages once held all four translations in one string, Hindi and Arabic in the Spanish.
      const foreign = {
        es: /\p{Script=Arabic}|\p{Script=Devanagari}/u,
        fr: /\p{Script=Arabic}|\p{Script=Devanagari}/u,
        hi: /\p{Script=Arabic}/u,
        ar: /\p{Script=Devanagari}/u,
      }[locale];
      const mixed = Object.keys(english).filter((id) => foreign?.test(catalogue[id]?.translation ?? '') && !foreign.test(source(id)));
      expect(mixed.map(source)).toEqual([]);
    });

    it(`${locale}: every plural has each form of the language's plural rules`, () => {
      const needed = new Intl.PluralRules(LOCALE_INFO[locale].intl).resolvedOptions().pluralCategories;
      const short = Object.keys(english).flatMap((id) =>
        plurals(catalogue[id]?.translation ?? '').flatMap((forms) => {
          const lacking = needed.filter((form) => !forms.includes(form));
          return lacking.length ? [`${source(id)}: no ${lacking.join(', ')}`] : [];
        }),
      );
      expect(short).toEqual([]);
    });
  }

  it('no message is listed twice (gettext tools refuse a catalogue with a repeated msgid)', () => {
    for (const locale of LOCALES) {
      // A message with a context (msgctxt 'status': "Paid" as a state, not a date's label) is its own.
      const ids = [...readFileSync(`src/locales/${locale}/messages.po`, 'utf8').matchAll(/^(msgctxt ".*"\n)?msgid (".*")$/gm)].map(
        (m) => `${m[1] ?? ''}${m[2]}`,
      );
      expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    }
  });
});

describe('plurals as the app renders them', () => {
  // The compiled catalogues, as the build makes them from the .po files.
  const load = (locale: string) => {
    const catalogue = read(locale);
    const messages = Object.fromEntries(
      Object.entries(catalogue).map(([id, e]) => [id, compileMessageOrThrow(e.translation || source(id))]),
    );
    const i18n = setupI18n();
    i18n.loadAndActivate({ locale, locales: LOCALE_INFO[locale as keyof typeof LOCALE_INFO].intl, messages });
    return i18n;
  };
  const idOf = (text: string) => Object.keys(english).find((id) => source(id) === text)!;
  const names = idOf('{count, plural, one {# name} other {# names}}');

  it('Arabic: six forms, with Arabic-Indic digits', () => {
    const i18n = load('ar');
    const say = (count: number) => i18n._(names, { count });
    expect(say(0)).toBe('لا أسماء');
    expect(say(1)).toBe('اسم واحد');
    expect(say(2)).toBe('اسمان');
    expect(say(3)).toBe('٣ أسماء');
    expect(say(11)).toBe('١١ اسمًا');
    expect(say(100)).toBe('١٠٠ اسم');
  });

  it('Spanish and French: one, many (a million), other; French counts 0 as one', () => {
    const es = load('es');
    const fr = load('fr');
    expect([1, 2, 1_000_000].map((count) => es._(names, { count }))).toEqual(['1 nombre', '2 nombres', '1.000.000 de nombres']);
    expect([0, 1, 2, 1_000_000].map((count) => fr._(names, { count }))).toEqual([
      '0 nom',
      '1 nom',
      '2 noms',
      `${new Intl.NumberFormat('fr').format(1_000_000)} de noms`,
    ]);
  });

  it('Hindi groups thousands the Indian way', () => {
    const hi = load('hi');
    expect(hi._(idOf('{count, plural, one {# result} other {# results}}'), { count: 1234567 })).toBe('12,34,567 नतीजे');
  });

  it('English reads word for word as the source', () => {
    const en = load('en');
    expect([1, 2].map((count) => en._(names, { count }))).toEqual(['1 name', '2 names']);
  });
});
