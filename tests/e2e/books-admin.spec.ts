// Publishing and moderating books in Chromium (issue 13): the school admin publishes the class
// book the seed hands in as submitted ("The Robins Grow a Garden", server/db/seed.ts
// SUBMITTED_BOOKS) with a price and a charity cause, after the form refuses a negative price, and
// it appears in the school's library; a reader reports a catalogue book, the platform admin hides
// it from the moderation queue, and it disappears from the library. axe checks and phone/tablet
// screenshots of each screen.
import { expect, test, type Page } from '@playwright/test';
import { screenshots, seriousViolations, signInThroughApi, site } from './support';

async function checkScreen(page: Page, name: string) {
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, name);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the school admin publishes a submitted class book with a price and a cause; it appears in the library', async ({ page }) => {
  await page.goto(`${site('greenfield')}/`);
  await signInThroughApi(page, 'head@greenfield.example', 'Head-demo-1');
  await page.evaluate(() => localStorage.setItem('dashboard_welcome_dismissed', 'true'));
  await page.goto(`${site('greenfield')}/admin-school/books`);
  await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible();
  await page.getByLabel('Status').selectOption('submitted');
  await expect(page.getByRole('link', { name: 'The Robins Grow a Garden' })).toBeVisible();
  await checkScreen(page, 'books-school-list');

  await page.getByRole('link', { name: 'The Robins Grow a Garden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The Robins Grow a Garden' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Publish book' })).toBeVisible();
  const id = Number(new URL(page.url()).searchParams.get('id'));
  expect(id).toBeGreaterThan(0);

  await page.getByLabel('Price').fill('-1');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The price cannot be negative.')).toBeVisible();
  await page.getByLabel('Price').fill('6.50');
  await page.getByLabel('Currency').selectOption('GBP');
  await page.getByLabel('Category').selectOption({ index: 1 });
  await page.getByLabel('Charity cause (receives half of each sale)').selectOption({ label: 'Books for Every Child' });
  await page.getByLabel('Description').fill('Year 4 Robins grow a garden, page by page.');
  await checkScreen(page, 'books-school-publish');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Book published successfully!')).toBeVisible();

  await page.goto(`${site('greenfield')}/library/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'The Robins Grow a Garden' })).toBeVisible();
  await expect(page.getByText('£6.50')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Report a problem with this book' })).toBeVisible();
  await checkScreen(page, 'books-published-in-library');
});

test('the platform admin hides a reported book from the moderation queue; it leaves the library', async ({ page }) => {
  // A reader reports a catalogue book through the /report-a-problem form's endpoint.
  await page.goto(`${site('greenfield')}/library/2`);
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  const sent = await page.evaluate(async () => {
    const res = await fetch('/api/forms/report/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Pat Parent',
        email: 'pat@example.com',
        item_type: 'book',
        item_id: 2,
        reason: 'inappropriate',
        details: 'A page is not for children.',
      }),
    });
    return res.status;
  });
  expect(sent).toBe(201);

  await page.goto(`${site()}/`);
  await signInThroughApi(page, 'admin@example.com', 'Admin-demo-1');
  await page.evaluate(() => localStorage.setItem('dashboard_welcome_dismissed', 'true'));
  await page.goto(`${site()}/admin-panel/book-monitoring`);
  const booksQueue = page.getByRole('region', { name: 'Books to check' });
  await expect(booksQueue.getByRole('heading', { level: 1, name: 'Books to check' })).toBeVisible();
  await booksQueue.getByLabel('Why it is here').selectOption('reported');
  await expect(booksQueue.getByRole('link', { name: title })).toBeVisible();
  await expect(booksQueue.getByText('A page is not for children.')).toBeVisible();
  await checkScreen(page, 'books-monitoring');

  await booksQueue.getByLabel(`Select ${title}`).check();
  await booksQueue.getByLabel('Bulk action').selectOption('moderate');
  await booksQueue.getByLabel('Option', { exact: true }).selectOption('hide');
  await booksQueue.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Done: the moderation was applied to the selected items.')).toBeVisible();
  await booksQueue.getByLabel('Why it is here').selectOption('hidden');
  await expect(booksQueue.getByRole('link', { name: title })).toBeVisible();

  await page.goto(`${site('greenfield')}/library/2`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeHidden();
  const status = await page.evaluate(async () => (await fetch('/api/books/2/')).status);
  expect(status).toBe(404);
});
