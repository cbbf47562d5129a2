// The product in another language (issue 26, first slice: the library, sign-in, the header and
// footer). A visitor picks Arabic in the footer: the page turns right to left (<html lang="ar"
// dir="rtl">) and no English message of the catalogue is left in what is on screen, text or
// accessible name; a child signs in in Arabic and keeps it; the next child at the class's
// tablet gets the school's language. Hindi likewise on the library. In English, the page React
// draws says word for word what the server drew. Screens photographed at phone and tablet widths.
import { readFileSync } from 'node:fs';
import { parse, type Token } from '@messageformat/parser';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { screenshots, signInThroughApi, site } from './support';

const base = site('greenfield');

/** A catalogue's messages: English text (the msgid) and this language's (the msgstr). */
function catalogue(locale: string): Map<string, string> {
  const text = readFileSync(`src/locales/${locale}/messages.po`, 'utf8');
  const unquote = (s: string) => JSON.parse(s) as string;
  return new Map(
    [...text.matchAll(/^msgid (".*")\nmsgstr (".*")$/gm)]
      .map((m): [string, string] => [unquote(m[1]!), unquote(m[2]!)])
      .filter(([id]) => id),
  );
}

/** This language's words for an English message (failing loudly when the catalogue lacks it). */
function translator(locale: string): (english: string) => string {
  const say = catalogue(locale);
  return (english) => {
    const words = say.get(english);
    expect(words, `${english} in ${locale}`).toBeTruthy();
    return words!;
  };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NUMBER = '[\\p{Nd},.\\s]+';
const COUNTS = /^(n|count|current|total|page|pages|number)$/;
/** A message as the words it can show: its arguments any text, a plural any of its forms. */
function pattern(tokens: Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === 'content') return escape(token.value);
      if (token.type === 'octothorpe') return NUMBER;
      // A count or a place in a list is digits (of any script): "Picture {n}" is not "Picture Books".
      if (token.type === 'argument' && COUNTS.test(token.arg)) return NUMBER;
      if (token.type === 'plural' || token.type === 'select') return `(?:${token.cases.map((c) => pattern(c.tokens)).join('|')})`;
      return '.+';
    })
    .join('');
}

/**
 * A message that only joins its arguments with a short word ("{from} to {to}") matches any text
 * with that word in it (a child's story: "… all the way to the lantern …"): not a check of anything.
 */
function connectorOnly(english: string): boolean {
  const tokens = parse(english);
  const letters = tokens
    .map((t) => (t.type === 'content' ? t.value : ''))
    .join('')
    .replace(/[^A-Za-z]/g, '');
  return tokens.filter((t) => t.type === 'argument').length >= 2 && letters.length < 3;
}

/** The English messages this language says differently, as matchers for a whole text. */
function englishOf(locale: string): { message: string; re: RegExp }[] {
  return [...catalogue(locale)]
    .filter(([english, translated]) => translated && translated !== english && !connectorOnly(english))
    .map(([english]) => ({ message: english, re: new RegExp(`^${pattern(parse(english)).replace(/<\/?\d+>/g, '')}$`, 'su') }));
}

/**
 * Every text on screen and every accessible word (aria-label, placeholder, title, alt) of what is
 * visible. Not the chosen mode's name on the Switchboard: it is the platform's data (GET /modes/,
 * "Library" among them), which the server will send in the reader's language (issue 26, server phase).
 */
function visibleWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shown = (el: Element) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && !el.closest('.mode-button');
    const words: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    // An element holding only text is read whole: React draws "{first} {last}" as three text
    // nodes, and a child named Aisha Price is not the English word "Price".
    const read = new Set<Node>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const whole = parent && [...parent.childNodes].every((child) => child.nodeType === Node.TEXT_NODE);
      if (whole && read.has(parent)) continue;
      if (whole) read.add(parent);
      const text = (whole ? parent.textContent : node.textContent)?.trim();
      if (text && parent && shown(parent) && !parent.closest('script, style')) words.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (!shown(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) words.push(value);
      }
    }
    return words;
  });
}

async function noEnglishLeft(page: Page, locale: string) {
  const english = englishOf(locale);
  const words = await visibleWords(page);
  const left = words.flatMap((w) => english.filter((e) => e.re.test(w)).map((e) => `“${w}” (${e.message})`));
  expect(left, `English on ${page.url()} in ${locale}`).toEqual([]);
}

