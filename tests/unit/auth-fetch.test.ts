// The API client's session rule: on a 401 with a stored user, one refresh and one retry; the
// refresh token rotates, goes through the user's sync credential (one refresh at a time across
// tabs and the service worker) and is stored before anyone else refreshes; a refused refresh
// clears storage and reports the expired session once; an unreachable server ends nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthFetch, type Fetch } from '@/api/auth-fetch';
import { session } from '@/api/session';
import { DeviceDatabase } from '@/data/db';
import { refreshOwner } from '@/sync/credentials';
import { startDeviceSession } from '@/sync/device-session';
import type { LockManagerLike } from '@/sync/leader';

const USER = {
  id: 1,
  first_name: 'Tom',
  last_name: 'Teacher',
  email: 't@x',
  username: null,
  role: 'teacher',
  avatar: null,
  country: null,
  tenant_id: 1,
};
const BASE = 'http://test/api';
const REFRESH_URL = `${BASE}/auth/token/refresh/`;

/**
 * A fake server with rotating refresh tokens: r1 -> r2 -> r3 ..., each usable once (a reuse is
 * refused); the profile needs the newest access token.
 */
function fakeServer(refreshOk = true) {
  const calls: { url: string; auth: string | null; refresh?: string }[] = [];
  let current = 1;
  const fetch: Fetch = async (req) => {
    if (req.url === REFRESH_URL) {
      const { refresh } = (await req.clone().json()) as { refresh: string };
      calls.push({ url: req.url, auth: null, refresh });
      await new Promise((r) => setTimeout(r, 5));
      if (!refreshOk || refresh !== `r${current}`) return Response.json({ message: 'expired' }, { status: 401 });
      current++;
      return Response.json({ access: `fresh${current}`, refresh: `r${current}` });
    }
    calls.push({ url: req.url, auth: req.headers.get('authorization') });
    return req.headers.get('authorization') === `Bearer fresh${current}`
      ? Response.json({ ok: true })
      : Response.json({ message: 'no' }, { status: 401 });
  };
  return { fetch, calls };
}

