// A fetch that signs requests with the stored access token and, on a 401 while a user is
// stored, refreshes the token once and retries the request once (SPEC.md section 4, Session).
// A failed refresh ends the session: storage is cleared and `onExpired` decides what the user sees.
import { REFRESH_LOCK_WAIT_MS, refreshLockName } from '@/sync/credentials';
import { session } from './session';

export type Fetch = (input: Request, init?: RequestInit) => Promise<Response>;

/** The part of the Web Locks API used to refresh one tab at a time. */
export interface RefreshLocks {
  request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T>;
}

export interface AuthFetchOptions {
  /** The network; injectable for tests. */
  fetch: Fetch;
  /** Web Locks (navigator.locks): one refresh at a time across tabs. */
  locks?: RefreshLocks;
  /** Absolute or root-relative URL of POST /auth/token/refresh/. */
  refreshUrl: string;
  onExpired: () => void;
}

function withBearer(request: Request): Request {
  const token = session.accessToken();
  if (!token) return request;
  const signed = new Request(request);
  signed.headers.set('Authorization', `Bearer ${token}`);
  return signed;
}

export function createAuthFetch(options: AuthFetchOptions): Fetch {
  // Requests that fail together wait for one refresh rather than each sending their own.
  let refreshing: Promise<string | null> | null = null;

  async function refreshAccess(): Promise<string | null> {
    const refresh = session.refreshToken();
    if (!refresh) return null;
    try {
      const res = await options.fetch(
        new Request(options.refreshUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ refresh }),
        }),
      );
      if (!res.ok) return null;
      const body = (await res.json()) as { access?: unknown };
      if (typeof body.access !== 'string') return null;
      session.setAccessToken(body.access);
      return body.access;
    } catch {
      return null;
    }
  }

  /** Refreshes, unless another tab did while we waited for the lock (then its token is used). */
  async function refreshOnce(stale: string | null): Promise<string | null> {
    const fresh = () => {
      const current = session.accessToken();
      return current && current !== stale ? Promise.resolve(current) : refreshAccess();
    };
    if (!options.locks) return fresh();
    try {
      // The same lock the sync engine takes to refresh this user's token: one refresh at a time.
      const lock = refreshLockName(session.user()?.id ?? 0);
      return await options.locks.request(lock, { signal: AbortSignal.timeout(REFRESH_LOCK_WAIT_MS) }, fresh);
    } catch {
      return fresh(); // a frozen tab holds the lock: refresh tokens are not rotated, so go ahead
    }
  }

  return async (input, init) => {
    const request = new Request(input, init);
    const retry = request.clone();
    const stale = session.accessToken();
    const response = await options.fetch(withBearer(request));
    if (response.status !== 401 || !session.user()) return response;

    refreshing ??= refreshOnce(stale).finally(() => {
      refreshing = null;
    });
    const access = await refreshing;
    if (!access) {
      session.clear();
      options.onExpired();
      return response;
    }
    return options.fetch(withBearer(retry));
  };
}
