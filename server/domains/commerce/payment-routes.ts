// The payment providers' side of checkout. Each provider has a built-in sandbox: its payment
// page (GET /payments/sandbox/{provider}/{ref}/) with Approve / Decline / Cancel, which sends
// the browser back to GET /payments/{provider}/return/ with the provider's signed result. That
// return is where the server decides: it verifies the signature, the reference (on this site)
// and the amount, settles the payment once, and redirects to the PWA's result screen
// (/paypal-payment/success, /phonepe-payment/failed, /stripe-payment/cancel, ...).
// These are browser pages and redirects, not JSON, so they are plain routes outside the
// OpenAPI document; their input is still checked with zod.
import { z } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '../../../src/contract/domain';
import { BODY_LIMITS } from '../../../src/contract/limits';
import type { AppEnv } from '../../http/env';
import { limitBody } from '../../http/route';
import { fail } from '../../http/errors';
import { escapeHtml } from '../../lib/html';
import { orderKey, paymentByRef, resultPath, settlePayment } from './checkout';
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

const money = (cents: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);

function sandboxPage(label: string, amount: string, action: string, subscription: boolean): string {
  const button = (decision: SandboxDecision | 'approve-renewals-decline', text: string, color: string) =>
    `<button name="decision" value="${decision}" style="display:block;width:100%;margin:.5rem 0;padding:.9rem;font-size:1.1rem;border:0;border-radius:.5rem;background:${color};color:#fff;cursor:pointer">${text}</button>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${label} sandbox payment</title></head>
<body style="font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;padding:1rem">
<main style="max-width:26rem;margin:2rem auto;background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 2px 8px #0002">
<h1 style="margin-top:0">${label} (sandbox)</h1>
<p>This is a test payment page: no real money moves.</p>
<p style="font-size:1.4rem">Amount: <strong>${escapeHtml(amount)}</strong></p>
<form method="post" action="${escapeHtml(action)}">
${button('approve', 'Approve', '#166534')}${subscription ? button('approve-renewals-decline', 'Approve (test card: later renewals are declined)', '#854d0e') : ''}${button('decline', 'Decline', '#991b1b')}${button('cancel', 'Cancel', '#374151')}
</form></main></body></html>`;
}

function sandboxParams(c: { req: { param: (k: string) => string | undefined } }) {
  const parsed = SandboxParams.safeParse({ provider: c.req.param('provider'), ref: c.req.param('ref') });
  return parsed.success ? parsed.data : fail(404, 'There is no such payment.');
}

export const paymentRoutes = new Hono<AppEnv>()
  .get('/payments/sandbox/:provider/:ref/', async (c) => {
    const { provider, ref } = sandboxParams(c);
    const payment = await paymentByRef(c.var.db, provider, ref, c.var.tenant);
    if (!payment) fail(404, 'There is no such payment.');
    if (payment.status !== 'pending') return c.redirect(resultPath(provider, payment.status), 303);
    const p = paymentProviders(c.var.deps.keys.master)[provider];
    return c.html(sandboxPage(p.label, money(payment.amount_cents, payment.currency), c.req.path, payment.order_kind === 'subscription'));
  })
  .post('/payments/sandbox/:provider/:ref/', limitBody(BODY_LIMITS.json), async (c) => {
    const { provider, ref } = sandboxParams(c);
    const form = Decision.safeParse(await c.req.parseBody().catch(() => ({})));
    if (!form.success) fail(400, 'decision must be approve, decline or cancel.');
    const payment = await paymentByRef(c.var.db, provider, ref, c.var.tenant);
    if (!payment) fail(404, 'There is no such payment.');
    let decision = form.data.decision;
    if (
      payment.order_kind === 'subscription' &&
      payment.status === 'pending' &&
      (decision === 'approve' || decision === 'approve-renewals-decline')
    ) {
      // The provider keeps a mandate for the renewals; the sandbox's says how they will go.
      await recordSandboxMandate(c.var.db, payment.order_id, provider, decision === 'approve' ? 'approve' : 'decline');
      decision = 'approve';
    } else if (decision === 'approve-renewals-decline') fail(400, 'decision must be approve, decline or cancel.');
    const query = paymentProviders(c.var.deps.keys.master)[provider].callbackQuery(
      decision as SandboxDecision,
      ref,
      payment.amount_cents,
      c.var.deps.now(),
    );
    return c.redirect(`/api/payments/${provider}/return/?${query}`, 303);
  })
  .get('/payments/:provider/return/', async (c) => {
    const provider = z.enum(PAYMENT_PROVIDERS).safeParse(c.req.param('provider'));
    const query = CallbackQuery.safeParse(c.req.query());
    if (!provider.success) fail(404, 'There is no such payment provider.');
    if (!query.success) fail(400, 'This payment result is not valid.');
    const name: PaymentProvider = provider.data;
    const { deps } = c.var;
    const verified = paymentProviders(deps.keys.master)[name].verify(query.data, deps.now());
    if (!verified) fail(400, 'This payment result could not be verified.');
    const answer = await settlePayment(c.var.db, name, verified, c.var.tenant, deps.now());
    if (answer.kind === 'unknown') fail(404, 'There is no such payment.');
    if (answer.kind === 'wrong-amount') fail(400, 'This payment result does not match the order.');
    if (answer.status === 'success') c.var.deps.kickPrinter();
    const [settled] = await c.var.db.select({ kind: orders.kind }).from(orders).where(eq(orders.id, answer.orderId));
    // A subscription's first payment returns to the Plans screen, which shows what it came to.
    if (settled?.kind === 'subscription')
      return c.redirect(`${c.var.tenant?.is_organization ? '/admin-organization' : '/admin-school'}/subscriptions`, 303);
    const back = new URLSearchParams({ order: String(answer.orderId), key: orderKey(deps.keys.master, answer.orderId) });
    return c.redirect(`${resultPath(name, answer.status)}?${back}`, 303);
  });
