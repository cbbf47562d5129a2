// The platform dashboards' numbers (upschool_admin): GET /api-super-admin/stats/ answers tenants,
// users by role, active and deactivated users, stories, books, orders by status, donations and
// revenue, and the last 12 months of revenue (books and donations) and of sign-ups. Each figure is
// one aggregate query, so the answer costs the same with 100 or 100,000 rows per table (indexes).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import { ROLES, ORDER_STATUSES } from '../../../src/contract/domain';
import { books, charities, orders, stories, tenants, users } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { defineRoute, jsonBody } from '../../http/route';
import { PLATFORM } from '../../http/access';

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

/** The first day of each of the last 12 months (UTC), oldest first. */
function lastMonths(now: Date): string[] {
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
    return d.toISOString().slice(0, 7);
  });
}

/** Money taken, less what was refunded. */
const netCents = sql<number>`coalesce(sum(${orders.total_cents} - ${orders.refunded_cents}), 0)::int`;

export const adminDashboardRoutes = new OpenAPIHono<AppEnv>().openapi(stats, async (c) => {
  const db = c.var.db;
  const months = lastMonths(c.var.deps.now());
  const since = new Date(`${months[0]}-01T00:00:00Z`);
  const month = (column: typeof orders.created_at | typeof users.date_joined) =>
    sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;
  const [tenantRows, roleRows, storyRows, [bookRow], [charityRow], statusRows, [donationRow], revenueRows, signupRows] = await Promise.all([
    db.select({ org: tenants.is_organization, n: count() }).from(tenants).groupBy(tenants.is_organization),
    db.select({ role: users.role, active: users.is_active, n: count() }).from(users).groupBy(users.role, users.is_active),
    db.select({ status: stories.status, n: count() }).from(stories).where(isNull(stories.deleted_at)).groupBy(stories.status),
    db.select({ n: count() }).from(books).where(isNull(books.deleted_at)),
    db.select({ n: count() }).from(charities),
    db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status),
    db
      .select({ n: count(), cents: netCents })
      .from(orders)
      .where(and(eq(orders.kind, 'donation'), eq(orders.status, 'success'))),
    db
      .select({ month: month(orders.created_at), kind: orders.kind, cents: netCents })
      .from(orders)
      .where(and(eq(orders.status, 'success'), gte(orders.created_at, since)))
      .groupBy(sql`1`, orders.kind),
    db
      .select({ month: month(users.date_joined), n: count() })
      .from(users)
      .where(gte(users.date_joined, since))
      .groupBy(sql`1`),
  ]);
  const byRole = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<(typeof ROLES)[number], number>;
  let active = 0;
  for (const r of roleRows) {
    byRole[r.role] += r.n;
    if (r.active) active += r.n;
  }
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<(typeof ORDER_STATUSES)[number], number>;
  for (const r of statusRows) byStatus[r.status] = r.n;
  const series = months.map((m) => ({
    month: m,
    books_cents: revenueRows.find((r) => r.month === m && r.kind === 'books')?.cents ?? 0,
    donations_cents: revenueRows.find((r) => r.month === m && r.kind === 'donation')?.cents ?? 0,
    signups: signupRows.find((r) => r.month === m)?.n ?? 0,
  }));
  const revenue = revenueRows.reduce((total, r) => total + (r.cents ?? 0), 0);
  return c.json(
    {
      schools: tenantRows.find((r) => !r.org)?.n ?? 0,
      organizations: tenantRows.find((r) => r.org)?.n ?? 0,
      users: Object.values(byRole).reduce((a, b) => a + b, 0),
      active_users: active,
      users_by_role: byRole,
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
