// What the cart holds, for the header's badge, the cart page and each book's button: the
// server-backed cart on the device when signed in, the guest cart otherwise.
import { useSessionUser } from '@/api/use-session';
import { deviceDb, useLiveOnDemand } from '@/data/on-demand';
import { useGuestCart } from './guest-cart';

/** The book ids in the cart, in the order they were added (undefined while loading). */
export function useCartIds(): number[] | undefined {
  const user = useSessionUser();
  const guest = useGuestCart();
  // A guest's cart needs no device database, so its code is not loaded for them.
  const mine = useLiveOnDemand(user ? deviceDb : null, async (db) => (await db.cart.orderBy('added_at').toArray()).map((r) => r.item_id), [
    user?.id,
  ]);
  return user ? mine : guest.cart;
}

export function useCartCount(): number {
  return useCartIds()?.length ?? 0;
}
