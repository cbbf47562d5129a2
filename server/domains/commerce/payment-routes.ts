// The payment providers' side of checkout, as plain routes (browser pages, redirects and the
// providers' webhooks, outside the OpenAPI document; their input is still checked).
// - A real provider (its keys set): the buyer comes back to GET /payments/{provider}/return/?ref=…
//   and that return proves nothing: the server asks the provider where the payment stands and
//   applies its answer. The provider's webhook (POST /payments/{provider}/webhook/) is verified
//   by the adapter and each event is applied once (gateway.ts). Either way the buyer lands on
//   the PWA's result screen, which shows what the server has recorded.
// - The built-in sandbox (where it is on, for providers without keys): its payment page
//   (GET /payments/sandbox/{provider}/{ref}/) with Approve / Decline / Cancel sends the browser
//   back to the same return with a result the server signed; the return verifies the signature,
//   the reference (on this site) and the amount, then settles the payment once. Where the
//   sandbox is off, every sandbox address answers 404 and its signed results are refused.
// - A renewal the provider cannot charge off-session: the link e-mailed to the school
//   (GET /payments/renewal/{order}/?key=…) opens its payment at the provider (gateway.ts).
import { z } from '@hono/zod-openapi';
import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { PAYMENT_PROVIDERS, type OrderStatus, type PaymentProvider } from '../../../src/contract/domain';
import { BODY_LIMITS } from '../../../src/contract/limits';
import type { AppEnv } from '../../http/env';
import { limitBody } from '../../http/route';
import { fail } from '../../http/errors';
import { escapeHtml } from '../../lib/html';
import { fillIn, visitorLocale } from '../../http/language';
import { LOCALE_INFO, type Locale } from '../../../src/contract/locales';
import { formatPrice } from '../../../src/contract/price';
import { SANDBOX_MSG } from '../../../src/contract/sandbox-messages';
import { orderKey, paymentByRef, resultPath, settlePayment, type SettleAnswer } from './checkout';
import { adaptersOf, applyReport, askProvider, openRenewal, paymentWay, type ReportAnswer } from './gateway';
import { ProviderUnavailable, WebhookRejected } from '../../providers/payments/adapter';
import type { SandboxDecision } from '../../providers/payments/provider';
import { recordSandboxMandate } from './subscriptions';
import { paymentProviders } from '../../providers/payments/providers';

const SandboxParams = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  ref: z.string().regex(/^[a-z]+_[A-Za-z0-9_-]{10,40}$/),
});
// A subscription's page also offers the sandbox's test card whose later renewals are declined.
const Decision = z.object({ decision: z.enum(['approve', 'decline', 'cancel', 'approve-renewals-decline']) });
const CallbackQuery = z.record(z.string(), z.string().max(4000));
const RenewalLink = z.object({ order: z.coerce.number().int().positive().max(2_147_483_647), key: z.string().min(1).max(64) });

/** The sandbox's page in the buyer's language (its words escaped, the amount in that language's way). */
function sandboxPage(locale: Locale, label: string, amount: string, action: string, subscription: boolean): string {
  const say = (message: string, values: Record<string, string> = {}) => escapeHtml(fillIn(message, locale, values));
  const button = (decision: SandboxDecision | 'approve-renewals-decline', text: string, color: string) =>
    `<button name="decision" value="${decision}" style="display:block;width:100%;margin:.5rem 0;padding:.9rem;font-size:1.1rem;border:0;border-radius:.5rem;background:${color};color:#fff;cursor:pointer">${say(text)}</button>`;
  return `<!doctype html><html lang="${locale}" dir="${LOCALE_INFO[locale].dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${say(SANDBOX_MSG.title, { provider: label })}</title></head>
<body style="font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;padding:1rem">
<main style="max-width:26rem;margin:2rem auto;background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 2px 8px #0002">
<h1 style="margin-top:0">${say(SANDBOX_MSG.heading, { provider: label })}</h1>
<p>${say(SANDBOX_MSG.note)}</p>
<p style="font-size:1.4rem">${say(SANDBOX_MSG.amount, { amount: '{amount}' }).replace('{amount}', `<strong>${escapeHtml(amount)}</strong>`)}</p>
<form method="post" action="${escapeHtml(action)}">
${button('approve', SANDBOX_MSG.approve, '#166534')}${subscription ? button('approve-renewals-decline', SANDBOX_MSG.approveRenewalsDecline, '#854d0e') : ''}${button('decline', SANDBOX_MSG.decline, '#991b1b')}${button('cancel', SANDBOX_MSG.cancel, '#374151')}
</form></main></body></html>`;
}

