// The Switchboard's search: each pause of 500 ms in typing asks the
// server (GET /combined/?search=); offline, or when the server is slow, the same search runs
// over the catalogue on the device through its word-prefix index. The search state (query,
// results, loading, error) lives in the persisted `state`, so it survives a reload.
import { api } from '@/api/client';
import { KEPT_RESULTS, persistedState, type SearchResult, type SearchState } from '@/data/persisted-state';

export const SEARCH_DEBOUNCE_MS = 500;
/** Past this, the device's answer is shown rather than waiting on the server. */
export const SLOW_SERVER_MS = 1500;
const SHOWN = 12;

export type SearchSource = 'server' | 'device';

export async function searchOnDevice(query: string): Promise<SearchResult[]> {
  // The device's index loads with the first search, not with the page.
  const { searchCatalogue, searchStories } = await import('@/data/catalogue-index');
  const [books, stories] = await Promise.all([searchCatalogue(query, SHOWN), searchStories(query, SHOWN)]);
  return [
    ...books.map((b) => ({
      kind: 'book' as const,
      id: b.id,
      title: b.title,
      author: b.author,
      cover: b.cover,
      price_cents: b.price_cents,
      currency: b.currency,
    })),
    ...stories.map((s) => ({
      kind: 'story' as const,
      id: s.id,
      title: s.title,
      author: s.author,
      cover: s.cover,
      price_cents: null,
      currency: null,
      slug: s.slug,
    })),
  ];
}

async function searchOnServer(query: string, signal: AbortSignal): Promise<SearchResult[]> {
  const { data, response } = await api.GET('/combined/', { params: { query: { search: query, limit: SHOWN } }, signal });
  if (!data || !response.ok) throw new Error(`search answered ${response.status}`);
  return [
    ...data.books.map((b) => ({
      kind: 'book' as const,
      id: b.id,
      title: b.title,
      author: b.author,
      cover: b.cover,
      price_cents: b.price_cents,
      currency: b.currency,
    })),
    ...data.stories.map((s) => ({
      kind: 'story' as const,
      id: s.id,
      title: s.title,
      author: s.author,
      cover: s.cover,
      price_cents: null,
      currency: null,
      slug: s.slug,
    })),
  ];
}

/** The server's answer when it comes in time, otherwise the device's. */
export async function searchEverywhere(
  query: string,
  signal: AbortSignal,
  online = navigator.onLine,
): Promise<{ results: SearchResult[]; source: SearchSource }> {
  if (!online) return { results: await searchOnDevice(query), source: 'device' };
  const slow = new AbortController();
  const abort = () => slow.abort();
  signal.addEventListener('abort', abort);
  const timer = setTimeout(abort, SLOW_SERVER_MS);
  try {
    return { results: await searchOnServer(query, slow.signal), source: 'server' };
  } catch (err) {
    if (signal.aborted) throw err;
    return { results: await searchOnDevice(query), source: 'device' };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abort);
  }
}

export function setSearch(change: Partial<SearchState>) {
  persistedState.update((s) => ({
    ...s,
    search: { ...s.search, ...change, results: (change.results ?? s.search.results).slice(0, KEPT_RESULTS) },
  }));
}
