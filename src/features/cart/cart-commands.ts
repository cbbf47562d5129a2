// Cart commands (SPEC.md section 4, Cart): adding an item that is already there does nothing;
// removing goes by item id. Signed in, each change is saved on the device and queued for the
// server in one step; a guest's cart stays on the device.
import { session } from '@/api/session';
import { db } from '@/data/db';
import { recordChange } from '@/sync/outbox';

export type CartResult = 'saved' | 'unchanged';

export async function addToCart(bookId: number, title: string): Promise<CartResult> {
  const row = { item_id: bookId, added_at: new Date().toISOString() };
  if (!session.user()) {
    const fresh = !(await db.cart.get(bookId));
    if (fresh) await db.cart.put(row);
    return fresh ? 'saved' : 'unchanged';
  }
  if (await db.cart.get(bookId)) return 'unchanged';
  await recordChange([db.cart], () => db.cart.put(row), {
    kind: 'cart.add',
    label: `Add “${title}” to the cart`,
    method: 'POST',
    path: '/data/cart/items/',
    body: { book_id: bookId },
    entityKeys: [`cart:${bookId}`],
    undo: [{ op: 'delete', table: 'cart', key: bookId }],
  });
  return 'saved';
}

export async function removeFromCart(bookId: number, title: string): Promise<CartResult> {
  const before = await db.cart.get(bookId);
  if (!before) return 'unchanged';
  if (!session.user()) {
    await db.cart.delete(bookId);
    return 'saved';
  }
  await recordChange([db.cart], () => db.cart.delete(bookId), {
    kind: 'cart.remove',
    label: `Remove “${title}” from the cart`,
    method: 'DELETE',
    path: `/data/cart/items/${bookId}/`,
    entityKeys: [`cart:${bookId}`],
    undo: [{ op: 'put', table: 'cart', row: before }],
  });
  return 'saved';
}
