// Writing a story on a shared classroom tablet: Amara signs in, goes offline, writes a story
// with a cover and a picture through the four steps, reloads (still there), signs out; Zoe
// signs in on the same tablet and finds no trace of it; Amara signs in again, goes online and
// sends it; the server has it as submitted. Screenshots of every step, axe on every screen.
import { expect, test, type Page } from '@playwright/test';
import { PNG, screenshots, seriousViolations, signInThroughApi, site } from './support';

const base = site('greenfield');
const TITLE = 'The Kite That Flew Away';
const TEXT = 'My kite flew over the school and the river.';

const profile = (page: Page, name: string) => page.getByRole('list', { name: 'Students' }).getByRole('button', { name });

async function signIn(page: Page, code: string, search: string, name: string, password: string) {
  await page.goto(`${base}/login/${code}`);
  await page.getByLabel('Find your name').fill(search);
  await profile(page, name).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${base}/dashboard`);
}

async function accessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** Every story document on the device, whoever owns it. */
async function deviceDocuments(page: Page) {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('storynest');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const rows = await new Promise<{ owner_id: number; id: string }[]>((resolve) => {
      const req = db.transaction('documents').objectStore('documents').getAll();
      req.onsuccess = () => resolve(req.result as { owner_id: number; id: string }[]);
    });
    db.close();
    return rows.map((r) => ({ owner_id: r.owner_id, id: r.id }));
  });
}

test('a child writes a story offline on a shared tablet; the next child sees none of it; it is sent later', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 } });
  const page = await context.newPage();
  await signIn(page, 'ROBINS4', 'amara', 'Amara Okafor', 'kite-7');
  const amaraId = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).id as number);
  await page.goto(`${base}/uploadblogsteps`);
  await expect(page.getByRole('button', { name: 'Start a new story' })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Loads the writer's code once online, as a tablet would have it from an earlier visit.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Start a new story' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Start a new story' }).click();
  await expect(page).toHaveURL(/\/uploadblogsteps\/my-story-[0-9a-f]{8}$/);
  const slug = page.url().split('/').pop()!;

  // 1. Title and cover.
  await expect(page.getByRole('heading', { name: '1. Title and cover' })).toBeVisible();
  await accessible(page);
  await page.getByLabel('Title of my story').fill(TITLE);
  await page.getByTestId('cover-input').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'The cover picture' })).toBeVisible();
  await screenshots(page, 'story-step-1-title');
  await page.getByRole('button', { name: 'Next' }).click();

  // 2. The story, with a picture.
  await expect(page.getByRole('heading', { name: '2. My story' })).toBeVisible();
  await page.getByRole('textbox', { name: 'My story' }).click();
  await page.keyboard.type(TEXT);
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' Whoosh!');
  await page.getByTestId('editor-picture-input').setInputFiles({ name: 'drawing.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('.doc-content img')).toHaveCount(1);
  await expect(page.getByTestId('save-status')).toHaveText('Saved on this tablet');
  await accessible(page);
  await screenshots(page, 'story-step-2-story');

  // Offline reload: everything is still there.
  await page.reload();
  await expect(page.getByRole('heading', { name: '2. My story' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'My story' })).toContainText(TEXT);
  await expect(page.getByRole('textbox', { name: 'My story' }).locator('strong')).toHaveText('Whoosh!');
  await expect(page.locator('.doc-content img')).toHaveCount(1);
  await page.getByRole('button', { name: 'Next' }).click();

  // 3. What it is about.
  await expect(page.getByRole('heading', { name: '3. What it is about' })).toBeVisible();
  // The choice is saved on the device first, then shown.
  await page.getByLabel('Goal 13').click();
  await expect(page.getByLabel('Goal 13')).toBeChecked();
  await accessible(page);
  await screenshots(page, 'story-step-3-about');
  await page.getByRole('button', { name: 'Next' }).click();

  // 4. Who may read it (not sent yet).
  await expect(page.getByRole('heading', { name: '4. Who may read it' })).toBeVisible();
  await page.getByLabel(/^Private/).click();
  await expect(page.getByLabel(/^Private/)).toBeChecked();
  await accessible(page);
  await screenshots(page, 'story-step-4-audience');

  // Amara signs out, still offline; the next child comes.
  await page.goto(`${base}/logout`);
  await expect(page).toHaveURL(`${base}/login/ROBINS4`);
  expect((await deviceDocuments(page)).map((d) => d.id)).toContain(slug);
  await context.setOffline(false);
  await signIn(page, 'OWLS5', 'zoe', 'Zoe Zhang', 'moon-3');
  await page.goto(`${base}/uploadblogsteps`);
  await expect(page.getByRole('button', { name: 'Start a new story' })).toBeVisible();
  await expect(page.getByText(TITLE)).toHaveCount(0);
  await expect(page.locator(`a[href$="/uploadblogsteps/${slug}"]`)).toHaveCount(0);
  await screenshots(page, 'story-next-child');
  await page.goto(`${base}/uploadblogsteps/${slug}`);
  await expect(page.getByText('This story is not on this tablet.')).toBeVisible();
  await expect(page.getByText(TEXT)).toHaveCount(0);
  await page.goto(`${base}/logout`);
  await expect(page).toHaveURL(/\/login\/OWLS5$/);

  // Amara again: the draft is there; she sends it.
  await signIn(page, 'ROBINS4', 'amara', 'Amara Okafor', 'kite-7');
  await page.goto(`${base}/uploadblogsteps`);
  await page.getByRole('link', { name: new RegExp(TITLE) }).click();
  await expect(page.getByRole('heading', { name: '4. Who may read it' })).toBeVisible();
  await page.getByRole('button', { name: 'Send to my teacher' }).click();
  await expect(page.getByRole('heading', { name: 'Sent!' })).toBeVisible();
  await accessible(page);
  await screenshots(page, 'story-sent');
  const story = await expect
    .poll(
      () =>
        page.evaluate(async (s) => {
          const res = await fetch(`/api/stories/${s}/edit/`, {
            headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
          });
          return res.ok
            ? ((await res.json()) as {
                status: string;
                author_id: number;
                body: string;
                title: string;
                sdgs: number[];
                privacy_preference: string;
                cover: string | null;
              })
            : null;
        }, slug),
      { timeout: 30_000 },
    )
    .toMatchObject({ status: 'submitted', author_id: amaraId, title: TITLE, sdgs: [13], privacy_preference: 'private' });
  void story;
  const body = await page.evaluate(async (s) => {
    const res = await fetch(`/api/stories/${s}/edit/`, { headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` } });
    return ((await res.json()) as { body: string; cover: string }).body;
  }, slug);
  expect(body).toContain(TEXT);
  expect(body).toContain('<strong> Whoosh!</strong>');
  expect(body).toMatch(/<img src="\/api\/pictures\/[0-9a-f-]{36}\/"/);
  // The picture reached the server too.
  const src = /src="([^"]+)"/.exec(body)![1]!;
  const picture = await page.evaluate(async (u) => (await fetch(u)).headers.get('content-type'), src);
  expect(picture).toMatch(/^image\/(webp|jpeg)$/);
  await context.close();
});

