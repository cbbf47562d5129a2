// Printed copies go somewhere: a book order names its delivery address (checked per country),
// the print provider is handed it, tracking shows it, and a signed-in buyer finds it filled in
// next time. Donations ask for none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryAddress } from '../../src/contract/delivery-address';
import { printerIdle } from '../../server/domains/commerce/print-jobs';
import { GREENFIELD, signIn, startServer, TARGETS, type TestServer } from './harness';

const HOME = {
  name: 'Ada Parent',
  line1: '12 Garden Lane',
  city: 'Springfield',
  region: 'IL',
  postcode: '62704',
  country: 'US',
};

describe('the delivery address schema', () => {
  const check = (a: Record<string, string>) => DeliveryAddress.safeParse(a);
  const problems = (a: Record<string, string>) => {
    const r = check(a);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('needs a name, a street, a town and a known country everywhere', () => {
    expect(Object.keys(problems({ name: '', line1: ' ', city: '', country: 'ZZ' })).sort()).toEqual(['city', 'country', 'line1', 'name']);
    // A country without a postcode rule takes the address without one.
    expect(check({ name: 'A', line1: '1 Road', city: 'Dubai', country: 'AE' }).success).toBe(true);
  });

  it('checks the postcode and region in the format of each country it knows', () => {
    expect(check(HOME).success).toBe(true);
    expect(problems({ ...HOME, postcode: '6270' })).toEqual({ postcode: 'This postcode does not look right for the chosen country.' });
    expect(problems({ ...HOME, region: '' })).toEqual({ region: 'Please enter the state, province or region.' });
    expect(problems({ ...HOME, postcode: '' }).postcode).toBe('Please enter the postcode.');
    const uk = { name: 'B', line1: '1 High St', city: 'London', country: 'GB' };
    expect(check({ ...uk, postcode: 'sw1a 1aa' }).data?.postcode).toBe('SW1A 1AA');
    expect(check({ ...uk, postcode: '12345' }).success).toBe(false);
    const india = { name: 'C', line1: '4 MG Road', city: 'Pune', country: 'IN', region: 'Maharashtra' };
    expect(check({ ...india, postcode: '411001' }).success).toBe(true);
    expect(check({ ...india, postcode: '011001' }).success).toBe(false);
    expect(check({ name: 'D', line1: '1 Rue', city: 'Toronto', country: 'CA', region: 'ON', postcode: 'M5V 3L9' }).success).toBe(true);
    expect(check({ name: 'D', line1: '1 Rue', city: 'Toronto', country: 'CA', region: 'ON', postcode: '12345' }).success).toBe(false);
  });
});

describe.each(TARGETS)('delivery addresses on %s', (target) => {
  let server: TestServer;
  let teacher: string;
  let bookId: number;

  beforeAll(async () => {
    server = await startServer(target);
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    bookId = (await server.call('GET', '/api/books/?limit=1', { host: GREENFIELD })).body.results[0].id;
  }, 600_000);
  afterAll(() => server?.close());

  async function pay(redirect: string) {
    const decided = await server.call('POST', redirect, {
      host: GREENFIELD,
      body: 'decision=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await server.call('GET', decided.headers.get('location') ?? '', { host: GREENFIELD });
    await printerIdle(server.database);
  }

  it('refuses printed books without an address, or with one the country would not deliver to', async () => {
    const none = await server.call('POST', '/api/orders/', {
      host: GREENFIELD,
      json: { book_ids: [bookId], provider: 'stripe', email: 'parent@example.com' },
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('Please enter where the printed books should be sent.');
    const wrong = await server.call('POST', '/api/orders/', {
      host: GREENFIELD,
      json: { book_ids: [bookId], provider: 'stripe', email: 'parent@example.com', delivery_address: { ...HOME, postcode: 'ABC' } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('This postcode does not look right for the chosen country.');
  });

  it('hands the address to the printer and shows it on tracking', async () => {
    const order = await server.call('POST', '/api/orders/', {
      host: GREENFIELD,
      json: { book_ids: [bookId], provider: 'stripe', email: 'parent@example.com', delivery_address: HOME },
    });
    expect(order.status).toBe(201);
    const { order_id, key } = order.body as { order_id: number; key: string };
    // Not received before it is paid.
    expect((await server.call('GET', `/api/print/sandbox/${order_id}/?key=${key}`, { host: GREENFIELD })).status).toBe(404);
    await pay(order.body.redirect_url);
    const tracked = await server.call('GET', `/api/orders/${order_id}/?key=${key}`, { host: GREENFIELD });
    expect(tracked.body.delivery_address).toEqual({ ...HOME, line2: '' });
    const printer = await server.call('GET', `/api/print/sandbox/${order_id}/?key=${key}`, { host: GREENFIELD });
    expect(printer.status).toBe(200);
    expect(printer.body).toMatchObject({ order_id, address: { ...HOME, line2: '' }, items: [{ book_id: bookId, copies: 1 }] });
    // Only with the order's key.
    expect((await server.call('GET', `/api/print/sandbox/${order_id}/?key=wrong`, { host: GREENFIELD })).status).toBe(404);
  });

  it('remembers a signed-in buyer’s last address, and only theirs', async () => {
    const before = await server.call('GET', '/api/orders/delivery-address/', { host: GREENFIELD, token: teacher });
    expect(before.body).toEqual({ address: null });
    const there = { ...HOME, name: 'Ms Teacher', line2: 'Flat 2' };
    const made = await server.call('POST', '/api/orders/', {
      host: GREENFIELD,
      token: teacher,
      json: { book_ids: [bookId], provider: 'paypal', delivery_address: there },
    });
    expect(made.status).toBe(201);
    const after = await server.call('GET', '/api/orders/delivery-address/', { host: GREENFIELD, token: teacher });
    expect(after.body).toEqual({ address: there });
    expect((await server.call('GET', '/api/orders/delivery-address/', { host: GREENFIELD })).status).toBe(401);
    const head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    expect((await server.call('GET', '/api/orders/delivery-address/', { host: GREENFIELD, token: head })).body).toEqual({ address: null });
  });
});
