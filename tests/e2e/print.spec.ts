// A printed copy, in Chromium against the real server: a parent (a guest with an e-mail) buys a
// book with the card sandbox; the sandbox print provider accepts the paid order and its signed
// callbacks move it on; /trackorder shows each step. The book's print-ready PDF is read back.
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { screenshots, seriousViolations, site, fillDeliveryAddress } from './support';

const base = site('greenfield');
const mmToPt = (mm: number) => (mm * 72) / 25.4;

/** The sandbox printer's "next step" (its signed callback to the server), pressed by a platform admin from the school's site. */
async function nextPrintStep(page: Page, orderId: number): Promise<number> {
  return page.evaluate(async (id) => {
    const signIn = await fetch('/api/auth/token/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@example.com', password: 'Admin-demo-1' }),
    });
    const { access } = (await signIn.json()) as { access: string };
    return (await fetch(`/api/print/sandbox/${id}/advance/`, { method: 'POST', headers: { authorization: `Bearer ${access}` } })).status;
  }, orderId);
}

test('a parent buys a printed copy and follows it from the printer to the post', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.goto(`${base}/library`);
  const add = page.getByRole('button', { name: /^Add to cart: / }).first();
  const title = (await add.getAttribute('aria-label'))!.replace(/^Add to cart: /, '');
  await add.click();
  // The cart is saved on the device after a short pause; then checkout finds it.
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('state') ?? '{}').cart?.count)).toBe(1);
  await page.goto(`${base}/checkout`);
  await page.getByLabel('Email for your receipt').fill('parent@example.com');
  await fillDeliveryAddress(page);
  await page.getByRole('radio', { name: /^Card/ }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/stripe-payment\/success\?order=/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));

  await page.getByRole('link', { name: 'Track your order' }).click();
  await expect(page).toHaveURL(new RegExp(`/trackorder/${orderId}\\?key=`));
  const steps = page.getByRole('list', { name: 'Where your order is' });
  await expect(steps.getByRole('listitem')).toHaveText([/Order placed/, /Paid/, /With the printer/, /Printed/, /Shipped/]);
  await expect(steps.locator('[aria-current="step"]')).toContainText('Paid');
  await expect(page.getByText(title)).toBeVisible();

  // The payment handed the order to the printer in the background; then each step is a callback.
  await expect.poll(() => nextPrintStep(page, orderId), { timeout: 20_000 }).toBe(200);
  await page.reload();
  await expect(steps.locator('[aria-current="step"]')).toContainText('With the printer');
  await expect(steps.getByText('Queued for processing')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'print-track-queued');

  expect(await nextPrintStep(page, orderId)).toBe(200);
  expect(await nextPrintStep(page, orderId)).toBe(200);
  // Past the last step there is nothing more to send.
  expect(await nextPrintStep(page, orderId)).toBe(409);
  await page.reload();
  await expect(steps.locator('[aria-current="step"]')).toContainText('Shipped');
  await expect(steps.locator('li.done')).toHaveCount(5);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'print-track-shipped');

  // The platform admin reads the book's print-ready PDF: cover and page, A5 plus 3 mm bleed.
  const signIn = await request.post(`${site()}/api/auth/token/`, { data: { username: 'admin@example.com', password: 'Admin-demo-1' } });
  const auth = { authorization: `Bearer ${(await signIn.json()).access}` };
  const order = await (await request.get(`${site()}/api/api-super-admin/orders/${orderId}/`, { headers: auth })).json();
  expect(order).toMatchObject({ print_status: 'shipped', print_job: { attempts: 1, last_error: null }, items: [{ title }] });
  const res = await request.get(`${site()}/api/books/${order.items[0].book_id}/print.pdf`, { headers: auth });
  expect(res.status()).toBe(200);
  const pdf = await PDFDocument.load(await res.body());
  expect(pdf.getPageCount()).toBe(2);
  const size = pdf.getPage(0).getSize();
  expect(size.width).toBeCloseTo(mmToPt(148 + 6), 1);
  expect(size.height).toBeCloseTo(mmToPt(210 + 6), 1);
});