test('a teacher uploads a finished piece (a text file and a picture) as a child’s story; it arrives sanitised', async ({ page }) => {
  await page.goto(`${base}/library`);
  await signInThroughApi(page, 'teacher@greenfield.example', 'Teach-demo-1');
  await page.goto(`${base}/uploadcontent`);
  await expect(page.getByRole('heading', { name: 'Upload a finished piece' })).toBeVisible();
  const whose = page.getByLabel('Whose story is it?');
  await expect(whose.locator('option', { hasText: 'Amara Okafor' })).toHaveCount(1, { timeout: 20_000 });
  await whose.selectOption({ label: 'Amara Okafor' });

  // A file that is not a document is refused with the reason, and no story starts.
  await page.getByLabel(/The piece/).setInputFiles({ name: 'kite.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please choose a Word document (.docx) or a text file (.txt).');

  const text = 'The river was wide.\n\nWe built a boat <script>alert(1)</script> and sailed home.';
  await page.getByLabel(/The piece/).setInputFiles({ name: 'The_River_Boat.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.getByLabel(/Pictures/).setInputFiles({ name: 'page-1.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByLabel('Title')).toHaveAttribute('placeholder', 'The River Boat');
  await accessible(page);
  await screenshots(page, 'upload-content');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/storyedit\?slug=/, { timeout: 20_000 });
  const slug = new URL(page.url()).searchParams.get('slug')!;
  const editor = page.getByRole('textbox', { name: 'The story' });
  await expect(editor).toContainText('The river was wide.');
  await expect(editor).toContainText('We built a boat <script>alert(1)</script> and sailed home.');
  await expect(editor.locator('img')).toHaveCount(1);
  await screenshots(page, 'upload-content-edit');

  // The server has it as Amara's story, its body the allow-list's HTML (the markup only as text).
  await expect
    .poll(
      async () =>
        page.evaluate(async (slug) => {
          const res = await fetch(`/api/stories/${slug}/edit/`, {
            headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
          });
          return res.ok ? ((await res.json()) as { body: string; title: string }) : null;
        }, slug),
      { timeout: 30_000 },
    )
    .toMatchObject({
      title: 'The River Boat',
      body: expect.stringMatching(
        /^<p>The river was wide\.<\/p><p>We built a boat &lt;script&gt;alert\(1\)&lt;\/script&gt; and sailed home\.<\/p><img[^>]*src="\/api\/pictures\/[0-9a-f-]{36}\/"/,
      ),
    });
});
