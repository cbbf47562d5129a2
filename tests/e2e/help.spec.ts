// The Help Center in Chromium: a teacher opens the help drawer, finds an answer, goes offline
// and opens it again after a reload; a FAQ with a script in its body shows its text and runs
// nothing; the public /faq shows the public role's articles. axe clean, screenshots.
import { expect, test } from '@playwright/test';
import { screenshots, seriousViolations, signInThroughApi, site } from './support';

const base = site('greenfield');

test('a teacher finds an answer in the help drawer, then again offline', async ({ page, context }) => {
  await page.goto(`${base}/library`);
  await signInThroughApi(page, 'teacher@greenfield.example', 'Teach-demo-1');
  await page.goto(`${base}/dashboard`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  const open = async () => {
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Help' });
    await expect(drawer).toBeVisible();
    return drawer;
  };
  let drawer = await open();
  await expect(drawer.getByLabel('Search help')).toBeVisible();
  await drawer.getByLabel('Search help').fill('students sign in');
  await drawer.getByText('How do my students sign in?').click();
  await expect(drawer.getByText('type the class code, pick their name')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'help-drawer');
  // 70% of a tablet's width, all of a phone's.
  await page.setViewportSize({ width: 1000, height: 800 });
  expect(Math.round((await drawer.boundingBox())!.width)).toBe(700);
  await page.setViewportSize({ width: 390, height: 800 });
  expect(Math.round((await drawer.boundingBox())!.width)).toBe(390);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Help', exact: true })).toBeFocused();

  await context.setOffline(true);
  await page.reload();
  drawer = await open();
  await drawer.getByLabel('Search help').fill('CSV');
  await drawer.getByText('How do I add students?').click();
  await expect(drawer.getByText('upload a CSV file with first and last names')).toBeVisible();
  await expect(drawer.getByText('Failed to load help content. Please try again later.')).toBeHidden();
  await context.setOffline(false);
});

test('a FAQ whose body holds a script shows its text and runs nothing', async ({ page }) => {
  await page.route('**/api/faqs/**', (route) =>
    route.fulfill({
      json: {
        count: 2,
        results: [
          {
            id: 9001,
            role: 'platform_success',
            section: 'Safety',
            title: 'Is this safe?',
            order: 0,
            body: '<p>Yes, it is safe.<script>window.pwned = 1</script><img src="x" onerror="window.pwned = 2"></p><a href="javascript:window.pwned=3">More</a><iframe src="https://example.org"></iframe>',
          },
          {
            id: 9002,
            role: 'platform_success',
            section: 'Safety',
            title: 'Another',
            order: 1,
            body: '<svg onload="window.pwned=4"></svg><p style="background:url(javascript:window.pwned=5)">Plain</p>',
          },
        ],
      },
    }),
  );
  await page.goto(`${site()}/faq`);
  await page.getByText('Is this safe?').click();
  await page.getByText('Another').click();
  await expect(page.getByText('Yes, it is safe.')).toBeVisible();
  await expect(page.getByText('Plain')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  expect(await page.locator('.faq-body script, .faq-body iframe, .faq-body svg, .faq-body [onerror]').count()).toBe(0);
  // The javascript: link is kept as text without an address.
  expect(await page.locator('.faq-body a', { hasText: 'More' }).getAttribute('href')).toBeNull();
});

test('the public Help Center shows the public articles, an empty role and a failed load in the spec’s words', async ({ page }) => {
  await page.goto(`${site()}/faq`);
  await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Getting started' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'faq');

  const fresh = await page.context().browser()!.newContext();
  const empty = await fresh.newPage();
  await empty.route('**/api/faqs/**', (route) => route.fulfill({ json: { count: 0, results: [] } }));
  await empty.goto(`${site('hillside')}/faq`);
  await expect(empty.getByText('No Content Available')).toBeVisible();
  await expect(empty.getByText('There are no help articles available for the selected role.')).toBeVisible();
  expect(await seriousViolations(empty)).toEqual([]);
  await empty.close();

  const other = await fresh.newPage();
  await other.route('**/api/faqs/**', (route) => route.fulfill({ status: 500, json: { message: 'down' } }));
  await other.goto(`${site('hillside')}/faq`);
  await expect(other.getByText('Failed to load help content. Please try again later.')).toBeVisible();
  await fresh.close();
});
