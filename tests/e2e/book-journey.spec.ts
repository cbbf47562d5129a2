// A class book's whole life in Chromium (issue 13's proof): the teacher's class book of six pages
// and a cover picture (made through the maker's API as a device would send it), on sale with that
// cover and by its class, sent to the school from the maker's
// screen; the school admin publishes it with a price and a charity cause; a parent buys a printed
// copy with the card sandbox and follows the sandbox printer's steps on /trackorder; the charity's
// total grows on its public page; the parent's delivery address reaches the sandbox printer and
// shows on tracking; the print-ready PDF has the cover and six pages at A5 plus
// bleed; the parent reads the book, then again with no network. A catalogue book's page does not
// ask for reader pages.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import * as Y from 'yjs';
import { setInfo } from '../../src/contract/book-document';
import { addTextPage } from '../support/book-doc';
import { b64 } from '../support/ydoc';
import { PNG, screenshots, seriousViolations, signInThroughApi, site, fillDeliveryAddress } from './support';

const base = site('greenfield');
const mmToPt = (mm: number) => (mm * 72) / 25.4;
const CHARITY = 'books-for-every-child';

/** The signed-in user's call to the API from the page (its bearer token). */
const call = <T>(page: Page, path: string, method = 'GET', body?: object) =>
  page.evaluate(
    async ({ path, method, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('accessToken')}`,
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as T };
    },
    { path, method, body },
  );

async function signedIn(browser: Browser, username: string, password: string) {
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 } });
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await signInThroughApi(page, username, password);
  await page.evaluate(() => localStorage.setItem('dashboard_welcome_dismissed', 'true'));
  return { context, page };
}

const raised = async (page: Page) => (await call<{ raised_cents: number }>(page, `/charities/${CHARITY}/`)).body.raised_cents;

test('a class book is made, published with a cause, bought in print, printed, and read offline', async ({ browser }) => {
  test.setTimeout(180_000);
  const title = `Our Class Zoo ${Date.now().toString(36)}`;

  // The teacher's class book: six pages, as the maker's device sends them.
  const teacher = await signedIn(browser, 'teacher@greenfield.example', 'Teach-demo-1');
  const t = teacher.page;
  const classes = await call<{ results: { id: number; class_id: string }[] }>(t, '/v1/teacher/school-classes/');
  const robins = classes.body.results.find((c) => c.class_id === 'ROBINS4')!;
  const slug = `our-class-zoo-${Date.now().toString(36)}`;
  expect((await call(t, '/book-drafts/', 'POST', { slug, title, class_id: robins.id })).status).toBe(201);
  const ydoc = new Y.Doc();
  const before = Y.encodeStateVector(ydoc);
  setInfo(ydoc, { title });
  const info = Y.encodeStateAsUpdate(ydoc, before);
  const pages = [
    'Amara met a lion.',
    'The lion yawned.',
    'Ben fed the goats.',
    'A goat ate his hat.',
    'We saw the penguins.',
    'Then we went home.',
  ].map((text) => addTextPage(ydoc, text));
  const saved = await call<{ id: number; page_count: number }>(t, `/book-drafts/${slug}/document/`, 'PUT', {
    update: b64(Y.mergeUpdates([info, ...pages])),
  });
  expect(saved.status).toBe(200);
  expect(saved.body.page_count).toBe(6);
  const bookId = saved.body.id;

  // The teacher sends it to the school from the maker's screen.
  await t.goto(`${base}/uploadbook/${slug}`);
  await expect(t.getByRole('button', { name: /^Page 6/ })).toBeVisible({ timeout: 20_000 });
  await t.getByRole('button', { name: 'Send to the school' }).click();
  await expect(t.getByText('Your book was sent to the school.')).toBeVisible();
  await expect
    .poll(async () => (await call<{ status: string }>(t, `/book-drafts/${slug}/`)).body.status, { timeout: 30_000 })
    .toBe('submitted');
  // The teacher adds its cover picture while it waits for the school (sent first, as the maker sends
  // every picture): without one it could not go on sale.
  const cover = crypto.randomUUID();
  const sent = await t.evaluate(
    async ({ cover, png }) => {
      const form = new FormData();
      form.append('id', cover);
      form.append('width', '64');
      form.append('height', '48');
      form.append('file', new File([Uint8Array.from(png)], 'cover.png', { type: 'image/png' }));
      const res = await fetch('/api/pictures/', {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
        body: form,
      });
      return res.status;
    },
    { cover, png: Array.from(PNG) },
  );
  expect(sent).toBe(201);
  const withCover = Y.encodeStateVector(ydoc);
  setInfo(ydoc, { cover });
  const covered = await call(t, `/book-drafts/${slug}/document/`, 'PUT', { update: b64(Y.encodeStateAsUpdate(ydoc, withCover)) });
  expect(covered.status).toBe(200);
  await teacher.context.close();

  // The school admin publishes it with a price and a charity cause.
  const head = await signedIn(browser, 'head@greenfield.example', 'Head-demo-1');
  const h = head.page;
  await h.goto(`${base}/admin-school/books?id=${bookId}`);
  await expect(h.getByRole('heading', { level: 1, name: 'Publish book' })).toBeVisible();
  await expect(h.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  await h.getByLabel('Price').fill('6.00');
  await h.getByLabel('Currency').selectOption('USD');
  await h.getByLabel('Charity cause (receives half of each sale)').selectOption({ label: 'Books for Every Child' });
  await h.getByLabel('Description').fill('Year 4 Robins visit the zoo, page by page.');
  await h.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(h.getByText('Book published successfully!')).toBeVisible();
  const raisedBefore = await raised(h);

  // A parent buys a printed copy with the card sandbox.
  const parent = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const p = await parent.newPage();
  // A catalogue book's page never asks for reader pages; the class book's does.
  const readerAsks: string[] = [];
  p.on('request', (r) => void (r.url().includes('/api/book-reading/') && readerAsks.push(new URL(r.url()).pathname)));
  await p.goto(`${base}/library`);
  const shelf = await p.evaluate(
    async () => (await (await fetch('/api/books/?limit=1000')).json()) as { results: { id: number; book_kind: string }[] },
  );
  const catalogueBook = shelf.results.find((b) => b.book_kind === 'catalogue')!;
  expect(shelf.results.find((b) => b.id === bookId)?.book_kind).toBe('made');
  await p.goto(`${base}/library/${catalogueBook.id}`);
  await expect(p.getByRole('link', { name: /^Report a problem/ })).toBeVisible();
  await p.goto(`${base}/library/${bookId}`);
  await expect(p.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // On sale with the cover the teacher chose, and by the class, not the teacher.
  const listed = p.locator(`img[src="/api/pictures/${cover}/"]`).first();
  await expect(listed).toBeVisible();
  await expect.poll(() => listed.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(p.getByText('Year 4 Robins').first()).toBeVisible();
  await screenshots(p, 'book-journey-cover-on-sale');
  await expect(p.getByRole('link', { name: 'Read this book' })).toBeVisible();
  expect(readerAsks).toEqual([`/api/book-reading/${bookId}/`]);
  await p.getByRole('button', { name: `Add to cart: ${title}` }).click();
  await expect.poll(() => p.evaluate(() => JSON.parse(localStorage.getItem('state') ?? '{}').cart?.count)).toBe(1);
  await p.goto(`${base}/checkout`);
  await p.getByLabel('Email for your receipt').fill('parent@example.com');
  await fillDeliveryAddress(p);
  await p.getByRole('radio', { name: /^Card/ }).check();
  await p.getByRole('button', { name: /^Pay / }).click();
  await p.getByRole('button', { name: 'Approve' }).click();
  await expect(p).toHaveURL(/\/stripe-payment\/success\?order=/);
  const orderId = Number(new URL(p.url()).searchParams.get('order'));

  // The sandbox printer moves the copy on; /trackorder shows each step.
  await p.getByRole('link', { name: 'Track your order' }).click();
  const steps = p.getByRole('list', { name: 'Where your order is' });
  // Tracking shows where the copy goes.
  await expect(p.getByRole('heading', { name: 'Delivery address' })).toBeVisible();
  await expect(p.getByText('12 Garden Lane')).toBeVisible();
  await expect(steps.locator('[aria-current="step"]')).toContainText('Paid');
  // The sandbox printer's next step is pressed by a platform admin.
  const nextPrintStep = () =>
    p.evaluate(async (id) => {
      const signIn = await fetch('/api/auth/token/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin@example.com', password: 'Admin-demo-1' }),
      });
      const { access } = (await signIn.json()) as { access: string };
      return (await fetch(`/api/print/sandbox/${id}/advance/`, { method: 'POST', headers: { authorization: `Bearer ${access}` } })).status;
    }, orderId);
  await expect.poll(nextPrintStep, { timeout: 20_000 }).toBe(200);
  await p.reload();
  await expect(steps.locator('[aria-current="step"]')).toContainText('With the printer');
  // The printer's stand-in (the sandbox provider) was handed the address the parent typed.
  const key = new URL(p.url()).searchParams.get('key')!;
  const printer = await p.evaluate(
    async ({ id, key }) => (await fetch(`/api/print/sandbox/${id}/?key=${encodeURIComponent(key)}`)).json(),
    { id: orderId, key },
  );
  expect(printer).toMatchObject({
    order_id: orderId,
    address: { name: 'Ada Parent', line1: '12 Garden Lane', city: 'Springfield', region: 'IL', postcode: '62704', country: 'US' },
  });
  expect(await nextPrintStep()).toBe(200);
  expect(await nextPrintStep()).toBe(200);
  await p.reload();
  await expect(steps.locator('[aria-current="step"]')).toContainText('Shipped');
  expect(await seriousViolations(p)).toEqual([]);
  await screenshots(p, 'book-journey-shipped');

  // The charity's total grows by its share of the sale, on its public page too.
  await expect.poll(() => raised(h), { timeout: 20_000 }).toBeGreaterThan(raisedBefore);
  const raisedAfter = await raised(h);
  await p.goto(`${base}/charities/${CHARITY}/`);
  await expect(p.getByText(`$${(raisedAfter / 100).toFixed(2)}`, { exact: true }).first()).toBeVisible();

  // The print-ready PDF: the cover and the six pages, A5 plus 3 mm bleed.
  const pdf = await h.evaluate(async (id) => {
    const res = await fetch(`/api/books/${id}/print.pdf`, { headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` } });
    return Array.from(new Uint8Array(await res.arrayBuffer()));
  }, bookId);
  const doc = await PDFDocument.load(Uint8Array.from(pdf));
  expect(doc.getPageCount()).toBe(7);
  expect(doc.getPage(0).getSize().width).toBeCloseTo(mmToPt(148 + 6), 1);
  expect(doc.getPage(0).getSize().height).toBeCloseTo(mmToPt(210 + 6), 1);
  await head.context.close();

  // The parent reads the book, then again with no network.
  await p.goto(`${base}/library/${bookId}`);
  await p.evaluate(() => navigator.serviceWorker.ready);
  await p.getByRole('link', { name: 'Read this book' }).click();
  await expect(p.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await p.getByRole('button', { name: 'Next page' }).click();
  await expect(p.getByText('Page 1 of 6')).toBeVisible();
  await p.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await parent.setOffline(true);
  await p.reload();
  await expect(p.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await p.getByRole('button', { name: 'Next page' }).click();
  await expect(p.getByRole('article', { name: 'Page 1' })).toContainText('Amara met a lion.');
  await screenshots(p, 'book-journey-read-offline');
  await parent.close();
});
