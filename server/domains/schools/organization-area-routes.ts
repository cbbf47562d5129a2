// The organization area's admin endpoints (organization_admin, on its
// organization's site, for the schools linked to it). Scope: server/http/access.ts.
//   dashboard, user-dashboard  GET /api-organization/stats/: each linked school's numbers and the totals
//   schools          GET /api-organization/schools/ (+ export/): linked schools with their numbers
//                    GET /api-organization/schools/{id}/: one school, its numbers and classes
//                    DELETE /api-organization/schools/{id}/: unlink it
//                    (a school is invited through POST /invitations/ with kind 'school')
//   payment-history  GET /api-organization/payments/ (+ export/): the platform's list, scoped to
//                    the organization and its schools
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { and, asc, eq, gte, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ROLES } from '../../../src/contract/domain';
import { ADMIN_MSG } from '../../../src/contract/messages';
import { SCHOOL_ADMIN_MSG } from '../../../src/contract/school-admin';
import type { Queryable } from '../../db/client';
import { books, classes, orders, organizationLinks, stories, students, tenants, users } from '../../db/schema';
import { adminListRoutes, countAll, type DynamicSelect } from '../../http/admin-list';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, jsonBody, notFoundAnswer } from '../../http/route';
import { MessageSchema, Id } from '../../http/schemas';
import { linkedSchools, ORGANIZATION_AREA, siteTenant } from '../../http/access';
import { paymentsListRoutes } from '../commerce/order-admin-routes';

const notFound = notFoundAnswer('Not one of your schools');

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

const LinkedSchoolSchema = z
  .object({
    id: z.number().int(),
    school_name: z.string(),
    school_email: z.string(),
    subdomain: z.string(),
    ...Numbers,
    created_at: z.string(),
  })
  .openapi('LinkedSchool');
type SchoolRow = Omit<z.infer<typeof LinkedSchoolSchema>, 'created_at'> & { created_at: Date };
const schoolFields = {
  id: tenants.id,
  school_name: tenants.school_name,
  school_email: tenants.school_email,
  subdomain: tenants.subdomain,
  ...numbers,
  created_at: tenants.created_at,
};
const selectSchools = (db: Queryable) => db.select(schoolFields).from(tenants).$dynamic() as unknown as DynamicSelect<SchoolRow>;
const schoolJson = (r: SchoolRow) => ({ ...r, created_at: r.created_at.toISOString() });
const mine = (c: Context<AppEnv>): SQL => sql`${tenants.id} in ${linkedSchools(siteTenant(c).id)}`;

const schoolsList = adminListRoutes({
  name: 'organizationSchools',
  path: '/api-organization/schools/',
  summary: "The organization's linked schools with their numbers",
  access: ORGANIZATION_AREA,
  row: LinkedSchoolSchema,
  filters: {},
  where: (c) => mine(c),
  search: [tenants.school_name, tenants.school_email, tenants.subdomain],
  date: tenants.created_at,
  sorts: { school_name: tenants.school_name, created_at: tenants.created_at },
  defaultSort: 'school_name',
  id: tenants.id,
  select: selectSchools,
  countFrom: (db) => db.select(countAll()).from(tenants).$dynamic() as unknown as DynamicSelect<{ n: number }>,
  json: schoolJson,
  csv: [
    ['id', (r) => r.id],
    ['name', (r) => r.school_name],
    ['email', (r) => r.school_email],
    ['subdomain', (r) => r.subdomain],
    ['students', (r) => r.students],
    ['teachers', (r) => r.teachers],
    ['classes', (r) => r.classes],
    ['stories', (r) => r.stories],
    ['books', (r) => r.books],
    ['orders', (r) => r.orders],
    ['raised', (r) => (r.raised_cents / 100).toFixed(2)],
    ['created_at', (r) => r.created_at.toISOString()],
  ],
});

const SchoolDetailSchema = LinkedSchoolSchema.extend({
  class_list: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      class_code: z.string(),
      teacher_name: z.string().nullable(),
      students: z.number().int(),
    }),
  ),
}).openapi('LinkedSchoolDetail');

const getSchool = defineRoute(ORGANIZATION_AREA, {
  method: 'get',
  path: '/api-organization/schools/{id}/',
  summary: 'One linked school: its numbers and its classes',
  request: { params: z.object({ id: Id }) },
  responses: { 200: jsonBody(SchoolDetailSchema), ...notFound },
});

const unlinkSchool = defineRoute(
  { ...ORGANIZATION_AREA, outbox: true },
  {
    method: 'delete',
    path: '/api-organization/schools/{id}/',
    summary: 'Unlink a school from the organization (the school and its records stay as they are)',
    request: { params: z.object({ id: Id }) },
    responses: { 200: jsonBody(MessageSchema), ...notFound },
  },
);

