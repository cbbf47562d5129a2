// A child's story follows them from tablet to tablet, the review loop closes, and a pinned story
// shows first (issue 21, items 1, 2 and 10), each as the people would act in Chromium:
// - Amara starts a story on tablet A with no network, continues it on tablet B online while
//   tablet A (offline again) adds to it too, and finishes and sends it on a third device at home:
//   every device's words are kept. Signing out of tablet A leaves no copy of it there.
// - The teacher sends a story back with a comment; the child revises it on another tablet and
//   sends it again; the teacher sees what changed since the comment, corrects a word on her own
//   device and approves; the child sees what the teacher changed.
// - A story pinned by the school leads the library's stories and the class page's list.
// Screenshots at phone and tablet widths, axe on each new screen.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { screenshots, seriousViolations, signInThroughApi, site } from './support';

const base = site('greenfield');
const TABLET = { width: 820, height: 1180 };

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

/** A device (a browser context of its own) with someone signed in and the app ready offline. */
async function device(browser: Browser, username: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: TABLET });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.log(`[${username}] page error: ${err.message}`));
  page.on('console', (m) => (m.type() === 'error' ? console.log(`[${username}] console: ${m.text()}`) : undefined));
  await page.goto(`${base}/library`);
  await signInThroughApi(page, username, password);
  await page.goto(`${base}/dashboard`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return { context, page };
}

/** The story documents on this device, whoever owns them. */
async function deviceDocuments(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('storynest');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const rows = await new Promise<{ id: string }[]>((resolve) => {
      const req = db.transaction('documents').objectStore('documents').getAll();
      req.onsuccess = () => resolve(req.result as { id: string }[]);
    });
    db.close();
    return rows.map((r) => r.id);
  });
}

/** The story's text on the server, as its writer reads it. */
async function serverBody(page: Page, slug: string): Promise<string> {
  const res = await call(page, 'GET', `/stories/${slug}/edit/`);
  return res.status === 200 ? (res.body.body as string) : '';
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'My story' });

