// Subscriptions: a school or an organization subscribes to a plan variant (monthly or yearly) and
// pays its first period through a payment provider like any checkout; the provider's approval
// leaves a mandate that charges each renewal. The renewal job (run hourly by every API process,
// with an injectable clock) moves each subscription through its states:
//   pending   --first payment succeeds-->  active (period = now .. now + interval)
//   active    --period ends, charge ok-->  active (next period)
//   active    --period ends, charge fails--> past_due (grace_until = period end + GRACE_DAYS;
//                                          the charge is retried once a day)
//   past_due  --a retry succeeds-->        active (the period after the unpaid one)
//   past_due  --grace runs out-->          cancelled
//   active or past_due with cancel_at_period_end --period ends--> cancelled (never charged again)
// A provider that cannot charge off-session (PayPal, PhonePe; or no saved method) is not asked at
// all: the period's order waits with a pending payment referenced `<provider>_renewlink_…`, the
// subscription goes past_due (open during its grace), and the school's admins are e-mailed a
// link that opens that payment at the provider (gateway.ts); paying it moves the subscription on
// one period, once, whichever way the provider's word arrives. A daily reminder re-sends the link.
// Every charge is an order of kind 'subscription' with one payment, so it appears in payment
// history with an invoice (/invoice/subscription/{id}). A charge happens at most once per attempt:
// the attempt is claimed by a conditional update (a second process finds nothing left to claim)
// and written as a pending payment whose unique reference is the provider's idempotency key;
// the provider is asked with no transaction open, and its answer recorded in a short one.
// What a plan unlocks is real: the switchboard opens a locked mode for a school whose own live
// subscription, or a linked organization's, is to a plan listing that mode.
import { and, eq, inArray, isNotNull, isNull, like, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PaymentProvider, SubscriptionInterval } from '../../../src/contract/domain';
import { EMAIL_MSG } from '../../../src/contract/email-messages';
import { LOCALE_INFO } from '../../../src/contract/locales';
import { formatPrice } from '../../../src/contract/price';
import type { Db, Queryable } from '../../db/client';
import {
  organizationLinks,
  orders,
  payments,
  planModes,
  subscriptionPlans,
  subscriptionVariants,
  subscriptions,
  tenants,
  users,
} from '../../db/schema';
import type { Deps } from '../../http/env';
import { logger as processLogger } from '../../log';
import { randomToken } from '../../lib/crypto';
import { sayIn } from '../../http/language';
import { dayIn, recipientLocale } from '../mail/language';
import { queueEmail } from '../mail/outbox';

const DAY_MS = 24 * 3600_000;
/** How long a subscription stays open after a failed renewal. */
export const GRACE_DAYS = 7;
/** A failed renewal is tried again this often during the grace period. */
export const RETRY_EVERY_MS = DAY_MS;

