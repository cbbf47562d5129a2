// The Switchboard's search: each pause in typing asks the server (GET /combined/?search=);
// offline, or when the server is slow, the same search runs over the catalogue on the device
// through its word-prefix index.
import { api } from '@/api/client';
import type { SearchResult } from '@/data/persisted-state';
import type { SearchSource } from './search';

/** Past this, the device's answer is shown rather than waiting on the server. */
export const SLOW_SERVER_MS = 1500;
const SHOWN = 12;

type Found = Pick<SearchResult, 'id' | 'title' | 'author' | 'cover'>;

/** Books and stories as the Switchboard lists them, whichever side found them. */
function results(books: (Found & Pick<SearchResult, 'price_cents' | 'currency'>)[], stories: (Found & { slug: string })[]): SearchResult[] {
  return [
    ...books.map(({ id, title, author, cover, price_cents, currency }) => ({
      kind: 'book' as const,
      id,
      title,
      author,
      cover,
      price_cents,
      currency,
    })),
    ...stories.map(({ id, title, author, cover, slug }) => ({
      kind: 'story' as const,
      id,
      title,
      author,
      cover,
      price_cents: null,
      currency: null,
      slug,
    })),
  ];
}

export async function searchOnDevice(query: string): Promise<SearchResult[]> {
  // The device's index loads with the first search, not with the page.
  const { searchCatalogue, searchStories } = await import('@/data/catalogue-index');
  const [books, stories] = await Promise.all([searchCatalogue(query, SHOWN), searchStories(query, SHOWN)]);
  return results(books, stories);
}

async function searchOnServer(query: string, signal: AbortSignal): Promise<SearchResult[]> {
  const { data, response } = await api.GET('/combined/', { params: { query: { search: query, limit: SHOWN } }, signal });
  if (!data || !response.ok) throw new Error(`search answered ${response.status}`);
  return results(data.books, data.stories);
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
