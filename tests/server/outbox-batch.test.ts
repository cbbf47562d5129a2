// POST /outbox/batch/: queued changes of one owner in one round trip, each exactly once and
// through the same checks as when sent alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { cartItems, idempotencyKeys } from '../../server/db/schema';
import { GREENFIELD, TARGETS, signIn, startServer, type TestServer } from './harness';

describe.each(TARGETS)('outbox batch on %s', (target) => {
  let server: TestServer;
  let me: { access: string; user: { id: number } };
  beforeAll(async () => {
    server = await startServer(target);
    me = await signIn(server, 'zoe.zhang', 'moon-3');
  });
  afterAll(() => server.close());

  const key = () => crypto.randomUUID();
  const batch = (entries: object[], owner = me.user.id) =>
    server.call('POST', '/api/outbox/batch/', { host: GREENFIELD, token: me.access, json: { owner, entries } });
  const cart = async () =>
    (await server.database.db.select().from(cartItems).where(eq(cartItems.user_id, me.user.id)))
      .map((r) => r.book_id)
      .sort((a, b) => a - b);
  const add = (bookId: number, k = key()) => ({ key: k, method: 'POST', path: '/data/cart/items/', body: { book_id: bookId } });

  it('applies the entries in order and answers each', async () => {
    const entries = [add(21), add(22), { key: key(), method: 'DELETE', path: '/data/cart/items/21/', body: null }];
    const res = await batch(entries);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { key: string; status: number }) => [r.key, r.status])).toEqual(entries.map((e) => [e.key, 200]));
    expect(await cart()).toEqual([22]);
  });

  it('answers a resent batch from the idempotency store without applying it again', async () => {
    const entries = [add(23), { key: key(), method: 'DELETE', path: '/data/cart/items/23/', body: null }];
    const first = await batch(entries);
    await server.call('POST', '/api/data/cart/items/', { host: GREENFIELD, token: me.access, json: { book_id: 23 } });
    const again = await batch(entries);
    expect(again.body).toEqual(first.body);
    expect(await cart()).toContain(23); // the earlier removal was not applied a second time
  });

  it('treats an entry first sent alone and then in a batch as the same request', async () => {
    const k = key();
    const alone = await server.call('POST', '/api/data/cart/items/', {
      host: GREENFIELD,
      token: me.access,
      json: { book_id: 24 },
      headers: { 'idempotency-key': k, 'x-outbox-owner': String(me.user.id) },
    });
    expect(alone.status).toBe(200);
    const k2 = key();
    const del = await server.call('DELETE', '/api/data/cart/items/24/', {
      host: GREENFIELD,
      token: me.access,
      headers: { 'idempotency-key': k2, 'x-outbox-owner': String(me.user.id) },
    });
    expect(del.status).toBe(200);
    const res = await batch([add(24, k), { key: k2, method: 'DELETE', path: '/data/cart/items/24/', body: null }]);
    expect(res.body.results.map((r: { status: number }) => r.status)).toEqual([200, 200]);
    expect(await cart()).not.toContain(24);
  });

  it('applies a change whose route cleans its body before its transaction (a page), alone and in a batch', async () => {
    const admin = await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost');
    const page = (title: string) => ({
      key: key(),
      method: 'PATCH',
      path: '/pages/courses/',
      body: { title, body: '<p>Hi<script>x</script></p>' },
    });
    const first = page('Courses, sent alone');
    const alone = await server.call('PATCH', `/api${first.path}`, {
      host: 'localhost',
      token: admin.access,
      json: first.body,
      headers: { 'idempotency-key': first.key, 'x-outbox-owner': String(admin.user.id) },
    });
    expect([alone.status, alone.body.body]).toEqual([200, '<p>Hi</p>']);
    const res = await server.call('POST', '/api/outbox/batch/', {
      host: 'localhost',
      token: admin.access,
      json: { owner: admin.user.id, entries: [first, page('Courses, sent in a batch')] },
    });
    expect(res.body.results.map((r: { status: number }) => r.status)).toEqual([200, 200]);
    expect(res.body.results[1].body.title).toBe('Courses, sent in a batch');
  });

  it('goes on after a refused entry, which keeps its own answer', async () => {
    const res = await batch([add(25), add(99_999_999), add(26)]);
    expect(res.body.results.map((r: { status: number }) => r.status)).toEqual([200, 404, 200]);
    expect(res.body.results[1].body.message).toBe('This book is no longer available.');
    expect(await cart()).toEqual(expect.arrayContaining([25, 26]));
  });

  it('records each answer once when a refusal makes the batch go one change at a time', async () => {
    const entries = [add(29), add(99_999_998), add(30)];
    const first = await batch(entries);
    const stored = await server.database.db
      .select({ key: idempotencyKeys.key, status: idempotencyKeys.status_code })
      .from(idempotencyKeys)
      .where(
        inArray(
          idempotencyKeys.key,
          entries.map((e) => e.key),
        ),
      );
    expect(new Map(stored.map((r) => [r.key, r.status]))).toEqual(new Map(entries.map((e, i) => [e.key, [200, 404, 200][i]])));
    expect((await batch(entries)).body).toEqual(first.body);
  });

  it('gives two copies of one batch sent at once the same answers, applied once', async () => {
    const entries = [add(31), add(32), { key: key(), method: 'DELETE', path: '/data/cart/items/31/', body: null }];
    const [a, b] = await Promise.all([batch(entries), batch(entries)]);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(a.body.results.map((r: { status: number }) => r.status)).toEqual([200, 200, 200]);
    const cartNow = await cart();
    expect(cartNow).toContain(32);
    expect(cartNow).not.toContain(31);
  });

  it('answers a key sent twice in one batch once, and the copy with the same answer', async () => {
    const k = key();
    const res = await batch([add(33, k), add(33, k), add(34)]);
    expect(res.body.results.map((r: { status: number }) => r.status)).toEqual([200, 200, 200]);
    expect(res.body.results[1].body).toEqual(res.body.results[0].body);
    expect(await cart()).toEqual(expect.arrayContaining([33, 34]));
  });

  it("refuses a batch for another owner, and paths outside the API's writes", async () => {
    expect((await batch([add(27)], me.user.id + 1)).status).toBe(403);
    // Only changes the outbox sends may travel in a batch: each such entry is refused on its own.
    for (const path of ['/outbox/batch/', '/data/../auth/token/', '/auth/token/']) {
      const res = await batch([{ ...add(27), path }]);
      expect(res.status, path).toBe(200);
      expect(res.body.results[0].status, path).toBe(400);
      expect(res.body.results[0].body.message, path).toMatch(/cannot be sent in a batch|not a change/);
    }
    expect((await batch([{ ...add(27), method: 'GET' }])).status).toBe(400);
    expect(
      (await server.call('POST', '/api/outbox/batch/', { host: GREENFIELD, json: { owner: me.user.id, entries: [add(27)] } })).status,
    ).toBe(401);
    expect(await cart()).not.toContain(27);
  });

  it('refuses an entry that is no change of the API and goes on with the rest', async () => {
    const res = await batch([{ key: key(), method: 'POST', path: '/no/such/write/', body: {} }, add(28)]);
    expect(res.body.results.map((r: { status: number }) => r.status)).toEqual([400, 200]);
    expect(await cart()).toContain(28);
  });

  it('applies the same role checks as a change sent alone', async () => {
    const res = await batch([
      {
        key: key(),
        method: 'PUT',
        path: '/manage_student/1/',
        body: { first_name: 'A', last_name: 'B', password: 'x-1', privacy_preference: 'private' },
      },
    ]);
    expect(res.body.results[0].status).toBe(403);
  });
});
