// The public forms in Chromium: a parent sends /contact offline and it arrives once when the
// device is back online; the rules and words of each form; a report opened from a book carries
// the book; axe clean, screenshots.
import { expect, test, type Page } from '@playwright/test';
import { screenshots, seriousViolations, site } from './support';

const base = site('greenfield');

/** The platform admin's list of forms of a kind, read in a page on the platform host. */
async function formsOfKind(page: Page, kind: string): Promise<{ name: string; data: Record<string, unknown>; site: string | null }[]> {
  const admin = await page.context().browser()!.newPage();
  await admin.goto(`${site()}/faq`);
  const list = await admin.evaluate(async (kind) => {
    const token = await fetch('/api/auth/token/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin@example.com', password: 'Admin-demo-1' }),
    });
    const { access } = (await token.json()) as { access: string };
    const res = await fetch(`/api/forms/?kind=${kind}`, { headers: { Authorization: `Bearer ${access}` } });
    return ((await res.json()) as { results: never[] }).results;
  }, kind);
  await admin.close();
  return list;
}

test('a parent sends /contact offline and it arrives once when back online', async ({ page, context }) => {
  await page.goto(`${base}/login`);
  await page.evaluate(() =>
    fetch('/api/generic-password-login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: 'greenfield-parents' }),
    }),
  );
  await page.goto(`${base}/contact`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(page.getByText('Greenfield Primary’s office')).toBeVisible();

  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please enter your name')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'contact-errors');

  await context.setOffline(true);
  await expect(page.getByText('You are offline. You can still fill in and send this form')).toBeVisible();
  await page.getByLabel('Your name').fill('Grace Parent');
  await page.getByLabel('Email').fill('grace@example.org');
  await page.getByLabel('What is it about?').selectOption('order');
  await page.getByLabel('Message').fill('Our printed copy of the Dear World Book arrived with a torn cover.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(
    page.getByText('You are offline. Your message is saved on this device and will be sent as soon as you are back online.'),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'contact-queued-offline');

  await context.setOffline(false);
  await expect(page.getByText('Thank you. Your message has been sent.')).toBeVisible({ timeout: 30_000 });
  const mine = (await formsOfKind(page, 'contact')).filter((f) => f.name === 'Grace Parent');
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({ site: 'greenfield', data: { topic: 'order' } });
});

test('a report opened from a book carries the book; the tour and enrolment forms check their fields', async ({ page }) => {
  await page.goto(`${base}/library/1`);
  await page.getByRole('link', { name: 'Report a problem with this book' }).click();
  await expect(page).toHaveURL(/\/report-a-problem\?type=book&id=1/);
  await expect(page.getByText(/You are reporting the book/)).toBeVisible();
  await page.getByLabel('Your name').fill('Sam Teacher');
  await page.getByLabel('Email').fill('sam@example.org');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Please choose what is wrong')).toBeVisible();
  await page.getByLabel('What is wrong?').selectOption('broken');
  await page.getByLabel('Details').fill('The book stops loading after page 3.');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'report-a-problem');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. Your message has been sent.')).toBeVisible({ timeout: 30_000 });
  const reports = (await formsOfKind(page, 'report')).filter((f) => f.name === 'Sam Teacher');
  expect(reports[0]).toMatchObject({ data: { item_type: 'book', item_id: 1, reason: 'broken' } });

  await page.goto(`${base}/request-a-tour`);
  await expect(page.getByLabel('School')).toHaveValue('Greenfield Primary');
  await page.getByRole('button', { name: 'Request a tour' }).click();
  await expect(page.getByText('Please tell us your role')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'request-a-tour');

  await page.goto(`${base}/bulk-enrolment`);
  await page.getByLabel('Your name').fill('Office');
  await page.getByLabel('Email').fill('office@greenfield.example');
  await page.getByLabel('CSV file').setInputFiles({ name: 'pupils.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await page.getByRole('button', { name: 'Send enrolment' }).click();
  await expect(page.getByText('Please upload a valid CSV file.')).toBeVisible();
  await page.getByLabel('CSV file').setInputFiles({
    name: 'pupils.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Class,First Name,Last Name\nYear 3 Wrens,Ola,Nowak\nYear 3 Wrens,Ben,Adeyemi\n'),
  });
  await expect(page.getByText('2 students in 1 class.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'bulk-enrolment');
  await page.getByRole('button', { name: 'Send enrolment' }).click();
  await expect(page.getByText('Thank you. Your message has been sent.')).toBeVisible({ timeout: 30_000 });
});
