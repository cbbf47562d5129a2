// The sync engine's answers, one scenario at a time (the property test covers their mixtures).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '@/contract/limits';
import { DeviceDatabase, type OutboxRecord } from '@/data/db';
import { endDeviceSession, startDeviceSession } from '@/sync/device-session';
import { BATCH_SIZE, drain, OWNERS_AT_ONCE, type EngineDeps } from '@/sync/engine';
import { discardEntry, GUEST_OWNER, recordChange, recordGuestChange, retryEntry, StorageFullError, type Change } from '@/sync/outbox';
import { pullTable } from '@/sync/pull';
import { answerBatch } from './support/fake-api';

let db: DeviceDatabase;
let n = 0;
let now = 1_000_000;
let seen: Request[] = [];
let batches = 0;
let answer: (req: Request) => Response | Promise<Response>;

const deps = (): EngineDeps => ({
  db,
  // Batches are unpacked as the server does: `seen` and `answer` see each change.
  fetch: async (req) => {
    const leaf = async (r: Request) => {
      seen.push(r.clone());
      return answer(r);
    };
    if (!req.url.endsWith('/outbox/batch/')) return leaf(req);
    batches++;
    return answerBatch(req, leaf);
  },
  baseUrl: 'http://device/api',
  now: () => now,
  random: () => 0.5,
  isOnline: () => true,
});

const change = (over: Partial<Change> = {}): Change => ({
  kind: 'cart.add',
  label: 'Add a book',
  method: 'POST',
  path: '/data/cart/items/',
  body: { book_id: 1 },
  ...over,
});
const record = (over: Partial<Change> = {}) => recordChange([db.cart], async () => undefined, change(over), db).then((r) => r.entry);

