// A screen's load from the API, in the load states every screen shows (idle until it asks):
// loading, succeeded or failed. A change of key asks again and drops the earlier answer.
import { useEffect, useState } from 'react';

export type Remote<T> = { status: 'loading' } | { status: 'failed'; error: string } | { status: 'succeeded'; data: T };

/** An answer from openapi-fetch: data, or an error with the server's message. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (data !== undefined && response.ok) return data;
  const message = (error as { message?: string } | undefined)?.message;
  throw new Error(message || `The server answered ${response.status}.`);
}

export function useRemote<T>(key: string | null, load: () => Promise<T>): Remote<T> & { reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string | null; remote: Remote<T> }>({ key, remote: { status: 'loading' } });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    load().then(
      (data) => live && setState({ key, remote: { status: 'succeeded', data } }),
      (err: unknown) => {
        const offline = typeof navigator !== 'undefined' && !navigator.onLine;
        const error = offline
          ? 'You are offline. Please connect to the internet and try again.'
          : err instanceof Error
            ? err.message
            : String(err);
        if (live) setState({ key, remote: { status: 'failed', error } });
      },
    );
    return () => {
      live = false;
    };
    // `load` is a function of the key: a new key (or a retry) is what asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  const remote: Remote<T> = state.key === key ? state.remote : { status: 'loading' };
  return { ...remote, reload: () => setAttempt((n) => n + 1) };
}
