// The one door to the REST API: openapi-fetch, typed from openapi/openapi.json, with the
// bearer token and the refresh-once rule. Screens call `api.GET('/path', ...)`, never fetch.
import createClient from 'openapi-fetch';
import { createAuthFetch, type Fetch } from './auth-fetch';
import type { paths } from './schema';

export const API_BASE = '/api';

let expiredHandler: () => void = () => {
  globalThis.location?.assign('/login');
};

/** The app decides how an expired session is shown (the spec: a warning and /login). */
export function onSessionExpired(handler: () => void) {
  expiredHandler = handler;
}

export function createApi(options: { baseUrl?: string; fetch?: Fetch } = {}) {
  const baseUrl = options.baseUrl ?? API_BASE;
  const network: Fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return createClient<paths>({
    baseUrl,
    credentials: 'include',
    fetch: createAuthFetch({
      fetch: network,
      refreshUrl: `${baseUrl}/auth/token/refresh/`,
      onExpired: () => expiredHandler(),
    }),
  });
}

export const api = createApi();
export type Api = ReturnType<typeof createApi>;
