// The one door to the REST API: openapi-fetch, typed from openapi/openapi.json, with the
// bearer token and the refresh-once rule. Screens call `api.GET('/path', ...)`, never fetch.
import createClient from 'openapi-fetch';
import type { LockManagerLike } from '@/sync/leader';
import { createAuthFetch, type Fetch } from './auth-fetch';
import { DEVICE_HEADER } from '@/contract/device';
import { deviceId } from './device-id';
import type { paths } from './schema';

export const API_BASE = '/api';

let expiredHandler: () => void = () => {
  globalThis.location?.assign('/login');
};

/** The app decides how an expired session is shown (the spec: a warning and /login). */
export function onSessionExpired(handler: () => void) {
  expiredHandler = handler;
}

/** The plain network, for the sync engine: it signs each queued change with its owner's token. */
export const sendRaw: Fetch = (input, init) => globalThis.fetch(input, init);

const locks = typeof navigator !== 'undefined' ? (navigator.locks as unknown as LockManagerLike | undefined) : undefined;

function authFetchFor(baseUrl: string, network: Fetch) {
  return createAuthFetch({
    fetch: network,
    // The device database loads only when a token needs refreshing (not in the first load).
    refresh: async (ownerId, stale, fallback) => {
      const [{ db }, { refreshOwner }] = await Promise.all([import('@/data/db'), import('@/sync/credentials')]);
      return refreshOwner({ db, fetch: (request) => network(request), baseUrl, locks }, ownerId, stale, fallback);
    },
    onExpired: () => expiredHandler(),
  });
}

export function createApi(options: { baseUrl?: string; fetch?: Fetch } = {}) {
  const baseUrl = options.baseUrl ?? API_BASE;
  return createClient<paths>({ baseUrl, credentials: 'include', fetch: authFetchFor(baseUrl, options.fetch ?? sendRaw) });
}

export const api = createApi();
export type Api = ReturnType<typeof createApi>;

const signedFetch = authFetchFor(API_BASE, sendRaw);

/** GET a JSON list page by its path and query (pull sync walks cursors the typed client cannot name). */
export async function getJson<T>(pathAndQuery: string): Promise<T> {
  const res = await signedFetch(new Request(API_BASE + pathAndQuery, { credentials: 'include' }));
  if (!res.ok) throw new Error(`GET ${pathAndQuery} answered ${res.status}`);
  return (await res.json()) as T;
}

/** GET a file (an admin list's CSV export) as the signed-in user. */
export async function getFile(pathAndQuery: string): Promise<Blob> {
  const res = await signedFetch(new Request(API_BASE + pathAndQuery, { credentials: 'include' }));
  if (!res.ok) throw new Error(`GET ${pathAndQuery} answered ${res.status}`);
  return res.blob();
}

/** A call whose answer must come from the server now (never queued), JSON or multipart. */
export async function sendNow<T>(
  method: 'POST' | 'PATCH',
  path: string,
  body: FormData | object,
): Promise<{ ok: true; data: T } | { ok: false; status: number; body: unknown }> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body instanceof FormData) init.body = body;
  else {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  const res = await signedFetch(new Request(API_BASE + path, init));
  const parsed: unknown = await res.json().catch(() => null);
  return res.ok ? { ok: true, data: parsed as T } : { ok: false, status: res.status, body: parsed };
}

/**
 * For the calls that authenticate themselves (sign-in, the class roster, sign-out with a refresh
 * token, registration): no bearer token, so a stale one on a shared device cannot spoil them,
 * and the device's id for the server's per-device throttling.
 */
export function createPublicApi(options: { baseUrl?: string; fetch?: Fetch } = {}) {
  const network: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return createClient<paths>({
    baseUrl: options.baseUrl ?? API_BASE,
    credentials: 'include',
    fetch: (request) => {
      request.headers.set(DEVICE_HEADER, deviceId());
      return network(request);
    },
  });
}

export const publicApi = createPublicApi();
