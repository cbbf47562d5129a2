// PhonePe in the order flow, through pg-sdk-node and its stand-in, configured from the
// environment as an operator would (the sandbox off): a book priced in rupees is sent to
// PhonePe's page; a forged return and a forged callback pay nothing; PhonePe answering 5xx leaves
// the order pending (the webhook is answered 5xx so PhonePe sends it again) until the
// reconciliation job's status call settles it; another amount is never settled; a duplicated
// callback is applied once; refunds in part and in full go to PhonePe once per key.
// The SDK keeps one client per process, so one stand-in serves every database target here.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, paymentEvents } from '../../server/db/schema';
import { RECONCILE_AFTER_MS, reconcilePayments } from '../../server/domains/commerce/gateway';
import { GREENFIELD, signIn, startServer, TARGETS, type TestServer } from './harness';
import { orderFlow } from './order-flow';
import { startPhonePe, type PhonePeStandIn } from './stand-ins/phonepe';

let phonepe: PhonePeStandIn;
beforeAll(async () => {
  phonepe = await startPhonePe();
});
afterAll(() => phonepe?.close());

describe.each(TARGETS)('PhonePe through its SDK in the order flow on %s', (target) => {
  let server: TestServer;
  let teacher: string;
  let bookId: number;

  beforeAll(async () => {
    server = await startServer(target, {
      env: {
        PAYMENTS_SANDBOX: '0',
        ...phonepe.env,
      },
    });
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    const page = await server.call('GET', '/api/books/?limit=1', { host: GREENFIELD });
    bookId = page.body.results[0].id as number;
    // PhonePe takes rupees only: this book is sold in them.
    await server.database.db.update(books).set({ currency: 'INR', price_cents: 49_900 }).where(eq(books.id, bookId));
  }, 300_000);
  afterAll(() => server?.close());

  const flow = orderFlow(() => ({ server, token: teacher, bookIds: [bookId] }));
  const checkout = () => flow.checkout('phonepe');
  const { order } = flow;
  const deliver = (hook: { headers: Record<string, string>; rawBody: string }) => flow.deliver('phonepe', hook);
  const comeBack = (ref: string, extra = '') => flow.comeBack('phonepe', `ref=${ref}${extra}`);

  it('sends the buyer to PhonePe; a forged return and a forged callback pay nothing; 5xx leaves it pending until the status call settles it', async () => {
    const o = await checkout();
    expect(o.redirect_url).toMatch(/^https:\/\/mercury-uat\.phonepe\.com\/transact\//);
    const ref = o.payment.provider_ref;
    expect(phonepe.orders.get(ref)).toMatchObject({ amount: 49_900, state: 'PENDING' });
    await comeBack(ref, '&state=COMPLETED&code=PAYMENT_SUCCESS');
    expect((await order(o)).status).toBe('pending');
    phonepe.pay(ref);
    expect((await deliver(phonepe.callback('checkout.order.completed', ref, { password: 'forged' }))).status).toBe(400);
    expect((await order(o)).status).toBe('pending');

    // PhonePe is down: the return and the callback settle nothing, and the callback asks to be sent again.
    phonepe.trouble('5xx');
    try {
      expect((await comeBack(ref)).headers.get('location')).toMatch(/^\/phonepe-payment\?/);
      expect((await deliver(phonepe.callback('checkout.order.completed', ref))).status).toBe(503);
      expect((await order(o)).status).toBe('pending');
      const later = new Date(Date.now() + RECONCILE_AFTER_MS + 60_000);
      expect((await reconcilePayments(server.deps, later)).settled).toBe(0);
      expect((await order(o)).status).toBe('pending');
      // Back up: the job's status call finds it paid (the callback was lost).
      phonepe.trouble('none');
      expect((await reconcilePayments(server.deps, later)).settled).toBeGreaterThanOrEqual(1);
    } finally {
      phonepe.trouble('none');
    }
    expect(await order(o)).toMatchObject({ status: 'success', print_status: 'paid' });
    // The callback arriving after, twice, is applied once and changes nothing.
    const hook = phonepe.callback('checkout.order.completed', ref);
    expect((await deliver(hook)).status).toBe(200);
    expect((await deliver(hook)).status).toBe(200);
    expect(await server.database.db.select().from(paymentEvents).where(eq(paymentEvents.payment_id, o.payment.id))).toHaveLength(1);
    expect((await order(o)).status).toBe('success');
  });

  it('another amount taken is never settled; a refused payment fails the order', async () => {
    const short = await checkout();
    phonepe.pay(short.payment.provider_ref, 100);
    expect((await deliver(phonepe.callback('checkout.order.completed', short.payment.provider_ref))).status).toBe(200);
    expect((await order(short)).status).toBe('pending');
    const refused = await checkout();
    phonepe.decline(refused.payment.provider_ref);
    expect((await deliver(phonepe.callback('checkout.order.failed', refused.payment.provider_ref))).status).toBe(200);
    expect((await order(refused)).status).toBe('failed');
  });

  it('refunds at PhonePe in part, then the rest, each once per key', async () => {
    const o = await checkout();
    phonepe.pay(o.payment.provider_ref);
    expect(await comeBack(o.payment.provider_ref)).toMatchObject({ status: 303 });
    expect((await order(o)).status).toBe('success');
    const admin = (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access;
    const refund = (key: string, amount?: string) =>
      server.call('POST', `/api/api-super-admin/payments/${o.payment.id}/refund/`, {
        token: admin,
        json: amount ? { amount } : {},
        headers: { 'Idempotency-Key': `${key}-${target}-${o.payment.id}` },
      });
    const part = await refund('part', '100.00');
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect((await refund('part', '100.00')).body).toEqual(part.body);
    const rest = await refund('rest');
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.payment.refunded_cents).toBe(49_900);
    expect(phonepe.refunds.filter((r) => r.originalMerchantOrderId === o.payment.provider_ref).map((r) => r.amount)).toEqual([
      10_000, 39_900,
    ]);
  });
});
