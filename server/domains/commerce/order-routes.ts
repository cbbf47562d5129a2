// Book orders: POST /orders/ (checkout: the cart's books at this site's prices, paid through
// one of the providers) and GET /orders/{id}/ (tracking, invoice). An order is seen by its
// buyer signed in, or by anyone holding its key (the link a guest gets back from checkout).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { ADDRESS_MSG, DeliveryAddress } from '../../../src/contract/delivery-address';
import { ORDER_KINDS, PAYMENT_PROVIDERS, PRINT_PROGRESS } from '../../../src/contract/domain';
import { books, charities, orderItems, orders, payments, users, type TenantRow } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, jsonBody, notFoundAnswer } from '../../http/route';
import type { Queryable } from '../../db/client';
import { createOrder, orderKey } from './checkout';
import { openPayment, requireProvider } from './gateway';
import { onSale } from '../library/routes';
import { Id } from '../../http/schemas';

export const ProviderName = z.enum(PAYMENT_PROVIDERS);
export const ReceiptEmail = z.email('Invalid email').max(254).optional();

export const CheckoutAnswer = z
  .object({
    order_id: z.number().int(),
    key: z.string().openapi({ description: 'Opens the order, its invoice or certificate without signing in' }),
    redirect_url: z.string().openapi({ description: "The provider's payment page" }),
  })
  .openapi('CheckoutAnswer');

const createOrderRoute = defineRoute(
  { roles: 'anyone', outbox: true },
  {
    method: 'post',
    path: '/orders/',
    summary: 'Check out: an order for these books and a pending payment at the chosen provider',
    description:
      'Guests give an email for the receipt; a signed-in buyer may leave it out. Books are printed copies: ' +
      'the order names where they go (checked per country), and a signed-in buyer finds it filled in next time.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: z.object({
              book_ids: z.array(Id).min(1, 'Your cart is empty.').max(100),
              provider: ProviderName,
              email: ReceiptEmail,
              delivery_address: DeliveryAddress.optional().openapi({ description: 'Where the printed copies go' }),
            }),
          },
        },
      },
    },
    responses: {
      201: jsonBody(CheckoutAnswer, 'Created'),
      ...notFoundAnswer('A book is no longer on sale'),
    },
  },
);

const DeliveryAddressAnswer = z
  .object({
    name: z.string(),
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    region: z.string(),
    postcode: z.string(),
    country: z.string(),
  })
  .openapi('DeliveryAddress');

const lastAddress = defineRoute(
  { roles: 'signed-in' },
  {
    method: 'get',
    path: '/orders/delivery-address/',
    summary: "The signed-in buyer's last delivery address on this site, to fill in the checkout form",
    responses: { 200: jsonBody(z.object({ address: DeliveryAddressAnswer.nullable() })) },
  },
);

export const OrderSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(ORDER_KINDS),
    status: z.enum(['success', 'failed', 'cancelled', 'pending']),
    print_status: z.enum(PRINT_PROGRESS).nullable(),
    total_cents: z.number().int(),
    currency: z.string(),
    email: z.string().nullable(),
    buyer: z.string().nullable(),
    created_at: z.string(),
    charity: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable(),
    /** A subscription charge's line: plan, variant and period. */
    description: z.string().nullable(),
    /** Where the printed copies go (book orders). */
    delivery_address: DeliveryAddressAnswer.nullable(),
    items: z.array(z.object({ book_id: z.number().int(), title: z.string(), price_cents: z.number().int() })),
    payments: z.array(
      z.object({
        provider: ProviderName,
        status: z.enum(['success', 'failed', 'cancelled', 'pending']),
        amount_cents: z.number().int(),
        created_at: z.string(),
        completed_at: z.string().nullable(),
      }),
    ),
  })
  .openapi('Order');