beforeEach(async () => {
  db = new DeviceDatabase(`engine-${++n}`);
  seen = [];
  batches = 0;
  now = 1_000_000;
  answer = () => Response.json({ ok: true });
  await startDeviceSession({ ownerId: 5, tenant: 'greenfield', refresh: 'refresh-5', access: 'access-5' }, db);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('sending', () => {
  it("sends with the entry's id as Idempotency-Key, its owner, and the owner's token", async () => {
    const entry = await record();
    const report = await drain(deps());
    expect(report).toMatchObject({ sent: 1, failed: 0, outcome: { kind: 'done' } });
    expect(seen[0]!.headers.get('idempotency-key')).toBe(entry.id);
    expect(seen[0]!.headers.get('x-outbox-owner')).toBe('5');
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer access-5');
    expect(await seen[0]!.json()).toEqual({ book_id: 1 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('never stores a token in the outbox', async () => {
    await record();
    expect(JSON.stringify(await db.outbox.toArray())).not.toMatch(/access-5|refresh-5|Bearer/);
  });

  it('queues nothing when the local change fails, whether at once or after its own writes', async () => {
    await db.cart.put({ item_id: 1, added_at: 'before' });
    const failing = [
      async () => {
        throw new Error('refused at once');
      },
      async () => {
        await db.cart.put({ item_id: 1, added_at: 'during' });
        await db.cart.put({ item_id: 2, added_at: 'during' });
        throw new Error('refused after writing');
      },
      () => db.cart.add({ item_id: 1, added_at: 'again' }),
    ];
    for (const apply of failing) await expect(recordChange([db.cart], apply, change(), db)).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.cart.toArray()).toEqual([{ item_id: 1, added_at: 'before' }]);
    const { entry } = await recordChange([db.cart], () => db.cart.put({ item_id: 3, added_at: 'after' }), change(), db);
    expect((await db.outbox.toArray()).map((e) => e.id)).toEqual([entry.id]);
  });

  it('keeps the order of changes made within one millisecond', async () => {
    const entries = [];
    for (let i = 0; i < 20; i++) entries.push(await record({ body: { book_id: i } }));
    const created = entries.map((e) => e.created_at);
    expect([...created].sort((a, b) => a - b)).toEqual(created);
    expect(new Set(created).size).toBe(20);
    await drain(deps());
    expect(await Promise.all(seen.map(async (r) => ((await r.json()) as { book_id: number }).book_id))).toEqual([...Array(20).keys()]);
  });

  it('sends waiting changes together, as many to a request as the server takes, and a file on its own', async () => {
    const many = 2 * BATCH_SIZE + 20;
    for (let i = 0; i < many; i++) await record({ body: { book_id: i } });
    const bytes = new TextEncoder().encode('first_name,last_name\n');
    await record({ path: '/upload/', files: [{ field: 'file', name: 'a.csv', type: 'text/csv', data: bytes.buffer }] });
    await record({ body: { book_id: 500 } });
    const report = await drain(deps());
    expect(report.sent).toBe(many + 2);
    expect(batches).toBe(3); // a full batch, another, and the last 20; then the file alone, then the last change alone
    expect(seen.map((r) => new URL(r.url).pathname).slice(many - 2)).toEqual([
      '/api/data/cart/items/',
      '/api/data/cart/items/',
      '/api/upload/',
      '/api/data/cart/items/',
    ]);
  });

  it("never builds a batch over the server's batch body limit: big changes go in smaller batches", async () => {
    // Six changes of 900 KB: the 4 MiB batch limit fits four of them, so two batches.
    for (let i = 0; i < 6; i++) await record({ body: { book_id: i, note: 'n'.repeat(900_000) } });
    const sizes: number[] = [];
    const base = deps();
    const report = await drain({
      ...base,
      fetch: async (req) => {
        if (req.url.endsWith('/outbox/batch/')) sizes.push((await req.clone().arrayBuffer()).byteLength);
        return base.fetch(req);
      },
    });
    expect(report.sent).toBe(6);
    expect(sizes).toHaveLength(2);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(BODY_LIMITS.batch);
    expect(await Promise.all(seen.map(async (r) => ((await r.json()) as { book_id: number }).book_id))).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('sends a queued file as multipart with its bytes', async () => {
    const bytes = new TextEncoder().encode('first_name,last_name\nAda,Lovelace\n');
    await record({
      path: '/add-bulk-student-without-mail-to-class/3/',
      body: { note: 'x' },
      files: [{ field: 'file', name: 'class.csv', type: 'text/csv', data: bytes.buffer }],
    });
    await drain(deps());
    const form = await seen[0]!.formData();
    const file = form.get('file') as File;
    expect(file.name).toBe('class.csv');
    expect(await file.text()).toBe('first_name,last_name\nAda,Lovelace\n');
    expect(form.get('note')).toBe('x');
  });

  it('replays an entry written by the first version of the app', async () => {
    await db.outbox.add({
      id: 'legacy-entry-1',
      schema_version: 1,
      owner_id: 5,
      tenant: 'greenfield',
      method: 'DELETE',
      path: '/data/cart/items/4/',
      body: null,
      created_at: 1,
      attempts: 0,
      next_attempt_at: 0,
      status: 'pending',
      last_error: null,
    } as unknown as OutboxRecord);
    await drain(deps());
    expect(seen[0]!.method).toBe('DELETE');
    expect(seen[0]!.url).toBe('http://device/api/data/cart/items/4/');
    expect(await db.outbox.count()).toBe(0);
  });

  it('applies the on-success ops when the server accepts', async () => {
    await db.students.put({ id: -1 } as never);
    await record({ onSuccess: [{ op: 'delete', table: 'students', key: -1 }] });
    await drain(deps());
    expect(await db.students.get(-1)).toBeUndefined();
  });
});

describe('answers', () => {
  it('honours Retry-After on a 429 and keeps the entry and its order', async () => {
    await record({ body: { book_id: 1 } });
    await record({ body: { book_id: 2 } });
    answer = () => Response.json({ message: 'Slow down' }, { status: 429, headers: { 'Retry-After': '120' } });
    const report = await drain(deps());
    expect(report.outcome).toMatchObject({ kind: 'backoff' });
    const [first, second] = await db.outbox.orderBy('created_at').toArray();
    expect(first!.next_attempt_at).toBeGreaterThanOrEqual(now + 120_000);
    expect(first).toMatchObject({ status: 'pending', last_error: 'Slow down', attempts: 1 });
    expect(second!.attempts).toBe(0);
    expect(seen).toHaveLength(1);
    // Not before its time, then both in order.
    expect((await drain(deps())).sent).toBe(0);
    now += 120_000;
    answer = () => Response.json({ ok: true });
    expect((await drain(deps())).sent).toBe(2);
  });

  it('never brings back a change that left the queue while its run was out', async () => {
    await record({ body: { book_id: 1 } });
    const second = await record({ body: { book_id: 2 } });
    // While the run is at the server, the second change leaves the queue (another tab's drain
    // finished it); the server asks the first to wait, so the second is put back to pending.
    answer = async () => {
      await db.outbox.delete(second.id);
      return Response.json({ message: 'Slow down' }, { status: 429, headers: { 'Retry-After': '120' } });
    };
    expect((await drain(deps())).outcome).toMatchObject({ kind: 'backoff' });
    expect((await db.outbox.toArray()).map((e) => [e.body, e.status])).toEqual([[{ book_id: 1 }, 'pending']]);
  });

  it('backs off exponentially with jitter, capped at five minutes', async () => {
    await record();
    answer = () => Response.json({ message: 'down' }, { status: 503 });
    const delays: number[] = [];
    for (let i = 0; i < 10; i++) {
      const { outcome } = await drain(deps());
      if (outcome.kind !== 'backoff') throw new Error(outcome.kind);
      delays.push(outcome.retryAt - now);
      now = outcome.retryAt;
    }
    expect(delays.slice(0, 4)).toEqual([1_500, 3_000, 6_000, 12_000]);
    expect(Math.max(...delays)).toBe(225_000);
  });

  it('marks a refused change failed with the server message and goes on with the next', async () => {
    const bad = await record({ body: { book_id: 999 } });
    await record({ body: { book_id: 2 } });
    answer = async (req) =>
      ((await req.json()) as { book_id: number }).book_id === 999
        ? Response.json({ message: 'This book is no longer available.' }, { status: 404 })
        : Response.json({ ok: true });
    const report = await drain(deps());
    expect(report).toMatchObject({ sent: 1, failed: 1 });
    expect(await db.outbox.get(bad.id)).toMatchObject({ status: 'failed', last_error: 'This book is no longer available.' });
  });

  it('flags a 409 as a conflict', async () => {
    const entry = await record();
    answer = () => Response.json({ message: 'Changed by someone else' }, { status: 409 });
    await drain(deps());
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'conflict', last_error: 'Changed by someone else' });
  });

  it('refreshes the owner token once on a 401 and resends', async () => {
    await record();
    answer = async (req) => {
      if (req.url.endsWith('/auth/token/refresh/')) return Response.json({ access: 'access-5b', refresh: 'refresh-5b' });
      return req.headers.get('authorization') === 'Bearer access-5b' ? Response.json({ ok: true }) : Response.json({}, { status: 401 });
    };
    expect((await drain(deps())).sent).toBe(1);
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual([
      '/api/data/cart/items/',
      '/api/auth/token/refresh/',
      '/api/data/cart/items/',
    ]);
    // Refresh tokens rotate: the credential keeps the next one.
    expect(await db.credentials.get(5)).toMatchObject({ access: 'access-5b', refresh: 'refresh-5b' });
  });

  it('keeps the changes of an owner whose refresh is refused until they sign in again', async () => {
    const entry = await record();
    answer = (req) =>
      req.url.endsWith('/refresh/') ? Response.json({ message: 'expired' }, { status: 401 }) : Response.json({}, { status: 401 });
    const report = await drain(deps());
    expect(report.outcome).toEqual({ kind: 'done', waitingOwners: [5] });
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'pending', last_error: 'Waiting for you to sign in again.' });
    expect(seen).toHaveLength(2);
    // The dead credential is not kept; the change stays, visible, for its owner.
    expect(await db.credentials.get(5)).toBeUndefined();
    expect((await drain(deps())).outcome).toEqual({ kind: 'done', waitingOwners: [5] });
    expect(seen).toHaveLength(2); // no hammering while waiting
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'pending' }); // waiting, not in flight
    await startDeviceSession({ ownerId: 5, tenant: 'greenfield', refresh: 'refresh-5c', access: 'access-5c' }, db);
    answer = () => Response.json({ ok: true });
    expect((await drain(deps())).sent).toBe(1);
  });

  it('keeps a sign-in made while a refused refresh was out: its changes go with it, not back to waiting', async () => {
    // A stale tab's refresh token was spent elsewhere; the child signs in again on this tablet
    // while that refresh is on its way, and the refusal arrives after the new session was stored.
    const entry = await record();
    answer = async (req) => {
      if (req.url.endsWith('/refresh/')) {
        await startDeviceSession({ ownerId: 5, tenant: 'greenfield', refresh: 'refresh-5n', access: 'access-5n' }, db);
        return Response.json({ message: 'expired' }, { status: 401 });
      }
      return req.headers.get('authorization') === 'Bearer access-5n' ? Response.json({ ok: true }) : Response.json({}, { status: 401 });
    };
    const report = await drain(deps());
    expect(await db.credentials.get(5)).toMatchObject({ access: 'access-5n', refresh: 'refresh-5n' });
    expect(report).toMatchObject({ sent: 1, outcome: { kind: 'done', waitingOwners: [] } });
    expect(await db.outbox.get(entry.id)).toBeUndefined();
  });

  it('says offline without sending when the browser is offline', async () => {
    await record();
    expect((await drain({ ...deps(), isOnline: () => false })).outcome).toEqual({ kind: 'offline' });
    expect(seen).toHaveLength(0);
  });
});

describe('the user decides about failed changes', () => {
  it('retries a failed change, or discards it and rolls back its local effect', async () => {
    await db.cart.put({ item_id: 9, added_at: 'now' });
    const entry = await record({ undo: [{ op: 'delete', table: 'cart', key: 9 }], entityKeys: ['cart:9'] });
    answer = () => Response.json({ message: 'No' }, { status: 400 });
    await drain(deps());
    await retryEntry(entry.id, db);
    expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'pending', last_error: null });
    await drain(deps());
    await discardEntry(entry.id, db);
    expect(await db.outbox.get(entry.id)).toBeUndefined();
    expect(await db.cart.get(9)).toBeUndefined();
  });
});

