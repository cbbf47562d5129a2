// Cart commands: adding an item that is already there does nothing;
// removing goes by item id. Signed in, each change is saved on the device and queued for the
// server in one step (the outbox); a guest's cart lives in localStorage under `state`, and is
// merged into the server cart when the guest signs in.
import { t } from '@lingui/core/macro';
import { session } from '@/api/session';
import { db } from '@/data/db';
import { persistedState } from '@/data/persisted-state';
import { recordChange } from '@/sync/outbox';
import { changeGuestCart, guestCart } from './guest-cart';

export type CartResult = 'saved' | 'unchanged';

export async function addToCart(bookId: number, title: string): Promise<CartResult> {
  if (!session.user()) return changeGuestCart({ type: 'add', id: bookId }) ? 'saved' : 'unchanged';
  if (await db.cart.get(bookId)) return 'unchanged';
  const row = { item_id: bookId, added_at: new Date().toISOString() };
  await recordChange([db.cart], () => db.cart.put(row), {
    kind: 'cart.add',
    label: t`Add “${title}” to the cart`,
    method: 'POST',
    path: '/data/cart/items/',
    body: { book_id: bookId },
    entityKeys: [`cart:${bookId}`],
    undo: [{ op: 'delete', table: 'cart', key: bookId }],
  });
  return 'saved';
}

export async function removeFromCart(bookId: number, title: string): Promise<CartResult> {
  if (!session.user()) return changeGuestCart({ type: 'remove', id: bookId }) ? 'saved' : 'unchanged';
  const before = await db.cart.get(bookId);
  if (!before) return 'unchanged';
  await recordChange([db.cart], () => db.cart.delete(bookId), {
    kind: 'cart.remove',
    label: t`Remove “${title}” from the cart`,
    method: 'DELETE',
    path: `/data/cart/items/${bookId}/`,
    entityKeys: [`cart:${bookId}`],
    undo: [{ op: 'put', table: 'cart', row: before }],
  });
  return 'saved';
}

/**
 * After a paid order: the bought books leave the cart. The server has already taken them out
 * of a signed-in buyer's cart, so only the device's copy changes here.
 */
export async function removeBought(bookIds: number[]): Promise<void> {
  if (!session.user()) {
    for (const id of bookIds) changeGuestCart({ type: 'remove', id });
    persistedState.flush();
    return;
  }
  await db.cart.bulkDelete(bookIds);
}

/**
 * At sign-in the guest's cart joins the user's (each book queued like any other addition, so it
 * reaches the server even if the sign-in happened offline), then the guest cart is emptied.
 * Answers how many books were added.
 */
export async function mergeGuestCart(): Promise<number> {
  const { cart } = guestCart();
  if (!session.user() || !cart.length) return 0;
  const books = await db.books.bulkGet(cart);
  let added = 0;
  for (const [i, id] of cart.entries()) {
    if ((await addToCart(id, books[i]?.title ?? t`Book ${id}`)) === 'saved') added++;
  }
  changeGuestCart({ type: 'clear' });
  persistedState.flush();
  return added;
}
