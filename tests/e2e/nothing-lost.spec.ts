// Nothing a child types is lost, and nothing says "Sent" before the server has it (issue 21,
// items 11 and 12). A child starts a book, adds a page and types a line, then reloads at once:
// the page and the words are there. A tab closed one keystroke after typing keeps them too. A
// child types a line and presses "Send to my teacher" within a second: the words reach the
// server before the submission, and "Sent!" shows only once the server has the story; offline
// the screen says it will be sent. Phone and tablet screenshots of each screen.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { screenshots, seriousViolations, signInThroughApi, site } from './support';

const base = site('greenfield');

async function tablet(browser: Browser, username: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 } });
  const page = await context.newPage();
  await page.goto(`${base}/library`);
  await signInThroughApi(page, username, password);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return { context, page };
}

const syncButton = (page: Page) => page.getByRole('button', { name: /show sync details/ });

const serverGet = <T>(page: Page, path: string) =>
  page.evaluate(async (p) => {
    const res = await fetch(`/api${p}`, { headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` } });
    return res.ok ? ((await res.json()) as unknown) : null;
  }, path) as Promise<T | null>;

test('a book reloaded one keystroke after "Start the book", "Add a page" and a typed line keeps the page and the words', async ({
  browser,
}) => {
  const { context, page } = await tablet(browser, 'amara.okafor', 'kite-7');
  await page.goto(`${base}/uploadbook`);
  await page.getByLabel('Title of the book').first().fill('Our Garden');
  await page.getByRole('button', { name: 'Start the book' }).click();
  await expect(page).toHaveURL(/\/uploadbook\/our-garden-[0-9a-f]{8}$/);
  await page.getByRole('button', { name: 'Add a page' }).click();
  await page.getByRole('textbox', { name: 'Words of page 1' }).click();
  await page.keyboard.type('The sunflower grew taller than me.');
  // No wait at all: the reload comes one keystroke after the typing.
  await page.reload();
  await expect(page.getByRole('button', { name: /^Page 1/ })).toBeVisible();
  await page.getByRole('button', { name: /^Page 1/ }).click();
  await expect(page.getByRole('textbox', { name: 'Words of page 1' })).toHaveText('The sunflower grew taller than me.');
  await expect(page.getByText('1 page', { exact: false })).toBeVisible();

  // A second page, typed and the tab closed at once: a new tab finds both pages.
  await page.getByRole('button', { name: 'Add a page' }).click();
  await page.getByRole('textbox', { name: 'Words of page 2' }).click();
  await page.keyboard.type('Then it rained.');
  const url = page.url();
  await page.close();
  const again = await context.newPage();
  await again.goto(url);
  await expect(again.getByRole('button', { name: /^Page 2/ })).toBeVisible();
  await again.getByRole('button', { name: /^Page 2/ }).click();
  await expect(again.getByRole('textbox', { name: 'Words of page 2' })).toHaveText('Then it rained.');
  // And the server gets both pages.
  await expect(again.getByTestId('save-status')).toHaveText('Saved on this tablet and sent', { timeout: 30_000 });
  const slug = url.split('/').pop()!;
  const book = await serverGet<{ page_count: number; content: { pages: { text: string }[] } }>(again, `/book-drafts/${slug}/`);
  expect(book?.content.pages.map((p) => p.text)).toEqual(['The sunflower grew taller than me.', 'Then it rained.']);
  await screenshots(again, 'nothing-lost-book');
  await context.close();
});

test('a story reloaded one keystroke after typing keeps the words', async ({ browser }) => {
  const { context, page } = await tablet(browser, 'amara.okafor', 'kite-7');
  await page.goto(`${base}/uploadblogsteps`);
  await page.getByRole('button', { name: 'Start a new story' }).click();
  await expect(page).toHaveURL(/\/uploadblogsteps\/my-story-[0-9a-f]{8}$/);
  await page.getByLabel('Title of my story').fill('The Lost Shoe');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'My story' }).click();
  await page.keyboard.type('I lost my shoe in the mud.');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'My story' })).toHaveText('I lost my shoe in the mud.');
  await context.close();
});

test('"Saved on this tablet and sent" is never said while new words wait to be saved', async ({ browser }) => {
  const { context, page } = await tablet(browser, 'amara.okafor', 'kite-7');
  await page.goto(`${base}/uploadblogsteps`);
  await page.getByRole('button', { name: 'Start a new story' }).click();
  await expect(page).toHaveURL(/\/uploadblogsteps\/my-story-[0-9a-f]{8}$/);
  await page.getByLabel('Title of my story').fill('Two Words');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'My story' }).click();
  await page.keyboard.type('Hello');
  const status = page.getByTestId('save-status');
  await expect(status).toHaveText('Saved on this tablet and sent', { timeout: 30_000 });
  await context.setOffline(true);
  await page.keyboard.type(' world');
  // Well within the moment it takes to save: the new words are not sent, so it must not say so.
  await page.waitForTimeout(150);
  expect(await status.textContent()).not.toBe('Saved on this tablet and sent');
  await expect(status).toHaveText('Saved on this tablet');
  await context.close();
});

test('a story sent one second after typing reaches the teacher with its words; "Sent!" only once the server has it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await tablet(browser, 'amara.okafor', 'kite-7');
  await page.goto(`${base}/uploadblogsteps`);
  await page.getByRole('button', { name: 'Start a new story' }).click();
  await expect(page).toHaveURL(/\/uploadblogsteps\/my-story-[0-9a-f]{8}$/);
  const slug = page.url().split('/').pop()!;
  await page.getByLabel('Title of my story').fill('The Big Wave');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'My story' }).click();
  await page.keyboard.type('A big wave came to the beach.');
  // Straight on to the last step and send, well within a second of the last keystroke.
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Send to my teacher' }).click();
  await expect(page.getByRole('heading', { name: 'Sent!' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Your story was sent to your teacher.')).toBeVisible();
  const story = await serverGet<{ status: string; body: string }>(page, `/stories/${slug}/edit/`);
  expect(story?.status).toBe('submitted');
  expect(story?.body).toContain('A big wave came to the beach.');
  await expect(syncButton(page)).toContainText('All saved');
  await expect(syncButton(page)).not.toContainText('not sent');

  // Offline: the screen says it will be sent, and says "Sent!" once it is.
  await page.goto(`${base}/uploadblogsteps`);
  await page.getByRole('button', { name: 'Start a new story' }).click();
  await expect(page).toHaveURL(/\/uploadblogsteps\/my-story-[0-9a-f]{8}$/);
  const second = page.url().split('/').pop()!;
  await page.getByLabel('Title of my story').fill('The Rain');
  await page.getByRole('button', { name: 'Next' }).click();
  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'My story' }).click();
  await page.keyboard.type('It rained all day.');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Send to my teacher' }).click();
  await expect(page.getByRole('heading', { name: 'Will be sent' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sent!' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'story-will-be-sent');
  await page.setViewportSize({ width: 820, height: 1180 });
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Sent!' })).toBeVisible({ timeout: 30_000 });
  expect((await serverGet<{ status: string; body: string }>(page, `/stories/${second}/edit/`))?.status).toBe('submitted');
  await screenshots(page, 'story-sent-confirmed');
  await context.close();
});
