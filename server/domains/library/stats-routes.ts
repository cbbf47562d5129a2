// The numbers around books (issue 13): book stats for the school and the teacher (GET
// /book-stats and GET /teacher/book-stats/: book_stats with all_book and featured_book, and the
// entries of title, value and number the dashboards show), and the platform's books dashboard
// (GET /api-super-admin/books-dashboard/: sales, top books, books per school, 12 months).
// A sale counts once its order is paid (orders.status 'success'); each sale of a book with a
// charity cause gives the cause BOOK_CHARITY_SHARE_PERCENT of its price (charityShareCents).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { BOOK_CHARITY_SHARE_PERCENT } from '../../../src/contract/books';
import { books, orderItems, orders, tenants } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { defineRoute, jsonBody } from '../../http/route';
import { PLATFORM, SCHOOL_STAFF } from '../../http/access';
import { bookScope } from './catalogue-routes';

/** What a sale gives the book's charity cause, in SQL (the mirror of charityShareCents). */
export const charityShareSql = sql<number>`coalesce(sum((${orderItems.price_cents} * ${BOOK_CHARITY_SHARE_PERCENT}) / 100), 0)::int`;

/** What the sales counted gave the books' charity causes (books without a cause give nothing). */
const raisedSql = sql<number>`coalesce(sum(case when ${books.charity_id} is not null then (${orderItems.price_cents} * ${BOOK_CHARITY_SHARE_PERCENT}) / 100 else 0 end), 0)::int`;

const Entry = z.object({ title: z.string(), value: z.string(), number: z.number().int() });
const BookStatsSchema = z
  .object({
    book_stats: z.object({
      all_book: z.number().int(),
      featured_book: z.number().int(),
      published_book: z.number().int(),
      submitted_book: z.number().int(),
      sold_book: z.number().int(),
      sales_cents: z.number().int(),
      raised_cents: z.number().int(),
    }),
    results: z.array(Entry),
  })
  .openapi('BookStats');

const statsRoute = (path: string, summary: string) =>
  defineRoute(
    { roles: [...SCHOOL_STAFF, 'upschool_admin'] },
    { method: 'get', path, summary, responses: { 200: jsonBody(BookStatsSchema) } },
  );
const bookStats = statsRoute(
  '/book-stats',
  "Book stats of the caller's books (a school's, a teacher's classes', the platform's): all, featured, published, submitted, copies sold, sales and what causes received",
);
const teacherBookStats = statsRoute(
  '/teacher/book-stats/',
  "Book stats for the Teacher Dashboard (the caller's classes' books; a school admin's school)",
);

async function stats(c: Context<AppEnv>) {
  const db = c.get('db');
  const scope = bookScope(c);
  const [[counts], [sales]] = await Promise.all([
    db
      .select({
        all: count(),
        featured: sql<number>`count(*) filter (where ${books.is_featured})::int`,
        published: sql<number>`count(*) filter (where ${books.published})::int`,
        submitted: sql<number>`count(*) filter (where ${books.status} = 'submitted')::int`,
      })
      .from(books)
      .where(scope),
    db
      .select({
        sold: sql<number>`count(*)::int`,
        cents: sql<number>`coalesce(sum(${orderItems.price_cents}), 0)::int`,
        raised: raisedSql,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.order_id))
      .innerJoin(books, eq(books.id, orderItems.book_id))
      .where(and(scope, eq(orders.status, 'success'))),
  ]);
  const s = {
    all_book: counts?.all ?? 0,
    featured_book: counts?.featured ?? 0,
    published_book: counts?.published ?? 0,
    submitted_book: counts?.submitted ?? 0,
    sold_book: sales?.sold ?? 0,
    sales_cents: sales?.cents ?? 0,
    raised_cents: sales?.raised ?? 0,
  };
  const results = [
    { title: 'All Books', value: 'all_book', number: s.all_book },
    { title: 'Featured Books', value: 'featured_book', number: s.featured_book },
    { title: 'Published Books', value: 'published_book', number: s.published_book },
    { title: 'Waiting to be Published', value: 'submitted_book', number: s.submitted_book },
    { title: 'Copies Sold', value: 'sold_book', number: s.sold_book },
  ];
  return c.json({ book_stats: s, results }, 200);
}

