// The teacher's roster in Chromium: two students added with the network off show at once,
// survive a reload, and reach the server exactly once when it returns (the class count rises by
// two, no more); the class's login PDF opens as a PDF with one readable QR code per student.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parseLoginCard } from '../../src/contract/login-card';
import { PDF_TOOLS_CACHE } from '../../src/contract/pdf-tools-cache';
import type * as LoginCards from '../../src/features/roster/login-cards';
import { qrTextsInPdf } from '../support/pdf-qr';
import { drawnGlyphIds, pdfFonts, pdfText } from '../support/pdf-scripts';
import { screenshots, seriousViolations, signInThroughApi, site } from './support';

const base = site('greenfield');
const syncButton = (page: Page) => page.getByRole('button', { name: /show sync details/ });

async function serverClass(page: Page, code: string): Promise<{ id: number; no_of_students: number }> {
  return page.evaluate(async (code) => {
    const res = await fetch('/api/v1/teacher/school-classes/', {
      headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
    });
    const body = (await res.json()) as { results: { id: number; class_id: string; no_of_students: number }[] };
    return body.results.find((c) => c.class_id === code)!;
  }, code);
}

async function openRobins(page: Page) {
  await page.goto(`${base}/dashboard?option=Manage%20Classes`);
  await page.getByRole('link', { name: 'Year 4 Robins' }).click();
  await expect(page.getByRole('heading', { name: 'Year 4 Robins' })).toBeVisible();
}

/** The teacher signed in, the service worker in control (so the app opens offline), at ROBINS4. */
async function openRobinsOfflineReady(page: Page) {
  await page.goto(`${base}/library`);
  await signInThroughApi(page, 'teacher@greenfield.example', 'Teach-demo-1');
  await page.reload();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await openRobins(page);
}

test('two students added offline appear at once, survive a reload and reach the server once', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openRobinsOfflineReady(page);
  const before = (await serverClass(page, 'ROBINS4')).no_of_students;
  const count = page.getByTestId('student-count');
  await expect(count).toHaveText(String(before));
  // A header and a page of 20 (the class's enrolled tablets, if any, are a table of their own).
  await expect(page.locator('table.roster-table').getByRole('row')).toHaveCount(21);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'roster-class-details');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Add Students' }).click();
  await page.getByLabel(/Student names/).fill('Nia Long\nKai Moana');
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByLabel('First name 2')).toHaveValue('Kai');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'roster-bulk-add-review');
  await page.getByRole('dialog').getByRole('button', { name: 'Add Students' }).click();
  await expect(page.getByRole('dialog').getByText('Students added successfully!')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(count).toHaveText(String(before + 2));
  await page.getByLabel('Search students').fill('Nia');
  await expect(page.getByRole('row', { name: /Nia Long/ }).getByText('Not yet synced', { exact: true })).toBeVisible();

  // Still offline: a reload keeps them.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Year 4 Robins' })).toBeVisible();
  await expect(page.getByTestId('student-count')).toHaveText(String(before + 2));
  await expect(syncButton(page)).toContainText('1 unsent');

  await context.setOffline(false);
  await expect(syncButton(page)).toContainText('All saved', { timeout: 20_000 });
  await expect.poll(async () => (await serverClass(page, 'ROBINS4')).no_of_students).toBe(before + 2);
  await expect(page.getByTestId('student-count')).toHaveText(String(before + 2));
  await page.getByLabel('Search students').fill('Nia');
  await expect(page.getByText('nia.long')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Not yet synced', { exact: true })).toHaveCount(0);
  await context.close();
});

test('the class login PDF, made offline, holds one QR per student that signs that student in', async ({ page, context }) => {
  await openRobinsOfflineReady(page);
  const students = Number(await page.getByTestId('student-count').textContent());
  // The roster refresh also caches every class's login details on the device.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('storynest');
            open.onsuccess = () => {
              const req = open.result.transaction('logins').objectStore('logins').count();
              req.onsuccess = () => {
                open.result.close();
                resolve(req.result);
              };
            };
          }),
      ),
    )
    .toBeGreaterThanOrEqual(students);
  // So does the shaper and the fonts the cards' names need (all Latin here): kept by the service
  // worker's cache, fetched in the background once the login details are in.
  await expect
    .poll(() =>
      page.evaluate(
        async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname.replace(/-[\w-]{8}(\.\w+)$/, '$1')),
        PDF_TOOLS_CACHE,
      ),
    )
    .toEqual(expect.arrayContaining(['/assets/harfbuzz.wasm', '/assets/NotoSans-Regular.ttf', '/assets/NotoSans-Bold.ttf']));
  await context.setOffline(true);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Class Login' }).click()]);
  expect(download.suggestedFilename()).toBe('Class_Year_4_Robins_LoginDetails.pdf');
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const cards = qrTextsInPdf(pdf).map(parseLoginCard);
  expect(cards).toHaveLength(students);
  expect(cards).toContainEqual({ ok: true, card: { username: 'amara.okafor', password: 'kite-7' } });

  // One child's card as a picture.
  await page.getByLabel('Search students').fill('amara');
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download login card of Amara Okafor' }).click(),
  ]);
  expect(png.suggestedFilename()).toBe('amara.okafor_QR.png');
  expect(
    readFileSync(await png.path())
      .subarray(1, 4)
      .toString('latin1'),
  ).toBe('PNG');

  // Back online, the last card's QR signs its student in.
  await context.setOffline(false);
  const last = cards.at(-1)!;
  if (!last.ok) throw new Error('the last card has no readable QR code');
  const status = await page.evaluate(
    async (card) =>
      (await fetch('/api/auth/token/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(card) }))
        .status,
    last.card,
  );
  expect(status).toBe(200);

  // Children named in Devanagari and Arabic: the device's own PDF sets their names in those
  // scripts, as text (a reader finds them) drawn with the fonts' real glyphs (never glyph 0, the
  // missing-glyph box), the scripts' fonts embedded as subsets.
  const module = (JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>)[
    'src/features/roster/login-cards.ts'
  ]!.file;
  const [scripts] = await Promise.all([
    page.waitForEvent('download'),
    page.evaluate(async (file) => {
      const { downloadClassLogin } = (await import(`/${file}`)) as typeof LoginCards;
      await downloadClassLogin('Stars', [
        { first_name: 'अनन्या', last_name: 'शर्मा', username: 'ananya.sharma', password: 'kite-1', class_code: 'STARS1' },
        { first_name: 'ليلى', last_name: 'حسن', username: 'layla.hassan', password: 'moon-2', class_code: 'STARS1' },
      ]);
    }, module),
  ]);
  const scriptsPdf = new Uint8Array(readFileSync(await scripts.path()));
  const text = pdfText(scriptsPdf);
  expect(text).toContain('अनन्या शर्मा');
  expect(text).toContain('ليلى حسن');
  expect(text).toContain('Username: ananya.sharma');
  const glyphs = drawnGlyphIds(scriptsPdf);
  expect(glyphs.length).toBeGreaterThan(40);
  expect(glyphs).not.toContain(0);
  const fonts = pdfFonts(scriptsPdf);
  expect(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, ''))).toEqual(
    expect.arrayContaining(['NotoSansDevanagari-Bold', 'NotoSansArabic-Bold', 'NotoSans-Regular']),
  );
  expect(fonts.every((f) => f.embedded && f.subset)).toBe(true);
  expect(qrTextsInPdf(scriptsPdf).map(parseLoginCard)).toEqual([
    { ok: true, card: { username: 'ananya.sharma', password: 'kite-1' } },
    { ok: true, card: { username: 'layla.hassan', password: 'moon-2' } },
  ]);
});

