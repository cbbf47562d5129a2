// The device database on demand. Dexie and the schema (about 30 KiB gzipped) are not part of the
// public pages' first load: code that reads the device loads it when it is needed (a user's
// action, a start with no network) or once the page is idle, and until then the page shows
// what the server sent with it.
import { startTransition, useEffect, useState } from 'react';
import { nextTask } from './next-task';
import type { DeviceDatabase } from './db';

let loading: Promise<DeviceDatabase> | undefined;

/** The device database, loading its code the first time it is asked for. */
export function deviceDb(): Promise<DeviceDatabase> {
  // Dexie's code, then the schema, each run in a task of its own.
  loading ??= import('dexie')
    .then(nextTask)
    .then(() => import('./db'))
    .then((m) => m.db);
  return loading;
}

/**
 * A live query (re-run whenever what it read changes) over code loaded on demand. While `load`
 * is null nothing is fetched or run and the answer is undefined; a change of `deps` keeps the
 * last answer on screen until the new one is in.
 */
export function useLiveOnDemand<M, T>(load: (() => Promise<M>) | null, query: (loaded: M) => Promise<T>, deps: unknown[]): T | undefined {
  const [value, setValue] = useState<T>();
  const open = load !== null;
  useEffect(() => {
    if (!load) return;
    let stop: (() => void) | undefined;
    let current = true;
    void Promise.all([load(), import('./live')]).then(([loaded, { observe }]) => {
      // A transition: a large answer (the library's full page) renders in slices, not one long task.
      if (current)
        stop = observe(
          () => query(loaded),
          (value) => startTransition(() => setValue(value)),
        );
    });
    return () => {
      current = false;
      stop?.();
    };
    // The query is rebuilt on every render; what it depends on is `deps`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, ...deps]);
  return value;
}