/** Types at the end of the story's text. */
async function typeAtEnd(page: Page, text: string) {
  await editor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

test('a story started offline on tablet A, continued on tablet B, added to on A again, is finished at home with every word', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const TITLE = 'The Lost Balloon';
  const FROM_A = 'Tablet A began this story.';
  const AGAIN_A = 'Tablet A added more offline.';
  const FROM_B = 'Tablet B wrote the middle.';
  const AT_HOME = 'The end, written at home.';

  // Tablet A, at school: the network is down when Amara starts.
  const a = await device(browser, 'amara.okafor', 'kite-7');
  await a.page.goto(`${base}/uploadblogsteps`);
  await expect(a.page.getByRole('button', { name: 'Start a new story' })).toBeVisible();
  await a.page.reload(); // the writer's code, as a tablet has it from an earlier lesson
  await expect(a.page.getByRole('button', { name: 'Start a new story' })).toBeVisible();
  await a.context.setOffline(true);
  await a.page.getByRole('button', { name: 'Start a new story' }).click();
  await expect(a.page).toHaveURL(/\/uploadblogsteps\/my-story-[0-9a-f]{8}$/);
  const slug = a.page.url().split('/').pop()!;
  await a.page.getByLabel('Title of my story').fill(TITLE);
  await a.page.getByRole('button', { name: 'Next' }).click();
  await typeAtEnd(a.page, FROM_A);
  await expect(a.page.getByTestId('save-status')).toHaveText('Saved on this tablet');

  // The network comes back; tablet A sends what it has. Then it drops again and she adds more.
  await a.context.setOffline(false);
  await expect.poll(() => serverBody(a.page, slug), { timeout: 30_000 }).toContain(FROM_A);
  await a.context.setOffline(true);
  await typeAtEnd(a.page, ` ${AGAIN_A}`);
  await expect(a.page.getByTestId('save-status')).toHaveText('Saved on this tablet');

  // Tablet B, another lesson: her story's page opens it from the server.
  const b = await device(browser, 'amara.okafor', 'kite-7');
  await b.page.goto(`${base}/uploadblogsteps/${slug}`);
  await expect(b.page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  await expect(b.page.getByText('This story is not on this tablet')).toHaveCount(0);
  await b.page.getByRole('button', { name: /My story/ }).click();
  await expect(editor(b.page)).toContainText(FROM_A);
  expect(await seriousViolations(b.page)).toEqual([]);
  await screenshots(b.page, 'story-everywhere-tablet-b');
  await b.page.setViewportSize(TABLET);
  await typeAtEnd(b.page, ` ${FROM_B}`);
  await expect(b.page.getByTestId('save-status')).toHaveText('Saved on this tablet and sent', { timeout: 30_000 });
  // Kept on tablet B: its dashboard lists it with no network.
  await b.context.setOffline(true);
  await b.page.goto(`${base}/dashboard`);
  await expect(b.page.getByRole('link', { name: `Continue writing “${TITLE}”` })).toBeVisible();
  await b.context.setOffline(false);

  // Tablet A online again: its offline words merge with tablet B's on the server.
  await a.context.setOffline(false);
  await expect.poll(() => serverBody(a.page, slug), { timeout: 30_000 }).toContain(AGAIN_A);
  expect(await serverBody(a.page, slug)).toContain(FROM_B);
  await expect(a.page.getByTestId('save-status')).toHaveText('Saved on this tablet and sent', { timeout: 30_000 });
  // Amara signs out of tablet A: nothing she wrote that the server has stays readable there.
  await a.page.goto(`${base}/logout`);
  await expect.poll(() => deviceDocuments(a.page)).not.toContain(slug);

  // At home (a third device): every device's words, then she sends it.
  const home = await device(browser, 'amara.okafor', 'kite-7');
  await home.page.goto(`${base}/uploadblogsteps/${slug}`);
  await home.page.getByRole('button', { name: /My story/ }).click();
  for (const words of [FROM_A, AGAIN_A, FROM_B]) await expect(editor(home.page)).toContainText(words);
  await typeAtEnd(home.page, ` ${AT_HOME}`);
  await home.page.getByRole('button', { name: /Who may read it/ }).click();
  await home.page.getByRole('button', { name: 'Send to my teacher' }).click();
  await expect(home.page.getByRole('heading', { name: 'Sent!' })).toBeVisible({ timeout: 30_000 });
  await screenshots(home.page, 'story-everywhere-home-sent');
  const story = (await call(home.page, 'GET', `/stories/${slug}/edit/`)).body as { status: string; body: string };
  expect(story.status).toBe('submitted');
  for (const words of [FROM_A, AGAIN_A, FROM_B, AT_HOME]) expect(story.body).toContain(words);
  await Promise.all([a.context.close(), b.context.close(), home.context.close()]);
});

test('the review loop closes across devices: comment, revise elsewhere, resubmit, see the changes, correct, approve', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const TITLE = 'The Brave Snail';
  const FIRST = 'A snail wanted to cross the road.';
  const REVISED = 'It waited for the rain and crossed safely.';
  const COMMENT = 'Lovely start! How does the snail get across?';

  // Tablet A: Zoe writes and sends her story.
  const a = await device(browser, 'zoe.zhang', 'moon-3');
  await a.page.goto(`${base}/uploadblogsteps`);
  await a.page.getByRole('button', { name: 'Start a new story' }).click();
  await expect(a.page).toHaveURL(/\/uploadblogsteps\/my-story-[0-9a-f]{8}$/);
  const slug = a.page.url().split('/').pop()!;
  await a.page.getByLabel('Title of my story').fill(TITLE);
  await a.page.getByRole('button', { name: 'Next' }).click();
  await typeAtEnd(a.page, FIRST);
  await a.page.getByRole('button', { name: /Who may read it/ }).click();
  await a.page.getByRole('button', { name: 'Send to my teacher' }).click();
  await expect(a.page.getByRole('heading', { name: 'Sent!' })).toBeVisible({ timeout: 30_000 });

  // The teacher sends it back with a comment.
  const t = await device(browser, 'teacher@greenfield.example', 'Teach-demo-1');
  await t.page.goto(`${base}/dashboard?option=Teacher%20Dashboard`);
  const row = t.page.locator('.story-row', { has: t.page.getByRole('heading', { name: TITLE }) });
  await row.getByRole('button', { name: 'Read' }).click();
  await row.getByLabel('Comment for the child').fill(COMMENT);
  await row.getByRole('button', { name: 'Send back' }).click();
  await expect.poll(async () => (await call(a.page, 'GET', `/stories/${slug}/edit/`)).body.status, { timeout: 30_000 }).toBe('returned');

  // Tablet B: Zoe sees the comment, revises the story there and sends it again.
  const b = await device(browser, 'zoe.zhang', 'moon-3');
  await b.page.goto(`${base}/uploadblogsteps/${slug}`);
  await expect(b.page.getByText(`My teacher says: ${COMMENT}`)).toBeVisible();
  await expect(editor(b.page)).toContainText(FIRST);
  expect(await seriousViolations(b.page)).toEqual([]);
  await screenshots(b.page, 'review-loop-child-revises');
  await b.page.setViewportSize(TABLET);
  await typeAtEnd(b.page, ` ${REVISED}`);
  await b.page.getByRole('button', { name: /Who may read it/ }).click();
  await b.page.getByRole('button', { name: 'Send to my teacher' }).click();
  await expect(b.page.getByRole('heading', { name: 'Sent!' })).toBeVisible({ timeout: 30_000 });

  // The teacher sees what changed since her comment, corrects a word on her own device, approves.
  await t.page.goto(`${base}/dashboard?option=Teacher%20Dashboard`);
  const again = t.page.locator('.story-row', { has: t.page.getByRole('heading', { name: TITLE }) });
  await again.getByRole('button', { name: 'Read' }).click();
  await expect(again.getByText(`Your comment: ${COMMENT}`)).toBeVisible();
  await expect(again.getByText('What the child changed since your comment')).toBeVisible();
  await expect(again.getByLabel(/^added:.*crossed safely\.$/)).toBeVisible();
  expect(await seriousViolations(t.page)).toEqual([]);
  await screenshots(t.page, 'review-loop-teacher-sees-changes');
  await t.page.setViewportSize(TABLET);
  await again.getByRole('link', { name: `Edit “${TITLE}”` }).click();
  const storyBox = t.page.getByRole('textbox', { name: 'The story' });
  await expect(storyBox).toContainText(REVISED);
  await storyBox.click();
  await t.page.keyboard.press('Control+End');
  await t.page.keyboard.type(' The end.');
  await expect(t.page.getByTestId('save-status')).toHaveText('Saved on this tablet and sent', { timeout: 30_000 });
  await t.page.goto(`${base}/dashboard?option=Teacher%20Dashboard`);
  await t.page.getByRole('button', { name: `Approve “${TITLE}”` }).click();
  await expect.poll(async () => (await call(a.page, 'GET', `/stories/${slug}/edit/`)).body.status, { timeout: 30_000 }).toBe('published');

  // The child sees it was published and what the teacher changed.
  await b.page.goto(`${base}/dashboard`);
  const mine = b.page.locator('.story-row', { has: b.page.getByRole('heading', { name: TITLE }) });
  await expect(mine.getByRole('link', { name: `Read “${TITLE}”` })).toBeVisible();
  await mine.getByText('What your teacher changed').click();
  await expect(mine.getByLabel(/^added:\s*The end\.$/)).toBeVisible();
  await screenshots(b.page, 'review-loop-child-sees-edit');
  await Promise.all([a.context.close(), b.context.close(), t.context.close()]);
});

