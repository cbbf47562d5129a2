// The smaller defects of issue 21 (item 13), each as the user meets it: a picture tapped and then
// typed after stays in the story; the class cards count stories as stories; wide admin lists fit
// a 1280 px screen (and scroll by keyboard where a screen is narrower); the class login PDF made
// offline says which children are not on it and why; a fresh device that loses the network
// before a screen was downloaded says so, naming the screen. Phone and tablet screenshots.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parseLoginCard } from '../../src/contract/login-card';
import { qrTextsInPdf } from '../support/pdf-qr';
import { checkScreen, PNG, screenshots, seriousViolations, signInThroughApi, site } from './support';

const base = site('greenfield');

async function offlineReady(page: Page, url: string, username: string, password: string) {
  await page.goto(`${url}/library`);
  await signInThroughApi(page, username, password);
  await page.reload();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test('typing after tapping a picture puts the words after it; the picture stays', async ({ page }) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto(`${base}/library`);
  await signInThroughApi(page, 'amara.okafor', 'kite-7');
  await page.goto(`${base}/uploadblogsteps`);
  await page.getByRole('button', { name: 'Start a new story' }).click();
  await page.getByLabel('Title of my story').fill('My Cat');
  await page.getByRole('button', { name: 'Next' }).click();
  const story = page.getByRole('textbox', { name: 'My story' });
  await story.click();
  await page.keyboard.type('Here is my cat.');
  await page.getByTestId('editor-picture-input').setInputFiles({ name: 'cat.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('.doc-content img')).toHaveCount(1);
  // The child taps the picture, then types.
  await page.locator('.doc-content img').click();
  await page.keyboard.type('She is fluffy.');
  await expect(page.locator('.doc-content img')).toHaveCount(1);
  await expect(story).toContainText('Here is my cat.');
  await expect(story).toContainText('She is fluffy.');
  // The words come after the picture.
  const order = await story.evaluate((el) =>
    [...el.children].map((c) => (c.querySelector('img') || c.tagName === 'IMG' ? '[picture]' : c.textContent)),
  );
  expect(order).toEqual(['Here is my cat.', '[picture]', 'She is fluffy.']);
  await screenshots(page, 'writer-typed-after-picture');
});

test('the class cards count stories as stories', async ({ page }) => {
  await page.goto(`${base}/library`);
  await signInThroughApi(page, 'teacher@greenfield.example', 'Teach-demo-1');
  await page.goto(`${base}/dashboard`);
  const robins = page.locator('.class-card').filter({ hasText: 'Year 4 Robins' });
  await expect(robins).toContainText(/\d+ students? · \d+ (story|stories)$/);
  await expect(robins).not.toContainText('books');
  await screenshots(page, 'class-cards');
});

test('wide admin lists fit a 1280 px screen, and scroll by keyboard where a screen is narrower', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const pages: [string | undefined, string, string, string[]][] = [
    [undefined, 'admin@example.com', 'Admin-demo-1', ['/admin-panel/all-books', '/admin-panel/all-tenants', '/admin-panel/all-charities']],
    ['greenfield', 'head@greenfield.example', 'Head-demo-1', ['/admin-school/books']],
    ['riverbend', 'org@riverbend.example', 'Org-demo-1', ['/admin-organization/books']],
  ];
  for (const [tenant, username, password, paths] of pages) {
    await page.goto(`${site(tenant)}/library`);
    await signInThroughApi(page, username, password);
    for (const path of paths) {
      await page.goto(`${site(tenant)}${path}`);
      const wrap = page.locator('.admin-table-wrap');
      await expect(wrap).toBeVisible();
      const { table, box } = await wrap.evaluate((el) => ({ table: el.scrollWidth, box: el.clientWidth }));
      expect(table, `${path}: the table is wider than its box`).toBeLessThanOrEqual(box);
      // The last column is on screen.
      const last = page.locator('.admin-table thead th').last();
      expect((await last.boundingBox())!.x + (await last.boundingBox())!.width).toBeLessThanOrEqual(1280);
    }
  }
  // Narrower than the table: its box is a named region that takes the keyboard.
  await expect(page.getByRole('region', { name: /table$/ })).toHaveAttribute('tabindex', '0');
  await page.goto(`${site()}/admin-panel/all-books`);
  await expect(page.locator('.admin-table-wrap')).toBeVisible();
  await page.screenshot({ path: '.test-output/screenshots/admin-books-1280.png', fullPage: true });
  await checkScreen(page, 'admin-books-wide');
});

test('the class login PDF made offline says which children are not on it, and why', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 } });
  const page = await context.newPage();
  await offlineReady(page, base, 'teacher@greenfield.example', 'Teach-demo-1');
  await page.goto(`${base}/dashboard?option=Manage%20Classes`);
  await page.getByRole('link', { name: 'Year 5 Owls' }).click();
  await expect(page.getByRole('heading', { name: 'Year 5 Owls' })).toBeVisible();
  const before = Number(await page.getByTestId('student-count').textContent());
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Add Students' }).click();
  await page.getByLabel(/Student names/).fill('Ivy Stone');
  await page.getByRole('button', { name: 'Review' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Add Students' }).click();
  await expect(page.getByRole('dialog').getByText('Students added successfully!')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('student-count')).toHaveText(String(before + 1));

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Class Login' }).click()]);
  const cards = qrTextsInPdf(readFileSync(await download.path())).map(parseLoginCard);
  expect(cards).toHaveLength(before);
  const notice = page.getByTestId('left-off-cards');
  await expect(notice).toContainText('Not on the login cards: Ivy Stone.');
  await expect(notice).toContainText('not sent yet');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'login-cards-left-off');
  await context.close();
});

test('a fresh device that loses the network says which screen it has not downloaded yet', async ({ browser }) => {
  // No service worker: nothing was saved for offline use before the network went.
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 820, height: 1180 } });
  const page = await context.newPage();
  await page.goto(`${base}/library`);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeEnabled();
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Not downloaded yet' })).toBeVisible();
  await expect(page.getByText('The sign-in screen has not been downloaded to this device yet, and the device is offline.')).toBeVisible();
  await expect(page.getByText('This screen could not be shown')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'not-downloaded-yet');
  // Back online, Try again opens it.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await context.close();
});
