// The cart's rules, as a pure function: add is ignored when the item
// is present, otherwise appended and the count incremented; remove by item id; clear; and set
// from the server (replaces items and count). The count always equals the list's length.
import type { CartState } from '@/data/persisted-state';

export type CartAction = { type: 'add'; id: number } | { type: 'remove'; id: number } | { type: 'clear' } | { type: 'set'; cart: number[] };

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'add':
      return state.cart.includes(action.id) ? state : { cart: [...state.cart, action.id], count: state.count + 1 };
    case 'remove': {
      if (!state.cart.includes(action.id)) return state;
      const cart = state.cart.filter((id) => id !== action.id);
      return { cart, count: cart.length };
    }
    case 'clear':
      return state.cart.length ? { cart: [], count: 0 } : state;
    case 'set': {
      const cart = [...new Set(action.cart)];
      return { cart, count: cart.length };
    }
  }
}