/** The date one interval later (a month from 31 January is the last day of February). */
export function addInterval(from: Date, interval: SubscriptionInterval): Date {
  const d = new Date(from);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** A subscription that opens its plan's modes: active, or past due within its grace. */
export function liveSubscription(now: Date): SQL {
  return or(eq(subscriptions.status, 'active'), and(eq(subscriptions.status, 'past_due'), sql`${subscriptions.grace_until} > ${now}`))!;
}

/** The ids of the modes a school's (or a linked organization's) live subscriptions unlock. */
export function unlockedModeIds(tenantId: number, now: Date): SQL {
  const holders = sql`(select ${tenantId}::int union select ${organizationLinks.organization_id} from ${organizationLinks} where ${organizationLinks.school_id} = ${tenantId})`;
  return sql`(select ${planModes.mode_id} from ${planModes} join ${subscriptions} on ${subscriptions.plan_id} = ${planModes.plan_id} where ${subscriptions.tenant_id} in ${holders} and ${liveSubscription(now)})`;
}

/** The line an invoice shows for one period of a variant. */
export function chargeLine(planName: string, interval: SubscriptionInterval, seats: number, from: Date, to: Date): string {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return `${planName} — ${interval === 'month' ? 'monthly' : 'yearly'}, ${seats} seats (${day(from)} to ${day(to)})`;
}

export interface NewSubscription {
  tenantId: number;
  userId: number;
  email: string | null;
  variantId: number;
  provider: PaymentProvider;
  now: Date;
}

/**
 * A pending subscription and the order for its first period, with a pending payment at the
 * provider; null when the variant is not on offer. Earlier unpaid attempts of this tenant end.
 */
export async function startSubscription(
  db: Queryable,
  s: NewSubscription,
): Promise<{ subscriptionId: number; orderId: number; ref: string; amountCents: number; currency: string; description: string } | null> {
  const [variant] = await db
    .select({
      id: subscriptionVariants.id,
      plan_id: subscriptionVariants.plan_id,
      interval: subscriptionVariants.interval,
      price_cents: subscriptionVariants.price_cents,
      currency: subscriptionVariants.currency,
      seats: subscriptionVariants.seats,
      plan_name: subscriptionPlans.name,
    })
    .from(subscriptionVariants)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptionVariants.plan_id))
    .where(and(eq(subscriptionVariants.id, s.variantId), eq(subscriptionVariants.active, true), eq(subscriptionPlans.active, true)))
    .limit(1);
  if (!variant) return null;
  await db
    .update(subscriptions)
    .set({ status: 'cancelled', ended_at: s.now })
    .where(and(eq(subscriptions.tenant_id, s.tenantId), eq(subscriptions.status, 'pending')));
  const end = addInterval(s.now, variant.interval);
  const description = chargeLine(variant.plan_name, variant.interval, variant.seats, s.now, end);
  const [sub] = await db
    .insert(subscriptions)
    .values({
      tenant_id: s.tenantId,
      plan_id: variant.plan_id,
      variant_id: variant.id,
      status: 'pending',
      provider: s.provider,
      current_period_end: end,
    })
    .returning({ id: subscriptions.id });
  const [order] = await db
    .insert(orders)
    .values({
      tenant_id: s.tenantId,
      user_id: s.userId,
      kind: 'subscription',
      email: s.email,
      status: 'pending',
      total_cents: variant.price_cents,
      currency: variant.currency,
      subscription_id: sub!.id,
      description,
    })
    .returning({ id: orders.id });
  const ref = `${s.provider}_${randomToken(18)}`;
  await db.insert(payments).values({
    order_id: order!.id,
    provider: s.provider,
    provider_ref: ref,
    amount_cents: variant.price_cents,
    currency: variant.currency,
    status: 'pending',
  });
  return { subscriptionId: sub!.id, orderId: order!.id, ref, amountCents: variant.price_cents, currency: variant.currency, description };
}

/**
 * The provider's page approved a subscription's first payment: it keeps a mandate for the
 * renewals. The sandbox's mandate says how its renewals will go (a test card that declines them).
 */
export async function recordSandboxMandate(db: Queryable, orderId: number, provider: PaymentProvider, renewals: 'approve' | 'decline') {
  await db
    .update(subscriptions)
    .set({ mandate: `sandbox:${provider}:${renewals}:${randomToken(9)}` })
    .where(
      and(
        eq(subscriptions.status, 'pending'),
        sql`${subscriptions.id} = (select ${orders.subscription_id} from ${orders} where ${orders.id} = ${orderId})`,
      ),
    );
}

/** The first payment settled: a paid one starts the subscription's first period from now. */
async function settleFirstPayment(tx: Queryable, orderId: number, paid: boolean, now: Date) {
  const [order] = await tx.select({ subscription_id: orders.subscription_id }).from(orders).where(eq(orders.id, orderId));
  if (!order?.subscription_id) return;
  const [sub] = await tx
    .select({ id: subscriptions.id, interval: subscriptionVariants.interval })
    .from(subscriptions)
    .innerJoin(subscriptionVariants, eq(subscriptionVariants.id, subscriptions.variant_id))
    .where(and(eq(subscriptions.id, order.subscription_id), eq(subscriptions.status, 'pending')));
  if (!sub) return;
  await tx
    .update(subscriptions)
    .set(
      paid
        ? { status: 'active', current_period_start: now, current_period_end: addInterval(now, sub.interval) }
        : { status: 'cancelled', ended_at: now },
    )
    .where(eq(subscriptions.id, sub.id));
}

/**
 * A renewal's reference: `<provider>_renew_<subscription>_<period end ms>_<attempt>` (charged
 * off-session) or `<provider>_renewlink_…` (paid through the e-mailed link). It names the period
 * the payment is for, so paying it moves the subscription on from exactly that period.
 */
const RENEWAL_REF = /^[a-z]+_renew(link)?_(\d+)_(\d+)_[A-Za-z0-9-]+$/;

