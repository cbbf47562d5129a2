// How many items the cart holds, for the header's badge.
import { db, useLive } from '@/data/db';

export function useCartCount(): number {
  return useLive(() => db.cart.count()) ?? 0;
}
