// Offline writes for real: changes made with the network off survive a reload and a closed
// page, reach the server exactly once and in order when it returns, and a change the server
// refuses is shown with the server's message.
import { expect, test, type Page } from '@playwright/test';
import { screenshots, signInThroughApi, site } from './support';

const base = site('greenfield');

const syncButton = (page: Page) => page.getByRole('button', { name: /show sync details/ });

async function serverCart(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const res = await fetch('/api/data/cart/', { headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` } });
    return ((await res.json()) as { cart: number[] }).cart;
  });
}

test('three changes made offline are kept through a reload and a closed page, then sent once, in order', async ({ browser }) => {
  const context = await browser.newContext();
  let page = await context.newPage();
  await page.goto(`${base}/library`);
  await signInThroughApi(page, 'teacher@greenfield.example', 'Teach-demo-1');
  await page.reload();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(syncButton(page)).toContainText('All saved');
  const addButtons = page.getByRole('button', { name: /^Add to cart: / });
  await expect(addButtons.first()).toBeVisible();
  const titles = await page.locator('.book-title').allTextContents();
  const [first, second] = titles as [string, string];
  expect(await serverCart(page)).toEqual([]);

  await context.setOffline(true);
  await page.getByRole('button', { name: `Add to cart: ${first}` }).click();
  await expect(page.getByText('Saved on this device; it will be sent when you are back online.').first()).toBeVisible();
  await page.getByRole('button', { name: `Add to cart: ${second}` }).click();
  await page.getByRole('link', { name: /^Cart, 2 items/ }).click();
  await page.getByRole('button', { name: `Remove ${first} from cart` }).click();
  await expect(syncButton(page)).toContainText('Offline · 3 unsent');

  // Still offline: a reload shows the changes and the count.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your cart' })).toBeVisible();
  await expect(page.getByText(second)).toBeVisible();
  await expect(syncButton(page)).toContainText('Offline · 3 unsent');
  await syncButton(page).click();
  await expect(page.getByRole('region', { name: 'Sync details' }).getByText(`Add “${first}” to the cart`)).toBeVisible();
  await screenshots(page, 'sync-panel-offline');

  // The page is closed and opened again, then the network returns.
  await page.close();
  page = await context.newPage();
  await page.goto(`${base}/cart`);
  await expect(syncButton(page)).toContainText('Offline · 3 unsent');
  await context.setOffline(false);
  await expect(syncButton(page)).toContainText('All saved', { timeout: 20_000 });

  // Exactly once and in order: add, add, remove leaves only the second book. A repeated or
  // reordered "add" of the first would bring it back.
  const ids = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('storynest');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const rows = await new Promise<{ item_id: number }[]>((resolve) => {
      const req = db.transaction('cart').objectStore('cart').getAll();
      req.onsuccess = () => resolve(req.result as { item_id: number }[]);
    });
    db.close();
    return rows.map((r) => r.item_id);
  });
  expect(ids).toHaveLength(1);
  expect(await serverCart(page)).toEqual(ids);
  await context.close();
});

test('a change the server refuses is shown with its message, and can be discarded', async ({ page }) => {
  await page.goto(`${base}/library`);
  await signInThroughApi(page, 'amara.okafor', 'kite-7');
  await page.reload();
  await expect(syncButton(page)).toContainText('All saved');
  await expect(page.getByRole('button', { name: /^Add to cart: / }).first()).toBeVisible();
  // A book the device still lists but the school has since withdrawn.
  await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve) => {
      const open = indexedDB.open('storynest');
      open.onsuccess = () => resolve(open.result);
    });
    await new Promise<void>((resolve) => {
      const tx = db.transaction('books', 'readwrite');
      tx.objectStore('books').put({
        id: 99_999_999,
        title: 'Aardvark Adventures',
        author: 'A. Nobody',
        description: '',
        price_cents: 500,
        currency: 'USD',
        cover: '/favicon.svg',
        category_id: null,
        kind: 'book',
        words: ['aardvark', 'adventures'],
        updated_at: '2026-01-01',
      });
      tx.oncomplete = () => resolve();
    });
    db.close();
  });
  await page.goto(`${base}/library?search=aardvark`);
  await page.getByRole('button', { name: 'Add to cart: Aardvark Adventures' }).click();
  await expect(syncButton(page)).toContainText('1 not sent', { timeout: 20_000 });
  await syncButton(page).click();
  const panel = page.getByRole('region', { name: 'Sync details' });
  await expect(panel.getByText('Not saved: This book is no longer available.')).toBeVisible();
  await screenshots(page, 'sync-panel-failed');
  await panel.getByRole('button', { name: 'Discard' }).click();
  await expect(syncButton(page)).toContainText('All saved');
  await expect(page.getByRole('button', { name: 'Add to cart: Aardvark Adventures' })).toBeVisible();
});
