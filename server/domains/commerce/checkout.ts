// Orders and their payments. An order (books, or a donation to a charity) is created with one
// pending payment at a provider; only the provider's verified word settles it (gateway.ts), and
// it settles once: the payment moves from pending in a single conditional update, so a replayed
// callback (or a late "cancel" after a success) changes nothing, and another amount is refused.
import { createHmac, hkdfSync } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DeliveryAddress } from '../../../src/contract/delivery-address';
import type { OrderKind, OrderStatus, PaymentProvider } from '../../../src/contract/domain';
import type { Queryable } from '../../db/client';
import { cartItems, orderItems, orders, payments, type TenantRow } from '../../db/schema';
import { randomToken } from '../../lib/crypto';
import { queuePrintJob } from './print-jobs';
import { settleSubscriptionPayment } from './subscriptions';
import type { PaymentOutcome, VerifiedResult } from '../../providers/payments/provider';

/**
 * The key that opens an order's tracking page, invoice or certificate without signing in
 * (guests buy and donate too). Derived from the order id, so nothing extra is stored.
 */
export function orderKey(secret: string, orderId: number): string {
  const key = Buffer.from(hkdfSync('sha256', secret, 'storynest-orders', 'order-access', 32));
  return createHmac('sha256', key).update(`order:${orderId}`).digest('base64url').slice(0, 32);
}

export interface NewOrder {
  tenant: TenantRow | null;
  userId: number | null;
  email: string | null;
  kind: OrderKind;
  charityId?: number;
  items?: { book_id: number; title: string; price_cents: number }[];
  totalCents: number;
  currency: string;
  provider: PaymentProvider;
  /** Where a book order's printed copies go. */
  deliveryAddress?: DeliveryAddress;
  /** A guest donor's name for the certificate. */
  donorName?: string;
}

/** Creates the order and its pending payment; answers the payment's provider reference. */
export async function createOrder(db: Queryable, o: NewOrder): Promise<{ orderId: number; ref: string }> {
  const [order] = await db
    .insert(orders)
    .values({
      tenant_id: o.tenant?.id ?? null,
      user_id: o.userId,
      kind: o.kind,
      charity_id: o.charityId ?? null,
      email: o.email,
      status: 'pending',
      print_status: o.kind === 'books' ? 'open' : null,
      total_cents: o.totalCents,
      currency: o.currency,
      delivery_address: o.deliveryAddress ?? null,
      donor_name: o.donorName || null,
    })
    .returning({ id: orders.id });
  if (o.items?.length) await db.insert(orderItems).values(o.items.map((i) => ({ ...i, order_id: order!.id })));
  const ref = `${o.provider}_${randomToken(18)}`;
  await db.insert(payments).values({
    order_id: order!.id,
    provider: o.provider,
    provider_ref: ref,
    amount_cents: o.totalCents,
    currency: o.currency,
    status: 'pending',
  });
  return { orderId: order!.id, ref };
}

/** A pending or settled payment on this site, by the provider's reference. */
export async function paymentByRef(db: Queryable, provider: PaymentProvider, ref: string, tenant: TenantRow | null) {
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
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.provider_ref, ref),
        tenant ? eq(orders.tenant_id, tenant.id) : isNull(orders.tenant_id),
      ),
    )
    .limit(1);
  return row;
}

export type SettleAnswer = { kind: 'settled'; orderId: number; status: OrderStatus } | { kind: 'unknown' } | { kind: 'wrong-amount' };

/** Applies a verified sandbox result. The stored outcome wins over any later callback. */
export async function settlePayment(
  db: Queryable,
  provider: PaymentProvider,
  result: VerifiedResult,
  tenant: TenantRow | null,
  now: Date,
): Promise<SettleAnswer> {
  const payment = await paymentByRef(db, provider, result.ref, tenant);
  if (!payment) return { kind: 'unknown' };
  if (payment.amount_cents !== result.amountCents) return { kind: 'wrong-amount' };
  return db.transaction((tx) => settleOutcome(tx, payment, result.outcome, now));
}

/**
 * Settles a pending payment with the provider's outcome, in the caller's transaction: the
 * payment moves from pending in one conditional update, so only the first outcome counts; a paid
 * order of books leaves the buyer's cart and gets its print job; a subscription's first payment
 * starts it (or ends the attempt), and a renewal paid through its link moves it on a period.
 */
export async function settleOutcome(
  tx: Queryable,
  payment: { id: number; order_id: number; order_kind: OrderKind },
  outcome: PaymentOutcome,
  now: Date,
): Promise<SettleAnswer> {
  const moved = await tx
    .update(payments)
    .set({ status: outcome, completed_at: now })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  if (!moved.length) {
    const [current] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.id, payment.id));
    return { kind: 'settled', orderId: payment.order_id, status: current!.status };
  }
  const paid = outcome === 'success';
  const [order] = await tx
    .update(orders)
    .set({ status: outcome, ...(paid && payment.order_kind === 'books' ? { print_status: 'paid' as const } : {}) })
    .where(eq(orders.id, payment.order_id))
    .returning({ user_id: orders.user_id });
  if (paid && payment.order_kind === 'books' && order?.user_id) {
    // The books are bought: they leave the buyer's cart on the server too.
    const bought = tx.select({ book_id: orderItems.book_id }).from(orderItems).where(eq(orderItems.order_id, payment.order_id));
    await tx.delete(cartItems).where(and(eq(cartItems.user_id, order.user_id), inArray(cartItems.book_id, bought)));
  }
  // Paid books are printed copies: the print job is written with the payment, never lost.
  if (paid && payment.order_kind === 'books') await queuePrintJob(tx, payment.order_id);
  if (payment.order_kind === 'subscription') await settleSubscriptionPayment(tx, payment.id, payment.order_id, paid, now);
  return { kind: 'settled', orderId: payment.order_id, status: outcome };
}

/** The screen a settled payment returns to: /<provider>-payment/success, /cancel or /failed. */
export function resultPath(provider: PaymentProvider, status: OrderStatus): string {
  const result = status === 'success' ? 'success' : status === 'cancelled' ? 'cancel' : 'failed';
  return `/${provider}-payment/${result}`;
}
