// Making a class book on two tablets: the teacher starts a class book for Robins; two children
// each open it, go offline on their own tablet, add two pages each, and come back online; the
// pages merge, each credited to its child; the teacher previews the book and sends it to the
// school and downloads its print-ready PDF; the reader turns its pages with the keyboard and opens it again offline. A wrong file
// for an upload gets its message. Screenshots at phone and tablet widths, axe on each screen.
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { screenshots, seriousViolations, signInThroughApi, site } from './support';

const base = site('greenfield');
const TITLE = 'At the Seaside';

async function tablet(browser: Browser, username: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 } });
  const page = await context.newPage();
  await page.goto(`${base}/library`);
  await signInThroughApi(page, username, password);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return { context, page };
}

const api = <T>(page: Page, path: string, method = 'GET') =>
  page.evaluate(
    async ({ path, method }) => {
      const res = await fetch(`/api${path}`, { method, headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` } });
      return (await res.json()) as T;
    },
    { path, method },
  ) as Promise<T>;

async function addPage(page: Page, text: string) {
  await page.getByRole('button', { name: 'Add a page' }).click();
  const words = page.getByRole('textbox', { name: /^Words of page \d+$/ });
  await words.click();
  await page.keyboard.type(text);
  await expect(page.getByText(text)).toBeVisible();
}

test('two children make a class book offline on two tablets; it merges; the teacher sends it; it reads offline', async ({ browser }) => {
  test.setTimeout(240_000);
  const teacher = await tablet(browser, 'teacher@greenfield.example', 'Teach-demo-1');
  const t = teacher.page;
  const classes = await api<{ results: { id: number; class_id: string }[] }>(t, '/v1/teacher/school-classes/');
  const robins = classes.results.find((c) => c.class_id === 'ROBINS4')!;
  const cards = await api<{ results: { username: string; password: string }[] }>(
    t,
    `/v1/teacher/student-login-info/${robins.id}/?limit=100`,
  );
  const mate = cards.results.find((c) => c.username !== 'amara.okafor')!;

  // The teacher starts the class book.
  await t.goto(`${base}/uploadbook`);
  await expect(t.getByRole('heading', { name: 'Make a book' })).toBeVisible();
  expect(await seriousViolations(t)).toEqual([]);
  await screenshots(t, 'book-maker-home');
  await t.setViewportSize({ width: 820, height: 1180 });
  await t.getByLabel('Title of the book').first().fill(TITLE);
  await t.getByLabel('A class book: everyone in the class adds pages').check();
  await t.getByLabel('Class', { exact: true }).selectOption(String(robins.id));
  await t.getByRole('button', { name: 'Start the book' }).click();
  await expect(t).toHaveURL(/\/uploadbook\/at-the-seaside-[0-9a-f]{8}$/);
  const slug = t.url().split('/').pop()!;
  await expect(t.getByTestId('save-status')).toHaveText('Saved on this tablet and sent', { timeout: 30_000 });

  // Two children open it on their own tablets, then lose the network.
  const a = await tablet(browser, 'amara.okafor', 'kite-7');
  const b = await tablet(browser, mate.username, mate.password);
  for (const { page } of [a, b]) {
    await page.goto(`${base}/uploadbook`);
    await page.getByRole('link', { name: new RegExp(TITLE) }).click();
    await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  }
  await a.context.setOffline(true);
  await b.context.setOffline(true);
  await addPage(a.page, 'Amara found a crab.');
  await addPage(a.page, 'The crab waved at Amara.');
  await addPage(b.page, 'The waves were very big.');
  await addPage(b.page, 'We built a sandcastle.');
  for (const { page } of [a, b]) await expect(page.getByTestId('save-status')).toHaveText('Saved on this tablet', { timeout: 10_000 });
  expect(await seriousViolations(a.page)).toEqual([]);
  await screenshots(a.page, 'book-maker-page-offline');

  // Back online: both tablets send their pages; the server merges them.
  await a.context.setOffline(false);
  await b.context.setOffline(false);
  for (const { page } of [a, b])
    await expect(page.getByTestId('save-status')).toHaveText('Saved on this tablet and sent', { timeout: 60_000 });
  const merged = await api<{ id: number; page_count: number; content: { pages: { text: string; author?: { name: string } }[] } }>(
    t,
    `/book-drafts/${slug}/`,
  );
  expect(merged.page_count).toBe(4);
  const credits = Object.fromEntries(merged.content.pages.map((p) => [p.text, p.author?.name]));
  expect(credits['Amara found a crab.']).toBe('Amara O.');
  expect(credits['We built a sandcastle.']).toBeTruthy();
  expect(credits['We built a sandcastle.']).not.toBe('Amara O.');

  // The teacher sees all four pages, previews the book and sends it.
  await t.reload();
  await expect(t.getByRole('button', { name: /^Page 4/ })).toBeVisible({ timeout: 20_000 });
  await t.getByRole('button', { name: 'Preview the book' }).click();
  await expect(t.getByRole('article', { name: 'Cover' })).toBeVisible();
  await t.keyboard.press('ArrowRight');
  await expect(t.getByRole('article', { name: 'Page 1' })).toBeVisible();
  expect(await seriousViolations(t)).toEqual([]);
  await screenshots(t, 'book-maker-preview');
  await t.setViewportSize({ width: 820, height: 1180 });
  await t.getByRole('button', { name: 'Send to the school' }).click();
  await expect(t.getByText('Your book was sent to the school.')).toBeVisible();
  await expect.poll(async () => (await api<{ status: string }>(t, `/book-drafts/${slug}/`)).status, { timeout: 30_000 }).toBe('submitted');

  // The teacher's "Download PDF": the print-ready file, the cover and the four pages.
  const pressed = t.waitForEvent('download');
  await t.getByRole('button', { name: 'Download PDF' }).click();
  const download = await pressed;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await PDFDocument.load(await readFile((await download.path())!));
  expect(pdf.getPageCount()).toBe(5);

  // The reader: page by page with the keyboard, then again with no network.
  await t.goto(`${base}/library/${merged.id}/read`);
  await expect(t.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await expect(t.getByRole('status').filter({ hasText: 'Cover' })).toBeVisible();
  await t.keyboard.press('ArrowRight');
  await t.keyboard.press('ArrowRight');
  await expect(t.getByText('Page 2 of 4')).toBeVisible();
  expect(await seriousViolations(t)).toEqual([]);
  await screenshots(t, 'book-reader');
  await teacher.context.setOffline(true);
  await t.reload();
  await expect(t.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await t.getByRole('button', { name: 'Next page' }).click();
  await expect(t.getByText('Page 1 of 4')).toBeVisible();
  await expect(t.getByRole('article', { name: 'Page 1' })).toContainText(/crab|waves|sandcastle/);
  await screenshots(t, 'book-reader-offline');
  for (const c of [teacher, a, b]) await c.context.close();
});

test('an upload that is not a PDF or page pictures is refused with its message', async ({ browser }) => {
  const { context, page } = await tablet(browser, 'teacher@greenfield.example', 'Teach-demo-1');
  await page.goto(`${base}/uploadbook`);
  await page.getByTestId('upload-files').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert')).toHaveText('Upload a PDF, or pictures of the pages (JPEG, PNG or WebP).');
  await context.close();
});

test('a guest is asked to sign in to make a book', async ({ page }) => {
  await page.goto(`${base}/uploadbook`);
  await expect(page.getByText('Sign in to make a book.')).toBeVisible();
});