describe('shared tablets', () => {
  it('sends several owners’ queues side by side (a class back online), each owner’s strictly in order', async () => {
    // Six children, two runs each (a file between their changes splits them), with slow answers.
    const bytes = new TextEncoder().encode('x').buffer;
    for (let owner = 11; owner <= 16; owner++) {
      await startDeviceSession({ ownerId: owner, tenant: 'greenfield', refresh: `refresh-${owner}`, access: `access-${owner}` }, db);
      await record({ body: { book_id: owner * 10 } });
      await record({ path: '/upload/', files: [{ field: 'file', name: 'a.csv', type: 'text/csv', data: bytes }] });
      await record({ body: { book_id: owner * 10 + 1 } });
    }
    // The children who finished have signed-out credentials: their tokens are refreshed first.
    answer = async (req) => {
      if (!req.url.endsWith('/refresh/')) return Response.json({ ok: true });
      const { refresh } = (await req.json()) as { refresh: string };
      return Response.json({ access: refresh.replace('refresh', 'access'), refresh: `${refresh}-next` });
    };
    let inFlight = 0;
    let most = 0;
    const base = deps();
    const report = await drain({
      ...base,
      fetch: async (req) => {
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 20));
        inFlight--;
        return base.fetch(req);
      },
    });
    expect(report.sent).toBe(18);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(OWNERS_AT_ONCE);
    for (let owner = 11; owner <= 16; owner++) {
      const theirs = seen.filter((r) => r.headers.get('x-outbox-owner') === String(owner));
      expect(theirs.map((r) => new URL(r.url).pathname)).toEqual(['/api/data/cart/items/', '/api/upload/', '/api/data/cart/items/']);
      expect(theirs.every((r) => r.headers.get('authorization') === `Bearer access-${owner}`)).toBe(true);
    }
  });

  it('sends a signed-out child their own way, then revokes and forgets their credential', async () => {
    await record();
    expect(await endDeviceSession(async () => {}, db)).toBe('kept-for-sync');
    await startDeviceSession({ ownerId: 6, tenant: 'greenfield', refresh: 'refresh-6', access: 'access-6' }, db);
    await record({ body: { book_id: 2 } });
    answer = async (req) => {
      if (req.url.endsWith('/refresh/')) return Response.json({ access: 'access-5-fresh', refresh: 'refresh-5-next' });
      return Response.json({ ok: true });
    };
    await drain(deps());
    const sends = seen.filter((r) => r.url.endsWith('/items/'));
    // Each owner's with their own token (owners' queues go side by side: no order between them).
    expect(sends.map((r) => [r.headers.get('x-outbox-owner'), r.headers.get('authorization')]).sort()).toEqual([
      ['5', 'Bearer access-5-fresh'],
      ['6', 'Bearer access-6'],
    ]);
    const logout = seen.find((r) => r.url.endsWith('/auth/logout/'));
    // The signed-out child's credential rotated too: it is revoked with its newest token.
    expect(await logout!.json()).toEqual({ refresh: 'refresh-5-next' });
    expect(await db.credentials.get(5)).toBeUndefined();
    expect(await db.credentials.get(6)).toBeDefined();
  });

  it('refuses to record a change when nobody is signed in', async () => {
    await endDeviceSession(async () => {}, db);
    await expect(record()).rejects.toThrow('Sign in to save changes.');
  });
});