test('a pinned story leads the library’s stories and the class page’s list while the pin lasts', async ({ browser }) => {
  test.setTimeout(120_000);
  // A visitor's library before: the oldest public story of a class, not featured, is far down.
  const visitorContext = await browser.newContext({ viewport: TABLET });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${base}/library`);
  const shelf = (await call(visitor, 'GET', '/stories/?limit=100')).body.results as { id: number; title: string; is_featured: boolean }[];
  const t = await device(browser, 'teacher@greenfield.example', 'Teach-demo-1');
  const inCare = (await call(t.page, 'GET', '/teacher/stories/?status=published&limit=500')).body.results as {
    id: number;
    class_id: number | null;
  }[];
  const classOf = new Map(inCare.filter((s) => s.class_id !== null).map((s) => [s.id, s.class_id!]));
  const story = shelf.filter((s) => !s.is_featured && classOf.has(s.id)).at(-1)!;
  expect(shelf[0]!.id).not.toBe(story.id);
  const expiry_date = new Date(Date.now() + 86_400_000).toISOString();
  expect(
    (await call(t.page, 'POST', '/content/pin/', { content_type: 'story', object_id: story.id, is_pinned: true, expiry_date })).status,
  ).toBe(200);

  try {
    // A visitor's library: the pinned story comes first.
    await visitor.reload();
    const cards = visitor.locator('.story-card h3');
    await expect(cards.first()).toHaveText(story.title, { timeout: 30_000 });
    await screenshots(visitor, 'pinned-story-library');
    await visitorContext.close();

    // The class page: the pinned story heads the class's stories.
    await t.page.goto(`${base}/dashboard?option=View%20Class&id=${classOf.get(story.id)}`);
    await t.page.getByText('Class stories', { exact: true }).click();
    const firstRow = t.page.locator('.class-stories').getByRole('row').nth(1);
    await expect(firstRow).toContainText(story.title, { timeout: 20_000 });
    await screenshots(t.page, 'pinned-story-class-page');
  } finally {
    // Other journeys read the same shelves.
    await call(t.page, 'POST', '/content/pin/', { content_type: 'story', object_id: story.id, is_pinned: false });
    await t.context.close();
  }
});
