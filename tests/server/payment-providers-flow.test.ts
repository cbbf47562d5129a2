// The real adapters in the order flow: the server is configured the way an operator would
// (keys in the environment, the sandbox off) with each SDK pointed at its provider's stand-in.
// Checkout sends the buyer to the provider's own page, a forged return marks nothing paid, and
// the order is paid only when the provider says so (a verified webhook, or the status call), for
// its exact amount and currency; a declined card fails it; a Stripe subscription's first payment
// keeps the card and its renewal charges it off-session once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, subscriptions } from '../../server/db/schema';
import { renewalCharge } from '../../server/domains/commerce/gateway';
import { addInterval, runRenewals } from '../../server/domains/commerce/subscriptions';
import { GREENFIELD, signIn, startServer, TARGETS, type TestServer } from './harness';
import { orderFlow } from './order-flow';
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
        ...stripe.env,
        ...paypal.env,
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

  const { checkout, order, deliver, comeBack } = orderFlow(() => ({ server, token: teacher, bookIds }));

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

  it('Stripe: a declined card fails the order; another amount taken never settles one', async () => {
    const declined = await checkout('stripe');
    const intent = stripe.decline(declined.payment.external_ref!);
    expect((await deliver('stripe', stripe.webhook('payment_intent.payment_failed', stripe.intents.get(intent.id)))).status).toBe(200);
    expect((await order(declined)).status).toBe('failed');
    const short = await checkout('stripe');
    const session = stripe.sessions.get(short.payment.external_ref!)!;
    stripe.pay(session.id, { amount: 1 });
    expect((await deliver('stripe', stripe.webhook('checkout.session.completed', session))).status).toBe(200);
    expect((await order(short)).status).toBe('pending');
    const rupees = await checkout('stripe');
    const other = stripe.sessions.get(rupees.payment.external_ref!)!;
    stripe.pay(other.id, { currency: 'inr' });
    await comeBack('stripe', `ref=${rupees.payment.provider_ref}`);
    expect((await order(rupees)).status).toBe('pending');
  });

  it('Stripe subscription: the first payment keeps the card, and the renewal charges it off-session once', async () => {
    const head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    const own = await server.call('GET', '/api/api-admin/subscription/', { host: GREENFIELD, token: head });
    const monthly = own.body.plans[0].variants.find((v: { interval: string }) => v.interval === 'month');
    const made = await server.call('POST', '/api/api-admin/subscription/', {
      host: GREENFIELD,
      token: head,
      json: { variant_id: monthly.id, provider: 'stripe' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const [first] = await server.database.db.select().from(payments).where(eq(payments.order_id, made.body.order_id));
    const session = stripe.sessions.get(first!.external_ref!)!;
    stripe.pay(session.id);
    expect((await deliver('stripe', stripe.webhook('checkout.session.completed', session))).status).toBe(200);
    const [sub] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.status, 'active'));
    expect(sub!.mandate).toMatch(/^cus_\w+\/pm_\w+$/);
    const end = sub!.current_period_end;
    const intents = stripe.intents.size;
    const renew = (at: Date) => runRenewals(server.database.db, at, renewalCharge(server.deps));
    expect(await renew(new Date(end.getTime() + 1000))).toMatchObject({ renewed: 1, mailed: 0 });
    expect(await renew(new Date(end.getTime() + 2000))).toMatchObject({ renewed: 0 });
    expect(stripe.intents.size).toBe(intents + 1);
    const charged = stripe.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(new URLSearchParams(charged.at(-1)!.rawBody).get('off_session')).toBe('true');
    expect(charged.at(-1)!.headers['idempotency-key']).toMatch(/^stripe_renew_/);
    const [renewed] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(renewed).toMatchObject({ status: 'active', current_period_start: end, current_period_end: addInterval(end, 'month') });
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