describe('storage', () => {
  it('says the device is full rather than losing a change silently', async () => {
    const add = db.outbox.add.bind(db.outbox);
    db.outbox.add = (() => Promise.reject(new DOMException('full', 'QuotaExceededError'))) as unknown as typeof db.outbox.add;
    await expect(record()).rejects.toBeInstanceOf(StorageFullError);
    db.outbox.add = add;
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('pull sync', () => {
  type Row = { id: number; title: string; updated_at: string; deleted: boolean };
  const pages: Record<string, { results: Row[]; next_since: string | null }> = {
    start: {
      results: [
        { id: 1, title: 'One', updated_at: '2026-01-01T00:00:00.000001Z', deleted: false },
        { id: 2, title: 'Two', updated_at: '2026-01-01T00:00:00.000001Z', deleted: false },
      ],
      next_since: '2026-01-01T00:00:00.000001Z~2',
    },
    '2026-01-01T00:00:00.000001Z~2': {
      results: [{ id: 3, title: 'Three', updated_at: '2026-01-02T00:00:00Z', deleted: false }],
      next_since: null,
    },
    '2026-01-02T00:00:00Z~3': {
      results: [
        { id: 1, title: 'One, revised', updated_at: '2026-01-03T00:00:00Z', deleted: false },
        { id: 2, title: 'Two', updated_at: '2026-01-03T00:00:00Z', deleted: true },
        { id: 3, title: 'Three, revised', updated_at: '2026-01-03T00:00:01Z', deleted: false },
      ],
      next_since: null,
    },
  };
  const asked: (string | null)[] = [];
  const spec = {
    name: 'books',
    table: 'books' as const,
    fetchPage: async (since: string | null) => {
      asked.push(since);
      return pages[since ?? 'start'] ?? { results: [], next_since: null };
    },
    isDeleted: (r: Row) => r.deleted,
    toRecord: (r: Row) => ({ id: r.id, title: r.title, words: [], updated_at: r.updated_at }),
  };

  it('pages from a saved cursor, applies deletions, and leaves rows with unsent changes alone', async () => {
    expect(await pullTable(db, spec)).toBe(3);
    expect((await db.books.toArray()).map((b) => b.title)).toEqual(['One', 'Two', 'Three']);
    await recordChange([db.books], async () => db.books.update(3, { title: 'Three, my edit' }), change({ entityKeys: ['books:3'] }), db);
    asked.length = 0;
    await pullTable(db, spec);
    expect(asked).toEqual(['2026-01-02T00:00:00Z~3']);
    expect((await db.books.toArray()).map((b) => b.title)).toEqual(['One, revised', 'Three, my edit']);
    expect((await db.meta.get('cursor:books'))?.value).toBe('2026-01-03T00:00:01Z~3');
  });

  it('writes a large page in slices, and moves the cursor only once the last slice is written', async () => {
    const rows: Row[] = Array.from({ length: 60 }, (_, i) => ({
      id: i + 1,
      title: `Book ${i + 1}`,
      updated_at: '2026-02-01T00:00:00Z',
      deleted: false,
    }));
    let failAt: number | undefined = 55;
    const large = {
      ...spec,
      fetchPage: async () => ({ results: rows, next_since: null }),
      toRecord: (r: Row) => {
        if (r.id === failAt) throw new Error('disk full');
        return spec.toRecord(r);
      },
    };
    // The third slice's write fails: the first two slices are kept, the cursor stays where it was.
    await expect(pullTable(db, large)).rejects.toThrow('disk full');
    expect(await db.books.count()).toBe(50);
    expect(await db.meta.get('cursor:books')).toBeUndefined();
    failAt = undefined;
    expect(await pullTable(db, large)).toBe(60);
    expect(await db.books.count()).toBe(60);
    expect((await db.meta.get('cursor:books'))?.value).toBe('2026-02-01T00:00:00Z~60');
  });
});

describe('guest changes (public forms)', () => {
  const form = (n: number): Change => ({ kind: 'forms.contact', label: 'Message', method: 'POST', path: '/forms/contact/', body: { n } });

  it('sends them one at a time, without a token, each under its own key, alongside signed-in changes', async () => {
    const a = await recordGuestChange(form(1), 'greenfield', db);
    await recordGuestChange(form(2), 'greenfield', db);
    await record();
    const report = await drain(deps());
    expect(report).toMatchObject({ sent: 3, failed: 0 });
    expect(batches).toBe(0);
    const guests = seen.filter((r) => r.url.endsWith('/forms/contact/'));
    expect(guests).toHaveLength(2);
    expect(guests[0]!.headers.get('authorization')).toBeNull();
    expect(guests[0]!.headers.get('idempotency-key')).toBe(a.id);
    expect(guests[0]!.headers.get('x-outbox-owner')).toBe(String(GUEST_OWNER));
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps them through a network failure and a 429, and parks a refusal with the server’s words', async () => {
    await recordGuestChange(form(1), null, db);
    answer = () => {
      throw new TypeError('offline');
    };
    expect((await drain(deps())).sent).toBe(0);
    answer = () => Response.json({ message: 'Too many messages from here. Please try again later.' }, { status: 429 });
    now += 3_600_000;
    expect((await drain(deps())).sent).toBe(0);
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'pending' });
    answer = () => Response.json({ message: 'Invalid email address' }, { status: 400 });
    now += 3_600_000;
    await drain(deps());
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'failed', last_error: 'Invalid email address' });
  });
});
