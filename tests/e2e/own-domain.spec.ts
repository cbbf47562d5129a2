// A school admin's Own domain page: the Domain URL, the DNS records to create (each with a Copy
// button), "Check now" and what the check found. The test server asks the real DNS, where the demo
// school's domain has no record: the page says it is not verified and why. Axe clean, phone and
// tablet screenshots before and after the check.
import { expect, test } from '@playwright/test';
import { checkScreen, signInThroughApi, site } from './support';

test('a school admin sees the records for the own domain, changes it and checks it', async ({ page }) => {
  await page.goto(`${site('greenfield')}/`);
  await signInThroughApi(page, 'head@greenfield.example', 'Head-demo-1');
  await page.evaluate(() => localStorage.setItem('dashboard_welcome_dismissed', 'true'));
  await page.goto(`${site('greenfield')}/admin-school/dashboard`);
  await page.getByRole('link', { name: 'Own domain' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Own domain' })).toBeVisible();
  await expect(page.getByLabel('Domain URL')).toHaveValue('https://greenfield.example');
  await expect(page.getByText('_storynest.greenfield.example')).toBeVisible();
  await expect(page.getByText(/^storynest-verify=[A-Za-z0-9_-]{32}$/)).toBeVisible();
  await expect(page.getByText('Not verified yet')).toBeVisible();
  await checkScreen(page, 'school-own-domain');

  // A platform address is refused with a reason beside the field.
  await page.getByLabel('Domain URL').fill('https://hillside.localhost');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Enter your school's own domain/)).toBeVisible();

  await page.getByLabel('Domain URL').fill('https://www.greenfield-primary.example');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('_storynest.www.greenfield-primary.example')).toBeVisible();

  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByText('Not verified', { exact: true })).toBeVisible();
  await expect(page.locator('.own-domain-status .admin-error')).toContainText(
    /_storynest\.www\.greenfield-primary\.example|did not answer/,
  );
  await checkScreen(page, 'school-own-domain-checked');
});
