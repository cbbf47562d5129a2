// Live queries on the device database: re-run whenever the tables they read change, in this tab
// or another. For React screens (useLive) and for the app's wiring (observe).
import { liveQuery } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';

export function useLive<T>(query: () => Promise<T> | T, deps: unknown[] = []): T | undefined {
  return useLiveQuery(query, deps);
}

/** Calls `next` with the query's result now and whenever it changes (here or in another tab). */
export function observe<T>(query: () => Promise<T>, next: (value: T) => void): () => void {
  const subscription = liveQuery(query).subscribe({ next, error: (err) => console.warn('live query failed', err) });
  return () => subscription.unsubscribe();
}
