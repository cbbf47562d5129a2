// bench:classroom (issue 27): a class at the bell on an enrolled tablet with no network. A
// teacher enrols the tablet for Year 5 Owls through the class page; the network goes; 30 children
// sign in one after another through the real pages (the class's names, their card, their
// password), each adds 3 books to the cart (queued), and taps "I'm finished". Measured: the time
// from "I'm finished" to the next child's first screen (the class's names), the verifier check
// in the page (PBKDF2 as the tablet runs it), and, once the network returns, the time until the
// 30 offline sign-ins are exchanged (one batched request) and the 90 queued changes sent; then every child's cart on
// the server holds exactly their 3 books (none lost, none doubled). One JSON object; a missed
// budget makes the exit code 1. Needs `npm run build` first.
import { existsSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM } from '../scripts/chromium';
import { VERIFIER_ITERATIONS } from '../src/contract/tablet';
import { startFreshServer } from '../scripts/serve-fresh';

const CHILDREN = Number(process.env.BENCH_CLASSROOM_CHILDREN ?? 30);
const WRITES = 3;
const BUDGET = { handoverP95Ms: 1500, verifierMs: 300, exchangeMs: 5000 };

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};
const round = (n: number) => Math.round(n);

type Card = { id: number; first_name: string; last_name: string; username: string; password: string };

/** An API call from inside the page (Node cannot resolve *.localhost). */
function call(page: Page, method: string, path: string, token?: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, token, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read field by field
      return { status: res.status, body: (await res.json().catch(() => null)) as any };
    },
    { method, path, token, body },
  );
}

/** How many rows a device table holds (IndexedDB straight, as the app keeps it). */
function deviceCount(page: Page, table: string): Promise<number> {
  return page.evaluate(async (table) => {
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('storynest');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const n = await new Promise<number>((resolve) => {
      const req = idb.transaction(table).objectStore(table).count();
      req.onsuccess = () => resolve(req.result);
    });
    idb.close();
    return n;
  }, table);
}

