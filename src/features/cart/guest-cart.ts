// A guest's cart: kept in localStorage under `state` (not on the server, not in IndexedDB),
// changed only through the cart rules.
import { useSyncExternalStore } from 'react';
import { persistedState, type CartState } from '@/data/persisted-state';
import { cartReducer, type CartAction } from './cart-state';

/** Applies a cart rule to the guest cart; true when something changed. */
export function changeGuestCart(action: CartAction): boolean {
  const before = persistedState.get().cart;
  persistedState.update((s) => {
    const cart = cartReducer(s.cart, action);
    return cart === s.cart ? s : { ...s, cart };
  });
  return persistedState.get().cart !== before;
}

export const guestCart = (): CartState => persistedState.get().cart;

export function useGuestCart(): CartState {
  return useSyncExternalStore(persistedState.subscribe, guestCart, guestCart);
}
