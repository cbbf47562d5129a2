// The API client's session rule: on a 401 with a stored user, one refresh and one retry;
// a failed refresh clears storage and reports the expired session once.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthFetch, type Fetch } from '@/api/auth-fetch';
import { session } from '@/api/session';

const USER = { id: 1, first_name: 'Tom', last_name: 'Teacher', email: 't@x', username: null, role: 'teacher', avatar: null, country: null, tenant_id: 1 };
const REFRESH_URL = 'http://test/api/auth/token/refresh/';

/** A fake server: the profile needs the token "fresh"; the refresh answers per `refreshOk`. */
function fakeServer(refreshOk = true) {
  const calls: { url: string; auth: string | null }[] = [];
  const fetch: Fetch = async (req) => {
    calls.push({ url: req.url, auth: req.headers.get('authorization') });
    if (req.url === REFRESH_URL) {
      await new Promise((r) => setTimeout(r, 5));
      return refreshOk ? Response.json({ access: 'fresh' }) : Response.json({ message: 'expired' }, { status: 401 });
    }
    return req.headers.get('authorization') === 'Bearer fresh' ? Response.json({ ok: true }) : Response.json({ message: 'no' }, { status: 401 });
  };
  return { fetch, calls };
}

beforeEach(() => {
  localStorage.clear();
  session.save({ access: 'stale', refresh: 'r1', user: USER as never });
});

describe('auth fetch', () => {
  it('signs requests with the stored access token', async () => {
    const server = fakeServer();
    const authFetch = createAuthFetch({ fetch: server.fetch, refreshUrl: REFRESH_URL, onExpired: vi.fn() });
    await authFetch(new Request('http://test/api/user/profile/'));
    expect(server.calls[0]!.auth).toBe('Bearer stale');
  });

  it('refreshes once and retries once on a 401', async () => {
    const server = fakeServer();
    const onExpired = vi.fn();
    const authFetch = createAuthFetch({ fetch: server.fetch, refreshUrl: REFRESH_URL, onExpired });
    const res = await authFetch(new Request('http://test/api/user/profile/'));
    expect(res.status).toBe(200);
    expect(server.calls.map((c) => c.url)).toEqual(['http://test/api/user/profile/', REFRESH_URL, 'http://test/api/user/profile/']);
    expect(localStorage.getItem('accessToken')).toBe('fresh');
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('shares one refresh between requests that fail together', async () => {
    const server = fakeServer();
    const authFetch = createAuthFetch({ fetch: server.fetch, refreshUrl: REFRESH_URL, onExpired: vi.fn() });
    const answers = await Promise.all([1, 2, 3].map((i) => authFetch(new Request(`http://test/api/x/${i}`))));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(server.calls.filter((c) => c.url === REFRESH_URL)).toHaveLength(1);
  });

  it('keeps the body of a retried POST', async () => {
    const bodies: string[] = [];
    const server = fakeServer();
    const fetch: Fetch = async (req) => {
      if (req.url !== REFRESH_URL) bodies.push(await req.clone().text());
      return server.fetch(req);
    };
    const authFetch = createAuthFetch({ fetch, refreshUrl: REFRESH_URL, onExpired: vi.fn() });
    await authFetch(new Request('http://test/api/x/', { method: 'POST', body: '{"a":1}' }));
    expect(bodies).toEqual(['{"a":1}', '{"a":1}']);
  });

  it('clears storage and reports the expired session when the refresh fails', async () => {
    const server = fakeServer(false);
    const onExpired = vi.fn();
    const authFetch = createAuthFetch({ fetch: server.fetch, refreshUrl: REFRESH_URL, onExpired });
    const res = await authFetch(new Request('http://test/api/user/profile/'));
    expect(res.status).toBe(401);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(server.calls.filter((c) => c.url === REFRESH_URL)).toHaveLength(1);
  });

  it('does not refresh without a stored user', async () => {
    localStorage.removeItem('user');
    const server = fakeServer();
    const authFetch = createAuthFetch({ fetch: server.fetch, refreshUrl: REFRESH_URL, onExpired: vi.fn() });
    const res = await authFetch(new Request('http://test/api/user/profile/'));
    expect(res.status).toBe(401);
    expect(server.calls).toHaveLength(1);
  });

  it('does not refresh again when the retry is refused too', async () => {
    const calls: string[] = [];
    const fetch: Fetch = async (req) => {
      calls.push(req.url);
      return req.url === REFRESH_URL ? Response.json({ access: 'fresh' }) : Response.json({}, { status: 401 });
    };
    const authFetch = createAuthFetch({ fetch, refreshUrl: REFRESH_URL, onExpired: vi.fn() });
    const res = await authFetch(new Request('http://test/api/x/'));
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
