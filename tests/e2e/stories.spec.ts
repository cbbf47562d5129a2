// Stories in Chromium: the teacher approves a waiting story from the Teacher Dashboard (queued
// through the outbox); it reaches the library at its visibility and its reading page opens again
// with the network off; a parent with the community password reads a community story but not a
// private one and reacts once (and again offline, sent once when back online); a child set to private disappears from the library.
import { expect, test, type Page } from '@playwright/test';
import { screenshots, seriousViolations, signInThroughApi, site } from './support';

const base = site('greenfield');
const KITE = 'The Kite That Flew Home';

/** An API call with the page's stored token (or none), from inside the page. */
function call(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('accessToken');
      const res = await fetch(`/api${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as any };
    },
    { method, path, body },
  );
}

async function offlineReady(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test('the teacher approves a waiting story; it reaches the library and reads offline; a private child disappears', async ({ browser }) => {
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await teacher.goto(`${base}/library`);
  await signInThroughApi(teacher, 'teacher@greenfield.example', 'Teach-demo-1');
  await teacher.goto(`${base}/dashboard?option=Teacher%20Dashboard`);
  await expect(teacher.getByRole('heading', { name: 'Stories waiting for review' })).toBeVisible();
  await teacher.getByRole('button', { name: 'Read' }).nth(1).click();
  await expect(teacher.getByText('What changed since it was handed in')).toBeVisible();
  await expect(teacher.getByRole('heading', { name: 'Stories in numbers' })).toBeVisible();
  await expect(teacher.getByText('All stories')).toBeVisible();
  expect(await seriousViolations(teacher)).toEqual([]);
  await screenshots(teacher, 'stories-teacher-dashboard');

  await teacher.getByRole('button', { name: `Approve “${KITE}”` }).click();
  await expect(teacher.getByText('Story approved and published.').first()).toBeVisible();
  await expect(teacher.getByRole('button', { name: `Approve “${KITE}”` })).toHaveCount(0);
  // The outbox sends the approval; then the story is out for everyone (its child is public).
  // (The teacher could read it before, so wait for its status: the sync engine starts once the page is idle.)
  const kite = async () => (await call(teacher, 'GET', '/teacher/stories/?search=Kite%20That%20Flew')).body.results[0];
  await expect.poll(async () => (await kite()).status, { timeout: 20_000 }).toBe('published');
  const detail = await kite();
  expect((await call(teacher, 'GET', '/reading/stories/the-kite-that-flew-home/')).status).toBe(200);
  // Featured, so it leads the library's student stories.
  expect((await call(teacher, 'PATCH', '/v1/teacher/stories/feature/', { ids: [detail.id], action: 'feature' })).status).toBe(200);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${base}/library`);
  await offlineReady(visitor);
  await visitor.getByRole('link', { name: KITE }).click();
  await expect(visitor.getByRole('heading', { name: KITE })).toBeVisible();
  await expect(visitor.getByText(/by \S+ [A-Z]\. · Greenfield Primary/)).toBeVisible();
  await expect(visitor.getByText('Goal 13')).toBeVisible();
  expect(await seriousViolations(visitor)).toEqual([]);
  await screenshots(visitor, 'stories-reading-page');

  await visitorContext.setOffline(true);
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: KITE })).toBeVisible();
  await expect(visitor.getByText('My kite flew over the school')).toBeVisible();
  await visitorContext.setOffline(false);

  // The child is set to private: the story leaves the library for everyone else.
  expect((await call(teacher, 'PUT', `/student-privacy-update/${detail.author_id}/`, { privacy_preference: 'private' })).status).toBe(200);
  const laterContext = await browser.newContext();
  const later = await laterContext.newPage();
  await later.goto(`${base}/library`);
  await expect(later.getByRole('heading', { name: 'Stories by our students' })).toBeVisible();
  await expect(later.getByRole('link', { name: KITE })).toHaveCount(0);
  expect((await call(later, 'GET', '/reading/stories/the-kite-that-flew-home/')).status).toBe(404);
  await Promise.all([teacherContext.close(), visitorContext.close(), laterContext.close()]);
});