/** A sandbox page's provider and reference; 404 unless the sandbox takes this provider's payments here. */
function sandboxParams(c: Context<AppEnv>) {
  const parsed = SandboxParams.safeParse({ provider: c.req.param('provider'), ref: c.req.param('ref') });
  if (!parsed.success || paymentWay(c.get('deps'), parsed.data.provider) !== 'sandbox') fail(404, 'There is no such payment.');
  return parsed.data;
}

function providerParam(c: Context<AppEnv>): PaymentProvider {
  const provider = z.enum(PAYMENT_PROVIDERS).safeParse(c.req.param('provider'));
  return provider.success ? provider.data : fail(404, 'There is no such payment provider.');
}

/** Where the buyer lands once the server knows (or not yet) how a payment went. */
async function landing(c: Context<AppEnv>, provider: PaymentProvider, orderId: number, status: OrderStatus) {
  const [settled] = await c.get('db').select({ kind: orders.kind }).from(orders).where(eq(orders.id, orderId));
  // A subscription's first payment returns to the Plans screen, which shows what it came to.
  if (settled?.kind === 'subscription')
    return c.redirect(`${c.get('tenant')?.is_organization ? '/admin-organization' : '/admin-school'}/subscriptions`, 303);
  const back = new URLSearchParams({ order: String(orderId), key: orderKey(c.get('deps').keys.master, orderId) });
  // Still pending: the result screen says no confirmation has come yet.
  const path = status === 'pending' ? `/${provider}-payment` : resultPath(provider, status);
  return c.redirect(`${path}?${back}`, 303);
}

function refuse(answer: SettleAnswer | ReportAnswer | { kind: 'unavailable' }): never {
  if (answer.kind === 'wrong-amount') fail(400, 'This payment result does not match the order.');
  return fail(404, 'There is no such payment.');
}

