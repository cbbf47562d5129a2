// The three real payment providers' adapters against local stand-ins of each provider's API:
// the official SDK is pointed at the stand-in through its own base-URL / HTTP-client option,
// and webhooks are signed the provider's documented way. What is checked is what the server
// relies on: nothing is reported paid until the provider says so, declines and expiries are
// reported as such, a webhook is believed only when it verifies, and trouble at the provider
// (5xx, timeout) is an error that leaves the payment pending.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderUnavailable, WebhookRejected, type CreatePayment, type PaymentAdapter } from '../../server/providers/payments/adapter';
import { minorUnits, paypalAdapter, paypalValue } from '../../server/providers/payments/paypal-sdk';
import { phonepeAdapter } from '../../server/providers/payments/phonepe-sdk';
import { stripeAdapter } from '../../server/providers/payments/stripe-sdk';
import { startPhonePe, type PhonePeStandIn } from './stand-ins/phonepe';
import { startPayPal, type PayPalStandIn } from './stand-ins/paypal';
import { startStripe, type StripeStandIn } from './stand-ins/stripe';

// Generous for a busy test machine; the timeout cases use their own adapter with a short one.
const TIMEOUT_MS = 10_000;
const SHORT_TIMEOUT_MS = 300;

function payment(reference: string, over: Partial<CreatePayment> = {}): CreatePayment {
  return {
    reference,
    amountCents: 1500,
    currency: 'USD',
    description: 'Our class book (printed)',
    returnUrl: `https://school.example/api/payments/stripe/return/?ref=${reference}`,
    cancelUrl: `https://school.example/api/payments/stripe/return/?ref=${reference}&cancel=1`,
    email: 'parent@example.org',
    ...over,
  };
}

let serial = 0;
const ref = (provider: string) => `${provider}_${Date.now().toString(36)}${(serial++).toString().padStart(6, '0')}`;

