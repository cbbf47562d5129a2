// Issue 27 in Chromium: a teacher enrols a tablet for Year 4 Robins online; the network goes
// before the sign-in page loads; Amara signs in with class code, card and password, writes a
// story and adds a book to the cart; "I'm finished" brings the class's names back and a second
// child signs in and sees nothing of Amara's; back online, both children's work reaches the
// server once, under the right child, and the teacher sees the story in the review queue.
import { expect, test, type Page } from '@playwright/test';
import { dismissOverlays, screenshots, seriousViolations, signInThroughApi, site } from './support';

const base = site('greenfield');
const TITLE = 'The Day the Wifi Went Away';
const TEXT = 'We wrote stories anyway.';

const syncButton = (page: Page) => page.getByRole('button', { name: /show sync details/ });
const profile = (page: Page, name: string) => page.getByRole('list', { name: 'Students' }).getByRole('button', { name });

/** An API call from inside the page with a token (the page's own, or the one given). */
function call(page: Page, path: string, token?: string) {
  return page.evaluate(
    async ({ path, token }) => {
      const bearer = token ?? localStorage.getItem('accessToken');
      const res = await fetch(`/api${path}`, { headers: bearer ? { Authorization: `Bearer ${bearer}` } : {} });
      return { status: res.status, body: (await res.json().catch(() => null)) as any };
    },
    { path, token },
  );
}

