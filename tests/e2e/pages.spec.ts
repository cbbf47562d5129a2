// Public pages in Chromium: every page from the menu with its title, meta description and
// last-updated date, axe clean, screenshots at phone and tablet widths; a school's override;
// opened again offline from the device's cache; external links open outside the app.
import { expect, test } from '@playwright/test';
import { PAGE_SLUGS } from '../../src/contract/public-pages';
import { screenshots, seriousViolations, site } from './support';

test('every public page shows real content, names itself and passes axe', async ({ page }) => {
  test.setTimeout(180_000);
  for (const slug of PAGE_SLUGS) {
    await page.goto(`${site()}/${slug}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).not.toHaveText(/Loading/);
    await expect(page.getByText(/^Last updated/)).toBeVisible();
    expect(await page.title()).toContain(await heading.innerText());
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
    expect(await seriousViolations(page), slug).toEqual([]);
    await screenshots(page, `page-${slug}`);
  }
});

test('the live figures, the menu, external links and offline reading', async ({ page, context }) => {
  await page.goto(`${site('greenfield')}/global-reach`);
  await expect(page.getByRole('definition').first()).toBeVisible();
  await expect(page.getByText('Schools', { exact: true })).toBeVisible();
  await page.goto(`${site('greenfield')}/canva`);
  const canva = page.getByRole('link', { name: 'Canva', exact: true });
  await expect(canva).toHaveAttribute('target', '_blank');
  await expect(canva).toHaveAttribute('rel', 'noopener noreferrer');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('link', { name: /^Blog/ })).toHaveAttribute('target', '_blank');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'menu-open');
  await page.getByRole('link', { name: 'Our team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our team' })).toBeVisible();

  // Every page was cached while online: the privacy policy opens offline although never visited.
  await page.waitForFunction(async () => {
    const open = indexedDB.open('storynest');
    const db = await new Promise<IDBDatabase>((r) => (open.onsuccess = () => r(open.result)));
    const count = await new Promise<number>((r) => {
      const req = db.transaction('pages').objectStore('pages').count();
      req.onsuccess = () => r(req.result);
    });
    db.close();
    return count >= 18;
  });
  await context.setOffline(true);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(page.getByText('encrypted at rest')).toBeVisible();
  await context.setOffline(false);
});