describe('Stripe (Checkout Sessions through the stripe SDK)', () => {
  let stand: StripeStandIn;
  let adapter: PaymentAdapter;

  beforeAll(async () => {
    stand = await startStripe();
    adapter = stripeAdapter(
      { secretKey: stand.secretKey, webhookSecret: stand.webhookSecret, baseUrl: stand.url },
      { timeoutMs: TIMEOUT_MS },
    );
  });
  afterAll(() => stand.close());
  beforeEach(() => stand.trouble('none'));

  it('opens a Checkout Session on Stripe and sends the buyer to its page', async () => {
    const reference = ref('stripe');
    const created = await adapter.create(payment(reference));
    expect(created.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const session = stand.sessions.get(created.providerRef)!;
    expect(session).toMatchObject({ amount_total: 1500, currency: 'usd', client_reference_id: reference, metadata: { reference } });
    // The create call carries our reference as its idempotency key: a retry makes no second session.
    const again = await adapter.create(payment(reference));
    expect(again.providerRef).toBe(created.providerRef);
    expect(stand.sessions.size).toBe(1);
    expect((await adapter.status(created.providerRef)).state).toBe('pending');
  });

  it('approved: the status call and the checkout.session.completed webhook both report success with what was taken', async () => {
    const reference = ref('stripe');
    const { providerRef } = await adapter.create(payment(reference));
    const intent = stand.pay(providerRef);
    const report = await adapter.status(providerRef);
    expect(report).toMatchObject({ reference, providerRef, state: 'success', amountCents: 1500, currency: 'USD', captureRef: intent.id });
    const events = await adapter.verifyWebhook(stand.webhook('checkout.session.completed', stand.sessions.get(providerRef)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ reference, state: 'success', amountCents: 1500, currency: 'USD' });
  });

  it('declined: payment_intent.payment_failed ends the session, reported failed, and it can no longer be paid', async () => {
    const { providerRef } = await adapter.create(payment(ref('stripe')));
    const intent = stand.decline(providerRef);
    const events = await adapter.verifyWebhook(stand.webhook('payment_intent.payment_failed', stand.intents.get(intent.id)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ providerRef, state: 'failed' });
    expect(stand.sessions.get(providerRef)!.status).toBe('expired');
  });

  it('declined, but the buyer paid with another card first: the success is what is reported', async () => {
    const { providerRef } = await adapter.create(payment(ref('stripe')));
    const intent = stand.decline(providerRef);
    stand.pay(providerRef);
    const [event] = await adapter.verifyWebhook(stand.webhook('payment_intent.payment_failed', stand.intents.get(intent.id)));
    expect(event!.state).toBe('success');
  });

  it('expired or cancelled: checkout.session.expired and the status call report cancelled', async () => {
    const { providerRef } = await adapter.create(payment(ref('stripe')));
    stand.expire(providerRef);
    expect((await adapter.status(providerRef)).state).toBe('cancelled');
    const [event] = await adapter.verifyWebhook(stand.webhook('checkout.session.expired', stand.sessions.get(providerRef)));
    expect(event!.state).toBe('cancelled');
  });

  it('a duplicated webhook keeps its event id (the server applies it once), and events that are no payment outcome give nothing', async () => {
    const { providerRef } = await adapter.create(payment(ref('stripe')));
    stand.pay(providerRef);
    const delivery = stand.webhook('checkout.session.completed', stand.sessions.get(providerRef), { id: 'evt_same_delivery' });
    const first = await adapter.verifyWebhook(delivery);
    const second = await adapter.verifyWebhook(delivery);
    expect(first[0]!.eventId).toBe('evt_same_delivery');
    expect(second).toEqual(first);
    expect(await adapter.verifyWebhook(stand.webhook('customer.created', { id: 'cus_1' }))).toEqual([]);
  });

  it('a webhook before the buyer returns and after answer the same truth', async () => {
    const { providerRef } = await adapter.create(payment(ref('stripe')));
    stand.pay(providerRef);
    // Webhook first, then the buyer's return asks the provider: both say success.
    const [early] = await adapter.verifyWebhook(stand.webhook('checkout.session.completed', stand.sessions.get(providerRef)));
    const onReturn = await adapter.status(providerRef);
    const [late] = await adapter.verifyWebhook(stand.webhook('checkout.session.completed', stand.sessions.get(providerRef)));
    expect([early!.state, onReturn.state, late!.state]).toEqual(['success', 'success', 'success']);
    // An event whose (signed) body is stale is read fresh: the session's state now is what counts.
    const { providerRef: other } = await adapter.create(payment(ref('stripe')));
    const stale = { ...stand.sessions.get(other)! };
    stand.expire(other);
    const [fresh] = await adapter.verifyWebhook(stand.webhook('checkout.session.completed', stale));
    expect(fresh!.state).toBe('cancelled');
  });

  it('a lost webhook is reconciled by the status call', async () => {
    const { providerRef } = await adapter.create(payment(ref('stripe')));
    stand.pay(providerRef);
    // No webhook arrives; the reconciliation job asks.
    expect((await adapter.status(providerRef)).state).toBe('success');
  });

  it('amount or currency mismatch: the report carries what Stripe took, not what was asked', async () => {
    const a = await adapter.create(payment(ref('stripe')));
    stand.pay(a.providerRef, { amount: 100 });
    expect(await adapter.status(a.providerRef)).toMatchObject({ state: 'success', amountCents: 100, currency: 'USD' });
    const b = await adapter.create(payment(ref('stripe')));
    stand.pay(b.providerRef, { currency: 'eur' });
    expect(await adapter.status(b.providerRef)).toMatchObject({ state: 'success', amountCents: 1500, currency: 'EUR' });
  });

  it('forged or altered webhooks are rejected: wrong secret, altered body, no signature, too old', async () => {
    const { providerRef } = await adapter.create(payment(ref('stripe')));
    const session = stand.sessions.get(providerRef)!;
    await expect(adapter.verifyWebhook(stand.webhook('checkout.session.completed', session, { secret: 'whsec_forged' }))).rejects.toThrow(
      WebhookRejected,
    );
    const genuine = stand.webhook('checkout.session.completed', session);
    await expect(adapter.verifyWebhook({ ...genuine, rawBody: genuine.rawBody.replace('"open"', '"complete"') })).rejects.toThrow(
      WebhookRejected,
    );
    await expect(adapter.verifyWebhook({ headers: {}, rawBody: genuine.rawBody })).rejects.toThrow(WebhookRejected);
    const old = stand.webhook('checkout.session.completed', session, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    await expect(adapter.verifyWebhook(old)).rejects.toThrow(WebhookRejected);
    expect(stand.sessions.get(providerRef)!.status).toBe('open');
  });

  it('a forged return marks nothing paid: only the session Stripe knows is asked about', async () => {
    const { providerRef } = await adapter.create(payment(ref('stripe')));
    // The buyer comes back with a made-up query: the server only ever asks Stripe about the
    // session it stored, which is still open.
    expect((await adapter.status(providerRef)).state).toBe('pending');
    // And a session id that Stripe does not know is an error, never a success.
    await expect(adapter.status('cs_test_forged')).rejects.toThrow();
  });

  it('timeout and 5xx: ProviderUnavailable, and the payment is still pending once Stripe answers again', async () => {
    const { providerRef } = await adapter.create(payment(ref('stripe')));
    stand.trouble('5xx');
    await expect(adapter.status(providerRef)).rejects.toThrow(ProviderUnavailable);
    await expect(adapter.create(payment(ref('stripe')))).rejects.toThrow(ProviderUnavailable);
    stand.trouble('timeout');
    const impatient = stripeAdapter(
      { secretKey: stand.secretKey, webhookSecret: stand.webhookSecret, baseUrl: stand.url },
      { timeoutMs: SHORT_TIMEOUT_MS },
    );
    await expect(impatient.status(providerRef)).rejects.toThrow(ProviderUnavailable);
    stand.trouble('none');
    expect((await adapter.status(providerRef)).state).toBe('pending');
    // A webhook that cannot be confirmed is an error (Stripe delivers it again later).
    stand.pay(providerRef);
    stand.trouble('5xx');
    await expect(adapter.verifyWebhook(stand.webhook('checkout.session.completed', stand.sessions.get(providerRef)))).rejects.toThrow(
      ProviderUnavailable,
    );
  });

  it('refunds in part and in full, each once per idempotency key', async () => {
    const { providerRef } = await adapter.create(payment(ref('stripe')));
    stand.pay(providerRef);
    const { captureRef } = await adapter.status(providerRef);
    const part = await adapter.refund({ ref: captureRef!, amountCents: 500, currency: 'USD', idempotencyKey: 'refund-1' });
    expect(part).toMatchObject({ amountCents: 500, state: 'success' });
    expect(await adapter.refund({ ref: captureRef!, amountCents: 500, currency: 'USD', idempotencyKey: 'refund-1' })).toEqual(part);
    const rest = await adapter.refund({ ref: captureRef!, amountCents: 1000, currency: 'USD', idempotencyKey: 'refund-2' });
    expect(rest).toMatchObject({ amountCents: 1000, state: 'success' });
    expect(stand.refunds.map((r) => r.amount)).toEqual([500, 1000]);
    await expect(adapter.refund({ ref: captureRef!, amountCents: 1, currency: 'USD', idempotencyKey: 'refund-3' })).rejects.toThrow();
  });

  it('renewals: a saved card is charged off-session once per idempotency key; a declined one fails', async () => {
    const { providerRef } = await adapter.create(payment(ref('stripe'), { saveForRenewals: true }));
    expect(stand.sessions.get(providerRef)).toMatchObject({ setupFutureUsage: 'off_session', customerCreation: 'always' });
    stand.pay(providerRef);
    const { mandate } = await adapter.status(providerRef);
    expect(mandate).toMatch(/^cus_\w+\/pm_\w+$/);
    const charge = { mandate: mandate!, amountCents: 4900, currency: 'USD', description: 'Yearly plan', idempotencyKey: 'renewal-7-2027' };
    const first = await adapter.chargeSaved!(charge);
    const retried = await adapter.chargeSaved!(charge);
    expect(first.state).toBe('success');
    expect(retried.providerRef).toBe(first.providerRef);
    expect([...stand.intents.values()].filter((i) => i.amount === 4900)).toHaveLength(1);
    stand.declineSaved.add(mandate!.split('/')[1]!);
    expect(await adapter.chargeSaved!({ ...charge, idempotencyKey: 'renewal-7-2028' })).toMatchObject({ state: 'failed' });
  });
});

describe('PayPal (Orders v2 through @paypal/paypal-server-sdk)', () => {
  let stand: PayPalStandIn;
  let adapter: PaymentAdapter;
  const keys = () => ({
    clientId: stand.clientId,
    clientSecret: stand.clientSecret,
    webhookId: stand.webhookId,
    environment: 'sandbox' as const,
    baseUrl: stand.url,
  });

  beforeAll(async () => {
    stand = await startPayPal();
    adapter = paypalAdapter(keys(), { timeoutMs: TIMEOUT_MS });
  });
  afterAll(() => stand.close());
  beforeEach(() => stand.trouble('none'));

  it('amounts go to PayPal as its decimal strings and come back as minor units', () => {
    expect([paypalValue(1500, 'USD'), paypalValue(5, 'EUR'), paypalValue(1500, 'JPY')]).toEqual(['15.00', '0.05', '1500']);
    expect([minorUnits('15.00', 'USD'), minorUnits('0.5', 'EUR'), minorUnits('1500', 'JPY'), minorUnits('1.234', 'USD')]).toEqual([
      1500,
      50,
      1500,
      NaN,
    ]);
  });

  it('creates an order on the real PayPal paths (through the SDK) and sends the buyer to its approval page', async () => {
    const reference = ref('paypal');
    const created = await adapter.create(payment(reference));
    expect(created.redirectUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${created.providerRef}`);
    expect(stand.orders.get(created.providerRef)!.purchase_units[0]).toMatchObject({
      custom_id: reference,
      invoice_id: reference,
      amount: { currency_code: 'USD', value: '15.00' },
    });
    expect(stand.requests.map((r) => `${r.host} ${r.method} ${r.path}`).slice(0, 2)).toEqual([
      'api-m.sandbox.paypal.com POST /v1/oauth2/token',
      'api-m.sandbox.paypal.com POST /v2/checkout/orders',
    ]);
    // Our reference is the PayPal-Request-Id: a retried create answers the same order.
    expect((await adapter.create(payment(reference))).providerRef).toBe(created.providerRef);
    expect((await adapter.status(created.providerRef)).state).toBe('pending');
  });

  it('approved: asking where the order stands captures it, once, and reports what was captured', async () => {
    const reference = ref('paypal');
    const { providerRef } = await adapter.create(payment(reference));
    stand.approve(providerRef);
    const first = await adapter.status(providerRef);
    expect(first).toMatchObject({ reference, providerRef, state: 'success', amountCents: 1500, currency: 'USD' });
    expect(first.captureRef).toBe(stand.captures.at(-1)!.id);
    const again = await adapter.status(providerRef);
    expect(again).toEqual(first);
    expect(stand.captures.filter((c) => c.supplementary_data.related_ids.order_id === providerRef)).toHaveLength(1);
  });

  it('declined: a refused funding source on capture reports failed and takes nothing', async () => {
    const { providerRef } = await adapter.create(payment(ref('paypal')));
    stand.approve(providerRef);
    stand.declineOnCapture(providerRef);
    expect((await adapter.status(providerRef)).state).toBe('failed');
    expect(stand.captures.some((c) => c.supplementary_data.related_ids.order_id === providerRef)).toBe(false);
  });

  it('expired or cancelled: an order PayPal no longer knows is cancelled; one never approved stays pending', async () => {
    const a = await adapter.create(payment(ref('paypal')));
    expect((await adapter.status(a.providerRef)).state).toBe('pending');
    stand.expire(a.providerRef);
    expect((await adapter.status(a.providerRef)).state).toBe('cancelled');
  });

  it('webhooks: CHECKOUT.ORDER.APPROVED captures, PAYMENT.CAPTURE.COMPLETED reports it; a duplicate keeps its id and captures nothing more', async () => {
    const { providerRef } = await adapter.create(payment(ref('paypal')));
    stand.approve(providerRef);
    const approved = stand.webhook('CHECKOUT.ORDER.APPROVED', { id: providerRef, status: 'APPROVED' }, { id: 'WH-DUPLICATE-1' });
    const first = await adapter.verifyWebhook(approved);
    const second = await adapter.verifyWebhook(approved);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ eventId: 'WH-DUPLICATE-1', providerRef, state: 'success', amountCents: 1500 });
    expect(second).toEqual(first);
    const capture = stand.captures.at(-1)!;
    const [completed] = await adapter.verifyWebhook(stand.webhook('PAYMENT.CAPTURE.COMPLETED', capture));
    expect(completed).toMatchObject({ providerRef, state: 'success', captureRef: capture.id });
    expect(stand.captures.filter((c) => c.supplementary_data.related_ids.order_id === providerRef)).toHaveLength(1);
    expect(await adapter.verifyWebhook(stand.webhook('BILLING.PLAN.CREATED', { id: 'P-1' }))).toEqual([]);
  });

  it('a webhook before the buyer returns and after answer the same truth', async () => {
    const { providerRef } = await adapter.create(payment(ref('paypal')));
    const [before] = await adapter.verifyWebhook(stand.webhook('CHECKOUT.ORDER.APPROVED', { id: providerRef }));
    // Signed and genuine, but the order is not approved yet: nothing is paid.
    expect(before!.state).toBe('pending');
    stand.approve(providerRef);
    const onReturn = await adapter.status(providerRef);
    const [after] = await adapter.verifyWebhook(stand.webhook('CHECKOUT.ORDER.APPROVED', { id: providerRef }));
    expect([onReturn.state, after!.state]).toEqual(['success', 'success']);
  });

  it('a lost webhook is reconciled by the status call (which captures the approved order)', async () => {
    const { providerRef } = await adapter.create(payment(ref('paypal')));
    stand.approve(providerRef);
    expect((await adapter.status(providerRef)).state).toBe('success');
  });

  it('amount or currency mismatch: the report carries what PayPal captured', async () => {
    const a = await adapter.create(payment(ref('paypal')));
    stand.approve(a.providerRef);
    stand.takeOnCapture(a.providerRef, { value: '1.00' });
    expect(await adapter.status(a.providerRef)).toMatchObject({ state: 'success', amountCents: 100, currency: 'USD' });
    const b = await adapter.create(payment(ref('paypal')));
    stand.approve(b.providerRef);
    stand.takeOnCapture(b.providerRef, { currency_code: 'EUR' });
    expect(await adapter.status(b.providerRef)).toMatchObject({ state: 'success', amountCents: 1500, currency: 'EUR' });
  });

  it('forged or altered webhooks are rejected by PayPal verify-webhook-signature', async () => {
    const { providerRef } = await adapter.create(payment(ref('paypal')));
    const genuine = stand.webhook('CHECKOUT.ORDER.APPROVED', { id: providerRef });
    await expect(adapter.verifyWebhook({ ...genuine, rawBody: genuine.rawBody.replace('APPROVED', 'COMPLETED') })).rejects.toThrow(
      WebhookRejected,
    );
    await expect(
      adapter.verifyWebhook(stand.webhook('CHECKOUT.ORDER.APPROVED', { id: providerRef }, { webhookId: 'OTHERHOOK' })),
    ).rejects.toThrow(WebhookRejected);
    const { 'paypal-transmission-sig': _sig, ...unsigned } = genuine.headers;
    await expect(adapter.verifyWebhook({ headers: unsigned, rawBody: genuine.rawBody })).rejects.toThrow(WebhookRejected);
    await expect(adapter.verifyWebhook({ headers: genuine.headers, rawBody: 'not json' })).rejects.toThrow(WebhookRejected);
    expect(stand.orders.get(providerRef)!.status).toBe('PAYER_ACTION_REQUIRED');
  });

  it('a forged return marks nothing paid: an order the buyer never approved is not captured', async () => {
    const { providerRef } = await adapter.create(payment(ref('paypal')));
    // "?token=<id>&PayerID=forged" proves nothing: the server asks PayPal, which has no approval.
    expect((await adapter.status(providerRef)).state).toBe('pending');
    expect(stand.captures.some((c) => c.supplementary_data.related_ids.order_id === providerRef)).toBe(false);
  });

  it('timeout and 5xx: ProviderUnavailable, and the order is still pending once PayPal answers again', async () => {
    const { providerRef } = await adapter.create(payment(ref('paypal')));
    stand.trouble('5xx');
    await expect(adapter.status(providerRef)).rejects.toThrow(ProviderUnavailable);
    await expect(adapter.create(payment(ref('paypal')))).rejects.toThrow(ProviderUnavailable);
    stand.trouble('timeout');
    await expect(paypalAdapter(keys(), { timeoutMs: SHORT_TIMEOUT_MS }).status(providerRef)).rejects.toThrow(ProviderUnavailable);
    stand.trouble('none');
    expect((await adapter.status(providerRef)).state).toBe('pending');
    stand.trouble('5xx');
    await expect(adapter.verifyWebhook(stand.webhook('CHECKOUT.ORDER.APPROVED', { id: providerRef }))).rejects.toThrow(ProviderUnavailable);
  });

  it('refunds in part and in full, each once per PayPal-Request-Id', async () => {
    const { providerRef } = await adapter.create(payment(ref('paypal')));
    stand.approve(providerRef);
    const { captureRef } = await adapter.status(providerRef);
    const part = await adapter.refund({ ref: captureRef!, amountCents: 500, currency: 'USD', idempotencyKey: 'pp-refund-1' });
    expect(part).toMatchObject({ amountCents: 500, state: 'success' });
    expect(await adapter.refund({ ref: captureRef!, amountCents: 500, currency: 'USD', idempotencyKey: 'pp-refund-1' })).toEqual(part);
    expect(await adapter.refund({ ref: captureRef!, amountCents: 1000, currency: 'USD', idempotencyKey: 'pp-refund-2' })).toMatchObject({
      amountCents: 1000,
      state: 'success',
    });
    expect(stand.refunds.filter((r) => r.capture === captureRef).map((r) => r.value)).toEqual(['5.00', '10.00']);
    await expect(adapter.refund({ ref: captureRef!, amountCents: 1, currency: 'USD', idempotencyKey: 'pp-refund-3' })).rejects.toThrow();
    expect(adapter.chargeSaved).toBeUndefined();
  });
});

describe('PhonePe (Standard Checkout through pg-sdk-node)', () => {
  let stand: PhonePeStandIn;
  let adapter: PaymentAdapter;
  const keys = () => ({
    clientId: stand.clientId,
    clientSecret: stand.clientSecret,
    clientVersion: 1,
    environment: 'SANDBOX' as const,
    callbackUser: stand.callbackUser,
    callbackPassword: stand.callbackPassword,
    baseUrl: stand.url,
  });
  const rupees = (reference: string) => payment(reference, { amountCents: 49_900, currency: 'INR' });

  beforeAll(async () => {
    stand = await startPhonePe();
    adapter = phonepeAdapter(keys(), { timeoutMs: TIMEOUT_MS });
  });
  afterAll(() => stand.close());
  beforeEach(() => stand.trouble('none'));

  it('opens a Standard Checkout order on the sandbox paths (through the SDK) and sends the buyer to its page', async () => {
    const reference = ref('phonepe');
    const created = await adapter.create(rupees(reference));
    expect(created.providerRef).toBe(reference);
    expect(created.redirectUrl).toMatch(/^https:\/\/mercury-uat\.phonepe\.com\/transact\//);
    expect(stand.orders.get(reference)).toMatchObject({ amount: 49_900, state: 'PENDING', merchantRedirect: rupees(reference).returnUrl });
    expect(stand.requests.map((r) => `${r.host} ${r.method} ${r.path}`).slice(0, 2)).toEqual([
      'api-preprod.phonepe.com POST /apis/pg-sandbox/v1/oauth/token',
      'api-preprod.phonepe.com POST /apis/pg-sandbox/checkout/v2/pay',
    ]);
    expect((await adapter.status(reference)).state).toBe('pending');
    await expect(adapter.create(payment(ref('phonepe')))).rejects.toThrow(/INR only/);
    expect(adapter.currencies).toEqual(['INR']);
  });

  it('approved: the status call and the checkout.order.completed callback report success', async () => {
    const reference = ref('phonepe');
    await adapter.create(rupees(reference));
    stand.pay(reference);
    expect(await adapter.status(reference)).toMatchObject({
      reference,
      providerRef: reference,
      state: 'success',
      amountCents: 49_900,
      currency: 'INR',
    });
    const [event] = await adapter.verifyWebhook(stand.callback('checkout.order.completed', reference));
    expect(event).toMatchObject({ reference, state: 'success', amountCents: 49_900 });
  });

  it('declined, cancelled and expired orders are reported as such', async () => {
    const [a, b, c] = [ref('phonepe'), ref('phonepe'), ref('phonepe')];
    for (const r of [a, b, c]) await adapter.create(rupees(r));
    stand.decline(a);
    stand.cancel(b, 'USER_CANCEL');
    stand.cancel(c, 'TXN_AUTO_FAILED');
    expect((await adapter.status(a)).state).toBe('failed');
    expect((await adapter.status(b)).state).toBe('cancelled');
    expect((await adapter.status(c)).state).toBe('cancelled');
    const [event] = await adapter.verifyWebhook(stand.callback('checkout.order.failed', a));
    expect(event!.state).toBe('failed');
  });

  it('a duplicated callback has the same event id; other callbacks give nothing', async () => {
    const reference = ref('phonepe');
    await adapter.create(rupees(reference));
    stand.pay(reference);
    const delivery = stand.callback('checkout.order.completed', reference);
    const first = await adapter.verifyWebhook(delivery);
    const second = await adapter.verifyWebhook(delivery);
    expect(second).toEqual(first);
    expect(first[0]!.eventId).toBe(`${stand.orders.get(reference)!.orderId}:checkout.order.completed:COMPLETED`);
    expect(await adapter.verifyWebhook(stand.callback('pg.refund.completed', reference))).toEqual([]);
  });

  it('a callback before the buyer returns and after answer the same truth, read from the status call', async () => {
    const reference = ref('phonepe');
    await adapter.create(rupees(reference));
    // A genuine callback whose body claims completion while PhonePe's order is still pending:
    // the body is not signed, so the status call decides.
    const [early] = await adapter.verifyWebhook(stand.callback('checkout.order.completed', reference, { state: 'COMPLETED' }));
    expect(early!.state).toBe('pending');
    stand.pay(reference);
    const onReturn = await adapter.status(reference);
    const [late] = await adapter.verifyWebhook(stand.callback('checkout.order.completed', reference));
    expect([onReturn.state, late!.state]).toEqual(['success', 'success']);
  });

  it('a lost callback is reconciled by the status call', async () => {
    const reference = ref('phonepe');
    await adapter.create(rupees(reference));
    stand.pay(reference);
    expect((await adapter.status(reference)).state).toBe('success');
  });

  it('amount mismatch: the report carries what PhonePe took', async () => {
    const reference = ref('phonepe');
    await adapter.create(rupees(reference));
    stand.pay(reference, 100);
    expect(await adapter.status(reference)).toMatchObject({ state: 'success', amountCents: 100, currency: 'INR' });
  });

  it('forged callbacks are rejected: wrong credentials, no Authorization, or no credentials configured', async () => {
    const reference = ref('phonepe');
    await adapter.create(rupees(reference));
    await expect(adapter.verifyWebhook(stand.callback('checkout.order.completed', reference, { password: 'guessed1' }))).rejects.toThrow(
      WebhookRejected,
    );
    const genuine = stand.callback('checkout.order.completed', reference);
    await expect(adapter.verifyWebhook({ headers: {}, rawBody: genuine.rawBody })).rejects.toThrow(WebhookRejected);
    await expect(adapter.verifyWebhook({ headers: genuine.headers, rawBody: '{not json' })).rejects.toThrow(WebhookRejected);
    const { callbackUser: _u, callbackPassword: _p, ...withoutCallback } = keys();
    await expect(phonepeAdapter(withoutCallback).verifyWebhook(genuine)).rejects.toThrow(WebhookRejected);
  });

  it('a forged return marks nothing paid: the order PhonePe has is still pending', async () => {
    const reference = ref('phonepe');
    await adapter.create(rupees(reference));
    expect((await adapter.status(reference)).state).toBe('pending');
    await expect(adapter.status('phonepe_forged_reference')).rejects.toThrow();
  });

  it('timeout and 5xx: ProviderUnavailable, and the order is still pending once PhonePe answers again', async () => {
    const reference = ref('phonepe');
    await adapter.create(rupees(reference));
    stand.trouble('5xx');
    await expect(adapter.status(reference)).rejects.toThrow(ProviderUnavailable);
    await expect(adapter.create(rupees(ref('phonepe')))).rejects.toThrow(ProviderUnavailable);
    stand.trouble('timeout');
    await expect(phonepeAdapter(keys(), { timeoutMs: SHORT_TIMEOUT_MS }).status(reference)).rejects.toThrow(ProviderUnavailable);
    stand.trouble('none');
    expect((await adapter.status(reference)).state).toBe('pending');
    stand.pay(reference);
    stand.trouble('5xx');
    await expect(adapter.verifyWebhook(stand.callback('checkout.order.completed', reference))).rejects.toThrow(ProviderUnavailable);
  });

  it('refunds in part and in full, each once per merchant refund id', async () => {
    const reference = ref('phonepe');
    await adapter.create(rupees(reference));
    stand.pay(reference);
    const part = await adapter.refund({ ref: reference, amountCents: 9_900, currency: 'INR', idempotencyKey: `${reference}-refund-1` });
    expect(part).toMatchObject({ amountCents: 9_900, state: 'pending' });
    expect(await adapter.refund({ ref: reference, amountCents: 9_900, currency: 'INR', idempotencyKey: `${reference}-refund-1` })).toEqual(
      part,
    );
    await adapter.refund({ ref: reference, amountCents: 40_000, currency: 'INR', idempotencyKey: `${reference}-refund-2` });
    expect(stand.refunds.filter((r) => r.originalMerchantOrderId === reference).map((r) => r.amount)).toEqual([9_900, 40_000]);
    await expect(
      adapter.refund({ ref: reference, amountCents: 100, currency: 'INR', idempotencyKey: `${reference}-refund-3` }),
    ).rejects.toThrow();
    // A key too long for PhonePe's merchant refund id is shortened the same way each time.
    const long = `${'k'.repeat(80)}`;
    await expect(adapter.refund({ ref: reference, amountCents: 100, currency: 'INR', idempotencyKey: long })).rejects.toThrow();
    expect(stand.requests.at(-1)!.rawBody).toMatch(/"merchantRefundId":"r[0-9a-f]{62}"/);
  });
});
