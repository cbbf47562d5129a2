// A small in-memory API with the real server's contract for replayed writes (Idempotency-Key,
// X-Outbox-Owner, bearer tokens, refresh and logout), and a network in front of it that can be
// told to fail in every way a classroom's wifi does. Used by the sync engine's property test.

export type Fault =
  | 'drop-before' // the request never reaches the server
  | 'drop-after' // the server applies it, the answer is lost
  | 'server-error' // 500: the handler failed and kept nothing
  | 'too-many' // 429 with Retry-After
  | 'expire-token' // the sender's access token has expired
  | 'refuse-refresh'; // the next refresh is refused (the session was ended elsewhere)

interface Stored {
  user: number;
  hash: string;
  status: number;
  body: unknown;
}

export class FakeApi {
  /** Values applied per user, in the order the server applied them. */
  applied = new Map<number, number[]>();
  duplicatesSuppressed = 0;
  wrongOwner = 0;
  private keys = new Map<string, Stored>();
  private access = new Map<string, number>();
  private refresh = new Map<string, number>();
  private serial = 0;

  signIn(user: number): { access: string; refresh: string } {
    const access = `access-${user}-${++this.serial}`;
    const refresh = `refresh-${user}-${++this.serial}`;
    this.access.set(access, user);
    this.refresh.set(refresh, user);
    return { access, refresh };
  }

  expireAccessOf(user: number) {
    for (const [token, u] of [...this.access]) if (u === user) this.access.delete(token);
  }

  revokeRefreshOf(user: number) {
    for (const [token, u] of [...this.refresh]) if (u === user) this.refresh.delete(token);
  }

  userOf(request: Request): number | undefined {
    const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
    return token ? this.access.get(token) : undefined;
  }

  async handle(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path === '/api/auth/token/refresh/') {
      const { refresh } = (await request.json()) as { refresh: string };
      const user = this.refresh.get(refresh);
      if (user === undefined) return Response.json({ message: 'Token is invalid or expired' }, { status: 401 });
      // Rotation: the used token is spent (a reuse would be refused), the next one answered.
      this.refresh.delete(refresh);
      const next = `refresh-${user}-${++this.serial}`;
      this.refresh.set(next, user);
      const access = `access-${user}-${++this.serial}`;
      this.access.set(access, user);
      return Response.json({ access, refresh: next });
    }
    if (path === '/api/auth/logout/') {
      const { refresh } = (await request.json()) as { refresh: string };
      this.refresh.delete(refresh);
      return Response.json({ message: 'Signed out' });
    }
    if (path === '/api/outbox/batch/') return answerBatch(request, (sub) => this.handle(sub));
    if (path !== '/api/ops/') return Response.json({ message: 'Not found' }, { status: 404 });

    const user = this.userOf(request);
    if (user === undefined) return Response.json({ message: 'Given token not valid' }, { status: 401 });
    if (request.headers.get('x-outbox-owner') !== String(user)) {
      this.wrongOwner++;
      return Response.json({ message: 'This change was made by another user' }, { status: 403 });
    }
    const text = await request.text();
    const key = request.headers.get('idempotency-key')!;
    const seen = this.keys.get(key);
    if (seen) {
      if (seen.user !== user || seen.hash !== text) return Response.json({ message: 'Key reused' }, { status: 422 });
      this.duplicatesSuppressed++;
      return Response.json(seen.body, { status: seen.status });
    }
    const { value } = JSON.parse(text) as { value: number };
    const answer =
      value < 0
        ? { status: 400, body: { message: 'Value must not be negative' } }
        : (this.applied.set(user, [...(this.applied.get(user) ?? []), value]), { status: 200, body: { ok: true } });
    this.keys.set(key, { user, hash: text, ...answer });
    return Response.json(answer.body, { status: answer.status });
  }
}

const STOPS = (status: number) => status === 401 || status === 408 || status === 429 || status >= 500;

