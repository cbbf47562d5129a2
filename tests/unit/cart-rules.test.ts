// The cart's rules (add once, remove by id, clear, set from the server) and the guest cart's
// persistence under `state`: debounced at 1 s, restored on start, reloaded from other tabs, damaged
// values survived.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartReducer } from '@/features/cart/cart-state';
import { createPersistedStore, EMPTY_STATE, parseState, SAVE_DEBOUNCE_MS, STATE_KEY } from '@/data/persisted-state';

describe('cart rules', () => {
  const empty = { cart: [], count: 0 };

  it('appends a new item and increments the count; ignores one already present', () => {
    const one = cartReducer(empty, { type: 'add', id: 7 });
    expect(one).toEqual({ cart: [7], count: 1 });
    const two = cartReducer(one, { type: 'add', id: 3 });
    expect(two).toEqual({ cart: [7, 3], count: 2 });
    expect(cartReducer(two, { type: 'add', id: 7 })).toBe(two);
  });

  it('removes by item id, and ignores an id that is not there', () => {
    const s = { cart: [1, 2, 3], count: 3 };
    expect(cartReducer(s, { type: 'remove', id: 2 })).toEqual({ cart: [1, 3], count: 2 });
    expect(cartReducer(s, { type: 'remove', id: 9 })).toBe(s);
  });

  it('clears, and sets from the server (replacing items and count)', () => {
    const s = { cart: [1, 2], count: 2 };
    expect(cartReducer(s, { type: 'clear' })).toEqual(empty);
    expect(cartReducer(s, { type: 'set', cart: [5, 6, 5, 8] })).toEqual({ cart: [5, 6, 8], count: 3 });
  });

  it('keeps count equal to the number of items over any sequence of actions', () => {
    let s: { cart: number[]; count: number } = empty;
    for (let i = 0; i < 500; i++) {
      const id = (i * 7919) % 13;
      const kind = (i * 31) % 4;
      s = cartReducer(s, kind === 0 ? { type: 'remove', id } : kind === 3 && i % 9 === 0 ? { type: 'clear' } : { type: 'add', id });
      expect(s.count).toBe(s.cart.length);
      expect(new Set(s.cart).size).toBe(s.cart.length);
    }
  });
});

describe('persisted state', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  const store = () => createPersistedStore(() => localStorage);
  const add = (id: number) => (s: typeof EMPTY_STATE) => ({ ...s, cart: cartReducer(s.cart, { type: 'add', id }) });

  it('saves under `state` only once changes have paused for 1 s', () => {
    const s = store();
    s.update(add(1));
    vi.advanceTimersByTime(SAVE_DEBOUNCE_MS - 10);
    s.update(add(2));
    vi.advanceTimersByTime(SAVE_DEBOUNCE_MS - 10);
    expect(localStorage.getItem(STATE_KEY)).toBeNull();
    vi.advanceTimersByTime(20);
    expect(JSON.parse(localStorage.getItem(STATE_KEY)!).cart).toEqual({ cart: [1, 2], count: 2 });
  });

  it('restores the cart and search on start, with no search left loading', () => {
    const s = store();
    s.update((st) => ({
      ...add(4)(st),
      search: {
        query: 'dragon',
        results: [{ kind: 'book', id: 4, title: 'Dragon Days', author: 'A. Writer', cover: '/c.svg', price_cents: 999, currency: 'USD' }],
        loading: true,
        error: null,
      },
    }));
    s.flush();
    const restored = store().get();
    expect(restored.cart).toEqual({ cart: [4], count: 1 });
    expect(restored.search).toMatchObject({ query: 'dragon', loading: false, results: [{ id: 4 }] });
  });

  it('reloads when another tab changes the key, and drops its own unsaved change', () => {
    const s = store();
    const stop = s.listen(window);
    const seen = vi.fn();
    s.subscribe(seen);
    s.update(add(1));
    localStorage.setItem(STATE_KEY, JSON.stringify({ cart: { cart: [9, 8], count: 2 } }));
    window.dispatchEvent(new StorageEvent('storage', { key: STATE_KEY }));
    expect(s.get().cart).toEqual({ cart: [9, 8], count: 2 });
    vi.advanceTimersByTime(5000);
    expect(JSON.parse(localStorage.getItem(STATE_KEY)!).cart.cart).toEqual([9, 8]);
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    expect(seen).toHaveBeenCalledTimes(2);
    stop();
  });

  it('saves at once when the page is left within the pause', () => {
    const s = store();
    const stop = s.listen(window);
    s.update(add(3));
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(localStorage.getItem(STATE_KEY)!).cart.cart).toEqual([3]);
    stop();
  });

  it('reads damaged or foreign values as an empty or cleaned state', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseState('{not json')).toEqual(EMPTY_STATE);
    expect(parseState('42')).toEqual(EMPTY_STATE);
    const cleaned = parseState(
      JSON.stringify({ cart: { cart: [3, '4', -1, 3, 2.5, 6], count: 99 }, search: { query: 'x', results: [{ id: 'bad' }], error: null } }),
    );
    expect(cleaned.cart).toEqual({ cart: [3, 6], count: 2 });
    expect(cleaned.search).toEqual({ query: 'x', results: [], loading: false, error: null });
  });

  it("logs 'Error saving state' when storage is full, and keeps the state in memory", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    const s = createPersistedStore(() => full);
    s.update(add(5));
    vi.advanceTimersByTime(SAVE_DEBOUNCE_MS);
    expect(error).toHaveBeenCalledWith('Error saving state', expect.anything());
    expect(s.get().cart.cart).toEqual([5]);
  });
});