export function renewalOf(ref: string): { subscriptionId: number; from: Date; byLink: boolean } | null {
  const m = RENEWAL_REF.exec(ref);
  return m ? { subscriptionId: Number(m[2]), from: new Date(Number(m[3])), byLink: Boolean(m[1]) } : null;
}

/** The reference of a payment made through a renewal link for `from` (`attempt`: a fresh one's tail). */
export function renewalLinkRef(provider: PaymentProvider, subscriptionId: number, from: Date, attempt: string): string {
  return `${provider}_renewlink_${subscriptionId}_${from.getTime()}_${attempt}`;
}

/**
 * A renewal was paid: the subscription moves on one period from `from`, once. It moves only
 * while `from` is still its period's end, so a second payment for the same period (a repeated
 * webhook, a second link paid) never adds a second period.
 */
async function advancePeriod(tx: Queryable, subscriptionId: number, from: Date): Promise<void> {
  const [sub] = await tx
    .select({ interval: subscriptionVariants.interval })
    .from(subscriptions)
    .innerJoin(subscriptionVariants, eq(subscriptionVariants.id, subscriptions.variant_id))
    .where(eq(subscriptions.id, subscriptionId));
  if (!sub) return;
  await tx
    .update(subscriptions)
    .set({
      status: 'active',
      current_period_start: from,
      current_period_end: addInterval(from, sub.interval),
      grace_until: null,
      last_attempt_at: null,
      renewal_attempts: 0,
    })
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        inArray(subscriptions.status, ['active', 'past_due']),
        eq(subscriptions.current_period_end, from),
      ),
    );
}

/**
 * A subscription's payment settled (in the caller's transaction, after the payment moved from
 * pending): a first payment starts or ends the subscription; a renewal paid through its link
 * moves it on one period (unpaid, it stays past due and the next reminder brings a new link).
 */
export async function settleSubscriptionPayment(tx: Queryable, paymentId: number, orderId: number, paid: boolean, now: Date) {
  const [payment] = await tx.select({ ref: payments.provider_ref }).from(payments).where(eq(payments.id, paymentId));
  const renewal = payment ? renewalOf(payment.ref) : null;
  if (!renewal) return settleFirstPayment(tx, orderId, paid, now);
  if (paid) await advancePeriod(tx, renewal.subscriptionId, renewal.from);
}

/** One renewal charge asked of the provider. */
export interface RenewalCharge {
  mandate: string | null;
  provider: PaymentProvider;
  amountCents: number;
  currency: string;
  description: string;
  /** One per subscription, period and attempt: asked again with it, the provider charges once. */
  idempotencyKey: string;
}

/** This renewal is paid by the school through a link (the provider cannot charge off-session). */
export interface PayByLink {
  /** The absolute address, on the school's site, of the page that opens this renewal order's payment. */
  payLink(orderId: number, subdomain: string): string;
}

/**
 * Charges a renewal on the provider's mandate. 'pending' (or a throw: the provider did not
 * answer) leaves the attempt pending; it is asked again later with the same key. A PayByLink
 * answer means nothing was asked of the provider: the school is e-mailed a link to pay.
 */
export type MandateCharge = (charge: RenewalCharge) => Promise<'success' | 'failed' | 'pending' | PayByLink>;
/** The sandbox's mandate says how its renewals go (a test card that declines them). */
export const sandboxCharge: MandateCharge = ({ mandate }) =>
  Promise.resolve(mandate?.startsWith('sandbox:') && !mandate.includes(':decline:') ? 'success' : 'failed');

/** A pending attempt whose process died (or is still asking) is resumed after this long. */
export const RESUME_AFTER_MS = 2 * 60_000;

export interface RenewalCounts {
  renewed: number;
  failed: number;
  /** Renewals whose link to pay was e-mailed (or e-mailed again as a reminder). */
  mailed: number;
  ended: number;
  expired: number;
}

interface Attempt {
  paymentId: number;
  orderId: number;
  subscriptionId: number;
  charge: RenewalCharge;
  /** The period's link to pay is already out (this attempt is its daily reminder). */
  linked?: boolean;
}

/**
 * Claims a due subscription's renewal and writes its attempt (a pending order and payment whose
 * reference is the idempotency key) in one short transaction; null when another process has it.
 */
