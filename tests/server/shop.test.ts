// The library, search and orders on the real API and database: book pages, categories,
// stories, /combined/ search, checkout rules (prices from the server, guests give an email,
// who may see an order) and the cart after a paid order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { stories } from '../../server/db/schema';
import { GREENFIELD, HILLSIDE, signIn, startServer, TARGETS, type TestServer, DELIVERY_ADDRESS } from './harness';

describe.each(TARGETS)('shop on %s', (target) => {
  let server: TestServer;
  let teacher: string;
  let head: string;
  let book: { id: number; title: string; author: string; price_cents: number };

  beforeAll(async () => {
    server = await startServer(target);
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    book = (await server.call('GET', '/api/books/?limit=1', { host: GREENFIELD })).body.results[0];
  }, 60_000);
  afterAll(() => server?.close());

  it('shows a book page with its category, and 404s for a missing one', async () => {
    const res = await server.call('GET', `/api/books/${book.id}/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: book.id,
      title: book.title,
      price_cents: book.price_cents,
      category: { name: expect.any(String) },
    });
    expect((await server.call('GET', '/api/books/99999999/')).status).toBe(404);
    expect((await server.call('GET', '/api/books/abc/')).status).toBe(400);
  });

  it('lists categories with their book counts', async () => {
    const res = await server.call('GET', '/api/categories/', { host: GREENFIELD });
    expect(res.body.count).toBeGreaterThanOrEqual(8);
    const total = res.body.results.reduce((s: number, c: { book_count: number }) => s + c.book_count, 0);
    expect(total).toBeGreaterThanOrEqual(500);
  });

  it("lists a school's public published stories only, and opens one", async () => {
    const green = await server.call('GET', '/api/stories/?limit=100', { host: GREENFIELD });
    const hill = await server.call('GET', '/api/stories/?limit=100', { host: HILLSIDE });
    expect(green.body.count).toBeGreaterThan(0);
    const greenIds = new Set(green.body.results.map((s: { id: number }) => s.id));
    for (const s of hill.body.results) expect(greenIds.has(s.id)).toBe(false);
    const one = await server.call('GET', `/api/stories/${green.body.results[0].id}/`, { host: GREENFIELD });
    expect(one.body.body.length).toBeGreaterThan(0);
    expect((await server.call('GET', `/api/stories/${green.body.results[0].id}/`, { host: HILLSIDE })).status).toBe(404);
  });

  it('syncs readable stories to the device, and later tells it which ones left', async () => {
    const first = await server.call('GET', '/api/catalogue/stories/?limit=1000', { host: GREENFIELD });
    expect(first.status).toBe(200);
    expect(first.body.results.length).toBeGreaterThan(0);
    expect(first.body.results.every((s: { deleted: boolean }) => !s.deleted)).toBe(true);
    const listed = (await server.call('GET', '/api/stories/?limit=100', { host: GREENFIELD })).body;
    expect(first.body.results.length).toBe(listed.count);
    const cursor = `${first.body.results.at(-1).updated_at}~${first.body.results.at(-1).id}`;
    const gone = first.body.results[0];
    await server.database.db.update(stories).set({ privacy_preference: 'private' }).where(eq(stories.id, gone.id));
    const later = await server.call('GET', `/api/catalogue/stories/?updated_since=${encodeURIComponent(cursor)}`, { host: GREENFIELD });
    expect(later.body.results).toContainEqual(expect.objectContaining({ id: gone.id, deleted: true, title: '' }));
    // Whatever else comes after the cursor is a story nobody may read (a draft): no content.
    for (const s of later.body.results) expect(s).toMatchObject({ deleted: true, title: '', excerpt: '' });
    expect((await server.call('GET', '/api/catalogue/stories/?updated_since=yesterday')).status).toBe(400);
  });

  it('searches books by word prefixes of title and author, every term', async () => {
    const word = book.title.split(/\s+/)[0]!.toLowerCase();
    const prefix = word.slice(0, 3);
    const res = await server.call('GET', `/api/combined/?search=${encodeURIComponent(prefix.toUpperCase())}`, { host: GREENFIELD });
    expect(res.status).toBe(200);
    expect(res.body.books.length).toBeGreaterThan(0);
    for (const b of res.body.books) expect(`${b.title} ${b.author}`.toLowerCase()).toMatch(new RegExp(`(^|[^a-z0-9])${prefix}`));
    const both = await server.call('GET', `/api/combined/?search=${encodeURIComponent(`${word} ${book.author.split(' ')[0]}`)}&limit=100`);
    expect(both.body.books.map((b: { id: number }) => b.id)).toContain(book.id);
    const none = await server.call('GET', '/api/combined/?search=zzzqqqxxx');
    expect(none.body).toMatchObject({ books: [], stories: [] });
    expect((await server.call('GET', `/api/combined/?search=${'a'.repeat(300)}`)).status).toBe(400);
    // Regular-expression characters are only separators, never a pattern.
    expect((await server.call('GET', '/api/combined/?search=(((%5B')).status).toBe(200);
  });

  it('prices an order from the server and lets only its buyer or key holder see it', async () => {
    const ids = (await server.call('GET', '/api/books/?limit=3', { host: GREENFIELD })).body.results.map((b: { id: number }) => b.id);
    const prices = await Promise.all(
      ids.map(async (id: number) => (await server.call('GET', `/api/books/${id}/`, { host: GREENFIELD })).body.price_cents as number),
    );
    const made = await server.call('POST', '/api/orders/', {
      host: GREENFIELD,
      token: teacher,
      json: { book_ids: [...ids, ids[0]], provider: 'paypal', delivery_address: DELIVERY_ADDRESS },
    });
    expect(made.status).toBe(201);
    const mine = await server.call('GET', `/api/orders/${made.body.order_id}/`, { host: GREENFIELD, token: teacher });
    expect(mine.body).toMatchObject({
      kind: 'books',
      status: 'pending',
      print_status: 'open',
      total_cents: prices.reduce((a, b) => a + b, 0),
      buyer: expect.any(String),
    });
    expect(mine.body.items).toHaveLength(3);
    expect((await server.call('GET', `/api/orders/${made.body.order_id}/`, { host: GREENFIELD, token: head })).status).toBe(404);
    expect((await server.call('GET', `/api/orders/${made.body.order_id}/?key=wrong`, { host: GREENFIELD })).status).toBe(404);
    expect((await server.call('GET', `/api/orders/${made.body.order_id}/?key=${made.body.key}`, { host: GREENFIELD })).status).toBe(200);
  });

  it('opens one order however often a signed-in buyer presses Pay with one key', async () => {
    const headers = { 'Idempotency-Key': 'checkout-attempt-0001' };
    const json = { book_ids: [book.id], provider: 'paypal', delivery_address: DELIVERY_ADDRESS };
    const first = await server.call('POST', '/api/orders/', { host: GREENFIELD, token: head, json, headers });
    const again = await server.call('POST', '/api/orders/', { host: GREENFIELD, token: head, json, headers });
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
  });

  it('asks a guest for an email and refuses books not on sale', async () => {
    const guest = await server.call('POST', '/api/orders/', {
      host: GREENFIELD,
      json: { book_ids: [book.id], provider: 'stripe', delivery_address: DELIVERY_ADDRESS },
    });
    expect(guest.status).toBe(400);
    expect(guest.body.message).toContain('email');
    const ok = await server.call('POST', '/api/orders/', {
      host: GREENFIELD,
      json: { book_ids: [book.id], provider: 'stripe', email: 'parent@example.com', delivery_address: DELIVERY_ADDRESS },
    });
    expect(ok.status).toBe(201);
    expect(
      (
        await server.call('POST', '/api/orders/', {
          host: GREENFIELD,
          json: { book_ids: [99999999], provider: 'stripe', email: 'p@example.com', delivery_address: DELIVERY_ADDRESS },
        })
      ).status,
    ).toBe(404);
  });

  it('takes the bought books out of the buyer’s server cart once paid', async () => {
    await server.call('POST', '/api/data/cart/items/', { host: GREENFIELD, token: teacher, json: { book_id: book.id } });
    const made = await server.call('POST', '/api/orders/', {
      host: GREENFIELD,
      token: teacher,
      json: { book_ids: [book.id], provider: 'phonepe', delivery_address: DELIVERY_ADDRESS },
    });
    const press = await server.call('POST', made.body.redirect_url, {
      host: GREENFIELD,
      body: 'decision=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await server.call('GET', press.headers.get('location')!, { host: GREENFIELD });
    const cart = await server.call('GET', '/api/data/cart/', { host: GREENFIELD, token: teacher });
    expect(cart.body.cart).not.toContain(book.id);
  });
});
