// Checkout through each sandbox provider, on the real API and database: the provider's page,
// its three answers, and the callbacks a browser (or an attacker) could send back.
import { translate } from '../../server/http/language';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '../../src/contract/domain';
import { GREENFIELD, HILLSIDE, signIn, startServer, TARGETS, type TestServer, DELIVERY_ADDRESS } from './harness';

const location = (res: { headers: Headers }) => res.headers.get('location') ?? '';

describe.each(TARGETS)('payments on %s', (target) => {
  let server: TestServer;
  let teacher: string;
  let bookIds: number[];

  beforeAll(async () => {
    server = await startServer(target);
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    const page = await server.call('GET', '/api/books/?limit=3', { host: GREENFIELD });
    bookIds = page.body.results.map((b: { id: number }) => b.id);
  }, 60_000);
  afterAll(() => server?.close());

  async function checkout(provider: PaymentProvider, options: { token?: string; books?: number[]; host?: string } = {}) {
    const res = await server.call('POST', '/api/orders/', {
      host: options.host ?? GREENFIELD,
      token: options.token ?? teacher,
      json: { book_ids: options.books ?? bookIds.slice(0, 2), provider, delivery_address: DELIVERY_ADDRESS },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { order_id: number; key: string; redirect_url: string };
  }

  /** Presses a button on the provider's page; answers the signed callback URL it sends back. */
  async function decide(redirectUrl: string, decision: string, host = GREENFIELD) {
    const page = await server.call('GET', redirectUrl, { host });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Approve');
    const res = await server.call('POST', redirectUrl, {
      host,
      body: `decision=${decision}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(303);
    return location(res);
  }

  async function order(id: number, key: string, host = GREENFIELD) {
    return server.call('GET', `/api/orders/${id}/?key=${key}`, { host });
  }

  it('says payments here are tests (the sandbox is on in development) and offers every provider', async () => {
    const site = await server.call('GET', '/api/current-tenant', { host: GREENFIELD });
    expect(site.body.payments).toEqual({ sandbox: true, providers: ['paypal', 'phonepe', 'stripe'] });
  });

  describe.each(PAYMENT_PROVIDERS)('%s', (provider) => {
    it('approve pays the order once; a replayed callback changes nothing', async () => {
      const o = await checkout(provider);
      const callback = await decide(o.redirect_url, 'approve');
      const first = await server.call('GET', callback, { host: GREENFIELD });
      expect(first.status).toBe(303);
      expect(location(first)).toMatch(new RegExp(`^/${provider}-payment/success\\?order=${o.order_id}&key=`));
      const paid = await order(o.order_id, o.key);
      expect(paid.body).toMatchObject({ status: 'success', print_status: 'paid', payments: [{ provider, status: 'success' }] });
      const completedAt = paid.body.payments[0].completed_at;

      const again = await server.call('GET', callback, { host: GREENFIELD });
      expect(location(again)).toMatch(`/${provider}-payment/success`);
      const after = await order(o.order_id, o.key);
      expect(after.body.payments).toHaveLength(1);
      expect(after.body.payments[0].completed_at).toBe(completedAt);
    });

    it('decline fails the order, and a later approval cannot turn it into a payment', async () => {
      const o = await checkout(provider);
      const declined = await server.call('GET', await decide(o.redirect_url, 'decline'), { host: GREENFIELD });
      expect(location(declined)).toMatch(`/${provider}-payment/failed`);
      expect((await order(o.order_id, o.key)).body.status).toBe('failed');
      // The provider page of a settled payment shows no buttons any more: it goes to the result.
      const page = await server.call('GET', o.redirect_url, { host: GREENFIELD });
      expect(page.status).toBe(303);
      const late = await server.call('POST', o.redirect_url, {
        host: GREENFIELD,
        body: 'decision=approve',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const replay = await server.call('GET', location(late), { host: GREENFIELD });
      expect(location(replay)).toMatch(`/${provider}-payment/failed`);
      expect((await order(o.order_id, o.key)).body.status).toBe('failed');
    });

    it('cancel leaves the order cancelled and shows the cancel screen', async () => {
      const o = await checkout(provider);
      const res = await server.call('GET', await decide(o.redirect_url, 'cancel'), { host: GREENFIELD });
      expect(location(res)).toMatch(`/${provider}-payment/cancel`);
      expect((await order(o.order_id, o.key)).body).toMatchObject({ status: 'cancelled', payments: [{ status: 'cancelled' }] });
    });

    it('refuses a forged signature and an altered amount', async () => {
      const o = await checkout(provider);
      const callback = new URL(await decide(o.redirect_url, 'approve'), 'http://x');
      const q = callback.searchParams;
      const forged = new URLSearchParams(q);
      for (const field of ['sig', 'checksum', 'signature'])
        if (forged.has(field)) forged.set(field, forged.get(field)!.replace(/[0-9a-f]{6}/, 'abcdef'));
      const bad = await server.call('GET', `${callback.pathname}?${forged}`, { host: GREENFIELD });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('This payment result could not be verified.');

      const cheaper = new URLSearchParams(q);
      if (provider === 'phonepe') {
        const body = JSON.parse(Buffer.from(q.get('response')!, 'base64').toString());
        body.data.amount = 1;
        cheaper.set('response', Buffer.from(JSON.stringify(body)).toString('base64'));
      } else {
        cheaper.set('amount', '1');
      }
      expect((await server.call('GET', `${callback.pathname}?${cheaper}`, { host: GREENFIELD })).status).toBe(400);
      // Only the genuine callback pays.
      expect((await order(o.order_id, o.key)).body.status).toBe('pending');
      const genuine = await server.call('GET', `${callback.pathname}?${q}`, { host: GREENFIELD });
      expect(location(genuine)).toMatch(`/${provider}-payment/success`);
    });

    it("cannot settle or open another site's payment", async () => {
      const o = await checkout(provider);
      const callback = await decide(o.redirect_url, 'approve');
      expect((await server.call('GET', o.redirect_url, { host: HILLSIDE })).status).toBe(404);
      expect((await server.call('GET', callback, { host: HILLSIDE })).status).toBe(404);
      expect((await order(o.order_id, o.key, HILLSIDE)).status).toBe(404);
      expect((await order(o.order_id, o.key)).body.status).toBe('pending');
    });
  });

  it('a signed callback from one provider is not accepted by another', async () => {
    const o = await checkout('paypal');
    const callback = await decide(o.redirect_url, 'approve');
    const res = await server.call('GET', callback.replace('/payments/paypal/', '/payments/stripe/'), { host: GREENFIELD });
    expect(res.status).toBe(400);
  });

  it('an expired card result is refused', async () => {
    const o = await checkout('stripe');
    const callback = await decide(o.redirect_url, 'approve');
    const saved = server.clock.now;
    server.clock.now = new Date(saved.getTime() + 10 * 60_000);
    try {
      expect((await server.call('GET', callback, { host: GREENFIELD })).status).toBe(400);
    } finally {
      server.clock.now = saved;
    }
  });

  it('refuses bad input with a message, never a 5xx', async () => {
    const bad = [
      { book_ids: [], provider: 'paypal' },
      { book_ids: [bookIds[0]], provider: 'bitcoin' },
      { book_ids: ['x'], provider: 'paypal' },
      { provider: 'paypal' },
    ];
    for (const json of bad) {
      const res = await server.call('POST', '/api/orders/', { host: GREENFIELD, token: teacher, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    const malformed = await server.call('POST', '/api/orders/', {
      host: GREENFIELD,
      token: teacher,
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    const decision = await server.call('POST', '/api/payments/sandbox/paypal/paypal_AAAAAAAAAAAAAAAAAAAA/', {
      host: GREENFIELD,
      body: 'decision=steal',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(decision.status).toBe(400);
    expect((await server.call('GET', '/api/payments/paypal/return/?token=nope', { host: GREENFIELD })).status).toBe(400);
    expect((await server.call('GET', '/api/payments/venmo/return/', { host: GREENFIELD })).status).toBe(404);
    expect((await server.call('GET', '/api/payments/sandbox/paypal/<script>/', { host: GREENFIELD })).status).toBe(404);
  });

  it("draws the sandbox's page in the buyer's language (issue 26): Arabic, right to left, the amount in Arabic-Indic digits", async () => {
    const o = await checkout('paypal');
    const page = await server.call('GET', o.redirect_url, { host: GREENFIELD, headers: { 'Accept-Language': 'ar' } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    for (const words of ['This is a test payment page: no real money moves.', 'Approve payment', 'Decline payment'])
      expect(page.body).toContain(translate(words, 'ar'));
    expect(page.body).toMatch(/<strong>[^<]*[٠-٩][^<]*<\/strong>/);
    expect(page.body).not.toContain('Approve');
  });
});
