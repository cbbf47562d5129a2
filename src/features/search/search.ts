// The Switchboard's search state: the query, its results, whether it is loading and why it
// failed live in the persisted `state`, so they survive a reload. The search itself
// (./search-everywhere) loads with the first search, not with the page.
import { KEPT_RESULTS, persistedState, type SearchState } from '@/data/persisted-state';

export const SEARCH_DEBOUNCE_MS = 500;

export type SearchSource = 'server' | 'device';

export function setSearch(change: Partial<SearchState>) {
  persistedState.update((s) => ({
    ...s,
    search: { ...s.search, ...change, results: (change.results ?? s.search.results).slice(0, KEPT_RESULTS) },
  }));
}
