// The payment history, one declaration for every area that shows it: the platform's (every
// payment), a school area's (its school's orders, or an organization admin's linked schools')
// and an organization's (its schools' orders and its own). The scope comes from the request
// (server/http/access.ts); `paymentsIn` is the rule, a plain query condition testable without HTTP.
//   GET /api-super-admin/payments/ (+ export/)     the platform's
//   GET /api-school-admin/payments/ (+ export/)    a school area's
//   GET /api-organization/payments/ (+ export/)    an organization area's
import { z } from '@hono/zod-openapi';
import { and, eq, or, type SQL } from 'drizzle-orm';
import { ORDER_KINDS, ORDER_STATUSES, PAYMENT_PROVIDERS } from '../../../src/contract/domain';
import type { Queryable } from '../../db/client';
import { orders, payments, tenants } from '../../db/schema';
import { adminListRoutes, countAll, type DynamicSelect } from '../../http/admin-list';
import { inScope, ORGANIZATION_AREA, PLATFORM, requestScope, SCHOOL_AREA, type Scope } from '../../http/access';
import type { Access } from '../../http/route';
import { Id } from '../../http/schemas';

export const AdminPaymentSchema = z
  .object({
    id: z.number().int(),
    order_id: z.number().int(),
    provider: z.enum(PAYMENT_PROVIDERS),
    provider_ref: z.string(),
    amount_cents: z.number().int(),
    refunded_cents: z.number().int(),
    currency: z.string(),
    status: z.enum(ORDER_STATUSES),
    order_kind: z.enum(ORDER_KINDS),
    email: z.string().nullable(),
    tenant_name: z.string().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .openapi('AdminPayment');

export const paymentFields = {
  id: payments.id,
  order_id: payments.order_id,
  provider: payments.provider,
  provider_ref: payments.provider_ref,
  amount_cents: payments.amount_cents,
  refunded_cents: payments.refunded_cents,
  currency: payments.currency,
  status: payments.status,
  order_kind: orders.kind,
  email: orders.email,
  tenant_name: tenants.school_name,
  created_at: payments.created_at,
  completed_at: payments.completed_at,
};
type PaymentRow = Omit<z.infer<typeof AdminPaymentSchema>, 'created_at' | 'completed_at'> & { created_at: Date; completed_at: Date | null };
export const paymentJson = (r: PaymentRow) => ({
  ...r,
  created_at: r.created_at.toISOString(),
  completed_at: r.completed_at?.toISOString() ?? null,
});

/**
 * The payments a scope sees: every one (the platform), a school's orders, or an organization's
 * schools' orders; with `ownOrders`, an organization's own orders (made on its site) too.
 */
export function paymentsIn(scope: Scope, ownOrders = false): SQL | undefined {
  const schools = inScope(scope, orders.tenant_id);
  return scope.kind === 'organization' && ownOrders ? or(eq(orders.tenant_id, scope.id), schools) : schools;
}

/** Payments with their order's kind, e-mail and tenant, as the lists show them. */
export const selectPayments = (db: Queryable) =>
  db
    .select(paymentFields)
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.order_id))
    .leftJoin(tenants, eq(tenants.id, orders.tenant_id))
    .$dynamic() as unknown as DynamicSelect<PaymentRow>;

/** Where a payment history is shown: its path and words, who may read it, and whether an organization's own orders count. */
interface PaymentsListPlace {
  name: string;
  path: string;
  summary: string;
  access: Access;
  ownOrders?: boolean;
}

/** A payment history list, with the same filter set in every area; the request's scope filters it. */
function paymentsListRoutes(place: PaymentsListPlace) {
  return adminListRoutes({
    name: place.name,
    path: place.path,
    summary: place.summary,
    access: place.access,
    row: AdminPaymentSchema,
    filters: {
      status: z.enum(ORDER_STATUSES).optional(),
      provider: z.enum(PAYMENT_PROVIDERS).optional(),
      tenant_id: Id.optional(),
    },
    where: (c, q) =>
      and(
        paymentsIn(requestScope(c), place.ownOrders),
        q.status ? eq(payments.status, q.status) : undefined,
        q.provider ? eq(payments.provider, q.provider) : undefined,
        q.tenant_id !== undefined ? eq(orders.tenant_id, q.tenant_id) : undefined,
      ),
    search: [payments.provider_ref, orders.email],
    date: payments.created_at,
    sorts: { created_at: payments.created_at, amount_cents: payments.amount_cents },
    defaultSort: '-created_at',
    id: payments.id,
    select: selectPayments,
    countFrom: (db) =>
      db.select(countAll()).from(payments).innerJoin(orders, eq(orders.id, payments.order_id)).$dynamic() as unknown as DynamicSelect<{
        n: number;
      }>,
    json: paymentJson,
    csv: [
      ['id', (r) => r.id],
      ['order_id', (r) => r.order_id],
      ['provider', (r) => r.provider],
      ['provider_ref', (r) => r.provider_ref],
      ['amount', (r) => (r.amount_cents / 100).toFixed(2)],
      ['refunded', (r) => (r.refunded_cents / 100).toFixed(2)],
      ['currency', (r) => r.currency],
      ['status', (r) => r.status],
      ['email', (r) => r.email],
      ['tenant', (r) => r.tenant_name],
      ['created_at', (r) => r.created_at.toISOString()],
      ['completed_at', (r) => r.completed_at?.toISOString()],
    ],
  });
}

/** The payment history of each area. */
export const paymentHistory = {
  platform: paymentsListRoutes({
    name: 'payments',
    path: '/api-super-admin/payments/',
    summary: 'Every payment (payment history), filtered by payment status, provider and tenant',
    access: PLATFORM,
  }),
  school: paymentsListRoutes({
    name: 'schoolPayments',
    path: '/api-school-admin/payments/',
    summary: "The school's payments (an organization admin: its linked schools' payments)",
    access: SCHOOL_AREA,
  }),
  organization: paymentsListRoutes({
    name: 'organizationPayments',
    path: '/api-organization/payments/',
    summary: "The organization's payments and its linked schools'",
    access: ORGANIZATION_AREA,
    ownOrders: true,
  }),
};