const Month = z.object({ month: z.string(), sales_cents: z.number().int(), copies: z.number().int(), published: z.number().int() });
const DashboardSchema = z
  .object({
    books: z.number().int(),
    published: z.number().int(),
    made: z.number().int(),
    waiting: z.number().int(),
    hidden: z.number().int(),
    copies: z.number().int(),
    sales_cents: z.number().int(),
    raised_cents: z.number().int(),
    top_books: z.array(z.object({ id: z.number().int(), title: z.string(), copies: z.number().int(), sales_cents: z.number().int() })),
    per_school: z.array(
      z.object({ tenant_id: z.number().int().nullable(), school_name: z.string(), books: z.number().int(), published: z.number().int() }),
    ),
    months: z.array(Month),
  })
  .openapi('BooksDashboard');

const dashboard = defineRoute(PLATFORM, {
  method: 'get',
  path: '/api-super-admin/books-dashboard/',
  summary: 'Books in numbers: sales, what causes received, top books, books per school and the last 12 months',
  responses: { 200: jsonBody(DashboardSchema) },
});

function lastMonths(now: Date): string[] {
  return Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1)).toISOString().slice(0, 7),
  );
}

export const bookStatsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(bookStats, stats)
  .openapi(teacherBookStats, stats)
  .openapi(dashboard, async (c) => {
    const db = c.get('db');
    const months = lastMonths(c.get('deps').now());
    const since = new Date(`${months[0]}-01T00:00:00Z`);
    const live = isNull(books.deleted_at);
    const paid = and(eq(orders.status, 'success'), eq(orders.kind, 'books'));
    const month = (col: typeof orders.created_at | typeof books.published_at) => sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM')`;
    const [[counts], [sales], top, perSchool, salesByMonth, publishedByMonth] = await Promise.all([
      db
        .select({
          all: count(),
          published: sql<number>`count(*) filter (where ${books.published})::int`,
          made: sql<number>`count(*) filter (where ${books.kind} <> 'catalogue')::int`,
          waiting: sql<number>`count(*) filter (where ${books.status} = 'submitted')::int`,
          hidden: sql<number>`count(*) filter (where ${books.hidden_at} is not null)::int`,
        })
        .from(books)
        .where(live),
      db
        .select({
          copies: sql<number>`count(*)::int`,
          cents: sql<number>`coalesce(sum(${orderItems.price_cents}), 0)::int`,
          raised: raisedSql,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.order_id))
        .innerJoin(books, eq(books.id, orderItems.book_id))
        .where(paid),
      db
        .select({
          id: orderItems.book_id,
          title: sql<string>`min(${orderItems.title})`,
          copies: sql<number>`count(*)::int`,
          sales_cents: sql<number>`sum(${orderItems.price_cents})::int`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.order_id))
        .where(paid)
        .groupBy(orderItems.book_id)
        .orderBy(desc(sql`count(*)`), orderItems.book_id)
        .limit(10),
      db
        .select({
          tenant_id: books.tenant_id,
          school_name: sql<string>`coalesce(min(${tenants.school_name}), 'Platform catalogue')`,
          books: sql<number>`count(*)::int`,
          published: sql<number>`count(*) filter (where ${books.published})::int`,
        })
        .from(books)
        .leftJoin(tenants, eq(tenants.id, books.tenant_id))
        .where(live)
        .groupBy(books.tenant_id)
        .orderBy(desc(sql`count(*)`))
        .limit(50),
      db
        .select({
          month: month(orders.created_at),
          copies: sql<number>`count(*)::int`,
          cents: sql<number>`sum(${orderItems.price_cents})::int`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.order_id))
        .where(and(paid, gte(orders.created_at, since)))
        .groupBy(sql`1`),
      db
        .select({ month: month(books.published_at), n: sql<number>`count(*)::int` })
        .from(books)
        .where(and(live, gte(books.published_at, since)))
        .groupBy(sql`1`),
    ]);
    return c.json(
      {
        books: counts?.all ?? 0,
        published: counts?.published ?? 0,
        made: counts?.made ?? 0,
        waiting: counts?.waiting ?? 0,
        hidden: counts?.hidden ?? 0,
        copies: sales?.copies ?? 0,
        sales_cents: sales?.cents ?? 0,
        raised_cents: sales?.raised ?? 0,
        top_books: top,
        per_school: perSchool,
        months: months.map((m) => {
          const s = salesByMonth.find((r) => r.month === m);
          return {
            month: m,
            sales_cents: s?.cents ?? 0,
            copies: s?.copies ?? 0,
            published: publishedByMonth.find((r) => r.month === m)?.n ?? 0,
          };
        }),
      },
      200,
    );
  });
