// Modes and subscriptions in Chromium: a school admin subscribes to a plan through the sandbox
// provider and a locked switchboard mode opens; the renewal job (run a month and more later
// through the development-only test hook) is declined and the Plans screen says past due, with
// the failed charge and its invoice. The platform admin's modes, plans, variants and subscription
// details, and a school's modes; axe checks and phone/tablet screenshots of each screen.
import { expect, test, type Page } from '@playwright/test';
import { screenshots, seriousViolations, signInThroughApi, site } from './support';

async function checkScreen(page: Page, name: string) {
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, name);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The header's mode menu on this site, opened. */
async function openModes(page: Page) {
  await page.goto(`${site('greenfield')}/library`);
  await page.locator('.mode-button').click();
  return page.getByRole('list', { name: 'Modes' });
}

test('a school subscribes, a locked mode opens, a declined renewal shows past due', async ({ page }) => {
  await page.goto(`${site('greenfield')}/`);
  await signInThroughApi(page, 'head@greenfield.example', 'Head-demo-1');
  await page.evaluate(() => localStorage.setItem('dashboard_welcome_dismissed', 'true'));

  let modes = await openModes(page);
  await expect(modes.getByRole('button', { name: 'Learn (locked)' })).toBeDisabled();

  await page.goto(`${site('greenfield')}/admin-school/subscriptions`);
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  await expect(page.getByText('No subscription').first()).toBeVisible();
  await expect(page.getByText('Unlocks: Learn, Community')).toBeVisible();
  await checkScreen(page, 'school-plans');

  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Choose a plan', { exact: true }).last()).toBeVisible();
  await page.getByLabel('$29.00 a month, 30 seats').check();
  await page.getByLabel('Pay with').selectOption('stripe');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  // The provider's sandbox page: the test card whose later renewals are declined.
  await page.getByRole('button', { name: 'Approve (test card: later renewals are declined)' }).click();
  await expect(page).toHaveURL(/\/admin-school\/subscriptions$/);
  await expect(page.getByText(/^Active: renews on /)).toBeVisible();
  await expect(page.getByText('School Plus, monthly, 30 seats')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Invoice INV-/ })).toHaveCount(1);
  await checkScreen(page, 'school-plans-active');

  modes = await openModes(page);
  await expect(modes.getByRole('button', { name: 'Learn', exact: true })).toBeEnabled();

  // A month and more later the renewal job runs and the provider declines.
  const counts = await page.evaluate(
    async (at) => {
      const res = await fetch('/api/test-hooks/renewals/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ at }),
      });
      return res.json() as Promise<{ failed: number }>;
    },
    new Date(Date.now() + 32 * 24 * 3600_000).toISOString(),
  );
  expect(counts.failed).toBe(1);
  await page.goto(`${site('greenfield')}/admin-school/subscriptions`);
  await expect(page.getByText(/^Past due: the last renewal payment failed\./)).toBeVisible();
  await expect(page.getByText(/\$29\.00, failed/)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Invoice INV-/ })).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Cancel at period end' })).toBeVisible();
  await checkScreen(page, 'school-plans-past-due');

  // The first charge's invoice.
  await page
    .getByRole('link', { name: /^Invoice INV-/ })
    .last()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Invoice INV-/ })).toBeVisible();
  await expect(page.getByText(/^Subscription: School Plus — monthly, 30 seats/)).toBeVisible();
  await checkScreen(page, 'subscription-invoice');

  // A school's own modes.
  await page.goto(`${site('greenfield')}/admin-school/school-modes`);
  await expect(page.getByRole('heading', { level: 1, name: 'Switchboard modes' })).toBeVisible();
  await expect(page.getByLabel(/Learn \(opened by your plan\)/)).toBeChecked();
  await checkScreen(page, 'school-modes');
  await page.getByLabel('Create', { exact: true }).uncheck();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The switchboard modes of your school are saved.')).toBeVisible();
  modes = await openModes(page);
  await expect(modes.getByRole('button', { name: 'Create' })).toHaveCount(0);
});

test('platform: modes, plans, variants and subscription details', async ({ page }) => {
  await page.goto(`${site()}/`);
  await signInThroughApi(page, 'admin@example.com', 'Admin-demo-1');

  await page.goto(`${site()}/admin-panel/modes`);
  await expect(page.getByRole('heading', { level: 1, name: 'Modes' })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(5);
  await checkScreen(page, 'admin-modes');
  await page.getByRole('link', { name: 'Add mode' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add mode' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await checkScreen(page, 'admin-mode-new');
  await page.getByLabel('Name').fill('Explore');
  await page.getByLabel('Locked (opens with a subscription)').selectOption('true');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Mode saved.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Explore', exact: true })).toBeVisible();
  // Reorder: Explore to the top.
  await page.getByRole('checkbox', { name: /Explore/ }).check();
  await page.getByLabel('Bulk action').selectOption('move');
  await page.getByLabel('Option', { exact: true }).selectOption('top');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('row').nth(1)).toContainText('Explore');

  await page.goto(`${site()}/admin-panel/subscription-plan`);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription plans' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Learn, Community' })).toBeVisible();
  await checkScreen(page, 'admin-plans');
  await page.getByRole('link', { name: 'School Plus' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit plan' })).toBeVisible();
  await expect(page.getByLabel('Learn (locked)')).toBeChecked();
  await checkScreen(page, 'admin-plan-edit');

  await page.goto(`${site()}/admin-panel/subscription-variant`);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription variants' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '$290.00' })).toBeVisible();
  await checkScreen(page, 'admin-variants');
  await page.getByRole('link', { name: 'Add variant' }).click();
  await page.getByLabel('Price (e.g. 29.00)').fill('12.345');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Enter a price such as 29.00')).toBeVisible();
  await checkScreen(page, 'admin-variant-new');

  await page.goto(`${site()}/admin-panel/subscription-details`);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription details' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Greenfield Primary' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Past due' })).toBeVisible();
  await checkScreen(page, 'admin-subscriptions');
  await page.getByRole('link', { name: 'Greenfield Primary' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Greenfield Primary: School Plus' })).toBeVisible();
  await checkScreen(page, 'admin-subscription-detail');
});
