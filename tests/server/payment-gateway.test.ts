// Who decides what is paid, on the real API and database: the server, from the provider's own
// word. Without the sandbox (production's default) and without keys nothing can be bought and
// the sandbox's addresses are gone; with a real provider (here a scripted adapter standing in for
// one) the buyer's return proves nothing, a webhook is applied once and only for the order's
// amount and currency, and a lost webhook is made good by the reconciliation job's status call.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, payments } from '../../server/db/schema';
import { NO_PROVIDER, RECONCILE_AFTER_MS, reconcilePayments } from '../../server/domains/commerce/gateway';
import {
  ProviderUnavailable,
  WebhookRejected,
  type PaymentAdapter,
  type PaymentReport,
  type PaymentState,
} from '../../server/providers/payments/adapter';
import { DELIVERY_ADDRESS, GREENFIELD, signIn, startServer, TARGETS, type TestServer } from './harness';

const location = (res: { headers: Headers }) => res.headers.get('location') ?? '';
const PROVIDER_PAGE = 'https://checkout.stand-in.example/pay/';

/** A provider scripted by the test: what it says about each payment, and whether it answers. */
function scriptedStripe() {
  const sessions = new Map<string, { reference: string; amountCents: number; currency: string; state: PaymentState }>();
  const script = { down: false, created: 0 };
  const report = (id: string): PaymentReport => {
    const s = sessions.get(id)!;
    return { reference: s.reference, providerRef: id, state: s.state, amountCents: s.amountCents, currency: s.currency };
  };
  const adapter: PaymentAdapter = {
    name: 'stripe',
    label: 'Card',
    create(p) {
      if (script.down) return Promise.reject(new ProviderUnavailable('down'));
      script.created++;
      const id = `cs_test_${p.reference}`;
      sessions.set(id, { reference: p.reference, amountCents: p.amountCents, currency: p.currency, state: 'pending' });
      return Promise.resolve({ redirectUrl: `${PROVIDER_PAGE}${id}`, providerRef: id });
    },
    status(id) {
      if (script.down) return Promise.reject(new ProviderUnavailable('timeout'));
      return Promise.resolve(report(id));
    },
    verifyWebhook({ headers, rawBody }) {
      if (headers['stripe-signature'] !== 'good') return Promise.reject(new WebhookRejected('bad signature'));
      const body = JSON.parse(rawBody) as { id: string; session: string; amountCents?: number; currency?: string };
      return Promise.resolve([
        {
          ...report(body.session),
          eventId: body.id,
          ...(body.amountCents ? { amountCents: body.amountCents } : {}),
          ...(body.currency ? { currency: body.currency } : {}),
        },
      ]);
    },
    refund: (r) => Promise.resolve({ refundRef: `re_${r.idempotencyKey}`, amountCents: r.amountCents, state: 'success' }),
  };
  return { adapter, sessions, script };
}

