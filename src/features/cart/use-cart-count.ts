// How many items the cart holds, for the header's badge.
import { db } from '@/data/db';
import { useLive } from '@/data/live';

export function useCartCount(): number {
  return useLive(() => db.cart.count()) ?? 0;
}