/** A child signs in through the real page: class code (typed), their card on the grid, password. */
async function childSignsIn(page: Page, search: string, name: string, password: string) {
  await page.getByLabel('Find your name').fill(search);
  await profile(page, name).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${base}/dashboard`);
  await dismissOverlays(page);
}

test('children sign in on an enrolled tablet with no network, hand it over, and their work arrives once online', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 } });
  const page = await context.newPage();

  // Online: the teacher enrols this tablet for Year 4 Robins from the class page.
  await page.goto(`${base}/library`);
  const teacher = await signInThroughApi(page, 'teacher@greenfield.example', 'Teach-demo-1');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The library's books are on the device (a tablet has used the library before).
  await expect(page.getByRole('button', { name: /^Add to cart: / }).first()).toBeVisible({ timeout: 30_000 });
  await page.goto(`${base}/dashboard?option=Manage%20Classes`);
  await dismissOverlays(page);
  await page.getByRole('link', { name: 'Year 4 Robins' }).click();
  await expect(page.getByRole('heading', { name: 'Year 4 Robins' })).toBeVisible();
  const robinsId = Number(new URL(page.url()).searchParams.get('id') ?? new URL(page.url()).searchParams.get('class_id'));
  // A second child of the class and their password, as the teacher's login cards have them.
  const cards = (await call(page, `/v1/teacher/student-login-info/${robinsId}/`)).body as {
    results: { id: number; first_name: string; last_name: string; username: string; password: string }[];
  };
  const second = cards.results.find((c) => c.username !== 'amara.okafor')!;
  const amaraId = cards.results.find((c) => c.username === 'amara.okafor')!.id;

  await page.getByRole('button', { name: 'Use this tablet for Year 4 Robins offline' }).click();
  await expect(page.getByText('This tablet can now sign Year 4 Robins in offline.').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('class-tablets').getByText('(this one)')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'offline-sign-in-enrolled');
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto(`${base}/logout`);
  await expect(page).toHaveURL(/\/login$/);

  // The wifi goes before the sign-in page loads.
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: /^Student/ }).click();
  await page.getByRole('textbox', { name: 'Class code' }).fill('robins4');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Select Your Profile' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'offline-sign-in-grid');
  await page.setViewportSize({ width: 820, height: 1180 });

  // A wrong password is refused on the tablet, as the server would.
  await page.getByLabel('Find your name').fill('amara');
  await profile(page, 'Amara Okafor').click();
  await page.getByLabel('Password', { exact: true }).fill('kite-8');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid username or password.').first()).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('kite-7');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${base}/dashboard`);
  await dismissOverlays(page);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBe('');

  // Amara writes a story and sends it to her teacher (queued), and adds a book to the cart.
  await page.goto(`${base}/uploadblogsteps`);
  await page.getByRole('button', { name: 'Start a new story' }).click();
  await expect(page).toHaveURL(/\/uploadblogsteps\/my-story-[0-9a-f]{8}$/);
  const slug = page.url().split('/').pop()!;
  await page.getByLabel('Title of my story').fill(TITLE);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'My story' }).click();
  await page.keyboard.type(TEXT);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Send to my teacher' }).click();
  await expect(page.getByRole('heading', { name: 'Will be sent' })).toBeVisible();
  await page.goto(`${base}/library`);
  await expect(page.getByRole('button', { name: /^Add to cart: / }).first()).toBeVisible();
  const titles = await page.locator('.book-title').allTextContents();
  const [amaraBook, secondBook] = titles as [string, string];
  await page.getByRole('button', { name: `Add to cart: ${amaraBook}` }).click();
  await expect(page.getByText('Saved on this device; it will be sent when you are back online.').first()).toBeVisible();

  // "I'm finished" (on her own screens): the class's names again, at once.
  await page.goto(`${base}/dashboard`);
  await dismissOverlays(page);
  await screenshots(page, 'offline-sign-in-child-dashboard');
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.getByRole('link', { name: 'I’m finished' }).click();
  await expect(page).toHaveURL(`${base}/login/ROBINS4`);
  await expect(page.getByRole('heading', { name: 'Select Your Profile' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

  // The second child signs in and finds nothing of Amara's.
  await childSignsIn(page, second.first_name.toLowerCase(), `${second.first_name} ${second.last_name}`, second.password);
  await page.goto(`${base}/uploadblogsteps`);
  await expect(page.getByRole('button', { name: 'Start a new story' })).toBeVisible();
  await expect(page.getByText(TITLE)).toHaveCount(0);
  await page.goto(`${base}/library`);
  await expect(page.getByRole('link', { name: /^Cart, 1 item/ })).toHaveCount(0);
  await page.getByRole('button', { name: `Add to cart: ${secondBook}` }).click();
  await expect(page.getByText('Saved on this device; it will be sent when you are back online.').first()).toBeVisible();
  expect(await page.content()).not.toContain(TEXT);
  await screenshots(page, 'offline-sign-in-second-child');
  await page.setViewportSize({ width: 820, height: 1180 });

  // Back online: both offline sign-ins are exchanged and both queues sent.
  await context.setOffline(false);
  await expect(syncButton(page)).toContainText('All saved', { timeout: 60_000 });
  await expect.poll(async () => (await call(page, '/data/cart/')).body?.cart?.length, { timeout: 30_000 }).toBe(1);

  // On the server: the story once, Amara's, waiting for review; each cart holds its child's book.
  const staff = await browser.newContext();
  const check = await staff.newPage();
  await check.goto(`${base}/library`);
  const teacherNow = await signInThroughApi(check, 'teacher@greenfield.example', 'Teach-demo-1');
  const found = (await call(check, `/teacher/stories/?search=${encodeURIComponent(TITLE)}`, teacherNow.access)).body;
  expect(found.results).toHaveLength(1);
  expect(found.results[0]).toMatchObject({ status: 'submitted' });
  const amara = await signInThroughApi(check, 'amara.okafor', 'kite-7');
  expect((await call(check, `/stories/${slug}/edit/`, amara.access)).body).toMatchObject({ status: 'submitted' });
  expect((await call(check, '/data/cart/', amara.access)).body.cart).toHaveLength(1);
  expect(amara.user.id).toBe(amaraId);
  await signInThroughApi(check, 'teacher@greenfield.example', 'Teach-demo-1');
  await check.goto(`${base}/dashboard?option=Teacher%20Dashboard`);
  await dismissOverlays(check);
  await expect(check.getByRole('heading', { name: 'Stories waiting for review' })).toBeVisible();
  await expect(check.getByText(TITLE).first()).toBeVisible();
  expect(teacher.user.id).toBe(teacherNow.user.id);
  await staff.close();
  await context.close();
});
