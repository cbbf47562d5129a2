// Issue 27's loose ends in Chromium. A teacher enrols this tablet for Year 4 Robins and renews it
// from the class page (the table shows the new end, a toast says it). Two children sign in on it
// with no network and add a book each; meanwhile the tablet is removed (revoked). Back online,
// the server refuses to exchange their sign-ins and their work stays on the tablet: the teacher,
// signed in on it, sees "Work from 2 children is waiting on this tablet", accepts Amara's (it
// reaches the server as hers) and drops the other's (after a confirmation; nothing reaches the
// server).
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { dismissOverlays, seriousViolations, signInThroughApi, site } from './support';

const base = site('greenfield');
const profile = (page: Page, name: string) => page.getByRole('list', { name: 'Students' }).getByRole('button', { name });

function call(page: Page, method: string, path: string, token?: string) {
  return page.evaluate(
    async ({ method, path, token }) => {
      const bearer = token ?? localStorage.getItem('accessToken');
      const res = await fetch(`/api${path}`, { method, headers: bearer ? { Authorization: `Bearer ${bearer}` } : {} });
      return { status: res.status, body: (await res.json().catch(() => null)) as any };
    },
    { method, path, token },
  );
}

/** The tablet's offline sign-ins as IndexedDB holds them. */
function offlineSessions(page: Page): Promise<{ owner_id: number; status: string; code?: string | null }[]> {
  return page.evaluate(async () => {
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('storynest');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const rows = await new Promise<{ owner_id: number; status: string; code?: string | null }[]>((resolve) => {
      const req = idb.transaction('offlineSessions').objectStore('offlineSessions').getAll();
      req.onsuccess = () => resolve(req.result);
    });
    idb.close();
    return rows;
  });
}

async function shots(page: Page, name: string) {
  mkdirSync('.test-output/screens', { recursive: true });
  for (const width of [390, 820]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 1180 });
    await page.screenshot({ path: `.test-output/screens/${name}-${width}.png`, fullPage: true });
  }
}

