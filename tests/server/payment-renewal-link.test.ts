// Renewals at a provider that cannot charge off-session (PayPal here, through its SDK and the
// stand-in): the renewal job asks the provider nothing, puts the subscription past due and
// e-mails the school's admin a link (sent through the mailer to a local SMTP peer); the link
// opens that renewal's payment at PayPal, and paying it moves the subscription on one period,
// once, whether the provider's word comes by webhook, by the buyer's return, or twice.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, orders, payments, subscriptions, tenants } from '../../server/db/schema';
import { renewalCharge } from '../../server/domains/commerce/gateway';
import { addInterval, GRACE_DAYS, runRenewals } from '../../server/domains/commerce/subscriptions';
import { deliverPending } from '../../server/domains/mail/outbox';
import { GREENFIELD, HILLSIDE, signIn, startServer, TARGETS, type TestServer } from './harness';
import { messageText, startSmtpPeer, type SmtpPeer } from './smtp-peer';
import { startPayPal, type PayPalStandIn } from './stand-ins/paypal';

const DAY = 24 * 3600_000;
const location = (res: { headers: Headers }) => res.headers.get('location') ?? '';

describe.each(TARGETS)('a PayPal subscription renewed through an e-mailed link on %s', (target) => {
  let server: TestServer;
  let paypal: PayPalStandIn;
  let smtp: SmtpPeer;
  let head: string;
  let subscriptionId: number;

  beforeAll(async () => {
    [paypal, smtp] = await Promise.all([startPayPal(), startSmtpPeer()]);
    server = await startServer(target, {
      env: {
        PAYMENTS_SANDBOX: '0',
        ...paypal.env,
      },
    });
    head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await Promise.all([paypal?.close(), smtp?.close()]);
  });
  beforeEach(() => {
    smtp.sessions.length = 0;
  });

  const subscription = async () => (await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)))[0]!;
  const renew = (at: Date) => runRenewals(server.database.db, at, renewalCharge(server.deps));
  const comeBack = (ref: string, token: string) =>
    server.call('GET', `/api/payments/paypal/return/?ref=${ref}&token=${token}&PayerID=BUYER`, { host: GREENFIELD });
  /** PayPal's order behind a provider page address. */
  const orderOf = (page: string) => new URL(page).searchParams.get('token')!;
  /** The pending payment a renewal link opened, by PayPal's order id. */
  const paymentOf = async (paypalOrder: string) =>
    (await server.database.db.select().from(payments).where(eq(payments.external_ref, paypalOrder)))[0]!;

  /** Sends what the outbox holds to the SMTP peer; answers the renewal link in Greenfield's mail. */
  async function mailedLink(): Promise<string> {
    const smtpUrl = `smtp://127.0.0.1:${smtp.port}?tls=none`;
    expect(await deliverPending({ ...server.deps, config: { ...server.deps.config, smtpUrl } })).toBeGreaterThanOrEqual(1);
    const session = smtp.sessions.find((s) => s.commands.includes('RCPT TO:<head@greenfield.example>'));
    expect(session).toBeDefined();
    const mail = messageText(session!);
    expect(mail).toContain('Greenfield Primary: your subscription renewal is due');
    const link = /http:\/\/greenfield\.localhost(?::\d+)?(\/api\/payments\/renewal\/\d+\/\?key=[\w-]+)/.exec(mail);
    expect(link, mail).not.toBeNull();
    return link![1]!;
  }
  const open = (link: string, host = GREENFIELD) => server.call('GET', link, { host });
  const deliver = (hook: { headers: Record<string, string>; rawBody: string }) =>
    server.call('POST', '/api/payments/paypal/webhook/', { body: hook.rawBody, headers: hook.headers });

  it('subscribes with PayPal: the first period is paid on PayPal and captured on return', async () => {
    const own = await server.call('GET', '/api/api-admin/subscription/', { host: GREENFIELD, token: head });
    expect(own.body.providers).toEqual(['paypal']);
    const monthly = own.body.plans[0].variants.find((v: { interval: string }) => v.interval === 'month');
    const made = await server.call('POST', '/api/api-admin/subscription/', {
      host: GREENFIELD,
      token: head,
      json: { variant_id: monthly.id, provider: 'paypal' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = orderOf(made.body.redirect_url);
    paypal.approve(id);
    const payment = await paymentOf(id);
    expect(location(await comeBack(payment.provider_ref, id))).toBe('/admin-school/subscriptions');
    const [order] = await server.database.db.select().from(orders).where(eq(orders.id, payment.order_id));
    subscriptionId = order!.subscription_id!;
    expect(await subscription()).toMatchObject({ status: 'active', provider: 'paypal', mandate: null });
  });

  it('at the period end: no charge at PayPal, past due in its grace, and the admin is e-mailed a link; paying it renews one period once', async () => {
    const end = (await subscription()).current_period_end;
    const asked = paypal.requests.length;
    expect(await renew(new Date(end.getTime() + 1000))).toMatchObject({ mailed: 1, renewed: 0, failed: 0 });
    expect(await renew(new Date(end.getTime() + 2000))).toMatchObject({ mailed: 0, renewed: 0, failed: 0 });
    expect(paypal.requests.length).toBe(asked); // nothing was asked of PayPal
    expect(await subscription()).toMatchObject({ status: 'past_due', grace_until: new Date(end.getTime() + GRACE_DAYS * DAY) });
    const [mail] = await server.database.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
    expect(mail).toMatchObject({ to: 'head@greenfield.example', expires_at: new Date(end.getTime() + GRACE_DAYS * DAY) });
    const link = await mailedLink();

    // The link works only with its key, and only on its school's site.
    expect((await open(link.replace(/key=[\w-]+/, 'key=forged'))).status).toBe(404);
    expect((await open(link, HILLSIDE)).status).toBe(404);

    const first = await open(link);
    expect(first.status).toBe(303);
    expect(location(first)).toMatch(/^https:\/\/www\.sandbox\.paypal\.com\/checkoutnow\?token=/);
    // Opened again before paying: the same PayPal order, not a second one.
    const again = await open(link);
    expect(location(again)).toBe(location(first));
    const id = orderOf(location(first));
    const payment = await paymentOf(id);
    expect(payment).toMatchObject({ status: 'pending', amount_cents: 2900, currency: 'USD' });
    expect(payment.provider_ref).toMatch(/^paypal_renewlink_/);
    // A return before the buyer approved pays nothing.
    await comeBack(payment.provider_ref, id);
    expect((await subscription()).status).toBe('past_due');

    paypal.approve(id);
    const approved = await deliver(paypal.webhook('CHECKOUT.ORDER.APPROVED', { id }));
    expect(approved.status).toBe(200);
    const next = addInterval(end, 'month');
    expect(await subscription()).toMatchObject({
      status: 'active',
      current_period_start: end,
      current_period_end: next,
      grace_until: null,
    });
    // PayPal's later webhook, the buyer's return and the link itself change nothing more.
    const capture = paypal.captures.find((c) => c.supplementary_data.related_ids.order_id === id)!;
    expect((await deliver(paypal.webhook('PAYMENT.CAPTURE.COMPLETED', capture))).status).toBe(200);
    expect(location(await comeBack(payment.provider_ref, id))).toBe('/admin-school/subscriptions');
    expect(location(await open(link))).toBe('/admin-school/subscriptions');
    expect(paypal.captures.filter((c) => c.supplementary_data.related_ids.order_id === id)).toHaveLength(1);
    expect((await subscription()).current_period_end).toEqual(next);
    expect((await paymentOf(id)).status).toBe('success');
    // Nothing is due again until the new period ends.
    expect(await renew(new Date(end.getTime() + DAY + 1000))).toMatchObject({ mailed: 0, renewed: 0 });
  });

  it('a daily reminder sends the same link; a payment cancelled at PayPal is followed by a fresh one for the same period', async () => {
    const end = (await subscription()).current_period_end;
    const charges = async () => (await server.database.db.select().from(orders).where(eq(orders.subscription_id, subscriptionId))).length;
    expect((await renew(new Date(end.getTime() + 1000))).mailed).toBe(1);
    const link = await mailedLink();
    const before = await charges();
    // A day later, unpaid: a reminder with the same link, and no new charge.
    smtp.sessions.length = 0;
    expect((await renew(new Date(end.getTime() + DAY + 2000))).mailed).toBe(1);
    expect(await mailedLink()).toBe(link);
    expect(await charges()).toBe(before);

    const first = orderOf(location(await open(link)));
    paypal.expire(first); // the buyer left PayPal's page; PayPal forgets the order
    const second = orderOf(location(await open(link)));
    expect(second).not.toBe(first);
    expect((await paymentOf(first)).status).toBe('cancelled');
    paypal.approve(second);
    const payment = await paymentOf(second);
    expect(location(await comeBack(payment.provider_ref, second))).toBe('/admin-school/subscriptions');
    expect(await subscription()).toMatchObject({
      status: 'active',
      current_period_start: end,
      current_period_end: addInterval(end, 'month'),
    });
    const [order] = await server.database.db.select().from(orders).where(eq(orders.id, payment.order_id));
    expect(order!.status).toBe('success');
  });

  it('unpaid until the grace runs out: the subscription ends and its link opens nothing', async () => {
    const end = (await subscription()).current_period_end;
    expect((await renew(new Date(end.getTime() + 1000))).mailed).toBe(1);
    const link = await mailedLink();
    expect((await renew(new Date(end.getTime() + GRACE_DAYS * DAY + 1000))).expired).toBe(1);
    expect((await subscription()).status).toBe('cancelled');
    const orderCount = paypal.orders.size;
    expect(location(await open(link))).toBe('/admin-school/subscriptions');
    expect(paypal.orders.size).toBe(orderCount);
    const [greenfield] = await server.database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subdomain, 'greenfield'));
    const paid = await server.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.tenant_id, greenfield!.id), eq(orders.subscription_id, subscriptionId), eq(orders.status, 'success')));
    expect(paid).toHaveLength(3); // the first period and two renewals, each paid once
  });
});
