// Charities open to donations: GET /charities/ and GET /charities/{id or slug}/. Only published
// ones, and only the platform's and this site's own; drafts and archived charities never leave
// the admin screens. Donations (POST /charities/{charity}/donations/) go through the same
// providers as book orders; GET /donations/mine/ is the donor's 'Money I Have Raised'. What was
// refunded (orders.refunded_cents, server/domains/commerce/order-admin-routes.ts) no longer counts as raised.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { books, charities, orderItems, orders, type TenantRow } from '../../db/schema';
import { charityShareSql } from '../library/stats-routes';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, jsonBody, signedInUser, notFoundAnswer } from '../../http/route';
import type { Queryable } from '../../db/client';
import { createOrder, orderKey } from './checkout';
import { CheckoutAnswer, ProviderName, ReceiptEmail } from './order-routes';
import { openPayment, requireProvider } from './gateway';

const CharitySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    goal_cents: z.number().int(),
  })
  .openapi('Charity');

const columns = {
  id: charities.id,
  name: charities.name,
  slug: charities.slug,
  description: charities.description,
  image: charities.image,
  goal_cents: charities.goal_cents,
};

const published = (tenant: TenantRow | null) =>
  and(
    eq(charities.status, 'published'),
    tenant ? or(isNull(charities.tenant_id), eq(charities.tenant_id, tenant.id)) : isNull(charities.tenant_id),
  );

const listCharities = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/charities/',
    summary: 'Published charities of the platform and this site',
    responses: {
      200: jsonBody(
        z
          .object({
            count: z.number().int(),
            results: z.array(CharitySchema),
            data: z.array(z.object({ name: z.string(), slug: z.string() })),
          })
          .openapi('CharityList'),
      ),
    },
  },
);

const CharityRef = z.object({
  charity: z
    .string()
    .min(1)
    .max(120)
    .regex(/^[a-z0-9-]+$/, 'charity must be an id or a slug')
    .openapi({ description: 'The charity id or slug' }),
});

const getCharity = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/charities/{charity}/',
    summary: 'One published charity, by id or slug, with what has been raised for it',
    request: { params: CharityRef },
    responses: {
      200: jsonBody(
        CharitySchema.extend({ raised_cents: z.number().int(), donations: z.number().int(), books_sold: z.number().int() }).openapi(
          'CharityDetail',
        ),
      ),
      ...notFoundAnswer('No published charity by that id or slug on this site'),
    },
  },
);

export const DONATION_MIN_CENTS = 100;
export const DONATION_MAX_CENTS = 1_000_000_00;

const donate = defineRoute(
  { roles: 'anyone', outbox: true },
  {
    method: 'post',
    path: '/charities/{charity}/donations/',
    summary: 'Donate: an order for this amount and a pending payment at the chosen provider',
    request: {
      params: CharityRef,
      body: {
        required: true,
        content: {
          'application/json': {
            schema: z.object({
              amount_cents: z
                .number()
                .int('amount_cents must be a whole number of cents')
                .min(DONATION_MIN_CENTS, 'The smallest donation is 1.00.')
                .max(DONATION_MAX_CENTS, 'The largest donation is 1,000,000.00.'),
              provider: ProviderName,
              email: ReceiptEmail,
              donor_name: z
                .string()
                .trim()
                .max(100, 'Please keep your name under 100 characters.')
                .optional()
                .openapi({ description: "A guest's name for the certificate (never the e-mail address)" }),
            }),
          },
        },
      },
    },
    responses: { 201: jsonBody(CheckoutAnswer, 'Created'), ...notFoundAnswer('No published charity') },
  },
);

const myDonations = defineRoute(
  { roles: 'signed-in' },
  {
    method: 'get',
    path: '/donations/mine/',
    summary: "Money I Have Raised: the signed-in user's successful donations",
    responses: {
      200: jsonBody(
        z
          .object({
            total_cents: z.number().int(),
            count: z.number().int(),
            /** What sales of the user's school's books gave their charity causes (school staff). */
            books_raised_cents: z.number().int(),
            results: z.array(
              z.object({
                order_id: z.number().int(),
                key: z.string(),
                charity: z.object({ name: z.string(), slug: z.string() }),
                amount_cents: z.number().int(),
                currency: z.string(),
                created_at: z.string(),
              }),
            ),
          })
          .openapi('MyDonations'),
      ),
    },
  },
);

/** The charities open to donations on this site (also sent with the /charities page). */
export function publishedCharities(db: Queryable, tenant: TenantRow | null) {
  return db.select(columns).from(charities).where(published(tenant)).orderBy(asc(charities.id));
}

