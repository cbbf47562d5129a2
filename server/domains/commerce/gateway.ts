// Which payment providers take money on this site, and the door to them. A provider whose keys
// are set is real: its adapter opens the payment at the provider, and only the provider's word
// (a verified webhook, or the server's own status call) settles it. The built-in sandbox stands
// in for the providers without keys, and only where it is switched on (development and tests by
// default, production only with PAYMENTS_SANDBOX=1). With neither, a provider is not offered at
// all, and with no provider at all nothing can be bought, donated or subscribed to.
import type { Context } from 'hono';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '../../../src/contract/domain';
import type { Queryable } from '../../db/client';
import { paymentEvents, payments, subscriptions, orders } from '../../db/schema';
import type { AppEnv, Deps } from '../../http/env';
import { fail } from '../../http/errors';
import { ProviderUnavailable, type PaymentAdapter, type PaymentReport } from '../../providers/payments/adapter';
import { liveAdapters, type Adapters } from '../../providers/payments/registry';
import { paymentProviders } from '../../providers/payments/providers';
import { schoolOrigin, siteOrigin } from '../mail/outbox';
import { orderKey, settleOutcome, type SettleAnswer } from './checkout';
import { randomToken } from '../../lib/crypto';
import { sameSignature } from '../../providers/payments/provider';
import { renewalLinkRef, renewalOf, sandboxCharge, type MandateCharge, type PayByLink } from './subscriptions';

type PaymentDeps = Pick<Deps, 'config' | 'paymentAdapters'>;

/** The real providers here: injected ones (tests), else those whose keys are configured. */
export function adaptersOf(deps: PaymentDeps): Adapters {
  return deps.paymentAdapters ?? liveAdapters(deps.config.paymentKeys);
}

/** How a provider takes money here: through its real adapter, the sandbox, or not at all. */
export function paymentWay(deps: PaymentDeps, provider: PaymentProvider): 'live' | 'sandbox' | null {
  if (adaptersOf(deps)[provider]) return 'live';
  return deps.config.paymentsSandbox ? 'sandbox' : null;
}

/** What the screens are told: whether payments here are tests, and which providers to offer. */
export function paymentChoice(deps: PaymentDeps): { sandbox: boolean; providers: PaymentProvider[] } {
  return { sandbox: deps.config.paymentsSandbox, providers: PAYMENT_PROVIDERS.filter((p) => paymentWay(deps, p) !== null) };
}

export const NO_PROVIDER = 'Payments are not set up on this site yet, so nothing can be paid here for now.';

/** Refuses a provider this site does not offer (or one that cannot take this currency), saying why. */
export function requireProvider(deps: PaymentDeps, provider: PaymentProvider, currency?: string): 'live' | 'sandbox' {
  const way = paymentWay(deps, provider);
  if (!way) {
    if (!paymentChoice(deps).providers.length) fail(409, NO_PROVIDER);
    const message = `This way to pay (${provider}) is not available here: please choose another.`;
    fail(400, `provider: ${message}`, { errors: { provider: [message] } });
  }
  const currencies = adaptersOf(deps)[provider]?.currencies;
  if (way === 'live' && currency && currencies && !currencies.includes(currency.toUpperCase())) {
    const message = `This way to pay (${provider}) takes ${currencies.join(', ')} only: please choose another.`;
    fail(400, `provider: ${message}`, { errors: { provider: [message] } });
  }
  return way;
}

export function sandboxUrl(provider: PaymentProvider, ref: string) {
  return `/api/payments/sandbox/${provider}/${encodeURIComponent(ref)}/`;
}

export interface OpenPayment {
  provider: PaymentProvider;
  /** Our reference of the pending payment just written. */
  ref: string;
  amountCents: number;
  currency: string;
  description: string;
  email: string | null;
  saveForRenewals?: boolean;
}

/**
 * Opens a pending payment at its provider and answers the page to send the buyer to. Our
 * reference is the provider's idempotency key, so a retried request opens the same payment.
 * A provider that cannot be reached is a 503: the request's transaction rolls back, nothing is
 * charged and the buyer may try again.
 */
