// The app shell works with no network once the service worker has taken control.
import { expect, test } from '@playwright/test';
import { signInThroughApi, site } from './support';

test('a signed-in teacher reloads with no network and still sees the app and the library', async ({ page, context }) => {
  const base = site('greenfield');
  await page.goto(`${base}/library`);
  await expect(page.getByRole('heading', { name: 'Online Library' })).toBeVisible();
  await signInThroughApi(page, 'teacher@greenfield.example', 'Teach-demo-1');

  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Online Library' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Greenfield Primary')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
    // A deep link opens offline too: navigations are answered with the cached shell.
    await page.goto(`${base}/charities`);
    await expect(page.getByRole('heading', { name: 'Charities' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});
