// A new version of the app never takes over by itself: the page says one is available and
// reloads into it only when the user agrees. A page left open (a classroom kiosk) finds a new
// version by itself, checking every hour (here every 2 s, through the localStorage override).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { UPDATE_CHECK_KEY } from '../../src/app/update-watch';
import { site } from './support';

test('a new version waits for "Reload now", then takes over', async ({ page }) => {
  const base = site('greenfield');
  await page.goto(`${base}/library`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);

  // The server now has a new build: a different service worker script.
  const worker = join(process.env.E2E_STATIC_DIR!, 'sw.js');
  const current = readFileSync(worker, 'utf8');
  writeFileSync(worker, `${current}\n// next build\n`);
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    await expectUpdate(page, firstWorker);
  } finally {
    writeFileSync(worker, current);
  }
});

test('a new build deployed while the page stays open is offered within the check interval, with no reload', async ({ page }) => {
  const base = site('greenfield');
  await page.addInitScript((key) => localStorage.setItem(key, '2000'), UPDATE_CHECK_KEY);
  await page.goto(`${base}/library`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));

  const worker = join(process.env.E2E_STATIC_DIR!, 'sw.js');
  const current = readFileSync(worker, 'utf8');
  writeFileSync(worker, `${current}\n// deployed while the page was open\n`);
  try {
    // Nobody reloads or asks: the page's own check finds the new worker and the prompt appears.
    await expect(page.getByRole('alertdialog', { name: 'A new version is available' })).toBeVisible({ timeout: 15_000 });
    expect(loads).toEqual([]);
    await expectUpdate(page, firstWorker);
  } finally {
    writeFileSync(worker, current);
  }
});

async function expectUpdate(page: Page, firstWorker: string) {
  const prompt = page.getByRole('alertdialog', { name: 'A new version is available' });
  await expect(prompt).toBeVisible();
  // Nothing has changed under the user's fingers yet: the old worker still controls the page.
  expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(firstWorker);
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())!.waiting))).toBe(true);

  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload now' }).click()]);
  await expect(page.getByRole('heading', { name: 'Online Library' })).toBeVisible();
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting)).toBeNull();
  await expect(prompt).toHaveCount(0);
}