export async function openPayment(c: Context<AppEnv>, p: OpenPayment): Promise<string> {
  const deps = c.get('deps');
  if (requireProvider(deps, p.provider, p.currency) === 'sandbox') return sandboxUrl(p.provider, p.ref);
  const adapter = adaptersOf(deps)[p.provider]!;
  const back = `${siteOrigin(c)}/api/payments/${p.provider}/return/?ref=${encodeURIComponent(p.ref)}`;
  try {
    const created = await adapter.create({
      reference: p.ref,
      amountCents: p.amountCents,
      currency: p.currency.toUpperCase(),
      description: p.description,
      returnUrl: back,
      cancelUrl: `${back}&cancel=1`,
      email: p.email,
      saveForRenewals: p.saveForRenewals,
    });
    await c.get('db').update(payments).set({ external_ref: created.providerRef }).where(eq(payments.provider_ref, p.ref));
    return created.redirectUrl;
  } catch (err) {
    c.get('log').warn({ err, provider: p.provider }, 'the payment provider did not open a payment');
    return fail(503, 'The payment provider could not be reached. Nothing was charged: please try again in a moment.');
  }
}

/** A payment as the provider's reports find it: by our reference, on any site. */
async function paymentOf(db: Queryable, provider: PaymentProvider, reference: string) {
  const [row] = await db
    .select({
      id: payments.id,
      order_id: payments.order_id,
      status: payments.status,
      amount_cents: payments.amount_cents,
      currency: payments.currency,
      external_ref: payments.external_ref,
      order_kind: orders.kind,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.order_id))
    .where(and(eq(payments.provider, provider), eq(payments.provider_ref, reference)))
    .limit(1);
  return row;
}

export type ReportAnswer = SettleAnswer | { kind: 'duplicate' } | { kind: 'pending'; orderId: number };

/**
 * Applies what a provider reported about one payment (a webhook event, or a status call's
 * answer): once per provider event, and only when the report is about this very payment at the
 * provider and its amount and currency equal the order's. The first settled outcome stays.
 */
export async function applyReport(
  db: Queryable,
  provider: PaymentProvider,
  report: PaymentReport,
  now: Date,
  eventId?: string,
): Promise<ReportAnswer> {
  const payment = await paymentOf(db, provider, report.reference);
  if (!payment) return { kind: 'unknown' };
  // A report naming another payment at the provider than the one we opened is not about ours.
  if (payment.external_ref && payment.external_ref !== report.providerRef) return { kind: 'unknown' };
  return db.transaction(async (tx) => {
    if (eventId) {
      const fresh = await tx
        .insert(paymentEvents)
        .values({ provider, event_id: eventId, payment_id: payment.id })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.event_id });
      if (!fresh.length) return { kind: 'duplicate' as const };
    }
    await tx
      .update(payments)
      .set({ external_ref: report.providerRef, ...(report.captureRef ? { capture_ref: report.captureRef } : {}) })
      .where(and(eq(payments.id, payment.id), or(isNull(payments.external_ref), eq(payments.external_ref, report.providerRef))));
    if (report.state === 'pending') return { kind: 'pending' as const, orderId: payment.order_id };
    if (
      report.state === 'success' &&
      (report.amountCents !== payment.amount_cents || report.currency.toUpperCase() !== payment.currency.toUpperCase())
    )
      return { kind: 'wrong-amount' as const };
    if (report.state === 'success' && report.mandate && payment.order_kind === 'subscription')
      await tx
        .update(subscriptions)
        .set({ mandate: report.mandate })
        .where(
          and(
            eq(subscriptions.status, 'pending'),
            sql`${subscriptions.id} = (select ${orders.subscription_id} from ${orders} where ${orders.id} = ${payment.order_id})`,
          ),
        );
    return settleOutcome(tx, payment, report.state, now);
  });
}

/**
 * Asks the provider where a payment stands and applies the answer. A provider that cannot be
 * reached leaves the payment pending (the reconciliation job asks again later).
 */