async function claimRenewal(db: Db, id: number, due: SQL, now: Date): Promise<Attempt | null> {
  return db.transaction(async (tx) => {
    // The claim: only one process gets past this for this attempt.
    const [sub] = await tx
      .update(subscriptions)
      .set({ last_attempt_at: now, renewal_attempts: sql`${subscriptions.renewal_attempts} + 1` })
      .where(and(eq(subscriptions.id, id), due))
      .returning();
    if (!sub?.variant_id || !sub.provider) return null;
    const [v] = await tx
      .select({
        interval: subscriptionVariants.interval,
        price_cents: subscriptionVariants.price_cents,
        currency: subscriptionVariants.currency,
        seats: subscriptionVariants.seats,
        plan_name: subscriptionPlans.name,
        email: tenants.school_email,
      })
      .from(subscriptionVariants)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptionVariants.plan_id))
      .innerJoin(tenants, eq(tenants.id, sub.tenant_id))
      .where(eq(subscriptionVariants.id, sub.variant_id));
    if (!v) return null;
    const from = sub.current_period_end;
    const description = chargeLine(v.plan_name, v.interval, v.seats, from, addInterval(from, v.interval));
    // This period's link to pay is out and still open: the attempt is a reminder of it, not a new order.
    const [open] = await tx
      .select({ paymentId: payments.id, orderId: payments.order_id, key: payments.provider_ref })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.order_id))
      .where(
        and(
          eq(orders.subscription_id, sub.id),
          eq(payments.status, 'pending'),
          like(payments.provider_ref, `${renewalLinkRef(sub.provider, sub.id, from, '').replace(/_/g, '\\_')}%`),
        ),
      )
      .limit(1);
    const charge = { mandate: sub.mandate, provider: sub.provider, amountCents: v.price_cents, currency: v.currency, description };
    if (open)
      return {
        paymentId: open.paymentId,
        orderId: open.orderId,
        subscriptionId: sub.id,
        linked: true,
        charge: { ...charge, idempotencyKey: open.key },
      };
    const [order] = await tx
      .insert(orders)
      .values({
        tenant_id: sub.tenant_id,
        user_id: null,
        kind: 'subscription',
        email: v.email,
        status: 'pending',
        total_cents: v.price_cents,
        currency: v.currency,
        subscription_id: sub.id,
        description,
        created_at: now,
      })
      .returning({ id: orders.id });
    // One reference per subscription, period and attempt: the provider's idempotency key.
    const key = `${sub.provider}_renew_${sub.id}_${from.getTime()}_${sub.renewal_attempts}`;
    const [payment] = await tx
      .insert(payments)
      .values({
        order_id: order!.id,
        provider: sub.provider,
        provider_ref: key,
        amount_cents: v.price_cents,
        currency: v.currency,
        status: 'pending',
        created_at: now,
      })
      .returning({ id: payments.id });
    return { paymentId: payment!.id, orderId: order!.id, subscriptionId: sub.id, charge: { ...charge, idempotencyKey: key } };
  });
}

/** Pending renewal attempts left by a process that stopped (or is slow) between charge and record. */
async function staleAttempts(db: Db, now: Date): Promise<Attempt[]> {
  const rows = await db
    .select({
      paymentId: payments.id,
      orderId: orders.id,
      subscriptionId: subscriptions.id,
      mandate: subscriptions.mandate,
      provider: payments.provider,
      amountCents: payments.amount_cents,
      currency: payments.currency,
      description: orders.description,
      key: payments.provider_ref,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.order_id))
    .innerJoin(subscriptions, eq(subscriptions.id, orders.subscription_id))
    .where(
      and(
        eq(payments.status, 'pending'),
        eq(orders.kind, 'subscription'),
        // A charged attempt's reference (`_renew_`; the backslashes make `_` literal): never a link's.
        like(payments.provider_ref, '%\\_renew\\_%'),
        lte(payments.created_at, new Date(now.getTime() - RESUME_AFTER_MS)),
      ),
    )
    .limit(500);
  return rows.map((r) => ({
    paymentId: r.paymentId,
    orderId: r.orderId,
    subscriptionId: r.subscriptionId,
    charge: {
      mandate: r.mandate,
      provider: r.provider,
      amountCents: r.amountCents,
      currency: r.currency,
      description: r.description ?? '',
      idempotencyKey: r.key,
    },
  }));
}