test('a parent with the community password reads a community story, not a private one, and reacts once', async ({ browser }) => {
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await teacher.goto(`${base}/library`);
  await signInThroughApi(teacher, 'teacher@greenfield.example', 'Teach-demo-1');
  const community = (
    await call(teacher, 'GET', '/teacher/stories/?status=published&privacy_preference=community&student_privacy=public&limit=1')
  ).body.results[0];
  const privateOne = (await call(teacher, 'GET', '/teacher/stories/?status=published&privacy_preference=private&limit=1')).body.results[0];
  expect(community && privateOne).toBeTruthy();

  const context = await browser.newContext();
  const parent = await context.newPage();
  await parent.goto(`${base}/login`);
  await parent.getByRole('button', { name: /Parent/ }).click();
  await parent.getByLabel('Community password').fill('greenfield-parents');
  await parent.getByRole('button', { name: 'Enter Community' }).click();
  await expect(parent.getByText('Community login successful! Welcome back.').first()).toBeVisible();

  await parent.goto(`${base}/stories/${community.slug}`);
  await expect(parent.getByRole('heading', { name: community.title })).toBeVisible();
  const love = parent.getByRole('button', { name: /^Love it: \d+$/ });
  await expect(love).toBeEnabled();
  await love.click();
  await expect(parent.getByRole('button', { name: 'Love it: 1' })).toHaveAttribute('aria-pressed', 'true');
  await parent.getByRole('button', { name: /^Wow: \d+$/ }).click();
  await expect(parent.getByRole('button', { name: 'Wow: 1' })).toHaveAttribute('aria-pressed', 'true');
  await expect(parent.getByRole('button', { name: 'Love it: 0' })).toBeVisible();
  const reactions = async () => (await call(parent, 'GET', `/reading/stories/${community.slug}/`)).body?.reactions;
  await expect.poll(reactions, { timeout: 20_000 }).toMatchObject({ total: 1, mine: 'wow' });
  // Offline, the parent changes their mind: the change waits in the outbox and, once online, is
  // sent exactly once (still one reaction from this parent).
  await context.setOffline(true);
  await parent.getByRole('button', { name: /^Star: \d+$/ }).click();
  await expect(parent.getByRole('button', { name: 'Star: 1' })).toHaveAttribute('aria-pressed', 'true');
  await expect(parent.getByRole('button', { name: 'Wow: 0' })).toBeVisible();
  await context.setOffline(false);
  await expect.poll(reactions, { timeout: 30_000 }).toMatchObject({ total: 1, mine: 'star', counts: { star: 1, wow: 0 } });
  expect(await seriousViolations(parent)).toEqual([]);
  await screenshots(parent, 'stories-parent-community');

  await parent.goto(`${base}/stories/${privateOne.slug}`);
  await expect(parent.getByRole('heading', { name: 'Story not found' })).toBeVisible();
  // And not in the anonymous library either.
  const anonymous = await browser.newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto(`${base}/library`);
  expect((await call(visitor, 'GET', `/reading/stories/${community.slug}/`)).status).toBe(404);
  await Promise.all([teacherContext.close(), context.close(), anonymous.close()]);
});

test('a student sees their stories grouped on their dashboard', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/library`);
  await signInThroughApi(page, 'amara.okafor', 'kite-7');
  await page.goto(`${base}/dashboard`);
  await expect(page.getByRole('heading', { name: 'My stories' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Drafts \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Published \(\d+\)$/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'stories-student-dashboard');
  await context.close();
});

test("the school admin filters the school's stories and features one; the organization sees what its schools share", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/library`);
  await signInThroughApi(page, 'head@greenfield.example', 'Head-demo-1');
  await page.evaluate(() => localStorage.setItem('dashboard_welcome_dismissed', 'true'));
  await page.goto(`${base}/admin-school/stories`);
  await expect(page.getByRole('heading', { name: 'Stories', exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('submitted');
  await expect(page.getByRole('link', { name: 'A Garden on the Roof' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select “A Garden on the Roof”' }).check();
  await page.getByRole('combobox', { name: 'Bulk action', exact: true }).selectOption('feature');
  await page.getByRole('combobox', { name: 'Option', exact: true }).selectOption('yes');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'stories-admin-school');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect
    .poll(async () => (await call(page, 'GET', '/teacher/stories/?search=Garden%20on%20the%20Roof')).body.results[0].is_featured, {
      timeout: 20_000,
    })
    .toBe(true);
  await context.close();

  const orgContext = await browser.newContext();
  const org = await orgContext.newPage();
  const riverbend = site('riverbend');
  await org.goto(`${riverbend}/library`);
  await signInThroughApi(org, 'org@riverbend.example', 'Org-demo-1');
  await org.evaluate(() => localStorage.setItem('dashboard_welcome_dismissed', 'true'));
  await org.goto(`${riverbend}/admin-organization/stories`);
  await expect(org.getByRole('heading', { name: 'Shared stories' })).toBeVisible();
  await expect(org.getByRole('cell', { name: 'Greenfield Primary' }).first()).toBeVisible();
  expect(await seriousViolations(org)).toEqual([]);
  await screenshots(org, 'stories-admin-organization');
  await orgContext.close();
});