async function pickLanguage(page: Page, name: string, lang: string) {
  const picker = page.locator('.site-footer select');
  await picker.focus();
  await picker.selectOption({ label: name });
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** Runs `work` while Greenfield's language is `locale` (set by its head); English again after, whatever happens. */
async function inSchoolLanguage(browser: Browser, locale: string, work: () => Promise<void>) {
  const office = await browser.newContext();
  const head = await office.newPage();
  await head.goto(`${base}/library`);
  await signInThroughApi(head, 'head@greenfield.example', 'Head-demo-1');
  const schoolLanguage = (language: string) =>
    head.evaluate(async (language) => {
      const res = await fetch('/api/api-school-admin/profile/', {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ default_language: language }),
      });
      return res.status;
    }, language);
  try {
    expect(await schoolLanguage(locale)).toBe(200);
    await work();
  } finally {
    await schoolLanguage('en');
    await office.close();
  }
}

// A first visit to a school whose language is Arabic: the server draws the page in Arabic, right
// to left, and React keeps every word and the direction (no shift when the script runs).
for (const locale of ['en', 'ar'] as const) {
  test(`in ${locale}, the page React draws says what the server drew, word for word`, async ({ browser, page }) => {
    await (locale === 'en' ? drawnAsSent(page, locale) : inSchoolLanguage(browser, locale, () => drawnAsSent(page, locale)));
  });
}

/** The library's first screen as the server sent it, and as it reads once React has drawn it. */
async function drawnAsSent(page: Page, locale: string) {
  const parts = ['.skip-link', '.site-header nav', '#library-title', '.lead', '.book-price', '.site-footer nav', '.language-picker label'];
  await page.addInitScript((selectors) => {
    document.addEventListener('DOMContentLoaded', () => {
      const { lang, dir } = document.documentElement;
      (window as unknown as { __drawn: (string | undefined)[] }).__drawn = [
        lang,
        dir,
        ...selectors.map((s) => document.querySelector(s)?.textContent ?? undefined),
      ];
    });
  }, parts);
  await page.goto(`${base}/library`);
  // React has taken over once the footer's picker is no longer waiting for the script.
  await expect(page.locator('.site-footer select')).toBeEnabled();
  const drawn = await page.evaluate(() => (window as unknown as { __drawn: (string | undefined)[] }).__drawn);
  const now = await page.evaluate(
    (selectors) => [
      document.documentElement.lang,
      document.documentElement.dir,
      ...selectors.map((s) => document.querySelector(s)?.textContent ?? undefined),
    ],
    parts,
  );
  expect(drawn.slice(2).every(Boolean)).toBe(true);
  expect(now).toEqual(drawn);
  expect(drawn.slice(0, 2)).toEqual([locale, locale === 'ar' ? 'rtl' : 'ltr']);
  if (locale !== 'en') await noEnglishLeft(page, locale);
}