const getOrder = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/orders/{id}/',
    summary: 'An order with its items and payments (tracking, invoice, certificate)',
    request: { params: z.object({ id: Id }), query: z.object({ key: z.string().max(64).optional() }) },
    responses: { 200: jsonBody(OrderSchema), ...notFoundAnswer('No such order, or not yours') },
  },
);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The order if the caller may see it on this site: its buyer, or the holder of its key. */
export async function readOrder(
  db: Queryable,
  secret: string,
  tenant: TenantRow | null,
  id: number,
  key: string | undefined,
  userId: number | null,
) {
  const [row] = await db
    .select({
      order: orders,
      // The buyer by name: the account's, else the name a guest gave (a certificate never shows an e-mail).
      buyer: sql<string | null>`coalesce(${users.first_name} || ' ' || ${users.last_name}, ${orders.donor_name})`,
      charity_name: charities.name,
      charity_slug: charities.slug,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.user_id))
    .leftJoin(charities, eq(charities.id, orders.charity_id))
    .where(and(eq(orders.id, id), tenant ? eq(orders.tenant_id, tenant.id) : isNull(orders.tenant_id)))
    .limit(1);
  const mine = row && userId !== null && row.order.user_id === userId;
  if (!row || !(mine || key === orderKey(secret, id))) fail(404, 'We could not find this order.');
  const [items, pays] = await Promise.all([
    db
      .select({ book_id: orderItems.book_id, title: orderItems.title, price_cents: orderItems.price_cents })
      .from(orderItems)
      .where(eq(orderItems.order_id, id))
      .orderBy(asc(orderItems.title)),
    db.select().from(payments).where(eq(payments.order_id, id)).orderBy(asc(payments.id)),
  ]);
  const o = row.order;
  return {
    id: o.id,
    kind: o.kind,
    status: o.status,
    print_status: o.print_status,
    total_cents: o.total_cents,
    currency: o.currency,
    email: o.email,
    buyer: row.buyer,
    created_at: o.created_at.toISOString(),
    charity: o.charity_id !== null && row.charity_name ? { id: o.charity_id, name: row.charity_name, slug: row.charity_slug! } : null,
    description: o.description,
    delivery_address: o.delivery_address ?? null,
    items,
    payments: pays.map((p) => ({
      provider: p.provider,
      status: p.status,
      amount_cents: p.amount_cents,
      created_at: p.created_at.toISOString(),
      completed_at: iso(p.completed_at),
    })),
  };
}

export const orderRoutes = new OpenAPIHono<AppEnv>()
  .openapi(lastAddress, async (c) => {
    const tenant = c.get('tenant');
    const [row] = await c
      .get('db')
      .select({ address: orders.delivery_address })
      .from(orders)
      .where(
        and(
          eq(orders.user_id, c.get('user')!.id),
          tenant ? eq(orders.tenant_id, tenant.id) : isNull(orders.tenant_id),
          isNotNull(orders.delivery_address),
        ),
      )
      .orderBy(desc(orders.created_at), desc(orders.id))
      .limit(1);
    return c.json({ address: row?.address ?? null }, 200);
  })
  .openapi(createOrderRoute, async (c) => {
    const { book_ids, provider, email, delivery_address } = c.req.valid('json');
    const user = c.get('user');
    if (!user && !email)
      fail(400, 'email: Please enter your email address for the receipt.', {
        errors: { email: ['Please enter your email address for the receipt.'] },
      });
    // Every book sold is a printed copy: it cannot be sold without somewhere to send it.
    if (!delivery_address) fail(400, `delivery_address: ${ADDRESS_MSG.missing}`, { errors: { delivery_address: [ADDRESS_MSG.missing] } });
    const wanted = [...new Set(book_ids)];
    const rows = await c
      .get('db')
      .select({ book_id: books.id, title: books.title, price_cents: books.price_cents, currency: books.currency })
      .from(books)
      .where(and(inArray(books.id, wanted), onSale(c.get('tenant'))));
    if (rows.length !== wanted.length) fail(404, 'Some books in your cart are no longer available. Please check your cart.');
    const currencies = new Set(rows.map((r) => r.currency));
    if (currencies.size > 1) fail(400, 'Books in different currencies must be bought separately.');
    const currency = rows[0]!.currency;
    const totalCents = rows.reduce((sum, r) => sum + r.price_cents, 0);
    requireProvider(c.get('deps'), provider, currency);
    const { orderId, ref } = await createOrder(c.get('db'), {
      tenant: c.get('tenant'),
      userId: user?.id ?? null,
      email: email ?? null,
      kind: 'books',
      items: rows.map(({ book_id, title, price_cents }) => ({ book_id, title, price_cents })),
      totalCents,
      currency,
      provider,
      deliveryAddress: delivery_address,
    });
    const redirect = await openPayment(c, {
      provider,
      ref,
      amountCents: totalCents,
      currency,
      description: rows.length === 1 ? rows[0]!.title : `${rows.length} books`,
      email: email ?? null,
    });
    const key = orderKey(c.get('deps').keys.master, orderId);
    return c.json({ order_id: orderId, key, redirect_url: redirect }, 201);
  })
  .openapi(getOrder, async (c) => {
    const { id } = c.req.valid('param');
    const { key } = c.req.valid('query');
    return c.json(await readOrder(c.get('db'), c.get('deps').keys.master, c.get('tenant'), id, key, c.get('user')?.id ?? null), 200);
  });