export async function askProvider(
  db: Queryable,
  adapter: PaymentAdapter,
  payment: { provider_ref: string; external_ref: string },
  now: Date,
): Promise<ReportAnswer | { kind: 'unavailable' }> {
  try {
    const report = await adapter.status(payment.external_ref);
    return await applyReport(db, adapter.name, { ...report, reference: payment.provider_ref }, now);
  } catch (err) {
    if (err instanceof ProviderUnavailable) return { kind: 'unavailable' };
    throw err;
  }
}

/** A payment at a real provider still pending this long is asked about (its webhook may be lost). */
export const RECONCILE_AFTER_MS = 5 * 60_000;
/** Older ones are left alone: the provider has long expired them (a Checkout Session lasts a day). */
export const RECONCILE_WITHIN_MS = 3 * 24 * 3600_000;

/**
 * One pass of the reconciliation job: each payment pending at a real provider for a few minutes
 * is settled by asking the provider, so a lost webhook never leaves an order stuck. Each is
 * asked with no transaction open; applying the answer is a short transaction of its own.
 */
export async function reconcilePayments(
  deps: Pick<Deps, 'database' | 'config' | 'paymentAdapters'>,
  now: Date,
  batch = 50,
): Promise<{ asked: number; settled: number }> {
  const adapters = adaptersOf(deps);
  const offered = PAYMENT_PROVIDERS.filter((p) => adapters[p]);
  if (!offered.length) return { asked: 0, settled: 0 };
  const db = deps.database.db;
  const due = await db
    .select({ provider: payments.provider, provider_ref: payments.provider_ref, external_ref: payments.external_ref })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        inArray(payments.provider, offered),
        isNotNull(payments.external_ref),
        lte(payments.created_at, new Date(now.getTime() - RECONCILE_AFTER_MS)),
        gt(payments.created_at, new Date(now.getTime() - RECONCILE_WITHIN_MS)),
      ),
    )
    .orderBy(asc(payments.created_at))
    .limit(batch);
  let settled = 0;
  for (const row of due) {
    const answer = await askProvider(db, adapters[row.provider]!, { provider_ref: row.provider_ref, external_ref: row.external_ref! }, now);
    if (answer.kind === 'settled') settled++;
  }
  return { asked: due.length, settled };
}

/**
 * How the renewal job charges here: a saved card off-session through its real provider, with
 * the attempt's idempotency key; a sandbox mandate only where the sandbox is on (elsewhere it
 * takes no money, so it renews nothing). A real provider that cannot charge off-session (PayPal,
 * PhonePe), or kept no saved method, is asked nothing: the school is e-mailed a link to pay.
 */
export function renewalCharge(deps: PaymentDeps & Pick<Deps, 'keys'>): MandateCharge {
  const byLink: PayByLink = {
    payLink: (orderId, subdomain) =>
      `${schoolOrigin(deps.config, subdomain)}/api/payments/renewal/${orderId}/?key=${orderKey(deps.keys.master, orderId)}`,
  };
  return async (c) => {
    if (c.mandate?.startsWith('sandbox:')) return deps.config.paymentsSandbox ? sandboxCharge(c) : 'failed';
    const adapter = adaptersOf(deps)[c.provider];
    if (!adapter) return 'failed';
    if (!c.mandate || !adapter.chargeSaved) return byLink;
    const charged = await adapter.chargeSaved({
      mandate: c.mandate,
      amountCents: c.amountCents,
      currency: c.currency,
      description: c.description,
      idempotencyKey: c.idempotencyKey,
    });
    return charged.state;
  };
}

/** Where a renewal's link leads once there is nothing (more) to pay: the school's Plans screen. */
const plansScreen = (c: Context<AppEnv>) => `${c.get('tenant')?.is_organization ? '/admin-organization' : '/admin-school'}/subscriptions`;

/**
 * The e-mailed renewal link (GET /payments/renewal/{order}/?key=…): opens the payment of that
 * renewal at its provider and answers the provider's page. The link works without signing in
 * (like an invoice's), only with its order's key and on its school's site; paying it is what
 * the provider then reports. Nothing is opened when the period is already paid or the
 * subscription has ended (the Plans screen says which). A payment opened before is asked about
 * first and, while still open, opened again with the same reference (the provider answers the
 * same page); one that failed or was cancelled is followed by a fresh one for the same order.
 */