/**
 * POST /outbox/batch/ as the real server does it: each entry as its own request (same token,
 * its own key and owner), in order, stopping at the first answer that must wait.
 */
export async function answerBatch(request: Request, handle: (sub: Request) => Promise<Response>): Promise<Response> {
  const { owner, entries } = (await request.json()) as {
    owner: number;
    entries: { key: string; method: string; path: string; body: unknown }[];
  };
  const results = [];
  for (const entry of entries) {
    const hasBody = entry.method !== 'DELETE' || entry.body !== null;
    const sub = new Request(new URL(`/api${entry.path}`, request.url), {
      method: entry.method,
      headers: {
        authorization: request.headers.get('authorization') ?? '',
        'idempotency-key': entry.key,
        'x-outbox-owner': String(owner),
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
      },
      body: hasBody ? JSON.stringify(entry.body) : undefined,
    });
    const res = await handle(sub);
    const text = await res.text();
    results.push({ key: entry.key, status: res.status, body: text ? JSON.parse(text) : null, retry_after: res.headers.get('retry-after') });
    if (STOPS(res.status)) break;
  }
  return Response.json({ results });
}

/** The wire between one device and the API, with injectable faults and hangs. */
export class FakeNetwork {
  faults: Fault[] = [];
  private hangs = new Map<string, 'before' | 'after'>();
  private hung = new Map<string, () => void>();
  private hungSignal = new Map<string, () => void>();

  constructor(private api: FakeApi) {}

  /** The next request of `tab` hangs (before or after the server applied it) until `release`. */
  hangNext(tab: string, when: 'before' | 'after'): Promise<void> {
    this.hangs.set(tab, when);
    return new Promise((resolve) => this.hungSignal.set(tab, resolve));
  }

  cancelHang(tab: string) {
    this.hangs.delete(tab);
    this.hungSignal.delete(tab);
  }

  isHung(tab: string) {
    return this.hung.has(tab);
  }

  /** Lets a hung request finish (a frozen tab wakes up). */
  release(tab: string) {
    const go = this.hung.get(tab);
    this.hung.delete(tab);
    go?.();
  }

  forTab(tab: string) {
    return async (request: Request): Promise<Response> => {
      // Only sends of changes hang (a frozen refresh is covered by the refresh lock's timeout).
      const sendsChanges = ['/api/ops/', '/api/outbox/batch/'].includes(new URL(request.url).pathname);
      const hang = sendsChanges ? this.hangs.get(tab) : undefined;
      if (hang) {
        this.hangs.delete(tab);
        const applied = hang === 'after' ? await this.api.handle(request.clone()) : undefined;
        await new Promise<void>((resolve) => {
          this.hung.set(tab, resolve);
          this.hungSignal.get(tab)?.();
          this.hungSignal.delete(tab);
        });
        return applied ?? this.api.handle(request);
      }
      const fault = this.faults.shift();
      switch (fault) {
        case 'drop-before':
          throw new TypeError('Failed to fetch');
        case 'drop-after':
          await this.api.handle(request);
          throw new TypeError('Failed to fetch');
        case 'server-error':
          return Response.json({ message: 'Server error' }, { status: 500 });
        case 'too-many':
          return Response.json({ message: 'Slow down' }, { status: 429, headers: { 'Retry-After': '3' } });
        case 'expire-token': {
          const user = this.api.userOf(request);
          if (user !== undefined) this.api.expireAccessOf(user);
          return this.api.handle(request);
        }
        case 'refuse-refresh':
          if (new URL(request.url).pathname === '/api/auth/token/refresh/') {
            const { refresh } = (await request.clone().json()) as { refresh: string };
            const user = Number(refresh.split('-')[1]);
            this.api.revokeRefreshOf(user);
          } else {
            this.faults.unshift('refuse-refresh'); // waits for the next refresh
          }
          return this.api.handle(request);
        default:
          return this.api.handle(request);
      }
    };
  }
}
