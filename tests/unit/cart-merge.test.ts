// A guest's cart at sign-in: every book joins the user's cart through the outbox (so it reaches
// the server even offline), books already there are not queued twice, and the guest cart empties.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/data/db';
import { persistedState, STATE_KEY } from '@/data/persisted-state';
import { addToCart, mergeGuestCart, removeFromCart } from '@/features/cart/cart-commands';
import { guestCart } from '@/features/cart/guest-cart';
import { startDeviceSession } from '@/sync/device-session';

const USER = {
  id: 42,
  first_name: 'Pat',
  last_name: 'Parent',
  email: 'p@example.com',
  username: null,
  role: 'teacher',
  avatar: null,
  country: null,
  tenant_id: 1,
};

function signInLocally() {
  localStorage.setItem('accessToken', 'a');
  localStorage.setItem('refreshToken', 'r');
  localStorage.setItem('user', JSON.stringify(USER));
}

beforeEach(async () => {
  localStorage.clear();
  persistedState.reload();
  await Promise.all([db.cart.clear(), db.outbox.clear(), db.meta.clear(), db.credentials.clear()]);
});
afterEach(() => localStorage.clear());

describe('guest cart', () => {
  it('lives in localStorage under state, not in the device database', async () => {
    expect(await addToCart(11, 'Eleven')).toBe('saved');
    expect(await addToCart(11, 'Eleven')).toBe('unchanged');
    expect(await addToCart(12, 'Twelve')).toBe('saved');
    expect(await removeFromCart(11, 'Eleven')).toBe('saved');
    persistedState.flush();
    expect(JSON.parse(localStorage.getItem(STATE_KEY)!).cart).toEqual({ cart: [12], count: 1 });
    expect(await db.cart.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('is merged into the signed-in cart through the outbox, then emptied', async () => {
    await addToCart(1, 'One');
    await addToCart(2, 'Two');
    await addToCart(3, 'Three');
    signInLocally();
    await startDeviceSession({ ownerId: USER.id, tenant: 'greenfield', refresh: 'r', access: 'a' });
    // Book 2 was already in the user's cart (synced from the server earlier).
    await db.cart.put({ item_id: 2, added_at: new Date(0).toISOString() });

    expect(await mergeGuestCart()).toBe(2);
    expect((await db.cart.toArray()).map((r) => r.item_id).sort()).toEqual([1, 2, 3]);
    const queued = await db.outbox.orderBy('created_at').toArray();
    expect(queued.map((e) => [e.method, e.path, e.body, e.owner_id])).toEqual([
      ['POST', '/data/cart/items/', { book_id: 1 }, USER.id],
      ['POST', '/data/cart/items/', { book_id: 3 }, USER.id],
    ]);
    expect(guestCart()).toEqual({ cart: [], count: 0 });
    expect(JSON.parse(localStorage.getItem(STATE_KEY)!).cart.cart).toEqual([]);
    // Nothing left to merge: a second sign-in event queues nothing.
    expect(await mergeGuestCart()).toBe(0);
  });
});