export async function openRenewal(c: Context<AppEnv>, orderId: number, key: string): Promise<string> {
  const deps = c.get('deps');
  const tenant = c.get('tenant');
  if (!tenant || !sameSignature(key, orderKey(deps.keys.master, orderId))) return fail(404, 'There is no such renewal.');
  const db = c.get('db');
  const [row] = await db
    .select({
      description: orders.description,
      email: orders.email,
      subscription_id: subscriptions.id,
      status: subscriptions.status,
      end: subscriptions.current_period_end,
    })
    .from(orders)
    .innerJoin(subscriptions, eq(subscriptions.id, orders.subscription_id))
    .where(and(eq(orders.id, orderId), eq(orders.tenant_id, tenant.id), eq(orders.kind, 'subscription')));
  const [payment] = await db.select().from(payments).where(eq(payments.order_id, orderId)).orderBy(desc(payments.id)).limit(1);
  const renewal = payment ? renewalOf(payment.provider_ref) : null;
  if (!row || !payment || !renewal?.byLink) return fail(404, 'There is no such renewal.');
  const due = (row.status === 'active' || row.status === 'past_due') && row.end.getTime() === renewal.from.getTime();
  if (!due) return plansScreen(c);
  let ref = payment.provider_ref;
  if (payment.status === 'pending' && payment.external_ref) {
    const adapter = adaptersOf(deps)[payment.provider];
    const answer = adapter && (await askProvider(db, adapter, { provider_ref: ref, external_ref: payment.external_ref }, deps.now()));
    if (answer?.kind === 'settled' && answer.status !== 'pending') {
      if (answer.status === 'success') return plansScreen(c);
      ref = '';
    }
  } else if (payment.status === 'success') return plansScreen(c);
  else if (payment.status !== 'pending') ref = '';
  if (!ref) {
    // The last try failed or was cancelled: a fresh payment of the same order, for the same period.
    ref = renewalLinkRef(payment.provider, row.subscription_id, renewal.from, randomToken(6).replace(/_/g, '-'));
    await db.insert(payments).values({
      order_id: orderId,
      provider: payment.provider,
      provider_ref: ref,
      amount_cents: payment.amount_cents,
      currency: payment.currency,
      status: 'pending',
    });
    await db.update(orders).set({ status: 'pending' }).where(eq(orders.id, orderId));
  }
  return openPayment(c, {
    provider: payment.provider,
    ref,
    amountCents: payment.amount_cents,
    currency: payment.currency,
    description: row.description ?? 'Subscription renewal',
    email: row.email,
  });
}

/**
 * Refunds part or all of a payment where it was made: at its real provider (by the id a refund
 * names there, with the request's idempotency key), or, for a sandbox payment, at the sandbox.
 * A provider that cannot be reached, or refuses, refunds nothing and records nothing.
 */
export async function refundAtProvider(
  deps: PaymentDeps & Pick<Deps, 'keys'>,
  payment: { provider: PaymentProvider; provider_ref: string; external_ref: string | null; capture_ref: string | null; currency: string },
  amountCents: number,
  key: string,
): Promise<{ refundRef: string; amountCents: number }> {
  if (!payment.external_ref)
    return paymentProviders(deps.keys.master)[payment.provider].refund({ ref: payment.provider_ref, amountCents, key });
  const adapter = adaptersOf(deps)[payment.provider];
  if (!adapter) return fail(409, 'This payment’s provider is not configured here any more, so it cannot be refunded from here.');
  let done;
  try {
    done = await adapter.refund({
      ref: payment.capture_ref ?? payment.external_ref,
      amountCents,
      currency: payment.currency,
      idempotencyKey: key,
    });
  } catch (err) {
    if (err instanceof ProviderUnavailable) fail(503, 'The payment provider could not be reached: nothing was refunded. Please try again.');
    throw err;
  }
  if (done.state === 'failed') fail(409, 'The payment provider refused this refund: nothing was refunded.');
  return done;
}
