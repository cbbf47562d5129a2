// The platform admin's orders (upschool_admin only, every tenant): the generated list and CSV
// export (GET /api-super-admin/orders/), one order with its items and payments
// (GET /api-super-admin/orders/{id}/), and refunds. The payment history, which every area
// shows, is payment-history.ts (mounted here for the platform).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { REFUND_MSG, RefundForm, toCents } from '../../../src/contract/charity-admin';
import { ORDER_KINDS, ORDER_STATUSES, PRINT_PROGRESS } from '../../../src/contract/domain';
import { ADMIN_MSG } from '../../../src/contract/messages';
import type { Queryable } from '../../db/client';
import { charities, orderItems, orders, payments, printJobs, refunds, tenants, users } from '../../db/schema';
import { adminListRoutes, countAll, type DynamicSelect } from '../../http/admin-list';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { KEY_HEADER } from '../../http/idempotency';
import { defineRoute, errorBody, jsonBody, signedInUser, jsonRequest, notFoundAnswer } from '../../http/route';
import { refundAtProvider } from './gateway';
import { AdminPaymentSchema, paymentFields, paymentHistory, paymentJson } from './payment-history';
import { PLATFORM } from '../../http/access';
import { Id } from '../../http/schemas';

export const AdminOrderSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(ORDER_KINDS),
    status: z.enum(ORDER_STATUSES),
    print_status: z.enum(PRINT_PROGRESS).nullable(),
    /** The print provider's last refusal while the order waits to be printed (retried with backoff). */
    print_error: z.string().nullable(),
    total_cents: z.number().int(),
    refunded_cents: z.number().int(),
    currency: z.string(),
    email: z.string().nullable(),
    buyer: z.string().nullable(),
    tenant_id: z.number().int().nullable(),
    tenant_name: z.string().nullable(),
    charity_name: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('AdminOrder');

const orderFields = {
  id: orders.id,
  kind: orders.kind,
  status: orders.status,
  print_status: orders.print_status,
  print_error: printJobs.last_error,
  total_cents: orders.total_cents,
  refunded_cents: orders.refunded_cents,
  currency: orders.currency,
  email: orders.email,
  first_name: users.first_name,
  last_name: users.last_name,
  tenant_id: orders.tenant_id,
  tenant_name: tenants.school_name,
  charity_name: charities.name,
  created_at: orders.created_at,
};
type OrderRow = Omit<z.infer<typeof AdminOrderSchema>, 'created_at' | 'buyer'> & {
  first_name: string | null;
  last_name: string | null;
  created_at: Date;
};

const selectOrders = (db: Queryable) =>
  db
    .select(orderFields)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.user_id))
    .leftJoin(tenants, eq(tenants.id, orders.tenant_id))
    .leftJoin(charities, eq(charities.id, orders.charity_id))
    .leftJoin(printJobs, eq(printJobs.order_id, orders.id))
    .$dynamic() as unknown as DynamicSelect<OrderRow>;

const orderJson = (r: OrderRow): z.infer<typeof AdminOrderSchema> => {
  const { first_name, last_name, ...rest } = r;
  return { ...rest, buyer: first_name ? `${first_name} ${last_name ?? ''}`.trim() : null, created_at: r.created_at.toISOString() };
};

