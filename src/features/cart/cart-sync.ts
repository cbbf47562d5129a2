// The signed-in cart from the server ("set from server"), except items whose own changes are
// still waiting to be sent: those keep their local state until the server has them.
import { getJson } from '@/api/client';
import { db } from '@/data/db';
import { writeAroundQueued } from '@/sync/pull';

export async function syncCart(): Promise<void> {
  const { cart } = await getJson<{ cart: number[] }>('/data/cart/');
  const onServer = new Set(cart);
  await writeAroundQueued(db, [db.cart], 'cart', async (mine) => {
    const local = await db.cart.toArray();
    const here = new Set(local.map((i) => i.item_id));
    await db.cart.bulkDelete(local.filter((i) => !onServer.has(i.item_id) && !mine.has(String(i.item_id))).map((i) => i.item_id));
    const now = new Date().toISOString();
    await db.cart.bulkPut(cart.filter((id) => !here.has(id) && !mine.has(String(id))).map((item_id) => ({ item_id, added_at: now })));
  });
}
