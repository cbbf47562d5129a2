// The content editors in Chromium: the platform admin writes a help article with the shared editor
// (the spec's field messages, bold text, what a script tag becomes) and a teacher reads it in the
// Help drawer; a school admin gives their site its own version of a page and it shows on their
// site only. Axe checks and phone/tablet screenshots of each screen.
import { expect, test, type Page } from '@playwright/test';
import { screenshots, seriousViolations, signInThroughApi, site } from './support';

async function checkScreen(page: Page, name: string) {
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, name);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the platform admin writes a help article with the editor, and a teacher reads it in Help', async ({ page }) => {
  await page.goto(`${site()}/`);
  await signInThroughApi(page, 'admin@example.com', 'Admin-demo-1');
  await page.goto(`${site()}/admin-panel/faqs`);
  await expect(page.getByRole('heading', { level: 1, name: 'Help articles' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Platform Admin menu' }).getByRole('link', { name: 'Help Articles' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByLabel('For', { exact: true }).selectOption('teacher');
  await expect(page.getByRole('row').nth(1)).toContainText('Teachers');
  await checkScreen(page, 'admin-faqs');

  await page.getByRole('link', { name: 'Add an article' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a help article' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Please choose a role')).toBeVisible();
  await expect(page.getByText('Please enter a section')).toBeVisible();
  await expect(page.getByText('Please write the answer')).toBeVisible();

  await page.getByLabel('For', { exact: true }).selectOption('teacher');
  await page.getByLabel('Section', { exact: true }).fill('Stories');
  await page.getByLabel('Title', { exact: true }).fill('Can a class publish an anthology?');
  const answer = page.getByRole('textbox', { name: 'Answer' });
  await answer.click();
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Yes.');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' Pick the stories <script>window.hacked=1</script> then press Make a book.');
  await checkScreen(page, 'admin-faq-form');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Help article added.', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Help articles' })).toBeVisible();

  // Stored as the editor wrote it: bold kept, the typed tag as text.
  const stored = await page.evaluate(async () => {
    const res = await fetch('/api/faqs/?role=teacher&limit=1000');
    const { results } = (await res.json()) as { results: { id: number; title: string; body: string }[] };
    return results.find((f) => f.title === 'Can a class publish an anthology?');
  });
  expect(stored?.body).toContain('<strong>Yes.</strong>');
  expect(stored?.body).toContain('&lt;script&gt;');

  // Editing sends only what changed.
  await page.goto(`${site()}/admin-panel/faqs/${stored!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit help article' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Answer' })).toContainText('Pick the stories');
  const sent = page.waitForRequest((r) => r.method() === 'PATCH' || r.url().endsWith('/api/outbox/batch/'));
  await page.getByLabel('Title', { exact: true }).fill('Can my class publish an anthology?');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Help article saved.', { exact: true })).toBeVisible();
  expect((await sent).postData()).toContain('"title":"Can my class publish an anthology?"');
  expect((await sent).postData()).not.toContain('"section"');

  // A teacher finds it in Help; nothing typed ran.
  await page.goto(`${site('greenfield')}/library`);
  await signInThroughApi(page, 'teacher@greenfield.example', 'Teach-demo-1');
  await page.goto(`${site('greenfield')}/dashboard`);
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('searchbox').fill('anthology');
  await drawer.getByText('Can my class publish an anthology?').click();
  await expect(drawer.getByText('Pick the stories <script>window.hacked=1</script> then press Make a book.')).toBeVisible();
  expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
});

test("a school admin gives their site its own version of a page; other sites keep the platform's", async ({ page }) => {
  const base = site('greenfield');
  await page.goto(`${base}/library`);
  await signInThroughApi(page, 'head@greenfield.example', 'Head-demo-1');
  await page.evaluate(() => localStorage.setItem('dashboard_welcome_dismissed', 'true'));
  await page.goto(`${base}/admin-school/pages`);
  await expect(page.getByRole('heading', { level: 1, name: 'Our site’s pages' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: '/refund-policy' });
  await expect(row).toContainText('Platform default');
  await checkScreen(page, 'admin-school-pages');

  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit our version of this page' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Page' })).toContainText(/refund/i);
  await page.getByLabel('Description for search engines').fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Please enter a description for search engines')).toBeVisible();
  await page
    .getByLabel('Description for search engines')
    .fill('How Greenfield Primary refunds books and printed copies bought for our library appeal.');
  await page.getByLabel('Title', { exact: true }).fill('Refunds at Greenfield');
  const editor = page.getByRole('textbox', { name: 'Page' });
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Ask the school office about anything bought for the library appeal.');
  await checkScreen(page, 'admin-school-page-form');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Page saved.', { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '/refund-policy' })).toContainText('Our own');

  await page.goto(`${base}/refund-policy`);
  await expect(page.getByRole('heading', { level: 1, name: 'Refunds at Greenfield' })).toBeVisible();
  await expect(page.getByText('Ask the school office about anything bought for the library appeal.')).toBeVisible();
  await page.goto(`${site('hillside')}/refund-policy`);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Refunds at Greenfield');
});

test('the platform admin edits the default of a page from the panel', async ({ page }) => {
  await page.goto(`${site()}/`);
  await signInThroughApi(page, 'admin@example.com', 'Admin-demo-1');
  await page.goto(`${site()}/admin-panel/pages`);
  await expect(page.getByRole('heading', { level: 1, name: 'Public pages' })).toBeVisible();
  await checkScreen(page, 'admin-pages');
  await page.goto(`${site()}/admin-panel/pages/courses`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit page (platform default)' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill('Courses and workshops for teachers');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Page saved.', { exact: true })).toBeVisible();
  await page.goto(`${site('hillside')}/courses`);
  await expect(page.getByRole('heading', { level: 1, name: 'Courses and workshops for teachers' })).toBeVisible();
});
