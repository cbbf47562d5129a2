// The `state` key in localStorage: a guest's cart and the
// search state. Saved debounced at 1 second, restored on start, and reloaded when another tab
// changes it (the storage event). What is read back is checked field by field: a damaged or
// foreign value falls back to an empty cart and search, never a white screen.
import { hasShape } from '@/contract/shape';

export interface CartState {
  cart: number[];
  count: number;
}

export interface SearchResult {
  kind: 'book' | 'story';
  id: number;
  title: string;
  author: string;
  cover: string | null;
  price_cents: number | null;
  currency: string | null;
  /** A story's address (/stories/{slug}); absent on books and on results saved before it existed. */
  slug?: string;
}

export interface SearchState {
  query: string;
  results: SearchResult[];
  loading: boolean;
  error: string | null;
}

export interface PersistedState {
  cart: CartState;
  search: SearchState;
}

export const STATE_KEY = 'state';
export const SAVE_DEBOUNCE_MS = 1000;
/** Search results kept across a reload: enough for the list the box shows. */
export const KEPT_RESULTS = 24;

export const EMPTY_STATE: PersistedState = {
  cart: { cart: [], count: 0 },
  search: { query: '', results: [], loading: false, error: null },
};

const RESULT = {
  kind: ['book', 'story'],
  id: 'number',
  title: 'string',
  author: 'string',
  cover: 'string?',
  price_cents: 'number?',
  currency: 'string?',
  slug: 'string?',
} as const;

/** Reads a stored value; whatever does not fit is dropped. */
export function parseState(raw: string | null): PersistedState {
  if (!raw) return EMPTY_STATE;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    console.warn('The saved cart and search could not be read; starting empty.');
    return EMPTY_STATE;
  }
  const record = (value ?? {}) as { cart?: { cart?: unknown }; search?: unknown };
  const ids = Array.isArray(record.cart?.cart) ? record.cart.cart : [];
  const cart = [...new Set(ids.filter((id): id is number => Number.isSafeInteger(id) && (id as number) > 0))];
  const search = hasShape(record.search, { query: 'string', error: 'string?' }) ? record.search : null;
  const results = search && Array.isArray(search.results) ? search.results.filter((r): r is SearchResult => hasShape(r, RESULT)) : [];
  return {
    cart: { cart, count: cart.length },
    search: search
      ? {
          query: search.query as string,
          results: results.slice(0, KEPT_RESULTS),
          loading: false,
          error: (search.error as string | null) ?? null,
        }
      : EMPTY_STATE.search,
  };
}

export interface PersistedStore {
  get(): PersistedState;
  update(change: (state: PersistedState) => PersistedState): void;
  /** Writes a pending change now (before a navigation that must not lose it). */
  flush(): void;
  /** Takes what storage holds now (another tab's change, or a cleared storage on sign-out). */
  reload(): void;
  subscribe(listener: () => void): () => void;
  /** Follows other tabs' changes to the key; answers the function that stops it. */
  listen(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void;
}

export function createPersistedStore(storage: () => Storage | undefined, debounceMs = SAVE_DEBOUNCE_MS): PersistedStore {
  const read = () => {
    try {
      return parseState(storage()?.getItem(STATE_KEY) ?? null);
    } catch {
      return EMPTY_STATE;
    }
  };
  let state = read();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());

  const save = () => {
    timer = undefined;
    try {
      // A search in flight is saved as settled: a restored page never waits on an old request.
      const { search } = state;
      storage()?.setItem(
        STATE_KEY,
        JSON.stringify({ ...state, search: { ...search, loading: false, results: search.results.slice(0, KEPT_RESULTS) } }),
      );
    } catch (err) {
      // A full disk must not break the page: the failure is logged and the state lives on in memory.
      console.error('Error saving state', err);
    }
  };

  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    save();
  };
  const reload = () => {
    clearTimeout(timer);
    timer = undefined;
    state = read();
    notify();
  };

  return {
    get: () => state,
    update(change) {
      const next = change(state);
      if (next === state) return;
      state = next;
      notify();
      clearTimeout(timer);
      timer = setTimeout(save, debounceMs);
    },
    flush,
    reload,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    listen(target) {
      const onStorage = (e: StorageEvent) => {
        if (e.key === STATE_KEY || e.key === null) reload();
      };
      // A page left within the debounce (a full navigation, a closed tab) still saves.
      const onLeave = () => flush();
      target.addEventListener('storage', onStorage);
      target.addEventListener('pagehide', onLeave);
      return () => {
        target.removeEventListener('storage', onStorage);
        target.removeEventListener('pagehide', onLeave);
      };
    },
  };
}

export const persistedState = createPersistedStore(() => (typeof localStorage === 'undefined' ? undefined : localStorage));
