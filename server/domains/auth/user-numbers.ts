// Users in numbers, for every area's dashboard: how many by role, how many active, and sign-ups
// per month over the last twelve. The platform counts everyone; an organization its linked
// schools' users; a school its own. Each figure is one aggregate query over indexed columns.
import { and, count, gte, sql, type AnyColumn } from 'drizzle-orm';
import { ROLES, type Role } from '../../../src/contract/domain';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';
import { inScope, type Scope } from '../../http/access';

/** The first day of each of the last 12 months (UTC, as YYYY-MM), oldest first. */
export function lastMonths(now: Date): string[] {
  return Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1)).toISOString().slice(0, 7),
  );
}

/** The first instant of a YYYY-MM month (UTC). */
export const monthStart = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** A date column's month (UTC, YYYY-MM), for grouping. */
export const monthOf = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

export interface UserNumbers {
  users: number;
  active_users: number;
  users_by_role: Record<Role, number>;
}

/** The scope's users by role (every role listed, 0 when none), and how many of them are active. */
export async function userNumbers(db: Queryable, scope: Scope): Promise<UserNumbers> {
  const rows = await db
    .select({ role: users.role, active: users.is_active, n: count() })
    .from(users)
    .where(inScope(scope, users.tenant_id))
    .groupBy(users.role, users.is_active);
  const byRole = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
  let active = 0;
  for (const r of rows) {
    byRole[r.role] += r.n;
    if (r.active) active += r.n;
  }
  return { users: Object.values(byRole).reduce((a, b) => a + b, 0), active_users: active, users_by_role: byRole };
}

/** The scope's sign-ups in each of `months` (YYYY-MM, oldest first), 0 for a month without any. */
export async function signupsByMonth(db: Queryable, scope: Scope, months: string[]): Promise<number[]> {
  const rows = await db
    .select({ month: monthOf(users.date_joined), n: count() })
    .from(users)
    .where(and(inScope(scope, users.tenant_id), gte(users.date_joined, monthStart(months[0]!))))
    .groupBy(sql`1`);
  return months.map((m) => rows.find((r) => r.month === m)?.n ?? 0);
}