/** Web Locks for one test: one holder per name at a time, shared by the "tabs". */
function fakeLocks(): LockManagerLike {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name, _options, callback) {
      const before = tails.get(name) ?? Promise.resolve();
      const run = before.then(() => callback(null));
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

let db: DeviceDatabase;
let n = 0;
let locks: LockManagerLike;

function tab(network: Fetch, onExpired = vi.fn()) {
  return createAuthFetch({
    fetch: network,
    refresh: (ownerId, stale, fallback) => refreshOwner({ db, fetch: network, baseUrl: BASE, locks }, ownerId, stale, fallback),
    onExpired,
  });
}

beforeEach(async () => {
  localStorage.clear();
  db = new DeviceDatabase(`auth-fetch-${++n}`);
  locks = fakeLocks();
  session.save({ access: 'stale', refresh: 'r1', user: USER as never });
  await startDeviceSession({ ownerId: 1, tenant: 'greenfield', refresh: 'r1', access: 'stale' }, db);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('auth fetch', () => {
  it('signs requests with the stored access token', async () => {
    const server = fakeServer();
    await tab(server.fetch)(new Request('http://test/api/user/profile/'));
    expect(server.calls[0]!.auth).toBe('Bearer stale');
  });

  it('refreshes once, keeps the rotated refresh token in both places, and retries once', async () => {
    const server = fakeServer();
    const onExpired = vi.fn();
    const res = await tab(server.fetch, onExpired)(new Request('http://test/api/user/profile/'));
    expect(res.status).toBe(200);
    expect(server.calls.map((c) => c.url)).toEqual(['http://test/api/user/profile/', REFRESH_URL, 'http://test/api/user/profile/']);
    expect(localStorage.getItem('accessToken')).toBe('fresh2');
    expect(localStorage.getItem('refreshToken')).toBe('r2');
    expect(await db.credentials.get(1)).toMatchObject({ access: 'fresh2', refresh: 'r2' });
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('shares one refresh between requests that fail together', async () => {
    const server = fakeServer();
    const authFetch = tab(server.fetch);
    const answers = await Promise.all([1, 2, 3].map((i) => authFetch(new Request(`http://test/api/x/${i}`))));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(server.calls.filter((c) => c.url === REFRESH_URL)).toHaveLength(1);
  });

  it('lets two tabs refreshing at once use one rotation, never the used token again', async () => {
    const server = fakeServer();
    const [a, b] = await Promise.all([
      tab(server.fetch)(new Request('http://test/api/a/')),
      tab(server.fetch)(new Request('http://test/api/b/')),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(server.calls.filter((c) => c.url === REFRESH_URL).map((c) => c.refresh)).toEqual(['r1']);
  });

  it('uses the refresh token the service worker rotated meanwhile, not the page copy', async () => {
    const server = fakeServer();
    // The service worker refreshed (r1 -> r2) through the credential; the page still holds r1.
    const sw = await refreshOwner({ db, fetch: server.fetch, baseUrl: BASE, locks }, 1, 'stale');
    expect(sw).toMatchObject({ kind: 'ok', refresh: 'r2' });
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    // The page's next 401 takes the worker's tokens instead of refreshing with its used r1.
    const res = await tab(server.fetch)(new Request('http://test/api/user/profile/'));
    expect(res.status).toBe(200);
    expect(server.calls.filter((c) => c.url === REFRESH_URL).map((c) => c.refresh)).toEqual(['r1']);
    expect(localStorage.getItem('refreshToken')).toBe('r2');
  });

  it('keeps the body of a retried POST', async () => {
    const bodies: string[] = [];
    const server = fakeServer();
    const fetch: Fetch = async (req) => {
      if (req.url !== REFRESH_URL) bodies.push(await req.clone().text());
      return server.fetch(req);
    };
    await tab(fetch)(new Request('http://test/api/x/', { method: 'POST', body: '{"a":1}' }));
    expect(bodies).toEqual(['{"a":1}', '{"a":1}']);
  });

  it('clears storage and reports the expired session when the refresh is refused', async () => {
    const server = fakeServer(false);
    const onExpired = vi.fn();
    const res = await tab(server.fetch, onExpired)(new Request('http://test/api/user/profile/'));
    expect(res.status).toBe(401);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(server.calls.filter((c) => c.url === REFRESH_URL)).toHaveLength(1);
    // The dead credential is not kept either.
    expect(await db.credentials.get(1)).toBeUndefined();
  });

  it('ends nothing when the server cannot be reached', async () => {
    const onExpired = vi.fn();
    const fetch: Fetch = async (req) => {
      if (req.url === REFRESH_URL) throw new TypeError('Failed to fetch');
      return Response.json({}, { status: 401 });
    };
    const res = await tab(fetch, onExpired)(new Request('http://test/api/x/'));
    expect(res.status).toBe(401);
    expect(onExpired).not.toHaveBeenCalled();
    expect(session.user()?.id).toBe(1);
    expect(await db.credentials.get(1)).toMatchObject({ refresh: 'r1' });
  });

  it('does not refresh without a stored user', async () => {
    localStorage.removeItem('user');
    const server = fakeServer();
    const res = await tab(server.fetch)(new Request('http://test/api/user/profile/'));
    expect(res.status).toBe(401);
    expect(server.calls).toHaveLength(1);
  });

  it('does not refresh again when the retry is refused too', async () => {
    const calls: string[] = [];
    const fetch: Fetch = async (req) => {
      calls.push(req.url);
      return req.url === REFRESH_URL ? Response.json({ access: 'fresh', refresh: 'r2' }) : Response.json({}, { status: 401 });
    };
    const res = await tab(fetch)(new Request('http://test/api/x/'));
    expect(res.status).toBe(401);
    expect(calls).toEqual(['http://test/api/x/', REFRESH_URL, 'http://test/api/x/']);
  });
});

describe('stored session', () => {
  it('treats a damaged stored user as signed out', () => {
    localStorage.setItem('user', '{"id":"not a number"}');
    expect(session.user()).toBeNull();
    localStorage.setItem('user', 'not json');
    expect(session.user()).toBeNull();
  });
});
