// Shared helpers for the end-to-end journeys.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import zlib from 'node:zlib';
import axe from 'axe-core';
import { expect, type Page, type Request } from '@playwright/test';

export const site = (tenant?: string) => `http://${tenant ? `${tenant}.` : ''}localhost:${process.env.E2E_PORT}`;

/** Signs in through the API, as the sign-in screen would, and stores the session like the PWA. */
// The request runs inside the page: Node cannot resolve *.localhost, Chromium can.
export async function signInThroughApi(page: Page, username: string, password: string, skipTours = true) {
  return page.evaluate(
    async ({ username, password, skipTours }) => {
      const res = await fetch('/api/auth/token/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { access: string; refresh: string; user: { id: number } };
      localStorage.setItem('accessToken', body.access);
      localStorage.setItem('refreshToken', body.refresh);
      localStorage.setItem('user', JSON.stringify(body.user));
      // The dashboards' first-time tours would cover the screens these journeys drive; the tour
      // journey (tests/e2e/tours.spec.ts) signs in without this.
      if (skipTours) {
        for (const tour of [
          'teacher-dashboard',
          'student-dashboard',
          'school-admin-dashboard',
          'organization-dashboard',
          'platform-dashboard',
        ]) {
          localStorage.setItem(`storynest_tour:${tour}:${body.user.id}`, JSON.stringify({ state: 'skipped', at: Date.now() }));
        }
      }
      return body;
    },
    { username, password, skipTours },
  );
}

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
} as const;

/**
 * Saves a screenshot of the current screen at phone and tablet widths for people to look at.
 * Chromium sometimes never delivers the frame a screenshot waits for (seen twice in full runs on
 * an idle machine, each time holding the journey until its timeout and its browser after it): the
 * page is brought to the front first, each try is bounded, and a picture still missing after a
 * second try is reported, not waited for. Screenshots are for people; the journeys' assertions
 * are elsewhere: they are taken when asked for (`npm run test:screens`, E2E_SCREENSHOTS=1), not in
 * every `npm test` (350 full-page pictures cost the suite minutes).
 */
export async function screenshots(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  mkdirSync('.test-output/screenshots', { recursive: true });
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.bringToFront();
    const path = `.test-output/screenshots/${name}-${label}.png`;
    const shot = () => page.screenshot({ path, fullPage: true, timeout: 15_000 });
    await shot()
      .catch(shot)
      .catch((err: Error) => console.warn(`screenshot ${path} not taken: ${err.message.split('\n')[0]}`));
  }
}

/** axe-core's serious and critical violations on the current screen, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // axe runs in the page itself, collecting only the violations (not every passing node). Its
  // half-megabyte source enters each frame once per document and stays across the app's own
  // navigations: @axe-core/playwright evaluated it twice on every check, which cost more than
  // the check itself on a busy machine. A frame it cannot enter is left out, as the builder did.
  for (const frame of page.frames()) {
    if (await frame.evaluate(() => !('axe' in window)).catch(() => false)) await frame.evaluate(axe.source).catch(() => undefined);
  }
  const { violations } = await page.evaluate((options) => (window as unknown as { axe: typeof axe }).axe.run(document, options), {
    resultTypes: ['violations'],
  } satisfies axe.RunOptions);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

export type Sent = { method: string; path: string; body: unknown };
/** The next change the outbox sends matching `method` and `path`, alone or inside a batch. */
export function nextChange(page: Page, method: string, path: RegExp): Promise<Sent> {
  return new Promise((resolve) => {
    const listener = (r: Request) => {
      const url = new URL(r.url());
      let found: Sent | undefined;
      if (r.method() === method && path.test(url.pathname.replace(/^\/api/, '')))
        found = { method, path: url.pathname, body: JSON.parse(r.postData() ?? 'null') };
      if (r.method() === 'POST' && url.pathname === '/api/outbox/batch/') {
        const batch = JSON.parse(r.postData() ?? '{}') as { entries?: Sent[] };
        found = batch.entries?.find((e) => e.method === method && path.test(e.path));
      }
      if (found) {
        page.context().off('request', listener);
        resolve(found);
      }
    };
    // The context hears the page and its service worker (which may send the queue too).
    page.context().on('request', listener);
  });
}

/** An admin screen: no serious axe violations, then its phone and tablet screenshots (back to desktop width after). */
export async function checkScreen(page: Page, name: string) {
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, name);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * The newest link like `link` (make it name the site, e.g. its subdomain) in the e-mails the
 * server sent (global-setup's SMTP peer writes them to E2E_MAIL_DIR), waiting up to `ms` for one
 * that is not in `seen`.
 */
export async function linkInMail(link: RegExp, seen: string[] = [], ms = 20_000): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const dir = process.env.E2E_MAIL_DIR!;
    const found = readdirSync(dir)
      .sort((a, b) => parseInt(a) - parseInt(b))
      .flatMap((f) => [...readFileSync(join(dir, f), 'utf8').matchAll(new RegExp(link.source, 'g'))].map((m) => m[0]))
      .filter((l) => !seen.includes(l));
    if (found.length) return found[found.length - 1]!;
    if (Date.now() > deadline) throw new Error(`No e-mail with a link like ${link}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A real 64 × 48 PNG (a picture the browser must decode, resize and re-encode). */
export const PNG = (() => {
  const width = 64;
  const height = 48;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set([x * 4, y * 5, 200], y * (width * 3 + 1) + 1 + x * 3);
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([len, Buffer.from(type), data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
})();

/** Fills checkout's delivery address (every book is a printed copy) with a US address. */
export async function fillDeliveryAddress(page: Page, name = 'Ada Parent') {
  await page.getByLabel('Country', { exact: true }).selectOption('US');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Street and house number').fill('12 Garden Lane');
  await page.getByLabel('Town or city').fill('Springfield');
  await page.getByLabel(/^State, province or region/).fill('IL');
  await page.getByLabel(/^Postcode/).fill('62704');
}

/** The first-visit welcome and tours, when they show, are closed (the signed-in child has seen the tour). */
export async function dismissOverlays(page: Page) {
  await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('user') ?? 'null') as { id: number; role: string } | null;
    if (user?.role === 'student') {
      localStorage.setItem(`storynest_tour:student-dashboard:${user.id}`, JSON.stringify({ state: 'skipped', at: Date.now() }));
    }
  });
  const welcome = page.getByRole('button', { name: 'Got it' });
  if (await welcome.isVisible().catch(() => false)) await welcome.click();
  await page.keyboard.press('Escape');
}
