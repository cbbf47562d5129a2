// Schools in numbers, one query for every area: each school of a scope with its children,
// teachers, classes, stories, books, paid orders and money raised, and an area's dashboard (its
// schools, their totals, its users by role and twelve months of sign-ups). The platform's scope
// holds every school; an organization's its linked schools; a school's itself. The scope comes
// from the request (server/http/access.ts).
import { z } from '@hono/zod-openapi';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { ROLES } from '../../../src/contract/domain';
import type { Queryable } from '../../db/client';
import { books, classes, orders, stories, students, tenants, users } from '../../db/schema';
import type { DynamicSelect } from '../../http/admin-list';
import { inScope, type Scope } from '../../http/access';
import { lastMonths, signupsByMonth, userNumbers } from '../auth/user-numbers';

/**
 * The outer row's tenant id, written out in full: inside a select from tenants, drizzle writes
 * `${tenants.id}` as a bare "id", which a subquery over another table with an id would read as its own.
 */
const school = sql.raw('"tenants"."id"');

/** A school's numbers, each one aggregate over an indexed tenant column. */
const numbers = {
  students: sql<number>`(select count(*)::int from ${students} where ${students.tenant_id} = ${school} and not ${students.archived})`,
  teachers: sql<number>`(select count(*)::int from ${users} where ${users.tenant_id} = ${school} and ${users.role} in ('teacher', 'teacher_admin') and ${users.is_active})`,
  classes: sql<number>`(select count(*)::int from ${classes} where ${classes.tenant_id} = ${school} and ${classes.deleted_at} is null)`,
  stories: sql<number>`(select count(*)::int from ${stories} where ${stories.tenant_id} = ${school} and ${stories.deleted_at} is null)`,
  books: sql<number>`(select count(*)::int from ${books} where ${books.tenant_id} = ${school} and ${books.deleted_at} is null)`,
  orders: sql<number>`(select count(*)::int from ${orders} where ${orders.tenant_id} = ${school} and ${orders.status} = 'success')`,
  /** Books sold and donations given through the school (paid orders). */
  raised_cents: sql<number>`(select coalesce(sum(${orders.total_cents}), 0)::int from ${orders} where ${orders.tenant_id} = ${school} and ${orders.status} = 'success')`,
};
const Numbers = {
  students: z.number().int(),
  teachers: z.number().int(),
  classes: z.number().int(),
  stories: z.number().int(),
  books: z.number().int(),
  orders: z.number().int(),
  raised_cents: z.number().int(),
};
type NumberName = keyof typeof Numbers;

export const SchoolNumbersSchema = z
  .object({
    id: z.number().int(),
    school_name: z.string(),
    school_email: z.string(),
    subdomain: z.string(),
    ...Numbers,
    created_at: z.string(),
  })
  .openapi('LinkedSchool');
export type SchoolNumbersRow = Omit<z.infer<typeof SchoolNumbersSchema>, 'created_at'> & { created_at: Date };

/** The schools a scope holds: every school (the platform), an organization's linked ones, or the one school. */
export const schoolsIn = (scope: Scope): SQL | undefined =>
  scope.kind === 'platform' ? eq(tenants.is_organization, false) : inScope(scope, tenants.id);

/** Schools with their numbers. */
export const selectSchools = (db: Queryable) =>
  db
    .select({
      id: tenants.id,
      school_name: tenants.school_name,
      school_email: tenants.school_email,
      subdomain: tenants.subdomain,
      ...numbers,
      created_at: tenants.created_at,
    })
    .from(tenants)
    .$dynamic() as unknown as DynamicSelect<SchoolNumbersRow>;

export const schoolJson = (r: SchoolNumbersRow) => ({ ...r, created_at: r.created_at.toISOString() });

/** One school of the scope with its numbers, or undefined outside it. */
export async function schoolInScope(db: Queryable, scope: Scope, id: number) {
  const [row] = await selectSchools(db)
    .where(and(eq(tenants.id, id), schoolsIn(scope)))
    .limit(1);
  return row && schoolJson(row);
}

export const AreaStatsSchema = z
  .object({
    schools: z.array(SchoolNumbersSchema),
    totals: z.object(Numbers),
    users: z.number().int(),
    active_users: z.number().int(),
    users_by_role: z.record(z.enum(ROLES), z.number().int()),
    months: z.array(z.object({ month: z.string(), signups: z.number().int() })),
  })
  .openapi('OrganizationStats');

/** An area's dashboard: its schools by name with their numbers and totals, its users, and 12 months of sign-ups. */
export async function areaStats(db: Queryable, scope: Scope, now: Date): Promise<z.infer<typeof AreaStatsSchema>> {
  const months = lastMonths(now);
  const [schools, people, signups] = await Promise.all([
    selectSchools(db).where(schoolsIn(scope)).orderBy(asc(tenants.school_name), asc(tenants.id)),
    userNumbers(db, scope),
    signupsByMonth(db, scope, months),
  ]);
  const totals = Object.fromEntries(
    (Object.keys(Numbers) as NumberName[]).map((k) => [k, schools.reduce((sum, s) => sum + s[k], 0)]),
  ) as Record<NumberName, number>;
  return {
    schools: schools.map(schoolJson),
    totals,
    ...people,
    months: months.map((m, i) => ({ month: m, signups: signups[i]! })),
  };
}
