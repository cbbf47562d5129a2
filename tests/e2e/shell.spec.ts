// The shell: every route of the spec answers, branding follows the host, guards redirect,
// and the main screens pass axe with no serious or critical violations.
import { expect, test } from '@playwright/test';
import { screenshots, seriousViolations, signInThroughApi, site } from './support';

test('applies the tenant colours of the host as CSS variables', async ({ page }) => {
  await page.goto(`${site('greenfield')}/library`);
  const root = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary_color').trim());
  await expect.poll(root).toBe('#2E7D32');
  await page.goto(`${site()}/library`);
  await expect.poll(root).toBe('#11365A');
  const button = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--button_color').trim());
  expect(button).toBe('#d71a5f');
});

test('shows a standalone document without the site footer', async ({ page }) => {
  await page.goto(`${site('greenfield')}/trackorder/42`);
  await expect(page.getByRole('heading', { name: 'Track your order' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
});

test('answers an unknown path with a real not-found page', async ({ page }) => {
  await page.goto(`${site('greenfield')}/no/such/page`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the library' })).toBeVisible();
  await screenshots(page, 'not-found');
});

test('sends signed-out visitors of a signed-in area to /login, and wrong roles to /', async ({ page }) => {
  const base = site('greenfield');
  await page.goto(`${base}/admin-school/classes`);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signInThroughApi(page, 'teacher@greenfield.example', 'Teach-demo-1');
  await page.goto(`${base}/admin-panel/all-tenants`);
  await expect(page).toHaveURL(`${base}/`);
  await signInThroughApi(page, 'head@greenfield.example', 'Head-demo-1');
  await page.goto(`${base}/admin-school`);
  await expect(page).toHaveURL(`${base}/admin-school/dashboard`);
  await expect(page.getByRole('navigation', { name: 'School Admin menu' }).getByRole('link', { name: 'Organizations' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await screenshots(page, 'admin-school');
});

test('shows the footer links and the header on public pages', async ({ page }) => {
  await page.goto(`${site('greenfield')}/library`);
  const footer = page.getByRole('contentinfo');
  for (const name of ['Terms of Use', 'Refund Policy', 'Privacy Policy', 'Contact']) {
    await expect(footer.getByRole('link', { name })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /Cart, 0 items/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search books and stories' })).toBeVisible();
  await screenshots(page, 'library');
});

for (const path of ['/library', '/login']) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(`${site('greenfield')}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
