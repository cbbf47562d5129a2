// The stories lists drawn by the generic admin list: a school admin pins a story through the bulk
// bar's Pin, which asks for the duration in the shared pin dialog (the list's dialog action); a
// parent then finds it on the first shelf of their home ("Chosen by our school"); the admin unpins
// it again. An organization admin does the same with a story its schools share. Each change goes
// through the outbox and the list loads again with the server's answer. (Every pin is undone, so
// the specs after this one see the demo data as it was.)
import { expect, test, type Page } from '@playwright/test';
import { screenshots, seriousViolations, signInThroughApi, site } from './support';

async function openList(page: Page, base: string, email: string, password: string, path: string) {
  await page.goto(`${base}/library`);
  await signInThroughApi(page, email, password);
  await page.evaluate(() => localStorage.setItem('dashboard_welcome_dismissed', 'true'));
  await page.goto(`${base}${path}`);
}

async function bulk(page: Page, title: string, action: string, option: string) {
  await page.getByRole('checkbox', { name: `Select “${title}”` }).check();
  await page.getByRole('combobox', { name: 'Bulk action', exact: true }).selectOption(action);
  await page.getByRole('combobox', { name: 'Option', exact: true }).selectOption(option);
  await page.getByRole('button', { name: 'Apply' }).click();
}

/** The title of the list's first story once only unpinned ones show (cell `cell` of its row reads `text`). */
async function firstUnpinned(page: Page, cell: number, text: string): Promise<string> {
  const answered = page.waitForResponse((r) => r.url().includes('is_pinned=false'));
  await page.getByRole('combobox', { name: 'Pinned', exact: true }).selectOption('false');
  await answered;
  const first = page.getByRole('row').nth(1);
  await expect(first.getByRole('cell').nth(cell)).toHaveText(text);
  await expect(first.getByRole('cell').last()).toHaveText('No');
  return (await first.getByRole('link').textContent())!;
}

const row = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: title }) });

test('a school admin pins a story in the pin dialog and unpins it; so does an organization with a shared one', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const base = site('greenfield');
  // A parent of the school, and the stories families can read (the one pinned is one of them).
  const family = await browser.newContext();
  const parent = await family.newPage();
  await parent.goto(`${base}/login`);
  await parent.getByRole('button', { name: /Parent/ }).click();
  await parent.getByLabel('Community password').fill('greenfield-parents');
  await parent.getByRole('button', { name: 'Enter Community' }).click();
  await expect(parent.getByRole('heading', { level: 1, name: 'Our school’s stories' })).toBeVisible();
  const families = await parent.evaluate(async () => {
    const home = (await (await fetch('/api/community/home/')).json()) as { stories: { title: string }[] };
    return home.stories.map((s) => s.title);
  });

  await openList(page, base, 'head@greenfield.example', 'Head-demo-1', '/admin-school/stories');
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('published');
  await firstUnpinned(page, 3, 'Published');
  const listed = await page.getByRole('row').getByRole('link').allTextContents();
  const title = listed.find((t) => families.includes(t))!;
  expect(title, 'a published story families can read').toBeTruthy();

  // No row selected: the list's own words.
  await page.getByRole('combobox', { name: 'Bulk action', exact: true }).selectOption('pin');
  await page.getByRole('combobox', { name: 'Option', exact: true }).selectOption('pin');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Please select at least one story.')).toBeVisible();

  await bulk(page, title, 'pin', 'pin');
  const dialog = page.getByRole('dialog', { name: `Pin “${title}”` });
  await dialog.getByLabel('Duration').fill('2');
  await dialog.getByRole('button', { name: 'Pin', exact: true }).click();
  await expect(page.getByText('Content pinned for 2 days').first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row(page, title)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Pinned', exact: true }).selectOption('true');
  await expect(row(page, title).getByRole('cell').last()).toHaveText('Yes');

  // The next step of a family's day: the school's choice is the first shelf of a parent's home.
  await parent.reload();
  const chosen = parent.getByRole('region', { name: 'Chosen by our school' });
  await expect(chosen.getByRole('link', { name: title })).toBeVisible();
  expect((await parent.locator('.community-shelf h2').allTextContents())[0]).toBe('Chosen by our school');
  expect(await seriousViolations(parent)).toEqual([]);
  await screenshots(parent, 'parent-home-pinned');
  await family.close();

  await bulk(page, title, 'pin', 'pin');
  await page
    .getByRole('dialog', { name: `Pin “${title}”` })
    .getByRole('button', { name: 'Unpin' })
    .click();
  await page.getByRole('dialog', { name: 'Unpin' }).getByRole('button', { name: 'Unpin' }).click();
  await expect(page.getByText('Content unpinned successfully!').first()).toBeVisible();
  await expect(row(page, title)).toHaveCount(0);
  await context.close();

  const orgContext = await browser.newContext();
  const org = await orgContext.newPage();
  await openList(org, site('riverbend'), 'org@riverbend.example', 'Org-demo-1', '/admin-organization/stories');
  await expect(org.getByRole('heading', { name: 'Shared stories' })).toBeVisible();
  const shared = await firstUnpinned(org, 3, 'Greenfield Primary');
  await bulk(org, shared, 'pin', 'pin');
  await org
    .getByRole('dialog', { name: `Pin “${shared}”` })
    .getByRole('button', { name: 'Pin', exact: true })
    .click();
  await expect(org.getByText(/^Content pinned for 1 day/).first()).toBeVisible();
  await expect(row(org, shared)).toHaveCount(0);
  await org.getByRole('combobox', { name: 'Pinned', exact: true }).selectOption('true');
  await expect(row(org, shared).getByRole('cell').last()).toHaveText('Yes');
  await bulk(org, shared, 'pin', 'pin');
  await org
    .getByRole('dialog', { name: `Pin “${shared}”` })
    .getByRole('button', { name: 'Unpin' })
    .click();
  await org.getByRole('dialog', { name: 'Unpin' }).getByRole('button', { name: 'Unpin' }).click();
  await expect(org.getByText('Content unpinned successfully!').first()).toBeVisible();
  await expect(row(org, shared)).toHaveCount(0);
  await orgContext.close();
});