test('a teacher renews the tablet, and accepts or drops the work a removed tablet kept', async ({ browser }) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 } });
  const page = await context.newPage();
  await page.goto(`${base}/library`);
  await signInThroughApi(page, 'teacher@greenfield.example', 'Teach-demo-1');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.getByRole('button', { name: /^Add to cart: / }).first()).toBeVisible({ timeout: 30_000 });
  const titles = await page.locator('.book-title').allTextContents();
  const [, , amaraBook, otherBook] = titles as [string, string, string, string];
  await page.goto(`${base}/dashboard?option=Manage%20Classes`);
  await dismissOverlays(page);
  await page.getByRole('link', { name: 'Year 4 Robins' }).click();
  await expect(page.getByRole('heading', { name: 'Year 4 Robins' })).toBeVisible();
  const robinsId = Number(new URL(page.url()).searchParams.get('id'));
  const cards = (await call(page, 'GET', `/v1/teacher/student-login-info/${robinsId}/`)).body as {
    results: { id: number; first_name: string; last_name: string; username: string; password: string }[];
  };
  const amara = cards.results.find((c) => c.username === 'amara.okafor')!;
  const other = cards.results.filter((c) => c.username !== 'amara.okafor').at(-1)!;

  // Enrol, then Renew: the table's "Until" shows the new end, and a toast says it.
  await page.getByRole('button', { name: 'Use this tablet for Year 4 Robins offline' }).click();
  await expect(page.getByText('This tablet can now sign Year 4 Robins in offline.').first()).toBeVisible({ timeout: 30_000 });
  const tablets = page.getByTestId('class-tablets');
  const row = tablets.getByRole('row').filter({ hasText: '(this one)' });
  const enrolment = (await call(page, 'GET', `/classes/${robinsId}/tablets/`)).body.results[0] as { id: string; expires_at: string };
  await row.getByRole('button', { name: /^Renew / }).click();
  const toast = page.getByText(/^Renewed\. It works until /).first();
  await expect(toast).toBeVisible();
  const renewed = (await call(page, 'GET', `/classes/${robinsId}/tablets/`)).body.results[0] as { id: string; expires_at: string };
  expect(renewed.id).toBe(enrolment.id);
  expect(Date.parse(renewed.expires_at)).toBeGreaterThan(Date.parse(enrolment.expires_at));
  // The table's "Until" is the new end the toast names.
  const until = (await row.getByRole('cell').nth(2).textContent())!.trim();
  expect(until).not.toBe('');
  await expect(toast).toHaveText(`Renewed. It works until ${until}.`);
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, 'class-tablets');
  await page.setViewportSize({ width: 820, height: 1180 });

  // Offline: two children sign in and each adds a book.
  await page.goto(`${base}/logout`);
  await expect(page).toHaveURL(/\/login$/);
  await context.setOffline(true);
  await page.goto(`${base}/login/ROBINS4`);
  await expect(page.getByRole('heading', { name: 'Select Your Profile' })).toBeVisible();
  for (const [child, book] of [
    [amara, amaraBook],
    [other, otherBook],
  ] as const) {
    await page.getByLabel('Find your name').fill(child.username);
    await profile(page, `${child.first_name} ${child.last_name}`).click();
    await page.getByLabel('Password', { exact: true }).fill(child.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(`${base}/dashboard`);
    await dismissOverlays(page);
    await page.goto(`${base}/library`);
    await page.getByRole('button', { name: `Add to cart: ${book}` }).click();
    await expect(page.getByText('Saved on this device; it will be sent when you are back online.').first()).toBeVisible();
    await page.goto(`${base}/dashboard`);
    await dismissOverlays(page);
    await page.getByRole('link', { name: 'I’m finished' }).click();
    await expect(page.getByRole('heading', { name: 'Select Your Profile' })).toBeVisible();
  }

  // Meanwhile the tablet is removed (by the teacher elsewhere).
  const staff = await browser.newContext();
  const check = await staff.newPage();
  await check.goto(`${base}/library`);
  const teacher = await signInThroughApi(check, 'teacher@greenfield.example', 'Teach-demo-1');
  expect((await call(check, 'POST', `/tablets/${enrolment.id}/revoke/`, teacher.access)).status).toBe(200);
  const cartOf = async (username: string, password: string) => {
    const session = await signInThroughApi(check, username, password);
    return (await call(check, 'GET', '/data/cart/', session.access)).body.cart as number[];
  };
  const amaraCartBefore = (await cartOf(amara.username, amara.password)).length;
  const otherCartBefore = (await cartOf(other.username, other.password)).length;

  // Back online: the exchange is refused, and the work stays on the tablet.
  await context.setOffline(false);
  await page.evaluate(() => dispatchEvent(new Event('online')));
  await expect
    .poll(async () => (await offlineSessions(page)).map((s) => `${s.owner_id}:${s.status}:${s.code}`).sort(), { timeout: 60_000 })
    .toEqual([`${amara.id}:refused:tablet_revoked`, `${other.id}:refused:tablet_revoked`].sort());

  // The teacher signs in on the tablet: the work waits for them to decide.
  await signInThroughApi(page, 'teacher@greenfield.example', 'Teach-demo-1');
  await page.goto(`${base}/dashboard?option=Teacher%20Dashboard`);
  await dismissOverlays(page);
  const notice = page.getByTestId('waiting-work');
  await expect(notice.getByRole('heading', { name: 'Work from 2 children is waiting on this tablet' })).toBeVisible({ timeout: 30_000 });
  await expect(notice.getByText(amaraBook, { exact: false })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shots(page, 'tablet-waiting-work');
  await page.setViewportSize({ width: 820, height: 1180 });

  await notice.getByRole('button', { name: `Accept ${amara.first_name} ${amara.last_name}’s work` }).click();
  await expect(page.getByText('Accepted. The work of 1 child is being sent.').first()).toBeVisible();
  await expect.poll(async () => (await cartOf(amara.username, amara.password)).length, { timeout: 60_000 }).toBe(amaraCartBefore + 1);

  page.once('dialog', (dialog) => void dialog.accept());
  await notice.getByRole('button', { name: `Drop ${other.first_name} ${other.last_name}’s work` }).click();
  await expect(page.getByText(`${other.first_name} ${other.last_name}’s work was dropped.`).first()).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect(await offlineSessions(page)).toEqual([]);
  expect((await cartOf(other.username, other.password)).length).toBe(otherCartBefore);
  await staff.close();
  await context.close();
});
