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
// Every charge is an order of kind 'subscription' with one payment, so it appears in payment
// history with an invoice (/invoice/subscription/{id}). A charge happens at most once per attempt:
// the attempt is claimed by a conditional update inside the charge's transaction (a second
// process finds nothing left to claim) and its provider reference is unique.
// What a plan unlocks is real: the switchboard opens a locked mode for a school whose own live
// subscription, or a linked organization's, is to a plan listing that mode.
import { and, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PaymentProvider, SubscriptionInterval } from '../../../src/contract/domain';
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
} from '../../db/schema';
import type { Deps } from '../../http/env';
import { logger as processLogger } from '../../log';
import { randomToken } from '../../lib/crypto';

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
): Promise<{ subscriptionId: number; orderId: number; ref: string } | null> {
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
      description: chargeLine(variant.plan_name, variant.interval, variant.seats, s.now, end),
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
  return { subscriptionId: sub!.id, orderId: order!.id, ref };
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
export async function settleFirstPayment(tx: Queryable, orderId: number, paid: boolean, now: Date) {
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

/** Charges a renewal on the provider's mandate. The sandbox answers as its mandate says. */
export type MandateCharge = (mandate: string | null, provider: PaymentProvider, amountCents: number) => Promise<'success' | 'failed'>;
export const sandboxCharge: MandateCharge = (mandate) => Promise.resolve(mandate && !mandate.includes(':decline:') ? 'success' : 'failed');

export interface RenewalCounts {
  renewed: number;
  failed: number;
  ended: number;
  expired: number;
}

/** One pass of the renewal job at `now` (see the header). Safe to run in several processes. */
export async function runRenewals(db: Db, now: Date, charge: MandateCharge = sandboxCharge): Promise<RenewalCounts> {
  const counts: RenewalCounts = { renewed: 0, failed: 0, ended: 0, expired: 0 };
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
  );
  const candidates = await db.select({ id: subscriptions.id }).from(subscriptions).where(due).limit(500);
  for (const { id } of candidates) {
    const outcome = await db.transaction(async (tx) => {
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
      const to = addInterval(from, v.interval);
      const result = await charge(sub.mandate, sub.provider, v.price_cents);
      const [order] = await tx
        .insert(orders)
        .values({
          tenant_id: sub.tenant_id,
          user_id: null,
          kind: 'subscription',
          email: v.email,
          status: result,
          total_cents: v.price_cents,
          currency: v.currency,
          subscription_id: sub.id,
          description: chargeLine(v.plan_name, v.interval, v.seats, from, to),
          created_at: now,
        })
        .returning({ id: orders.id });
      await tx.insert(payments).values({
        order_id: order!.id,
        provider: sub.provider,
        // One reference per subscription, period and attempt: never charged twice for it.
        provider_ref: `${sub.provider}_renew_${sub.id}_${from.getTime()}_${sub.renewal_attempts}`,
        amount_cents: v.price_cents,
        currency: v.currency,
        status: result,
        created_at: now,
        completed_at: now,
      });
      await tx
        .update(subscriptions)
        .set(
          result === 'success'
            ? {
                status: 'active',
                current_period_start: from,
                current_period_end: to,
                grace_until: null,
                last_attempt_at: null,
                renewal_attempts: 0,
              }
            : { status: 'past_due', grace_until: sub.grace_until ?? new Date(from.getTime() + GRACE_DAYS * DAY_MS) },
        )
        .where(eq(subscriptions.id, sub.id));
      return result;
    });
    if (outcome === 'success') counts.renewed++;
    else if (outcome === 'failed') counts.failed++;
  }
  return counts;
}

/** Runs the renewal job now and then every `everyMs` (an hour); the returned function stops it. */
export function startRenewals(deps: Pick<Deps, 'database' | 'now' | 'log'>, everyMs = 3600_000): () => void {
  const log = deps.log ?? processLogger;
  const run = () =>
    void runRenewals(deps.database.db, deps.now()).then(
      (counts) => log.info({ job: 'renewals', ...counts }, 'subscriptions renewed'),
      (err: unknown) => log.error({ job: 'renewals', err }, 'renewals failed'),
    );
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
