// What the cart holds, for the header's badge, the cart page and each book's button: the
// server-backed cart on the device when signed in, the guest cart otherwise.
import { useSessionUser } from '@/api/use-session';
import { db } from '@/data/db';
import { useLive } from '@/data/live';
import { useGuestCart } from './guest-cart';

/** The book ids in the cart, in the order they were added (undefined while loading). */
export function useCartIds(): number[] | undefined {
  const user = useSessionUser();
  const guest = useGuestCart();
  const mine = useLive(async () => (user ? (await db.cart.orderBy('added_at').toArray()).map((r) => r.item_id) : null), [user?.id]);
  return user ? mine ?? undefined : guest.cart;
}

export function useCartCount(): number {
  return useCartIds()?.length ?? 0;
}
