// A child's home on a shared classroom tablet (issue 21, items 6, 8 and 9): after signing in at the
// class's kiosk a child lands on their own writing (stories and books, drafts first), sees no staff
// tabs, finds Sign out in one tap at phone and tablet widths, gets the first-time tour once (not
// once per sign-in: the tablet remembers each child), and their story list works offline from
// the device. Screenshots at phone and tablet widths, axe on each screen.
import { expect, test, type Page } from '@playwright/test';
import { screenshots, seriousViolations, signInThroughApi, site } from './support';

const base = site('greenfield');
const STAFF_TABS = ['Teacher Dashboard', 'Manage Classes', 'Money I Have Raised'];
const profile = (page: Page, name: string) => page.getByRole('list', { name: 'Students' }).getByRole('button', { name });
const popover = (page: Page) => page.locator('.driver-popover');

/** Signs in at the class's kiosk, as a child does: the name, then the password. */
async function kioskSignIn(page: Page, code: string, search: string, name: string, password: string) {
  await page.goto(`${base}/login/${code}`);
  await page.getByLabel('Find your name').fill(search);
  await profile(page, name).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function noStaffTabs(page: Page) {
  for (const tab of STAFF_TABS) await expect(page.getByText(tab, { exact: true })).toHaveCount(0);
}

test('a child lands on their own writing with no staff tabs, Sign out one tap away, and the tour once per child', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 } });
  const page = await context.newPage();

  await kioskSignIn(page, 'ROBINS4', 'amara', 'Amara Okafor', 'kite-7');
  await expect(page).toHaveURL(`${base}/dashboard`);
  await expect(page.getByRole('heading', { name: 'My writing', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My stories' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My books' })).toBeVisible();
  // Drafts come first.
  await expect(page.getByRole('heading', { name: /^Drafts \(\d+\)$/ })).toBeVisible();
  const groups = await page.getByRole('region', { name: 'My stories' }).getByRole('heading', { level: 3 }).allTextContents();
  expect(groups[0]).toMatch(/^Drafts/);

  // The first-time tour, once: the child skips it.
  await expect(popover(page)).toBeVisible();
  await expect(popover(page)).toContainText('Your dashboard');
  await page.keyboard.press('Escape');
  await expect(popover(page)).toBeHidden();
  await noStaffTabs(page);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'child-home');

  // Sign out is one tap away at phone width too (the menu is folded away there); on a class's
  // kiosk it reads "I’m finished", as it hands the tablet to the next child (issue 27).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('navigation', { name: 'Dashboard menu' })).toBeHidden();
  await page.getByRole('link', { name: 'I’m finished' }).click();
  await expect(page).toHaveURL(`${base}/login/ROBINS4`);
  await page.setViewportSize({ width: 820, height: 1180 });

  // The same child again on the same tablet: no tour this time.
  await kioskSignIn(page, 'ROBINS4', 'amara', 'Amara Okafor', 'kite-7');
  await expect(page.getByRole('heading', { name: 'My writing', level: 1 })).toBeVisible();
  await page.waitForTimeout(1500); // longer than the tour's start delay: it must not appear
  await expect(popover(page)).toBeHidden();
  // The menu has the child's own places and Sign out, none of the staff's.
  await page.getByRole('button', { name: 'Show menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
  await expect(menu.getByRole('link', { name: 'My writing' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Sign out' })).toBeVisible();
  await noStaffTabs(page);
  await screenshots(page, 'child-home-menu');
  await page.goto(`${base}/logout`);
  await expect(page).toHaveURL(`${base}/login/ROBINS4`);

  // Another child on this tablet gets their own first tour.
  await kioskSignIn(page, 'OWLS5', 'zoe', 'Zoe Zhang', 'moon-3');
  await expect(page.getByRole('heading', { name: 'My writing', level: 1 })).toBeVisible();
  await expect(popover(page)).toBeVisible();
  await context.close();
});

test("a child's story list on the dashboard works offline from the device", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 } });
  const page = await context.newPage();
  await page.goto(`${base}/library`);
  await signInThroughApi(page, 'amara.okafor', 'kite-7', false);
  await page.goto(`${base}/dashboard`);
  await expect(page.getByRole('heading', { name: 'My stories' })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // A new tablet for her: its first-time tour shows; she closes it.
  await expect(popover(page)).toBeVisible();
  await page.keyboard.press('Escape');

  // A story and a book written on this tablet, one of each still unsent.
  await page.goto(`${base}/uploadblogsteps`);
  await page.getByRole('button', { name: 'Start a new story' }).click();
  await page.getByLabel('Title of my story').fill('The Owl at Night');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: '2. My story' })).toBeVisible();
  await page.goto(`${base}/uploadbook`);
  await page.getByLabel('Title of the book').first().fill('Moon Book');
  await page.getByRole('button', { name: 'Start the book' }).click();
  await expect(page).toHaveURL(/\/uploadbook\/moon-book-[0-9a-f]{8}$/);

  // The dashboard once online (its list kept on the device), then with no network at all.
  await page.goto(`${base}/dashboard`);
  await expect(page.getByRole('heading', { name: 'The Owl at Night' })).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My stories' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The Owl at Night' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Moon Book' })).toBeVisible();
  await expect(page.getByText('You are offline. Please connect to the internet and try again.')).toHaveCount(0);
  // The seeded stories the server had sent are there too.
  await expect(page.getByRole('heading', { name: /^Published \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue writing “The Owl at Night”' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'child-home-offline');
  await context.close();
});