test('a copied class code, filters with a refused date range, and the school admin class page', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`${base}/library`);
  await signInThroughApi(page, 'head@greenfield.example', 'Head-demo-1');
  await page.evaluate(() => localStorage.setItem('dashboard_welcome_dismissed', 'true'));
  await page.goto(`${base}/admin-school/classes`);
  await page.getByRole('link', { name: 'Year 5 Owls' }).click();
  await expect(page).toHaveURL(/\/admin-school\/classdetails\/\?id=\d+&class_id=OWLS5/);
  await page.getByRole('button', { name: 'Copy class code OWLS5' }).click();
  await expect(page.getByText('Class ID copied successfully.')).toBeVisible();
  await page.getByLabel('Joined from').fill('2026-10-05');
  await page.getByLabel('Joined to').fill('2026-10-01');
  await expect(page.getByText('The from date cannot be after the to date.')).toBeVisible();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Please choose an action and an option.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'roster-admin-class-details');
  await page.goto(`${base}/admin-school/classdetails/?id=999999`);
  await expect(page.getByRole('heading', { name: 'Class not found' })).toBeVisible();
  // Teachers: every teacher of the school (their classes are on each profile).
  await page.goto(`${base}/admin-school/teachers`);
  await expect(page.getByRole('cell', { name: 'teacher@greenfield.example' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'teacher2@greenfield.example' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'roster-admin-teachers');
});

test("a school admin changes a student's privacy after the warning, and opens the profile", async ({ page }) => {
  await page.goto(`${base}/library`);
  await signInThroughApi(page, 'head@greenfield.example', 'Head-demo-1');
  await page.evaluate(() => localStorage.setItem('dashboard_welcome_dismissed', 'true'));
  await page.goto(`${base}/admin-school/students`);
  await page.getByLabel('Search students').fill('zoe zhang');
  await page.getByRole('button', { name: 'Edit Zoe Zhang' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Zoe Zhang' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter new password')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'roster-edit-student');

  const current = await dialog.getByLabel('Change only the privacy preference').inputValue();
  await dialog.getByRole('button', { name: 'Change privacy' }).click();
  await expect(page.getByText('Invalid privacy preference transition.')).toBeVisible();
  await dialog.getByLabel('Change only the privacy preference').selectOption(current === 'public' ? 'private' : 'public');
  await dialog.getByRole('button', { name: 'Change privacy' }).click();
  const confirm = page.getByRole('dialog', { name: 'Change privacy preference?' });
  await expect(confirm).toContainText('all of this student');
  await confirm.getByRole('button', { name: 'Change privacy' }).click();
  await expect(page.getByText('Privacy preference updated successfully!')).toBeVisible();

  await page.getByRole('link', { name: 'Zoe Zhang' }).click();
  await expect(page.getByRole('heading', { name: 'Zoe Zhang' })).toBeVisible();
  await expect(page.getByText('moon-3')).toBeVisible();
  await page.getByLabel('New password').fill('star-4');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Student updated successfully').first()).toBeVisible();
  await expect(page.getByText('star-4')).toBeVisible();
  // Once the change is sent, the new password signs Zoe in.
  await expect
    .poll(() =>
      page.evaluate(
        async () =>
          (
            await fetch('/api/auth/token/', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ username: 'zoe.zhang', password: 'star-4' }),
            })
          ).status,
      ),
    )
    .toBe(200);

  // The journeys share one server: Zoe gets her demo password back, the same way.
  await page.getByLabel('New password').fill('moon-3');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('moon-3')).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        async () =>
          (
            await fetch('/api/auth/token/', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ username: 'zoe.zhang', password: 'moon-3' }),
            })
          ).status,
      ),
    )
    .toBe(200);
});