describe.each(TARGETS)('payments without the sandbox on %s', (target) => {
  let server: TestServer;
  let teacher: string;
  let schoolAdmin: string;
  let bookIds: number[];

  beforeAll(async () => {
    server = await startServer(target, { env: { PAYMENTS_SANDBOX: '0' } });
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    schoolAdmin = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    const page = await server.call('GET', '/api/books/?limit=2', { host: GREENFIELD });
    bookIds = page.body.results.map((b: { id: number }) => b.id);
  }, 180_000);
  afterAll(() => server?.close());

  it('offers no provider, says so, and takes no order, donation or subscription', async () => {
    const site = await server.call('GET', '/api/current-tenant', { host: GREENFIELD });
    expect(site.body.payments).toEqual({ sandbox: false, providers: [] });
    const order = await server.call('POST', '/api/orders/', {
      host: GREENFIELD,
      token: teacher,
      json: { book_ids: bookIds, provider: 'stripe', delivery_address: DELIVERY_ADDRESS },
    });
    expect(order.status).toBe(409);
    expect(order.body.message).toBe(NO_PROVIDER);
    const charities = await server.call('GET', '/api/charities/', { host: GREENFIELD });
    const slug = charities.body.results[0].slug as string;
    const donation = await server.call('POST', `/api/charities/${slug}/donations/`, {
      host: GREENFIELD,
      token: teacher,
      json: { amount_cents: 500, provider: 'paypal' },
    });
    expect(donation.status).toBe(409);
    const plans = await server.call('GET', '/api/api-admin/subscription/', { host: GREENFIELD, token: schoolAdmin });
    expect(plans.body.providers).toEqual([]);
    const variant = plans.body.plans[0].variants[0].id as number;
    const sub = await server.call('POST', '/api/api-admin/subscription/', {
      host: GREENFIELD,
      token: schoolAdmin,
      json: { variant_id: variant, provider: 'stripe' },
      headers: { 'Idempotency-Key': 'no-provider-subscription' },
    });
    expect(sub.status).toBe(409);
    const [pending] = await server.database.db.select().from(payments).where(eq(payments.status, 'pending')).limit(1);
    expect(pending).toBeUndefined();
  });

  it('answers 404 at every sandbox address and refuses its signed results', async () => {
    const ref = 'stripe_abcdefghijklmnopqrstuvwx';
    expect((await server.call('GET', `/api/payments/sandbox/stripe/${ref}/`, { host: GREENFIELD })).status).toBe(404);
    const post = await server.call('POST', `/api/payments/sandbox/stripe/${ref}/`, {
      host: GREENFIELD,
      body: 'decision=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.status).toBe(404);
    const back = await server.call('GET', `/api/payments/stripe/return/?session_id=${ref}&status=complete&amount=100&signature=t=1,v1=00`, {
      host: GREENFIELD,
    });
    expect(back.status).toBe(404);
  });
});

describe.each(TARGETS)('a real provider on %s', (target) => {
  let server: TestServer;
  let teacher: string;
  let bookIds: number[];
  const stripe = scriptedStripe();

  beforeAll(async () => {
    server = await startServer(target, { env: { PAYMENTS_SANDBOX: '0' }, paymentAdapters: { stripe: stripe.adapter } });
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    const page = await server.call('GET', '/api/books/?limit=2', { host: GREENFIELD });
    bookIds = page.body.results.map((b: { id: number }) => b.id);
  }, 180_000);
  afterAll(() => server?.close());

  async function checkout() {
    const res = await server.call('POST', '/api/orders/', {
      host: GREENFIELD,
      token: teacher,
      json: { book_ids: bookIds, provider: 'stripe', delivery_address: DELIVERY_ADDRESS },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const body = res.body as { order_id: number; key: string; redirect_url: string };
    const session = body.redirect_url.slice(PROVIDER_PAGE.length);
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.external_ref, session));
    return { ...body, session, payment: payment! };
  }
  const order = async (o: { order_id: number; key: string }) =>
    (await server.call('GET', `/api/orders/${o.order_id}/?key=${o.key}`, { host: GREENFIELD })).body as {
      status: string;
      print_status: string;
    };
  const webhook = (json: object, signature = 'good') =>
    server.call('POST', '/api/payments/stripe/webhook/', {
      body: JSON.stringify(json),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });

  it('offers only that provider; checkout sends the buyer to its page', async () => {
    const site = await server.call('GET', '/api/current-tenant', { host: GREENFIELD });
    expect(site.body.payments).toEqual({ sandbox: false, providers: ['stripe'] });
    const paypal = await server.call('POST', '/api/orders/', {
      host: GREENFIELD,
      token: teacher,
      json: { book_ids: bookIds, provider: 'paypal', delivery_address: DELIVERY_ADDRESS },
    });
    expect(paypal.status).toBe(400);
    expect(paypal.body.errors.provider).toBeDefined();
    const o = await checkout();
    expect(o.redirect_url).toMatch(/^https:\/\/checkout\.stand-in\.example\/pay\/cs_test_stripe_/);
    expect(o.payment.status).toBe('pending');
  });

  it('a forged return marks nothing paid: the server asks the provider', async () => {
    const o = await checkout();
    const forged = await server.call(
      'GET',
      `/api/payments/stripe/return/?ref=${o.payment.provider_ref}&status=complete&paid=true&amount=${o.payment.amount_cents}`,
      { host: GREENFIELD },
    );
    expect(forged.status).toBe(303);
    expect(location(forged)).toMatch(new RegExp(`^/stripe-payment\\?order=${o.order_id}&`));
    expect((await order(o)).status).toBe('pending');
    // Once the provider says it is paid, the same return lands on success.
    stripe.sessions.get(o.session)!.state = 'success';
    const back = await server.call('GET', `/api/payments/stripe/return/?ref=${o.payment.provider_ref}`, { host: GREENFIELD });
    expect(location(back)).toMatch(new RegExp(`^/stripe-payment/success\\?order=${o.order_id}&`));
    expect(await order(o)).toMatchObject({ status: 'success', print_status: 'paid' });
  });

  it('a webhook is verified, applied once, and only for the order’s amount and currency', async () => {
    const o = await checkout();
    stripe.sessions.get(o.session)!.state = 'success';
    expect((await webhook({ id: 'evt_forged', session: o.session }, 'forged')).status).toBe(400);
    expect((await order(o)).status).toBe('pending');
    expect((await webhook({ id: 'evt_less', session: o.session, amountCents: 1 })).status).toBe(200);
    expect((await webhook({ id: 'evt_rupees', session: o.session, currency: 'INR' })).status).toBe(200);
    expect((await order(o)).status).toBe('pending');
    expect((await webhook({ id: 'evt_paid', session: o.session })).status).toBe(200);
    expect((await order(o)).status).toBe('success');
    // A duplicate, and a late "failed" event, change nothing.
    stripe.sessions.get(o.session)!.state = 'failed';
    expect((await webhook({ id: 'evt_paid', session: o.session })).status).toBe(200);
    expect((await webhook({ id: 'evt_late_failure', session: o.session })).status).toBe(200);
    expect((await order(o)).status).toBe('success');
    const applied = await server.database.db.select().from(paymentEvents).where(eq(paymentEvents.payment_id, o.payment.id));
    expect(applied.map((e) => e.event_id).sort()).toEqual(['evt_late_failure', 'evt_less', 'evt_paid', 'evt_rupees']);
  });

  it('a webhook before the buyer returns: the return shows the result', async () => {
    const o = await checkout();
    stripe.sessions.get(o.session)!.state = 'cancelled';
    await webhook({ id: 'evt_expired', session: o.session });
    const back = await server.call('GET', `/api/payments/stripe/return/?ref=${o.payment.provider_ref}`, { host: GREENFIELD });
    expect(location(back)).toMatch(/^\/stripe-payment\/cancel\?/);
    expect((await order(o)).status).toBe('cancelled');
  });

  it('a provider that does not answer leaves the payment pending; the reconciliation job settles it later', async () => {
    const o = await checkout();
    stripe.sessions.get(o.session)!.state = 'success';
    stripe.script.down = true;
    const back = await server.call('GET', `/api/payments/stripe/return/?ref=${o.payment.provider_ref}`, { host: GREENFIELD });
    expect(location(back)).toMatch(/^\/stripe-payment\?/);
    expect((await order(o)).status).toBe('pending');
    const later = new Date(Date.now() + RECONCILE_AFTER_MS + 60_000);
    expect((await reconcilePayments(server.deps, later)).settled).toBe(0);
    expect((await order(o)).status).toBe('pending');
    // The webhook was lost: the job's status call finds the payment made.
    stripe.script.down = false;
    expect((await reconcilePayments(server.deps, new Date())).asked).toBe(0); // too young to ask about
    const pass = await reconcilePayments(server.deps, later);
    expect(pass.settled).toBeGreaterThanOrEqual(1);
    expect(await order(o)).toMatchObject({ status: 'success', print_status: 'paid' });
  });

  it('a refund goes to the provider the payment was made with, part then the rest', async () => {
    const o = await checkout();
    stripe.sessions.get(o.session)!.state = 'success';
    await webhook({ id: 'evt_paid_for_refund', session: o.session });
    const admin = (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access;
    const refund = (amount?: string) =>
      server.call('POST', `/api/api-super-admin/payments/${o.payment.id}/refund/`, {
        token: admin,
        json: amount ? { amount } : {},
        headers: { 'Idempotency-Key': `refund-${amount ? 'part' : 'rest'}-${o.payment.id}` },
      });
    const part = await refund('1.00');
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body.provider_ref).toBe(`re_refund-part-${o.payment.id}`);
    const rest = await refund();
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.payment.refunded_cents).toBe(o.payment.amount_cents);
  });

  it('a provider down at checkout: 503, nothing is left behind', async () => {
    stripe.script.down = true;
    try {
      const res = await server.call('POST', '/api/orders/', {
        host: GREENFIELD,
        token: teacher,
        json: { book_ids: bookIds, provider: 'stripe', delivery_address: DELIVERY_ADDRESS },
        headers: { 'Idempotency-Key': 'provider-down-checkout' },
      });
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/could not be reached/);
    } finally {
      stripe.script.down = false;
    }
  });
});