/**
 * Records a charge's outcome in one short transaction: the attempt's payment moves from pending
 * once (a resumed attempt that finds it settled changes nothing), and the subscription moves on
 * a period, or to past due.
 */
async function recordRenewal(db: Db, a: Attempt, result: 'success' | 'failed', now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(payments)
      .set({ status: result, completed_at: now })
      .where(and(eq(payments.id, a.paymentId), eq(payments.status, 'pending')))
      .returning({ id: payments.id });
    if (!moved.length) return false;
    await tx.update(orders).set({ status: result }).where(eq(orders.id, a.orderId));
    const [sub] = await tx
      .select({ end: subscriptions.current_period_end, grace_until: subscriptions.grace_until })
      .from(subscriptions)
      .where(eq(subscriptions.id, a.subscriptionId));
    if (!sub) return true;
    if (result === 'success') await advancePeriod(tx, a.subscriptionId, sub.end);
    else await pastDue(tx, a.subscriptionId, sub.end, sub.grace_until);
    return true;
  });
}

/** An unpaid period: past due, open until its grace runs out (the first grace set stays). */
async function pastDue(tx: Queryable, subscriptionId: number, from: Date, graceUntil: Date | null) {
  await tx
    .update(subscriptions)
    .set({ status: 'past_due', grace_until: graceUntil ?? new Date(from.getTime() + GRACE_DAYS * DAY_MS) })
    .where(and(eq(subscriptions.id, subscriptionId), inArray(subscriptions.status, ['active', 'past_due'])));
}

/**
 * A renewal the school pays through a link, in one short transaction: the attempt's payment is
 * marked as the link's (`_renewlink_`, so it is never charged off-session nor resumed as a
 * charge), the subscription goes past due, and its admins are e-mailed the link (again, for a
 * reminder). False when another process has already done it.
 */
async function recordLink(db: Db, a: Attempt, link: PayByLink): Promise<boolean> {
  return db.transaction(async (tx) => {
    const renewal = renewalOf(a.charge.idempotencyKey);
    if (!renewal) return false;
    if (!a.linked) {
      const marked = await tx
        .update(payments)
        .set({ provider_ref: a.charge.idempotencyKey.replace('_renew_', '_renewlink_') })
        .where(and(eq(payments.id, a.paymentId), eq(payments.status, 'pending'), eq(payments.provider_ref, a.charge.idempotencyKey)))
        .returning({ id: payments.id });
      if (!marked.length) return false;
    }
    const [sub] = await tx
      .select({
        tenant_id: subscriptions.tenant_id,
        grace_until: subscriptions.grace_until,
        plan: subscriptionPlans.name,
        interval: subscriptionVariants.interval,
        seats: subscriptionVariants.seats,
      })
      .from(subscriptions)
      .innerJoin(subscriptionVariants, eq(subscriptionVariants.id, subscriptions.variant_id))
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptionVariants.plan_id))
      .where(eq(subscriptions.id, a.subscriptionId));
    const [tenant] = sub
      ? await tx
          .select({
            subdomain: tenants.subdomain,
            school_name: tenants.school_name,
            school_email: tenants.school_email,
            default_language: tenants.default_language,
          })
          .from(tenants)
          .where(eq(tenants.id, sub.tenant_id))
      : [];
    if (!sub || !tenant) return false;
    const grace = sub.grace_until ?? new Date(renewal.from.getTime() + GRACE_DAYS * DAY_MS);
    await pastDue(tx, a.subscriptionId, renewal.from, grace);
    const admins = await tx
      .select({ email: users.email, language: users.language })
      .from(users)
      .where(
        and(
          eq(users.tenant_id, sub.tenant_id),
          inArray(users.role, ['school_admin', 'organization_admin']),
          eq(users.is_active, true),
          isNotNull(users.email),
        ),
      );
    // Each admin in their own language (else the school's); the school's office in the school's.
    const to = admins.length
      ? admins.map((u) => ({ address: u.email!, language: u.language }))
      : [{ address: tenant.school_email, language: null }];
    for (const { address, language } of to) {
      const locale = await recipientLocale(tx, { language, school: tenant });
      const say = sayIn(locale);
      const school = tenant.school_name;
      const amount = formatPrice(a.charge.amountCents, a.charge.currency, LOCALE_INFO[locale].intl);
      await queueEmail(tx, {
        tenant_id: sub.tenant_id,
        to: address,
        subject: say(EMAIL_MSG.renewalSubject, { school }),
        text:
          `${say(EMAIL_MSG.helloAll)}\n\n${say(EMAIL_MSG.renewalEnded, { school })}\n` +
          `${say(sub.interval === 'month' ? EMAIL_MSG.renewalMonthly : EMAIL_MSG.renewalYearly, {
            plan: sub.plan,
            seats: sub.seats,
            from: dayIn(locale, renewal.from),
            to: dayIn(locale, addInterval(renewal.from, sub.interval)),
            amount,
          })}\n\n` +
          `${say(EMAIL_MSG.renewalPay)}\n${link.payLink(a.orderId, tenant.subdomain)}\n\n` +
          `${say(EMAIL_MSG.renewalGrace, { day: dayIn(locale, grace) })}\n`,
        // The link is no use once the grace has run out.
        expires_at: grace,
      });
    }
    return true;
  });
}