const ordersList = adminListRoutes({
  name: 'orders',
  path: '/api-super-admin/orders/',
  summary: 'Every order (books and donations), filtered by order and print status, kind and tenant',
  access: PLATFORM,
  row: AdminOrderSchema,
  filters: {
    status: z.enum(ORDER_STATUSES).optional(),
    print_status: z.enum(PRINT_PROGRESS).optional(),
    kind: z.enum(ORDER_KINDS).optional(),
    tenant_id: Id.optional(),
  },
  where: (_c, q) =>
    and(
      q.status ? eq(orders.status, q.status) : undefined,
      q.print_status ? eq(orders.print_status, q.print_status) : undefined,
      q.kind ? eq(orders.kind, q.kind) : undefined,
      q.tenant_id !== undefined ? eq(orders.tenant_id, q.tenant_id) : undefined,
    ),
  search: [orders.email, users.first_name, users.last_name],
  date: orders.created_at,
  sorts: { created_at: orders.created_at, total_cents: orders.total_cents, status: orders.status },
  defaultSort: '-created_at',
  id: orders.id,
  select: selectOrders,
  // Search reads the buyer's name, so the count joins users too.
  countFrom: (db) =>
    db.select(countAll()).from(orders).leftJoin(users, eq(users.id, orders.user_id)).$dynamic() as unknown as DynamicSelect<{ n: number }>,
  json: orderJson,
  csv: [
    ['id', (r) => r.id],
    ['kind', (r) => r.kind],
    ['status', (r) => r.status],
    ['print_status', (r) => r.print_status],
    ['print_error', (r) => r.print_error],
    ['total', (r) => (r.total_cents / 100).toFixed(2)],
    ['refunded', (r) => (r.refunded_cents / 100).toFixed(2)],
    ['currency', (r) => r.currency],
    ['email', (r) => r.email],
    ['buyer', (r) => orderJson(r).buyer],
    ['tenant', (r) => r.tenant_name],
    ['charity', (r) => r.charity_name],
    ['created_at', (r) => r.created_at.toISOString()],
  ],
});