const organizationPayments = paymentsListRoutes({
  name: 'organizationPayments',
  path: '/api-organization/payments/',
  summary: "The organization's payments and its linked schools'",
  access: ORGANIZATION_AREA,
  scope: (c) => {
    const org = siteTenant(c).id;
    return or(eq(orders.tenant_id, org), sql`${orders.tenant_id} in ${linkedSchools(org)}`);
  },
});

const Month = z.object({ month: z.string(), signups: z.number().int() });
const OrganizationStatsSchema = z
  .object({
    schools: z.array(LinkedSchoolSchema),
    totals: z.object(Numbers),
    users: z.number().int(),
    active_users: z.number().int(),
    users_by_role: z.record(z.enum(ROLES), z.number().int()),
    months: z.array(Month),
  })
  .openapi('OrganizationStats');

const stats = defineRoute(ORGANIZATION_AREA, {
  method: 'get',
  path: '/api-organization/stats/',
  summary: "The organization's schools in numbers, their users by role, and 12 months of sign-ups",
  responses: { 200: jsonBody(OrganizationStatsSchema) },
});

function lastMonths(now: Date): string[] {
  return Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1)).toISOString().slice(0, 7),
  );
}

export const adminOrganizationRoutes = new OpenAPIHono<AppEnv>()
  .route('/', schoolsList)
  .route('/', organizationPayments)
  .openapi(stats, async (c) => {
    const db = c.var.db;
    const org = siteTenant(c).id;
    const months = lastMonths(c.var.deps.now());
    const since = new Date(`${months[0]}-01T00:00:00Z`);
    const inSchools = sql`${users.tenant_id} in ${linkedSchools(org)}`;
    const [schools, roleRows, signupRows] = await Promise.all([
      selectSchools(db).where(mine(c)).orderBy(asc(tenants.school_name), asc(tenants.id)),
      db
        .select({ role: users.role, active: users.is_active, n: countAll().n })
        .from(users)
        .where(inSchools)
        .groupBy(users.role, users.is_active),
      db
        .select({ month: sql<string>`to_char(${users.date_joined} at time zone 'UTC', 'YYYY-MM')`, n: countAll().n })
        .from(users)
        .where(and(inSchools, gte(users.date_joined, since)))
        .groupBy(sql`1`),
    ]);
    const totals = Object.fromEntries(
      Object.keys(Numbers).map((k) => [k, schools.reduce((sum, s) => sum + s[k as keyof typeof Numbers], 0)]),
    ) as Record<keyof typeof Numbers, number>;
    const byRole = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<(typeof ROLES)[number], number>;
    let active = 0;
    for (const r of roleRows) {
      byRole[r.role] += r.n;
      if (r.active) active += r.n;
    }
    return c.json(
      {
        schools: schools.map(schoolJson),
        totals,
        users: Object.values(byRole).reduce((a, b) => a + b, 0),
        active_users: active,
        users_by_role: byRole,
        months: months.map((m) => ({ month: m, signups: signupRows.find((r) => r.month === m)?.n ?? 0 })),
      },
      200,
    );
  })
  .openapi(getSchool, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.db;
    const [school] = await selectSchools(db)
      .where(and(eq(tenants.id, id), mine(c)))
      .limit(1);
    if (!school) fail(404, ADMIN_MSG.notFound);
    const rows = await db
      .select({
        id: classes.id,
        name: classes.name,
        class_code: classes.class_id,
        first_name: users.first_name,
        last_name: users.last_name,
        students: sql<number>`(select count(*)::int from ${students} where ${students.class_id} = ${sql.raw('"classes"."id"')} and not ${students.archived})`,
      })
      .from(classes)
      .leftJoin(users, eq(users.id, classes.teacher_id))
      .where(and(eq(classes.tenant_id, id), isNull(classes.deleted_at)))
      .orderBy(asc(classes.name), asc(classes.id));
    const list = rows.map(({ first_name, last_name, ...r }) => ({
      ...r,
      teacher_name: first_name === null ? null : `${first_name} ${last_name ?? ''}`.trim(),
    }));
    return c.json({ ...schoolJson(school!), class_list: list }, 200);
  })
  .openapi(unlinkSchool, async (c) => {
    const { id } = c.req.valid('param');
    const gone = await c.var.db
      .delete(organizationLinks)
      .where(and(eq(organizationLinks.organization_id, siteTenant(c).id), eq(organizationLinks.school_id, id)))
      .returning({ id: organizationLinks.school_id });
    if (!gone.length) fail(404, ADMIN_MSG.notFound);
    return c.json({ message: SCHOOL_ADMIN_MSG.schoolUnlinked }, 200);
  });
