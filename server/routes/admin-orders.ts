// The platform admin's orders and payments (SPEC.md sections 2 and 9: the orders and payment
// history filter sets; upschool_admin only, every tenant): the generated lists and CSV exports
// (GET /api-super-admin/orders/, /api-super-admin/payments/), and one order with its items and
// payments (GET /api-super-admin/orders/{id}/).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, eq } from 'drizzle-orm';
import { ORDER_STATUSES, PAYMENT_PROVIDERS, PRINT_STATUSES } from '../../src/contract/domain';
import { ADMIN_MSG } from '../../src/contract/messages';
import type { Queryable } from '../db/client';
import { charities, orderItems, orders, payments, tenants, users } from '../db/schema';
import { adminListRoutes, countAll, type DynamicSelect } from '../http/admin-list';
import type { AppEnv } from '../http/env';
import { fail } from '../http/errors';
import { defineRoute, errorBody, jsonBody } from '../http/route';
import { PLATFORM } from './admin-users';

const Id = z.coerce.number().int().positive().max(2_147_483_647);

export const AdminOrderSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(['books', 'donation']),
    status: z.enum(ORDER_STATUSES),
    print_status: z.enum(PRINT_STATUSES).nullable(),
    total_cents: z.number().int(),
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
  total_cents: orders.total_cents,
  currency: orders.currency,
  email: orders.email,
  first_name: users.first_name,
  last_name: users.last_name,
  tenant_id: orders.tenant_id,
  tenant_name: tenants.school_name,
  charity_name: charities.name,
  created_at: orders.created_at,
};
type OrderRow = Omit<z.infer<typeof AdminOrderSchema>, 'created_at' | 'buyer'> & { first_name: string | null; last_name: string | null; created_at: Date };

const selectOrders = (db: Queryable) =>
  db
    .select(orderFields)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.user_id))
    .leftJoin(tenants, eq(tenants.id, orders.tenant_id))
    .leftJoin(charities, eq(charities.id, orders.charity_id))
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
    print_status: z.enum(PRINT_STATUSES).optional(),
    kind: z.enum(['books', 'donation']).optional(),
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
  countFrom: (db) => db.select(countAll()).from(orders).leftJoin(users, eq(users.id, orders.user_id)).$dynamic() as unknown as DynamicSelect<{ n: number }>,
  json: orderJson,
  csv: [
    ['id', (r) => r.id],
    ['kind', (r) => r.kind],
    ['status', (r) => r.status],
    ['print_status', (r) => r.print_status],
    ['total', (r) => (r.total_cents / 100).toFixed(2)],
    ['currency', (r) => r.currency],
    ['email', (r) => r.email],
    ['buyer', (r) => orderJson(r).buyer],
    ['tenant', (r) => r.tenant_name],
    ['charity', (r) => r.charity_name],
    ['created_at', (r) => r.created_at.toISOString()],
  ],
});

export const AdminPaymentSchema = z
  .object({
    id: z.number().int(),
    order_id: z.number().int(),
    provider: z.enum(PAYMENT_PROVIDERS),
    provider_ref: z.string(),
    amount_cents: z.number().int(),
    currency: z.string(),
    status: z.enum(ORDER_STATUSES),
    order_kind: z.enum(['books', 'donation']),
    email: z.string().nullable(),
    tenant_name: z.string().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .openapi('AdminPayment');

const paymentFields = {
  id: payments.id,
  order_id: payments.order_id,
  provider: payments.provider,
  provider_ref: payments.provider_ref,
  amount_cents: payments.amount_cents,
  currency: payments.currency,
  status: payments.status,
  order_kind: orders.kind,
  email: orders.email,
  tenant_name: tenants.school_name,
  created_at: payments.created_at,
  completed_at: payments.completed_at,
};
type PaymentRow = Omit<z.infer<typeof AdminPaymentSchema>, 'created_at' | 'completed_at'> & { created_at: Date; completed_at: Date | null };
const paymentJson = (r: PaymentRow) => ({ ...r, created_at: r.created_at.toISOString(), completed_at: r.completed_at?.toISOString() ?? null });

const paymentsList = adminListRoutes({
  name: 'payments',
  path: '/api-super-admin/payments/',
  summary: 'Every payment (payment history), filtered by payment status, provider and tenant',
  access: PLATFORM,
  row: AdminPaymentSchema,
  filters: {
    status: z.enum(ORDER_STATUSES).optional(),
    provider: z.enum(PAYMENT_PROVIDERS).optional(),
    tenant_id: Id.optional(),
  },
  where: (_c, q) =>
    and(
      q.status ? eq(payments.status, q.status) : undefined,
      q.provider ? eq(payments.provider, q.provider) : undefined,
      q.tenant_id !== undefined ? eq(orders.tenant_id, q.tenant_id) : undefined,
    ),
  search: [payments.provider_ref, orders.email],
  date: payments.created_at,
  sorts: { created_at: payments.created_at, amount_cents: payments.amount_cents },
  defaultSort: '-created_at',
  id: payments.id,
  select: (db) =>
    db
      .select(paymentFields)
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.order_id))
      .leftJoin(tenants, eq(tenants.id, orders.tenant_id))
      .$dynamic() as unknown as DynamicSelect<PaymentRow>,
  countFrom: (db) => db.select(countAll()).from(payments).innerJoin(orders, eq(orders.id, payments.order_id)).$dynamic() as unknown as DynamicSelect<{ n: number }>,
  json: paymentJson,
  csv: [
    ['id', (r) => r.id],
    ['order_id', (r) => r.order_id],
    ['provider', (r) => r.provider],
    ['provider_ref', (r) => r.provider_ref],
    ['amount', (r) => (r.amount_cents / 100).toFixed(2)],
    ['currency', (r) => r.currency],
    ['status', (r) => r.status],
    ['email', (r) => r.email],
    ['tenant', (r) => r.tenant_name],
    ['created_at', (r) => r.created_at.toISOString()],
    ['completed_at', (r) => r.completed_at?.toISOString()],
  ],
});

const OrderDetailSchema = AdminOrderSchema.extend({
  items: z.array(z.object({ book_id: z.number().int(), title: z.string(), price_cents: z.number().int() })),
  payments: z.array(AdminPaymentSchema),
}).openapi('AdminOrderDetail');

const getOrder = defineRoute(PLATFORM, {
  method: 'get',
  path: '/api-super-admin/orders/{id}/',
  summary: 'One order with its items and payments',
  request: { params: z.object({ id: Id }) },
  responses: { 200: jsonBody(OrderDetailSchema), 404: { description: 'No such order', ...errorBody } },
});

export const adminOrderRoutes = new OpenAPIHono<AppEnv>()
  .route('/', ordersList)
  .route('/', paymentsList)
  .openapi(getOrder, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.db;
    const [row] = await selectOrders(db).where(eq(orders.id, id)).limit(1);
    if (!row) fail(404, ADMIN_MSG.notFound);
    const [items, paid] = await Promise.all([
      db.select({ book_id: orderItems.book_id, title: orderItems.title, price_cents: orderItems.price_cents }).from(orderItems).where(eq(orderItems.order_id, id)).orderBy(asc(orderItems.title)),
      db
        .select(paymentFields)
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.order_id))
        .leftJoin(tenants, eq(tenants.id, orders.tenant_id))
        .where(eq(payments.order_id, id))
        .orderBy(asc(payments.created_at)),
    ]);
    return c.json({ ...orderJson(row!), items, payments: paid.map(paymentJson) }, 200);
  });