/**
 * Asks the provider for one attempt's charge with no transaction open, then records it. A
 * provider that does not answer leaves the attempt pending, to be resumed with the same key.
 */
async function chargeAttempt(db: Db, a: Attempt, charge: MandateCharge, now: Date): Promise<'success' | 'failed' | 'mailed' | null> {
  let result: Awaited<ReturnType<MandateCharge>>;
  try {
    result = await charge(a.charge);
  } catch {
    return null;
  }
  if (typeof result === 'object') return (await recordLink(db, a, result)) ? 'mailed' : null;
  if (result === 'pending' || a.linked) return null;
  return (await recordRenewal(db, a, result, now)) ? result : null;
}

/**
 * One pass of the renewal job at `now` (see the header). Safe to run in several processes, and
 * after a crash: a charge is never made inside a database transaction, and an attempt left
 * pending between the provider's charge and its record is asked again with the same
 * idempotency key, which the provider answers with the charge it already made.
 */
export async function runRenewals(db: Db, now: Date, charge: MandateCharge = sandboxCharge): Promise<RenewalCounts> {
  const counts: RenewalCounts = { renewed: 0, failed: 0, mailed: 0, ended: 0, expired: 0 };
  const count = (outcome: 'success' | 'failed' | 'mailed' | null) => {
    if (outcome === 'success') counts.renewed++;
    else if (outcome === 'failed') counts.failed++;
    else if (outcome === 'mailed') counts.mailed++;
  };
  for (const attempt of await staleAttempts(db, now)) count(await chargeAttempt(db, attempt, charge, now));
  const live = inArray(subscriptions.status, ['active', 'past_due']);
  counts.ended = (
    await db
      .update(subscriptions)
      .set({ status: 'cancelled', ended_at: now })
      .where(and(live, eq(subscriptions.cancel_at_period_end, true), lte(subscriptions.current_period_end, now)))
      .returning({ id: subscriptions.id })
  ).length;
  counts.expired = (
    await db
      .update(subscriptions)
      .set({ status: 'cancelled', ended_at: now })
      .where(and(eq(subscriptions.status, 'past_due'), lte(subscriptions.grace_until, now)))
      .returning({ id: subscriptions.id })
  ).length;
  const retryBefore = new Date(now.getTime() - RETRY_EVERY_MS);
  const due = and(
    live,
    eq(subscriptions.cancel_at_period_end, false),
    lte(subscriptions.current_period_end, now),
    or(isNull(subscriptions.last_attempt_at), lte(subscriptions.last_attempt_at, retryBefore)),
  )!;
  const candidates = await db.select({ id: subscriptions.id }).from(subscriptions).where(due).limit(500);
  for (const { id } of candidates) {
    const attempt = await claimRenewal(db, id, due, now);
    if (attempt) count(await chargeAttempt(db, attempt, charge, now));
  }
  return counts;
}

/** Runs the renewal job now and then every `everyMs` (an hour); the returned function stops it. */
export function startRenewals(deps: Pick<Deps, 'database' | 'now' | 'log'>, charge: MandateCharge, everyMs = 3600_000): () => void {
  const log = deps.log ?? processLogger;
  const run = () =>
    void runRenewals(deps.database.db, deps.now(), charge).then(
      (counts) => log.info({ job: 'renewals', ...counts }, 'subscriptions renewed'),
      (err: unknown) => log.error({ job: 'renewals', err }, 'renewals failed'),
    );
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