async function publishedCharity(db: Queryable, tenant: TenantRow | null, ref: string) {
  const byId = /^\d{1,9}$/.test(ref) ? eq(charities.id, Number(ref)) : undefined;
  const [row] = await db
    .select(columns)
    .from(charities)
    .where(and(published(tenant), byId ? or(byId, eq(charities.slug, ref)) : eq(charities.slug, ref)))
    .limit(1);
  return row ?? fail(404, 'We could not find this charity.');
}

/** Paid sales of books (narrowed by the caller's WHERE on books): copies, and their causes' share. */
const bookSales = (db: Queryable) => ({
  where: (which: ReturnType<typeof and>) =>
    db
      .select({ cents: charityShareSql, n: sql<number>`count(*)::int` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.order_id))
      .innerJoin(books, eq(books.id, orderItems.book_id))
      .where(and(eq(orders.status, 'success'), eq(orders.kind, 'books'), which)),
});

export const charityRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listCharities, async (c) => {
    const rows = await publishedCharities(c.get('db'), c.get('tenant'));
    return c.json({ count: rows.length, results: rows, data: rows.map(({ name, slug }) => ({ name, slug })) }, 200);
  })
  .openapi(getCharity, async (c) => {
    const charity = await publishedCharity(c.get('db'), c.get('tenant'), c.req.valid('param').charity);
    const [raised] = await c
      .get('db')
      .select({
        cents: sql<number>`coalesce(sum(${orders.total_cents} - ${orders.refunded_cents}), 0)::int`,
        n: sql<number>`(count(*) filter (where ${orders.refunded_cents} < ${orders.total_cents}))::int`,
      })
      .from(orders)
      .where(and(eq(orders.charity_id, charity.id), eq(orders.kind, 'donation'), eq(orders.status, 'success')));
    // Each paid sale of a book whose cause this is gives it its share (issue 13).
    const [sales] = await bookSales(c.get('db')).where(eq(books.charity_id, charity.id));
    return c.json(
      { ...charity, raised_cents: (raised?.cents ?? 0) + (sales?.cents ?? 0), donations: raised?.n ?? 0, books_sold: sales?.n ?? 0 },
      200,
    );
  })
  .openapi(donate, async (c) => {
    const charity = await publishedCharity(c.get('db'), c.get('tenant'), c.req.valid('param').charity);
    const { amount_cents, provider, email, donor_name } = c.req.valid('json');
    const user = c.get('user');
    if (!user && !email)
      fail(400, 'email: Please enter your email address for the receipt.', {
        errors: { email: ['Please enter your email address for the receipt.'] },
      });
    requireProvider(c.get('deps'), provider, 'USD');
    const { orderId, ref } = await createOrder(c.get('db'), {
      tenant: c.get('tenant'),
      userId: user?.id ?? null,
      email: email ?? null,
      kind: 'donation',
      charityId: charity.id,
      totalCents: amount_cents,
      currency: 'USD',
      provider,
      ...(user ? {} : { donorName: donor_name }),
    });
    const redirect = await openPayment(c, {
      provider,
      ref,
      amountCents: amount_cents,
      currency: 'USD',
      description: `Donation to ${charity.name}`,
      email: email ?? null,
    });
    return c.json({ order_id: orderId, key: orderKey(c.get('deps').keys.master, orderId), redirect_url: redirect }, 201);
  })
  .openapi(myDonations, async (c) => {
    const user = signedInUser(c);
    const rows = await c
      .get('db')
      .select({
        order_id: orders.id,
        name: charities.name,
        slug: charities.slug,
        // A refunded part no longer counts as raised; a donation refunded in full is left out.
        amount_cents: sql<number>`(${orders.total_cents} - ${orders.refunded_cents})::int`,
        currency: orders.currency,
        created_at: orders.created_at,
      })
      .from(orders)
      .innerJoin(charities, eq(charities.id, orders.charity_id))
      .where(
        and(
          eq(orders.user_id, user.id),
          eq(orders.kind, 'donation'),
          eq(orders.status, 'success'),
          lt(orders.refunded_cents, orders.total_cents),
        ),
      )
      .orderBy(desc(orders.created_at), desc(orders.id));
    const secret = c.get('deps').keys.master;
    const results = rows.map((r) => ({
      order_id: r.order_id,
      key: orderKey(secret, r.order_id),
      charity: { name: r.name, slug: r.slug },
      amount_cents: r.amount_cents,
      currency: r.currency,
      created_at: r.created_at.toISOString(),
    }));
    const [sales] =
      user.tenant_id === null || user.role === 'student'
        ? []
        : await bookSales(c.get('db')).where(and(eq(books.tenant_id, user.tenant_id), sql`${books.charity_id} is not null`));
    return c.json(
      {
        total_cents: results.reduce((s, r) => s + r.amount_cents, 0),
        count: results.length,
        books_raised_cents: sales?.cents ?? 0,
        results,
      },
      200,
    );
  });