async function main() {
  if (!existsSync('dist/index.html')) throw new Error('Build the PWA first: npm run build');
  const server = await startFreshServer({ STATIC_DIR: 'dist' });
  const browser = await chromium.launch(CHROMIUM);
  const base = server.url('greenfield');
  try {
    const context = await browser.newContext({ viewport: { width: 820, height: 1180 } });
    const page = await context.newPage();
    await page.goto(`${base}/library`);
    const teacher = (
      await call(page, 'POST', '/auth/token/', undefined, { username: 'teacher@greenfield.example', password: 'Teach-demo-1' })
    ).body;
    await page.evaluate((t) => {
      localStorage.setItem('accessToken', t.access);
      localStorage.setItem('refreshToken', t.refresh);
      localStorage.setItem('user', JSON.stringify(t.user));
      localStorage.setItem(`storynest_tour:teacher-dashboard:${t.user.id}`, JSON.stringify({ state: 'skipped', at: Date.now() }));
    }, teacher);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const classes = (await call(page, 'GET', '/v1/teacher/school-classes/', teacher.access)).body.results as {
      id: number;
      class_id: string;
    }[];
    const owls = classes.find((c) => c.class_id === 'OWLS5')!;
    const cards = ((await call(page, 'GET', `/v1/teacher/student-login-info/${owls.id}/`, teacher.access)).body.results as Card[]).slice(
      0,
      CHILDREN,
    );

    // Enrolled through the class page, as a teacher does it.
    await page.goto(`${base}/dashboard?option=View%20Class&id=${owls.id}`);
    const welcome = page.getByRole('button', { name: 'Got it' });
    if (await welcome.isVisible().catch(() => false)) await welcome.click();
    await page.getByRole('button', { name: 'Use this tablet for Year 5 Owls offline' }).click();
    await page.getByText('This tablet can now sign Year 5 Owls in offline.').first().waitFor({ timeout: 60_000 });
    // The library's first books, so the children's cart buttons are on the device.
    await page.goto(`${base}/library`);
    await page
      .getByRole('button', { name: /^Add to cart: / })
      .first()
      .waitFor();
    const books = (await page.locator('.book-title').allTextContents()).slice(0, WRITES).map((title) => ({ title }));
    await page.goto(`${base}/logout`);
    await page.waitForURL(/\/login$/);

    await context.setOffline(true);
    await page.goto(`${base}/login/OWLS5`);
    await page.getByRole('heading', { name: 'Select Your Profile' }).waitFor();

    const handovers: number[] = [];
    const signIns: number[] = [];
    for (const [i, child] of cards.entries()) {
      await page.getByLabel('Find your name').fill(child.username);
      await page
        .getByRole('list', { name: 'Students' })
        .getByRole('button', { name: `${child.first_name} ${child.last_name}` })
        .click();
      await page.getByLabel('Password', { exact: true }).fill(child.password);
      const signInAt = Date.now();
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`${base}/dashboard`);
      signIns.push(Date.now() - signInAt);
      await page.goto(`${base}/library`);
      for (const book of books)
        await page
          .getByRole('button', { name: `Add to cart: ${book.title}` })
          .first()
          .click();
      await page.getByRole('link', { name: new RegExp(`^Cart, ${WRITES} items`) }).waitFor();
      // "I'm finished" is on the child's own screens (their writing). They have seen its tour before.
      await page.evaluate(() => {
        const id = JSON.parse(localStorage.getItem('user')!).id as number;
        localStorage.setItem(`storynest_tour:student-dashboard:${id}`, JSON.stringify({ state: 'skipped', at: Date.now() }));
      });
      await page.goto(`${base}/dashboard`);
      const gotIt = page.getByRole('button', { name: 'Got it' });
      if (await gotIt.isVisible().catch(() => false)) await gotIt.click();
      await page.keyboard.press('Escape');
      await page.getByRole('link', { name: 'I’m finished' }).waitFor();
      const finishedAt = Date.now();
      await page.getByRole('link', { name: 'I’m finished' }).click();
      await page.getByRole('heading', { name: 'Select Your Profile' }).waitFor();
      await page.getByLabel('Find your name').waitFor();
      if (i < cards.length) handovers.push(Date.now() - finishedAt);
    }
    const queued = await deviceCount(page, 'outbox');
    const waitingSignIns = await deviceCount(page, 'offlineSessions');

    // The verifier check as the tablet runs it (PBKDF2-SHA256 in WebCrypto), five times.
    const verifier = await page.evaluate(async (iterations) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const key = await crypto.subtle.importKey('raw', new TextEncoder().encode('kite-moon-47'), 'PBKDF2', false, ['deriveBits']);
        await crypto.subtle.deriveBits(
          { name: 'PBKDF2', hash: 'SHA-256', salt: crypto.getRandomValues(new Uint8Array(16)), iterations },
          key,
          256,
        );
        times.push(performance.now() - started);
      }
      return times;
    }, VERIFIER_ITERATIONS);

    // The network returns: exchanges, then every queued change sent.
    const backAt = Date.now();
    await context.setOffline(false);
    await page.evaluate(() => dispatchEvent(new Event('online')));
    let exchangedMs: number | null = null;
    for (;;) {
      const signInsLeft = await deviceCount(page, 'offlineSessions');
      if (signInsLeft === 0) exchangedMs ??= Date.now() - backAt;
      if ((await deviceCount(page, 'outbox')) === 0 && signInsLeft === 0) break;
      if (Date.now() - backAt > 120_000) break;
      await page.waitForTimeout(100);
    }
    const exchangeMs = Date.now() - backAt;
    const leftInOutbox = await deviceCount(page, 'outbox');

    // On the server: each child's cart holds exactly the 3 books they added (the same 3 for all).
    let exact = 0;
    const wrong: string[] = [];
    let want: string | undefined;
    for (const child of cards) {
      const session = (await call(page, 'POST', '/auth/token/', undefined, { username: child.username, password: child.password })).body;
      const cart = [...((await call(page, 'GET', '/data/cart/', session.access)).body.cart as number[])].sort((a, b) => a - b);
      want ??= cart.length === WRITES ? JSON.stringify(cart) : undefined;
      if (JSON.stringify(cart) === want) exact++;
      else wrong.push(`${child.username}: ${JSON.stringify(cart)}`);
    }

    const result = {
      children: cards.length,
      queued_writes: queued,
      offline_sign_ins: waitingSignIns,
      handover_ms: {
        p50: round(percentile(handovers, 50)),
        p95: round(percentile(handovers, 95)),
        max: round(Math.max(...handovers)),
        budget_p95: BUDGET.handoverP95Ms,
      },
      offline_sign_in_ms: { p50: round(percentile(signIns, 50)), p95: round(percentile(signIns, 95)) },
      verifier_check_ms: { median: round(percentile(verifier, 50)), max: round(Math.max(...verifier)), budget: BUDGET.verifierMs },
      // sign_ins_exchanged: when the last offline sign-in was exchanged (one batched request); total: and every change sent.
      exchange_and_send_ms: { total: exchangeMs, sign_ins_exchanged: exchangedMs, budget: BUDGET.exchangeMs, left_in_outbox: leftInOutbox },
      server_carts: { exact, of: cards.length, wrong },
    };
    const ok =
      result.handover_ms.p95 <= BUDGET.handoverP95Ms &&
      result.verifier_check_ms.median <= BUDGET.verifierMs &&
      exchangeMs <= BUDGET.exchangeMs &&
      leftInOutbox === 0 &&
      exact === cards.length;
    console.log(JSON.stringify({ ...result, ok }, null, 2));
    process.exitCode = ok ? 0 : 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

void main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