export const paymentRoutes = new Hono<AppEnv>()
  .get('/payments/renewal/:order/', async (c) => {
    const link = RenewalLink.safeParse({ order: c.req.param('order'), key: c.req.query('key') });
    if (!link.success) fail(404, 'There is no such renewal.');
    return c.redirect(await openRenewal(c, link.data.order, link.data.key), 303);
  })
  .get('/payments/sandbox/:provider/:ref/', async (c) => {
    const { provider, ref } = sandboxParams(c);
    const payment = await paymentByRef(c.get('db'), provider, ref, c.get('tenant'));
    if (!payment) fail(404, 'There is no such payment.');
    if (payment.status !== 'pending') return c.redirect(resultPath(provider, payment.status), 303);
    const p = paymentProviders(c.get('deps').keys.master)[provider];
    const locale = visitorLocale(c);
    const amount = formatPrice(payment.amount_cents, payment.currency, LOCALE_INFO[locale].intl);
    return c.html(sandboxPage(locale, p.label, amount, c.req.path, payment.order_kind === 'subscription'));
  })
  .post('/payments/sandbox/:provider/:ref/', limitBody(BODY_LIMITS.json), async (c) => {
    const { provider, ref } = sandboxParams(c);
    const form = Decision.safeParse(await c.req.parseBody().catch(() => ({})));
    if (!form.success) fail(400, 'decision must be approve, decline or cancel.');
    const payment = await paymentByRef(c.get('db'), provider, ref, c.get('tenant'));
    if (!payment) fail(404, 'There is no such payment.');
    let decision = form.data.decision;
    if (
      payment.order_kind === 'subscription' &&
      payment.status === 'pending' &&
      (decision === 'approve' || decision === 'approve-renewals-decline')
    ) {
      // The provider keeps a mandate for the renewals; the sandbox's says how they will go.
      await recordSandboxMandate(c.get('db'), payment.order_id, provider, decision === 'approve' ? 'approve' : 'decline');
      decision = 'approve';
    } else if (decision === 'approve-renewals-decline') fail(400, 'decision must be approve, decline or cancel.');
    const query = paymentProviders(c.get('deps').keys.master)[provider].callbackQuery(
      decision as SandboxDecision,
      ref,
      payment.amount_cents,
      c.get('deps').now(),
    );
    return c.redirect(`/api/payments/${provider}/return/?${query}`, 303);
  })
  .get('/payments/:provider/return/', async (c) => {
    const name = providerParam(c);
    const query = CallbackQuery.safeParse(c.req.query());
    if (!query.success) fail(400, 'This payment result is not valid.');
    const deps = c.get('deps');
    const way = paymentWay(deps, name);
    if (way === 'live') {
      // The return proves nothing: the provider is asked where this site's payment stands.
      const ref = SandboxParams.shape.ref.safeParse(query.data.ref);
      const payment = ref.success ? await paymentByRef(c.get('db'), name, ref.data, c.get('tenant')) : undefined;
      if (!payment) fail(404, 'There is no such payment.');
      let status = payment.status;
      if (status === 'pending' && payment.external_ref) {
        const answer = await askProvider(
          c.get('db'),
          adaptersOf(deps)[name]!,
          { provider_ref: ref.data!, external_ref: payment.external_ref },
          deps.now(),
        );
        if (answer.kind === 'wrong-amount')
          c.get('log').error({ provider: name, payment: payment.id }, 'a payment came back for another amount');
        if (answer.kind === 'settled') status = answer.status;
      }
      if (status === 'success') deps.kickPrinter();
      return landing(c, name, payment.order_id, status);
    }
    if (way !== 'sandbox') fail(404, 'There is no such payment provider.');
    const verified = paymentProviders(deps.keys.master)[name].verify(query.data, deps.now());
    if (!verified) fail(400, 'This payment result could not be verified.');
    const answer = await settlePayment(c.get('db'), name, verified, c.get('tenant'), deps.now());
    if (answer.kind !== 'settled') refuse(answer);
    if (answer.status === 'success') deps.kickPrinter();
    return landing(c, name, answer.orderId, answer.status);
  })
  .post('/payments/:provider/webhook/', limitBody(BODY_LIMITS.json), async (c) => {
    const name = providerParam(c);
    const adapter = adaptersOf(c.get('deps'))[name];
    if (!adapter) fail(404, 'There is no such payment provider.');
    const headers = Object.fromEntries([...c.req.raw.headers].map(([k, v]) => [k.toLowerCase(), v]));
    let events;
    try {
      events = await adapter.verifyWebhook({ headers, rawBody: await c.req.text() });
    } catch (err) {
      if (err instanceof WebhookRejected) fail(400, 'This webhook could not be verified.');
      // The adapter asks the provider about the event and it did not answer: the provider sends it again.
      if (err instanceof ProviderUnavailable) fail(503, 'The payment provider could not be reached: please send this again later.');
      throw err;
    }
    const now = c.get('deps').now();
    for (const event of events) {
      const answer = await applyReport(c.get('db'), name, event, now, event.eventId);
      if (answer.kind === 'wrong-amount')
        c.get('log').error({ provider: name, event: event.eventId }, 'a payment was reported for another amount or currency: not settled');
      if (answer.kind === 'settled' && answer.status === 'success') c.get('deps').kickPrinter();
    }
    // Unknown payments are acknowledged too: the provider would otherwise retry them for days.
    return c.json({ received: events.length }, 200);
  });
