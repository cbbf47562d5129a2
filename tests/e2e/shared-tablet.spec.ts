// A shared tablet: a teacher's session runs out (its refresh token is revoked on the server and
// its short-lived access token expires: nothing in the app is mocked), the app says so, and the
// next teacher who signs in on the same browser profile finds none of the first teacher's
// classes, students or login cards (with their class passwords) in the screens or on the device.
// Runs its own server with 5-second access tokens, so the journey sees real expiry and rotation.
import { expect, test, type Page } from '@playwright/test';
import { startFreshServer, type FreshServer } from '../../scripts/serve-fresh';
import { screenshots, seriousViolations } from './support';

let server: FreshServer;
let base: string;

test.beforeAll(async () => {
  // As long as the server may take to start (serve-fresh waits two minutes): a hook that gave up
  // sooner would fail the journey and leave the starting server behind.
  test.setTimeout(180_000);
  server = await startFreshServer({
    SECRET_KEY: 'tablet-secret',
    STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
    ACCESS_TOKEN_SECONDS: '5',
  });
  base = server.url('greenfield');
});
test.afterAll(async () => {
  await server?.stop();
});

async function signInAsStaff(page: Page, email: string, password: string) {
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: /^Teacher or Administrator/ }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Logged in successfully').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.email)).toBe(email);
}

/** The classes page (the first-visit welcome dialog, when it shows, is closed). */
async function openManageClasses(page: Page) {
  await page.goto(`${base}/dashboard?option=Manage%20Classes`);
  const welcome = page.getByRole('button', { name: 'Got it' });
  if (await welcome.isVisible().catch(() => false)) await welcome.click();
}

/** What the device database holds of the personal tables, read straight from IndexedDB. */
function deviceRows(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name!).filter(Boolean);
    const counts: Record<string, number> = {};
    for (const name of names) {
      const idb = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      for (const table of ['logins', 'classes', 'students', 'user']) {
        if (!idb.objectStoreNames.contains(table)) continue;
        const n = await new Promise<number>((resolve) => {
          const req = idb.transaction(table).objectStore(table).count();
          req.onsuccess = () => resolve(req.result);
        });
        counts[table] = (counts[table] ?? 0) + n;
      }
      idb.close();
    }
    return counts;
  });
}

test("the next teacher on a shared tablet sees nothing of the previous teacher's session after it expires", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 } });
  const page = await context.newPage();

  await signInAsStaff(page, 'teacher@greenfield.example', 'Teach-demo-1');
  await openManageClasses(page);
  await page.getByRole('link', { name: 'Year 4 Robins' }).click();
  await expect(page.getByRole('heading', { name: 'Year 4 Robins' })).toBeVisible();
  // The roster and the login cards (with the class passwords) are on the device now.
  await expect.poll(async () => (await deviceRows(page)).logins ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
  // Access tokens last 5 s here: past one expiry the app refreshes (and rotates) by itself.
  await page.waitForTimeout(6_000);
  await openManageClasses(page);
  await expect(page.getByRole('link', { name: 'Year 4 Robins' })).toBeVisible();

  // The session is ended on the server (as a reuse, a password reset or a sign-out elsewhere
  // would), and the access token in the tablet's hands runs out.
  const refresh = await page.evaluate(() => localStorage.getItem('refreshToken'));
  const elsewhere = await browser.newPage();
  await elsewhere.goto(`${base}/library`);
  const revoked = await elsewhere.evaluate(
    async (refresh) =>
      (
        await fetch('/api/auth/logout/', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ refresh }),
        })
      ).status,
    refresh,
  );
  expect(revoked).toBe(200);
  await elsewhere.close();
  // The tablet's next request is refused and cannot be mended: the session ends, the data goes.
  // That request may be the screen's own (a background refresh while the tablet waits) or the
  // next page's; the warning is watched for from now, as it shows for five seconds either way.
  const warned = expect(page.getByText('Your token is expired, please relogin!')).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(6_000);
  if (!page.url().includes('/login')) await openManageClasses(page);
  await warned;
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => deviceRows(page), { timeout: 15_000 }).toEqual({ logins: 0, classes: 0, students: 0, user: 0 });
  expect(
    await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken'), localStorage.getItem('user')]),
  ).toEqual([null, null, null]);
  await screenshots(page, 'shared-tablet-expired');

  // The next teacher (no classes of her own) signs in on the same browser profile.
  await signInAsStaff(page, 'teacher2@greenfield.example', 'Teach-demo-3');
  await openManageClasses(page);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Year 4 Robins' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Year 5 Owls' })).toHaveCount(0);
  await expect(page.getByText(/ROBINS4|OWLS5|Amara|kite-7/)).toHaveCount(0);
  const rows = await deviceRows(page);
  expect(rows.logins).toBe(0);
  expect(rows.classes).toBe(0);
  expect(rows.students).toBe(0);
  expect(await page.content()).not.toContain('kite-7');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'shared-tablet-next-teacher');
  await context.close();
});
