// A first-time school admin gets the dashboard's tour once (after the welcome dialog), skips it,
// and it does not come back; "Show me around" in Help replays it.
import { expect, test } from '@playwright/test';
import { screenshots, signInThroughApi, site } from './support';

// The skip is remembered the moment the tour closes, even when a step was still moving in (a
// busy tablet): tests/unit/run-tour.test.ts shows the defect this journey once caught.
test('a first-time school admin gets the tour once, skips it, and it does not come back', async ({ page }) => {
  const base = site('greenfield');
  await page.goto(`${base}/library`);
  await signInThroughApi(page, 'head@greenfield.example', 'Head-demo-1', false);
  await page.goto(`${base}/admin-school/dashboard`);
  await page
    .getByRole('dialog', { name: /Welcome!/ })
    .getByRole('button')
    .last()
    .click();

  const popover = page.locator('.driver-popover');
  await expect(popover).toBeVisible();
  await expect(popover).toContainText('Your school at a glance');
  await screenshots(page, 'tour-school-admin');
  await popover.getByRole('button', { name: 'Next' }).click();
  await expect(popover).toContainText('a charity can be edited only by its creator');
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { id: number });
  expect(await page.evaluate((key) => localStorage.getItem(key), `storynest_tour:school-admin-dashboard:${user.id}`)).toContain('skipped');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(1500); // longer than the tour's start delay: it must not appear
  await expect(popover).toBeHidden();

  await page.getByRole('button', { name: 'Help', exact: true }).click();
  await page.getByRole('button', { name: 'Show me around' }).click();
  await expect(popover).toContainText('Your school at a glance');
});

// A shared tablet remembers each child, not each sign-in: sign-out clears localStorage (the
// spec's logout), and the tour used to come back every lesson.
test('a child gets the tour once on a tablet, not again after signing out and in; the next child gets theirs', async ({ page }) => {
  const base = site('greenfield');
  const popover = page.locator('.driver-popover');
  const signInAndOpen = async (username: string, password: string) => {
    await page.goto(`${base}/library`);
    await signInThroughApi(page, username, password, false);
    await page.goto(`${base}/dashboard`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  };
  await signInAndOpen('amara.okafor', 'kite-7');
  await expect(popover).toContainText('Your dashboard');
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await page.goto(`${base}/logout`);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  await signInAndOpen('amara.okafor', 'kite-7');
  await page.waitForTimeout(1500); // longer than the tour's start delay: it must not appear
  await expect(popover).toBeHidden();
  await page.goto(`${base}/logout`);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  await signInAndOpen('zoe.zhang', 'moon-3');
  await expect(popover).toContainText('Your dashboard');
});
