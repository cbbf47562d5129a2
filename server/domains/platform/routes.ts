// The platform dashboards' numbers (upschool_admin): GET /api-super-admin/stats/ answers tenants,
// users by role, active and deactivated users, stories, books, orders by status, donations and
// revenue, and the last 12 months of revenue (books and donations) and of sign-ups. Each figure is
// one aggregate query, so the answer costs the same with 100 or 100,000 rows per table (indexes).
// The users' figures are the same queries an organization's dashboard runs on its scope
// (server/domains/auth/user-numbers.ts).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import { ROLES, ORDER_STATUSES } from '../../../src/contract/domain';
import { books, charities, orders, stories, tenants } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { defineRoute, jsonBody } from '../../http/route';
import { PLATFORM } from '../../http/access';
import { lastMonths, monthOf, monthStart, signupsByMonth, userNumbers } from '../auth/user-numbers';

const Month = z.object({ month: z.string(), books_cents: z.number().int(), donations_cents: z.number().int(), signups: z.number().int() });

const StatsSchema = z
  .object({
    schools: z.number().int(),
    organizations: z.number().int(),
    users: z.number().int(),
    active_users: z.number().int(),
    users_by_role: z.record(z.enum(ROLES), z.number().int()),
    stories: z.number().int(),
    published_stories: z.number().int(),
    books: z.number().int(),
    charities: z.number().int(),
    orders_by_status: z.record(z.enum(ORDER_STATUSES), z.number().int()),
    donations: z.number().int(),
    donations_cents: z.number().int(),
    revenue_cents: z.number().int(),
    months: z.array(Month),
  })
  .openapi('PlatformStats');

const stats = defineRoute(PLATFORM, {
  method: 'get',
  path: '/api-super-admin/stats/',
  summary: 'The platform in numbers, and the last 12 months of revenue and sign-ups',
  responses: { 200: jsonBody(StatsSchema) },
});

/** Money taken, less what was refunded. */
const netCents = sql<number>`coalesce(sum(${orders.total_cents} - ${orders.refunded_cents}), 0)::int`;

export const adminDashboardRoutes = new OpenAPIHono<AppEnv>().openapi(stats, async (c) => {
  const db = c.get('db');
  const platform = { kind: 'platform' } as const;
  const months = lastMonths(c.get('deps').now());
  const since = monthStart(months[0]!);
  const [tenantRows, people, storyRows, [bookRow], [charityRow], statusRows, [donationRow], revenueRows, signups] = await Promise.all([
    db.select({ org: tenants.is_organization, n: count() }).from(tenants).groupBy(tenants.is_organization),
    userNumbers(db, platform),
    db.select({ status: stories.status, n: count() }).from(stories).where(isNull(stories.deleted_at)).groupBy(stories.status),
    db.select({ n: count() }).from(books).where(isNull(books.deleted_at)),
    db.select({ n: count() }).from(charities),
    db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status),
    db
      .select({ n: count(), cents: netCents })
      .from(orders)
      .where(and(eq(orders.kind, 'donation'), eq(orders.status, 'success'))),
    db
      .select({ month: monthOf(orders.created_at), kind: orders.kind, cents: netCents })
      .from(orders)
      .where(and(eq(orders.status, 'success'), gte(orders.created_at, since)))
      .groupBy(sql`1`, orders.kind),
    signupsByMonth(db, platform, months),
  ]);
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<(typeof ORDER_STATUSES)[number], number>;
  for (const r of statusRows) byStatus[r.status] = r.n;
  const series = months.map((m, i) => ({
    month: m,
    books_cents: revenueRows.find((r) => r.month === m && r.kind === 'books')?.cents ?? 0,
    donations_cents: revenueRows.find((r) => r.month === m && r.kind === 'donation')?.cents ?? 0,
    signups: signups[i]!,
  }));
  const revenue = revenueRows.reduce((total, r) => total + (r.cents ?? 0), 0);
  return c.json(
    {
      schools: tenantRows.find((r) => !r.org)?.n ?? 0,
      organizations: tenantRows.find((r) => r.org)?.n ?? 0,
      ...people,
      stories: storyRows.reduce((a, r) => a + r.n, 0),
      published_stories: storyRows.find((r) => r.status === 'published')?.n ?? 0,
      books: bookRow?.n ?? 0,
      charities: charityRow?.n ?? 0,
      orders_by_status: byStatus,
      donations: donationRow?.n ?? 0,
      donations_cents: donationRow?.cents ?? 0,
      revenue_cents: revenue,
      months: series,
    },
    200,
  );
});
