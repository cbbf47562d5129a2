// Charity and donation administration in Chromium: a school admin adds a charity cause (the
// form's messages on the way) and a second admin of the same school cannot edit it; the
// platform admin sees every charity, the charities dashboard and the donations (date filter),
// and records a refund against the provider on an order, which the order then shows. axe checks
// and phone/tablet screenshots of every screen.
import { expect, test, type Page } from '@playwright/test';
import { screenshots, seriousViolations, signInThroughApi, site } from './support';

async function checkScreen(page: Page, name: string) {
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, name);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The first-visit welcome dialog of an admin with two dashboards is closed whenever it shows. */
test.beforeEach(async ({ page }) => {
  await page.addLocatorHandler(page.getByRole('dialog', { name: /^Welcome! You have/ }), async (dialog) => {
    await dialog.getByRole('button', { name: 'Got it' }).click();
  });
});

async function signOut(page: Page) {
  await page.evaluate(() => localStorage.clear());
}

test('a school admin adds a charity cause; a second admin of the school cannot edit it', async ({ page }) => {
  test.setTimeout(120_000);
  const greenfield = site('greenfield');
  await page.goto(`${greenfield}/`);
  await signInThroughApi(page, 'head@greenfield.example', 'Head-demo-1');
  await page.goto(`${greenfield}/admin-school/charities`);
  await expect(page.getByRole('heading', { level: 1, name: 'Charity causes' })).toBeVisible();
  await checkScreen(page, 'admin-school-charities');

  await page.getByRole('link', { name: 'Add charity cause' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add charity cause' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByLabel('Name').fill('Reading Garden');
  await page.getByLabel('Goal (USD, optional)').fill('lots');
  await page.getByLabel('Goal (USD, optional)').blur();
  await expect(page.getByText('Goal must be an amount such as 2500 or 2500.00')).toBeVisible();
  await checkScreen(page, 'admin-school-charity-new');
  await page.getByLabel('Goal (USD, optional)').fill('1200');
  await page.getByLabel('Description').fill('Benches, shade and a book box for the playground.');
  await page.getByLabel('Status').selectOption('published');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Charity added successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Charity causes' })).toBeVisible();
  await page.getByRole('link', { name: 'Reading Garden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reading Garden' })).toBeVisible();
  await expect(page.getByText('$0.00 of $1,200.00 (0%)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
  const detailsUrl = page.url();
  const id = /charity-details-view\/(\d+)/.exec(detailsUrl)![1]!;
  await checkScreen(page, 'admin-school-charity-details');

  await page.goto(`${greenfield}/admin-school/donations`);
  await expect(page.getByRole('heading', { level: 1, name: 'Donations' })).toBeVisible();
  await expect(page.getByLabel('Charity', { exact: true })).toBeVisible();
  await checkScreen(page, 'admin-school-donations');

  // The second admin: sees the cause and why it is not theirs to edit, and the server refuses.
  await signOut(page);
  await page.goto(`${greenfield}/`);
  await signInThroughApi(page, 'deputy@greenfield.example', 'Deputy-demo-1');
  await page.goto(detailsUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Reading Garden' })).toBeVisible();
  await expect(page.getByText('Only the admin who added this charity cause can edit it.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await page.goto(`${greenfield}/admin-school/addcharities/${id}`);
  await expect(page.getByLabel('Name')).toHaveValue('Reading Garden');
  await checkScreen(page, 'admin-school-charity-edit');
  await page.getByLabel('Name').fill('Taken over');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Only the admin who added this charity cause can edit it.' }).first(),
  ).toBeVisible();
  await page.goto(detailsUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Reading Garden' })).toBeVisible();
});

test('the platform admin manages charities, sees donations and records a refund', async ({ page }) => {
  // Eight screens, each checked by axe and shot at two widths, on a busy machine.
  test.setTimeout(150_000);
  // A paid donation to refund: a parent donates $20.00 by card on Greenfield's site.
  const greenfield = site('greenfield');
  await page.goto(`${greenfield}/charities/girls-learn-too`);
  await page.getByRole('button', { name: '$25.00', exact: true }).click();
  await page.getByLabel('Email for your receipt and certificate').fill('refund-me@example.com');
  await page.getByRole('radio', { name: /^Card/ }).check();
  await page.getByRole('button', { name: 'Donate $25.00' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Your card payment was successful' })).toBeVisible();

  await page.goto(`${site()}/`);
  await signInThroughApi(page, 'admin@example.com', 'Admin-demo-1');
  await page.goto(`${site()}/admin-panel/all-charities`);
  await expect(page.getByRole('heading', { level: 1, name: 'Charities' })).toBeVisible();
  for (const label of ['Status', 'Owner', 'Tenant']) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('archived');
  await expect(page.getByRole('link', { name: 'Winter Coats Drive' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Girls Learn Too' })).toBeHidden();
  await checkScreen(page, 'admin-all-charities');
  await page.getByRole('link', { name: 'Winter Coats Drive' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Winter Coats Drive' })).toBeVisible();
  await checkScreen(page, 'admin-charity-details');
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit charity' })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('archived');
  await checkScreen(page, 'admin-charity-edit');

  await page.goto(`${site()}/admin-panel/charity`);
  await expect(page.getByRole('heading', { level: 1, name: 'Add charity' })).toBeVisible();
  await checkScreen(page, 'admin-charity-new');

  await page.goto(`${site()}/admin-panel/charities-dashboard`);
  await expect(page.getByRole('heading', { level: 1, name: 'Charities dashboard' })).toBeVisible();
  await expect(page.getByText('Raised (less refunds)')).toBeVisible();
  await checkScreen(page, 'admin-charities-dashboard');

  await page.goto(`${site()}/admin-panel/donations`);
  await expect(page.getByRole('heading', { level: 1, name: 'Donations' })).toBeVisible();
  await page.getByLabel('Donated from').fill('2030-02-01');
  await page.getByLabel('Donated to').fill('2030-01-01');
  await expect(page.getByText('The from date cannot be after the to date.')).toBeVisible();
  await page.getByLabel('Donated from').fill('');
  await page.getByLabel('Donated to').fill('');
  await page.getByLabel('Search by donor, email or charity').fill('refund-me@example.com');
  const row = page.getByRole('row').filter({ hasText: 'Girls Learn Too' });
  await expect(row).toHaveCount(1);
  await checkScreen(page, 'admin-donations');

  // The refund, on the order: $5.00 first, then more than is left is refused, then the rest.
  await row.getByRole('link', { name: /^#\d+$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record refund' })).toBeVisible();
  await checkScreen(page, 'admin-order-refund');
  await page.getByLabel(/^Amount \(empty/).fill('5');
  await page.getByLabel('Reason (optional)').fill('Donated twice by mistake');
  await page.getByRole('button', { name: 'Record refund' }).click();
  await expect(page.getByText('Refund recorded.')).toBeVisible();
  await expect(page.getByText('$5.00', { exact: true })).toBeVisible();
  await expect(page.getByText(/Donated twice by mistake/)).toBeVisible();
  await page.getByLabel(/^Amount \(empty/).fill('20.01');
  await page.getByRole('button', { name: 'Record refund' }).click();
  await expect(page.getByText(/The refund cannot be more than what is left of the payment\./).first()).toBeVisible();
  await page.getByLabel(/^Amount \(empty/).fill('');
  await page.getByRole('button', { name: 'Record refund' }).click();
  await expect(page.getByText('Refunded in full ($25.00)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record refund' })).toHaveCount(0);
  await checkScreen(page, 'admin-order-refunded');

  await page.goto(`${site()}/admin-panel/donations`);
  await page.getByLabel('Refunds', { exact: true }).selectOption('yes');
  await expect(page.getByRole('row').filter({ hasText: 'Girls Learn Too' }).first()).toContainText('Refunded in full');
});
