// The real adapters in the order flow: the server is configured the way an operator would
// (keys in the environment, the sandbox off) with each SDK pointed at its provider's stand-in.
// Checkout sends the buyer to the provider's own page, a forged return marks nothing paid, and
// the order is paid only when the provider says so (a verified webhook, or the status call).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../server/db/schema';
import { DELIVERY_ADDRESS, GREENFIELD, signIn, startServer, TARGETS, type TestServer } from './harness';
import { startPayPal, type PayPalStandIn } from './stand-ins/paypal';
import { startStripe, type StripeStandIn } from './stand-ins/stripe';

describe.each(TARGETS)('Stripe and PayPal through their SDKs in the order flow on %s', (target) => {
  let server: TestServer;
  let stripe: StripeStandIn;
  let paypal: PayPalStandIn;
  let teacher: string;
  let bookIds: number[];

  beforeAll(async () => {
    [stripe, paypal] = await Promise.all([startStripe(), startPayPal()]);
    server = await startServer(target, {
      env: {
        PAYMENTS_SANDBOX: '0',
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_BASE_URL: stripe.url,
        PAYPAL_CLIENT_ID: paypal.clientId,
        PAYPAL_CLIENT_SECRET: paypal.clientSecret,
        PAYPAL_WEBHOOK_ID: paypal.webhookId,
        PAYPAL_ENV: 'sandbox',
        PAYPAL_BASE_URL: paypal.url,
      },
    });
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    const page = await server.call('GET', '/api/books/?limit=2', { host: GREENFIELD });
    bookIds = page.body.results.map((b: { id: number }) => b.id);
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await Promise.all([stripe?.close(), paypal?.close()]);
  });

  async function checkout(provider: 'stripe' | 'paypal') {
    const res = await server.call('POST', '/api/orders/', {
      host: GREENFIELD,
      token: teacher,
      json: { book_ids: bookIds, provider, delivery_address: DELIVERY_ADDRESS },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const body = res.body as { order_id: number; key: string; redirect_url: string };
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.order_id, body.order_id));
    return { ...body, payment: payment! };
  }
  const order = async (o: { order_id: number; key: string }) =>
    (await server.call('GET', `/api/orders/${o.order_id}/?key=${o.key}`, { host: GREENFIELD })).body as {
      status: string;
      print_status: string;
    };
  const deliver = (provider: string, hook: { headers: Record<string, string>; rawBody: string }) =>
    server.call('POST', `/api/payments/${provider}/webhook/`, { body: hook.rawBody, headers: hook.headers });
  const comeBack = (provider: string, query: string) =>
    server.call('GET', `/api/payments/${provider}/return/?${query}`, { host: GREENFIELD });

  it('offers exactly the configured providers', async () => {
    const site = await server.call('GET', '/api/current-tenant', { host: GREENFIELD });
    expect(site.body.payments.sandbox).toBe(false);
    expect([...site.body.payments.providers].sort()).toEqual(['paypal', 'stripe']);
  });

  it('Stripe: the buyer goes to Checkout; a forged return pays nothing; the signed webhook pays once', async () => {
    const o = await checkout('stripe');
    expect(o.redirect_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const session = stripe.sessions.get(o.payment.external_ref!)!;
    expect(session).toMatchObject({ amount_total: o.payment.amount_cents, currency: o.payment.currency.toLowerCase() });
    await comeBack('stripe', `ref=${o.payment.provider_ref}&session_id=${session.id}&status=complete&paid=true`);
    expect((await order(o)).status).toBe('pending');
    // A webhook signed with another secret is refused and changes nothing.
    stripe.pay(session.id);
    expect((await deliver('stripe', stripe.webhook('checkout.session.completed', session, { secret: 'whsec_forged' }))).status).toBe(400);
    expect((await order(o)).status).toBe('pending');
    const hook = stripe.webhook('checkout.session.completed', session);
    expect((await deliver('stripe', hook)).status).toBe(200);
    expect(await order(o)).toMatchObject({ status: 'success', print_status: 'paid' });
    expect((await deliver('stripe', hook)).status).toBe(200);
    expect((await order(o)).status).toBe('success');
  });

  it('Stripe: a session that expires cancels the order', async () => {
    const o = await checkout('stripe');
    stripe.expire(o.payment.external_ref!);
    expect((await deliver('stripe', stripe.webhook('checkout.session.expired', stripe.sessions.get(o.payment.external_ref!)))).status).toBe(
      200,
    );
    expect((await order(o)).status).toBe('cancelled');
  });

  it('PayPal: the buyer approves on PayPal; the return before approval pays nothing, after it captures once', async () => {
    const o = await checkout('paypal');
    const id = o.payment.external_ref!;
    expect(o.redirect_url).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${id}`);
    await comeBack('paypal', `ref=${o.payment.provider_ref}&token=${id}&PayerID=FORGED`);
    expect((await order(o)).status).toBe('pending');
    paypal.approve(id);
    const back = await comeBack('paypal', `ref=${o.payment.provider_ref}&token=${id}&PayerID=BUYER`);
    expect(back.headers.get('location')).toMatch(/^\/paypal-payment\/success\?/);
    expect(await order(o)).toMatchObject({ status: 'success', print_status: 'paid' });
    // PayPal's own webhook afterwards is verified and changes nothing more.
    const capture = paypal.captures.find((c) => c.supplementary_data.related_ids.order_id === id)!;
    expect((await deliver('paypal', paypal.webhook('PAYMENT.CAPTURE.COMPLETED', capture))).status).toBe(200);
    expect(paypal.captures.filter((c) => c.supplementary_data.related_ids.order_id === id)).toHaveLength(1);
    expect((await order(o)).status).toBe('success');
  });
});
