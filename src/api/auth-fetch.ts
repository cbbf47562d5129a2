// A fetch that signs requests with the stored access token and, on a 401 while a user is stored,
// refreshes the token once and retries the request once (a request is never retried twice). Refresh
// tokens rotate on every use, so the refresh goes through the user's sync credential
// (src/sync/credentials.ts): one refresh at a time across tabs and the service worker (Web Locks),
// the newest refresh token re-read after taking the lock, the next one stored before letting go;
// the page's localStorage copy follows. A refused refresh ends the session: storage is cleared (the
// device session then ends too, wiping the user's data) and `onExpired` decides what the user sees.
// An unreachable server ends nothing: the 401 is answered and a later request tries again.
import type { RefreshResult } from '@/sync/credentials';
import { session } from './session';

export type Fetch = (input: Request, init?: RequestInit) => Promise<Response>;

/** The part of the Web Locks API used to refresh one tab at a time. */
export interface RefreshLocks {
  request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T>;
}

export interface AuthFetchOptions {
  /** The network; injectable for tests. */
  fetch: Fetch;
  /**
   * Refreshes `ownerId`'s session whose access token `stale` was refused (refreshOwner, bound
   * to the device database, the network and Web Locks). `fallback`: the page's refresh token,
   * for a session the device database does not hold.
   */
  refresh: (ownerId: number, stale: string | null, fallback: string | null) => Promise<RefreshResult>;
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
  let refreshing: Promise<RefreshResult> | null = null;

  async function refreshOnce(ownerId: number, stale: string | null): Promise<RefreshResult> {
    const result = await options.refresh(ownerId, stale, session.refreshToken());
    // Still the same user (no sign-out or other sign-in meanwhile): keep the page's copy current.
    if (result.kind === 'ok' && session.user()?.id === ownerId) session.setTokens(result.access, result.refresh);
    return result;
  }

  return async (input, init) => {
    const request = new Request(input, init);
    const retry = request.clone();
    const stale = session.accessToken();
    const response = await options.fetch(withBearer(request));
    const user = session.user();
    if (response.status !== 401 || !user) return response;

    refreshing ??= refreshOnce(user.id, stale).finally(() => {
      refreshing = null;
    });
    const result = await refreshing;
    if (result.kind === 'unreachable') return response;
    if (result.kind === 'refused') {
      if (session.user()?.id === user.id) {
        session.clear();
        options.onExpired();
      }
      return response;
    }
    return options.fetch(withBearer(retry));
  };
}