test('a visitor reads the library in Arabic, right to left, with Arabic-Indic digits', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${base}/library`);
  await expect(page.locator('.site-footer select')).toBeEnabled();
  await pickLanguage(page, 'العربية', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('المكتبة الإلكترونية');
  await expect(page.locator('.book-price').first()).toHaveText(/[٠-٩]/);
  // Right to left: the school's name (first in the header) is on the right.
  const brand = await page.locator('.site-header .brand').boundingBox();
  expect(brand!.x).toBeGreaterThan(640);
  await noEnglishLeft(page, 'ar');

  // The slide-out menu too, which comes in from the left.
  await page.getByRole('button', { name: 'فتح القائمة' }).click();
  const menu = await page.locator('#mobile-menu').boundingBox();
  expect(menu!.x).toBeLessThan(5);
  await noEnglishLeft(page, 'ar');
  await page.getByRole('button', { name: 'إغلاق القائمة' }).click();

  await screenshots(page, 'i18n-ar-library');
  // Remembered on this device for the next visit.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('المكتبة الإلكترونية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('a child signs in in Arabic and keeps it; the next child at the tablet gets the school’s language', async ({ page }) => {
  await page.goto(`${base}/login`);
  await expect(page.locator('.site-footer select')).toBeEnabled();
  await pickLanguage(page, 'العربية', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeVisible();
  // The new language is not a new step: the picker keeps the focus.
  await expect(page.locator('.site-footer select')).toBeFocused();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await noEnglishLeft(page, 'ar');
  await screenshots(page, 'i18n-ar-sign-in-1-role');

  await page.getByRole('button', { name: /^تلميذ/ }).click();
  await expect(page.getByRole('heading', { name: 'اكتب رمز صفّك' })).toBeVisible();
  // The contract's messages, in Arabic too.
  await page.getByRole('button', { name: 'متابعة' }).click();
  await expect(page.getByText('يُرجى كتابة رمز الصف.')).toBeVisible();
  await noEnglishLeft(page, 'ar');
  await screenshots(page, 'i18n-ar-sign-in-2-class-code');

  await page.getByRole('textbox', { name: 'رمز الصف' }).fill('ROBINS4');
  await page.getByRole('button', { name: 'متابعة' }).click();
  await expect(page.getByRole('heading', { name: 'اختر اسمك' })).toBeVisible();
  await expect(page.getByText('الصفحة ١ من ٢')).toBeVisible();
  await noEnglishLeft(page, 'ar');
  await screenshots(page, 'i18n-ar-sign-in-3-profiles');

  await page.getByLabel('ابحث عن اسمك').fill('amara');
  await page.getByRole('list', { name: 'التلاميذ' }).getByRole('button', { name: 'Amara Okafor' }).click();
  await expect(page.getByRole('heading', { name: 'اكتب كلمة المرور' })).toBeVisible();
  await page.getByLabel('كلمة المرور', { exact: true }).fill('kite-7');
  await noEnglishLeft(page, 'ar');
  await screenshots(page, 'i18n-ar-sign-in-4-password');
  await page.getByRole('button', { name: 'دخول' }).click();

  await expect(page.locator('.toast').filter({ hasText: 'تم تسجيل الدخول' })).toBeVisible();
  // A child lands on their own writing; the library is in their language too.
  await expect(page).toHaveURL(`${base}/dashboard`);
  await page.goto(`${base}/library`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('المكتبة الإلكترونية');
  await noEnglishLeft(page, 'ar');
  const amara = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!) as { id: number });

  // Signing out: the sign-in page is the school's (English) again for the next child.
  await page.goto(`${base}/logout`);
  await expect(page).toHaveURL(`${base}/login`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // Amara's language is still hers on this tablet.
  expect(await page.evaluate(() => localStorage.getItem('storynest_language'))).toContain(`"user:${amara.id}":"ar"`);
  await signInThroughApi(page, 'amara.okafor', 'kite-7');
  await page.goto(`${base}/library`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('المكتبة الإلكترونية');
});

test('a visitor reads the library in Hindi', async ({ page }) => {
  await page.goto(`${base}/library`);
  await expect(page.locator('.site-footer select')).toBeEnabled();
  await pickLanguage(page, 'हिन्दी', 'hi');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ऑनलाइन पुस्तकालय');
  await noEnglishLeft(page, 'hi');
  await screenshots(page, 'i18n-hi-library');
});

// A child's own screens in their language (issue 26, the child's screens): at a school whose
// language is Arabic (right to left) or Hindi, the child's home, the writer's four steps and the library have no
// English message left, and the writer's Next button sits where the reader's eye goes next.
for (const [locale, title, words] of [
  ['ar', 'الطائرة الورقية', 'طارت طائرتي الورقية فوق المدرسة.'],
  ['hi', 'उड़ती पतंग', 'मेरी पतंग स्कूल के ऊपर उड़ गई।'],
] as const) {
  test(`a child signs in in ${locale}, writes a story and opens the library, all in ${locale}`, async ({ browser, page }) => {
    test.setTimeout(180_000);
    const tr = translator(locale);
    const rtl = locale === 'ar';
    await page.setViewportSize({ width: 820, height: 1180 });
    // The school's site is in the language: the page is drawn in it before any script.
    await inSchoolLanguage(browser, locale, async () => {
      await page.goto(`${base}/login/ROBINS4`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('.site-footer select')).toBeEnabled();
      await expect(page.locator('.site-footer select')).toHaveValue(locale);
      await page.getByLabel(tr('Find your name')).fill('amara');
      await page
        .getByRole('list', { name: tr('Students') })
        .getByRole('button', { name: 'Amara Okafor' })
        .click();
      await page.getByLabel(tr('Password'), { exact: true }).fill('kite-7');
      await page.getByRole('button', { name: tr('Sign In') }).click();
      await expect(page).toHaveURL(`${base}/dashboard`);

      // The child's home: their writing.
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', rtl ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { level: 1, name: tr('My writing') })).toBeVisible();
      await expect(page.getByRole('heading', { name: tr('My stories') })).toBeVisible();
      await expect(page.getByRole('heading', { name: tr('My books') })).toBeVisible();
      // A first visit: the dashboard's tour, in the child's language too.
      await expect(page.locator('.driver-popover')).toBeVisible();
      await expect(page.locator('.driver-popover-title')).toHaveText(tr('Your dashboard'));
      await noEnglishLeft(page, locale);
      await screenshots(page, `i18n-${locale}-child-home-tour`);
      await page.setViewportSize({ width: 820, height: 1180 });
      await page.keyboard.press('Escape');
      await expect(page.locator('.driver-popover')).toBeHidden();
      await noEnglishLeft(page, locale);
      await screenshots(page, `i18n-${locale}-child-home`);
      await page.setViewportSize({ width: 820, height: 1180 });

      // The writer: four steps.
      await page.getByRole('link', { name: tr('Write a new story') }).click();
      await page.getByRole('button', { name: tr('Start a new story') }).click();
      await expect(page.getByRole('heading', { name: tr('1. Title and cover') })).toBeVisible();
      await page.getByLabel(tr('Title of my story')).fill(title);
      await noEnglishLeft(page, locale);
      await screenshots(page, `i18n-${locale}-story-1-title`);
      await page.setViewportSize({ width: 820, height: 1180 });
      await page.getByRole('button', { name: tr('Next') }).click();

      await expect(page.getByRole('heading', { name: tr('2. My story') })).toBeVisible();
      await page.getByRole('textbox', { name: tr('My story') }).click();
      await page.keyboard.type(words);
      await expect(page.getByTestId('save-status')).toHaveText(new RegExp(`^${tr('Saved on this tablet')}`));
      await expect(page.getByRole('toolbar', { name: tr('Writing tools') }).getByRole('button', { name: tr('Bold') })).toBeVisible();
      // The next step is ahead of the reader: left of Back right to left, right of it left to right.
      // (The writer draws its Back button anew as the save state changes: measured until both stand still.)
      await expect
        .poll(async () => {
          const next = await page.getByRole('button', { name: tr('Next') }).boundingBox();
          const back = await page.getByRole('button', { name: tr('Back'), exact: true }).boundingBox();
          return next && back ? (rtl ? next.x < back.x : next.x > back.x) : null;
        })
        .toBe(true);
      await noEnglishLeft(page, locale);
      await screenshots(page, `i18n-${locale}-story-2-words`);
      await page.setViewportSize({ width: 820, height: 1180 });
      await page.getByRole('button', { name: tr('Next') }).click();

      await expect(page.getByRole('heading', { name: tr('3. What it is about') })).toBeVisible();
      await expect(page.getByText(tr('Goal {goal}').replace('{goal}', rtl ? '١' : '1'), { exact: true })).toBeVisible();
      await noEnglishLeft(page, locale);
      await page.getByRole('button', { name: tr('Next') }).click();

      await expect(page.getByRole('heading', { name: tr('4. Who may read it') })).toBeVisible();
      await noEnglishLeft(page, locale);
      await screenshots(page, `i18n-${locale}-story-4-readers`);
      await page.setViewportSize({ width: 820, height: 1180 });
      await page.getByRole('button', { name: tr('Send to my teacher') }).click();
      await expect(page.getByRole('heading', { name: tr('Sent!') })).toBeVisible();
      await expect(page.getByText(tr('Your story was sent to your teacher.'))).toBeVisible();
      await noEnglishLeft(page, locale);
      await screenshots(page, `i18n-${locale}-story-sent`);

      // Back home, the story waits for review; then the library.
      await page.goto(`${base}/dashboard`);
      await expect(page.getByRole('heading', { name: tr('My writing') })).toBeVisible();
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await noEnglishLeft(page, locale);
      await page.goto(`${base}/library`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('Online Library'));
      await expect(page.locator('html')).toHaveAttribute('dir', rtl ? 'rtl' : 'ltr');
      await noEnglishLeft(page, locale);
      await screenshots(page, `i18n-${locale}-child-library`);
    });
  });
}

// Staff keep their language on the server: a teacher chooses Spanish in the area's menu on one
// device, and on another device (a fresh browser) their screens are Spanish from the first page.
test('a teacher chooses Spanish in the menu and finds it on another device', async ({ browser, page }) => {
  const email = 'teacher2@greenfield.example';
  const password = 'Teach-demo-3';
  await page.goto(`${base}/login`);
  await signInThroughApi(page, email, password);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${base}/dashboard`);
  const picker = page.locator('#area-nav .language-picker select');
  await expect(picker).toBeEnabled();
  await picker.selectOption({ label: 'Español' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const kept = () =>
    page.evaluate(async () => {
      const res = await fetch('/api/user/profile/', { headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` } });
      return ((await res.json()) as { language?: string | null }).language;
    });
  try {
    await expect.poll(kept, { timeout: 20_000 }).toBe('es');

    const other = await browser.newContext();
    const tablet = await other.newPage();
    await tablet.goto(`${base}/login`);
    await expect(tablet.locator('html')).toHaveAttribute('lang', 'en');
    await signInThroughApi(tablet, email, password);
    await tablet.goto(`${base}/dashboard`);
    await expect(tablet.locator('html')).toHaveAttribute('lang', 'es');
    await other.close();
  } finally {
    // The demo teacher is English again for the journeys after this one.
    await page.evaluate(async () => {
      await fetch('/api/user/profile/', {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ language: null }),
      });
    });
  }
});

// The teacher's day in the school's language (issue 26, the teacher's screens): the head sets the
// school's language to Arabic (then Hindi) on its profile, and a teacher with no language of their
// own finds the Teacher Dashboard (the review queue, the story and book numbers), a story to
// review and a class page in it, right to left in Arabic, with no English message of the catalogue
// left. The school is English again afterwards, whatever happens.
for (const locale of ['ar', 'hi'] as const) {
  test(`a teacher at a school whose language is ${locale} reviews and opens a class in ${locale}`, async ({ browser, page }) => {
    test.setTimeout(180_000);
    const tr = translator(locale);
    const rtl = locale === 'ar';
    await inSchoolLanguage(browser, locale, async () => {
      await page.goto(`${base}/library`);
      await signInThroughApi(page, 'teacher@greenfield.example', 'Teach-demo-1');
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.goto(`${base}/dashboard?option=Teacher%20Dashboard`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', rtl ? 'rtl' : 'ltr');
      await expect(page.getByRole('heading', { name: tr('Stories waiting for review') })).toBeVisible();
      await expect(page.getByRole('heading', { name: tr('Stories in numbers') })).toBeVisible();
      await expect(page.getByRole('heading', { name: tr('Books in numbers') })).toBeVisible();
      await expect(page.getByText(tr('All Books'), { exact: true })).toBeVisible();
      await expect(page.getByText(tr('All stories'), { exact: true })).toBeVisible();
      await noEnglishLeft(page, locale);
      await screenshots(page, `i18n-${locale}-teacher-dashboard`);
      await page.setViewportSize({ width: 1280, height: 900 });

      // A story waiting for review, opened to read (not approved: the stories journey does that).
      await page
        .getByRole('button', { name: tr('Read'), exact: true })
        .first()
        .click();
      await expect(page.getByRole('textbox', { name: tr('Comment for the child') })).toBeVisible();
      await expect(page.getByRole('button', { name: tr('Send back'), exact: true })).toBeVisible();
      await noEnglishLeft(page, locale);
      await screenshots(page, `i18n-${locale}-teacher-review`);
      await page.setViewportSize({ width: 1280, height: 900 });

      // A class page: the class's students and what can be done with them.
      await page.goto(`${base}/dashboard?option=Manage%20Classes`);
      await page.getByRole('link', { name: 'Year 4 Robins' }).click();
      await expect(page.getByRole('heading', { name: 'Year 4 Robins' })).toBeVisible();
      await expect(page.getByText('Amara Okafor').first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', rtl ? 'rtl' : 'ltr');
      await noEnglishLeft(page, locale);
      await screenshots(page, `i18n-${locale}-teacher-class`);
    });
  });
}
