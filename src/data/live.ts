// Live queries on the device database for React screens: re-run whenever the tables read change.
import { useLiveQuery } from 'dexie-react-hooks';

export function useLive<T>(query: () => Promise<T> | T, deps: unknown[] = []): T | undefined {
  return useLiveQuery(query, deps);
}