const RefundSchema = z
  .object({
    id: z.number().int(),
    payment_id: z.number().int(),
    amount_cents: z.number().int(),
    provider_ref: z.string(),
    reason: z.string(),
    created_by: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('AdminRefund');

const refundFields = {
  id: refunds.id,
  payment_id: refunds.payment_id,
  amount_cents: refunds.amount_cents,
  provider_ref: refunds.provider_ref,
  reason: refunds.reason,
  first_name: users.first_name,
  last_name: users.last_name,
  created_at: refunds.created_at,
};

const OrderDetailSchema = AdminOrderSchema.extend({
  items: z.array(z.object({ book_id: z.number().int(), title: z.string(), price_cents: z.number().int() })),
  payments: z.array(AdminPaymentSchema),
  /** The order's print job: handed to the provider (its reference), or waiting to be retried. */
  print_job: z
    .object({
      provider_ref: z.string().nullable(),
      submitted_at: z.string().nullable(),
      attempts: z.number().int(),
      last_error: z.string().nullable(),
      next_attempt_at: z.string().nullable(),
    })
    .nullable(),
  refunds: z.array(RefundSchema),
}).openapi('AdminOrderDetail');

const getOrder = defineRoute(PLATFORM, {
  method: 'get',
  path: '/api-super-admin/orders/{id}/',
  summary: 'One order with its items and payments',
  request: { params: z.object({ id: Id }) },
  responses: { 200: jsonBody(OrderDetailSchema), ...notFoundAnswer('No such order') },
});

const refundPayment = defineRoute(
  { ...PLATFORM, outbox: true },
  {
    method: 'post',
    path: '/api-super-admin/payments/{id}/refund/',
    summary:
      'Refund part or all of a successful payment at its provider (never more than what is left of it); the order and the raised totals count the rest. Exactly once per Idempotency-Key.',
    request: { params: z.object({ id: Id }), ...jsonRequest(RefundForm) },
    responses: {
      201: jsonBody(RefundSchema.extend({ payment: AdminPaymentSchema }).openapi('AdminRefundDone'), 'Created'),
      ...notFoundAnswer('No such payment'),
      409: { description: `'${REFUND_MSG.notPaid}' or '${REFUND_MSG.alreadyRefunded}'`, ...errorBody },
    },
  },
);

export const adminOrderRoutes = new OpenAPIHono<AppEnv>()
  .route('/', ordersList)
  .route('/', paymentHistory.platform)
  .openapi(getOrder, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const [row] = await selectOrders(db).where(eq(orders.id, id)).limit(1);
    if (!row) fail(404, ADMIN_MSG.notFound);
    const [items, paid, jobs, refunded] = await Promise.all([
      db
        .select({ book_id: orderItems.book_id, title: orderItems.title, price_cents: orderItems.price_cents })
        .from(orderItems)
        .where(eq(orderItems.order_id, id))
        .orderBy(asc(orderItems.title)),
      db
        .select(paymentFields)
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.order_id))
        .leftJoin(tenants, eq(tenants.id, orders.tenant_id))
        .where(eq(payments.order_id, id))
        .orderBy(asc(payments.created_at)),
      db.select().from(printJobs).where(eq(printJobs.order_id, id)),
      db
        .select(refundFields)
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.payment_id))
        .leftJoin(users, eq(users.id, refunds.created_by))
        .where(eq(payments.order_id, id))
        .orderBy(asc(refunds.created_at), asc(refunds.id)),
    ]);
    const job = jobs[0];
    const print_job = job
      ? {
          provider_ref: job.provider_ref,
          submitted_at: job.submitted_at?.toISOString() ?? null,
          attempts: job.attempts,
          last_error: job.last_error,
          next_attempt_at: job.next_attempt_at?.toISOString() ?? null,
        }
      : null;
    return c.json({ ...orderJson(row!), items, payments: paid.map(paymentJson), print_job, refunds: refunded.map(refundJson) }, 200);
  })
  .openapi(refundPayment, async (c) => {
    const { id } = c.req.valid('param');
    const { amount, reason } = c.req.valid('json');
    const db = c.get('db');
    // The payment's row is locked for the refund: two refunds at once never pass the amount paid.
    const [payment] = await db.select().from(payments).where(eq(payments.id, id)).for('update');
    if (!payment) fail(404, ADMIN_MSG.notFound);
    if (payment.status !== 'success') fail(409, REFUND_MSG.notPaid);
    const left = payment.amount_cents - payment.refunded_cents;
    if (left <= 0) fail(409, REFUND_MSG.alreadyRefunded);
    const cents = amount ? toCents(amount) : left;
    if (cents > left) fail(400, `amount: ${REFUND_MSG.tooMuch}`, { errors: { amount: [REFUND_MSG.tooMuch] } });
    // The provider's own idempotency: the outbox entry's key, or a fresh one for a direct call.
    const key = c.req.header(KEY_HEADER) ?? randomUUID();
    const done = await refundAtProvider(c.get('deps'), payment, cents, key);
    const [made] = await db
      .insert(refunds)
      .values({
        payment_id: id,
        amount_cents: done.amountCents,
        provider_ref: done.refundRef,
        reason: reason ?? '',
        created_by: signedInUser(c).id,
      })
      .returning({ id: refunds.id });
    await db
      .update(payments)
      .set({ refunded_cents: sql`${payments.refunded_cents} + ${cents}` })
      .where(eq(payments.id, id));
    await db
      .update(orders)
      .set({ refunded_cents: sql`${orders.refunded_cents} + ${cents}` })
      .where(eq(orders.id, payment.order_id));
    const [after] = await db
      .select(paymentFields)
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.order_id))
      .leftJoin(tenants, eq(tenants.id, orders.tenant_id))
      .where(eq(payments.id, id));
    const [refund] = await db
      .select(refundFields)
      .from(refunds)
      .leftJoin(users, eq(users.id, refunds.created_by))
      .where(eq(refunds.id, made!.id));
    return c.json({ ...refundJson(refund!), payment: paymentJson(after!) }, 201);
  });

type RefundRow = {
  id: number;
  payment_id: number;
  amount_cents: number;
  provider_ref: string;
  reason: string;
  first_name: string | null;
  last_name: string | null;
  created_at: Date;
};
function refundJson(r: RefundRow): z.infer<typeof RefundSchema> {
  const { first_name, last_name, ...rest } = r;
  return { ...rest, created_by: first_name ? `${first_name} ${last_name ?? ''}`.trim() : null, created_at: r.created_at.toISOString() };
}
