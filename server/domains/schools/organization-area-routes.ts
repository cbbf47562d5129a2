// The organization area's admin endpoints (organization_admin, on its
// organization's site, for the schools linked to it). Each answer is a domain's query run on the
// request's scope (server/http/access.ts); these routes only parse, authorise, call and answer.
//   dashboard, user-dashboard  GET /api-organization/stats/: each linked school's numbers and the totals
//   schools          GET /api-organization/schools/ (+ export/): linked schools with their numbers
//                    GET /api-organization/schools/{id}/: one school, its numbers and classes
//                    DELETE /api-organization/schools/{id}/: unlink it
//                    (a school is invited through POST /invitations/ with kind 'school')
//   payment-history  GET /api-organization/payments/ (+ export/): commerce's payment history
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { ADMIN_MSG } from '../../../src/contract/messages';
import { SCHOOL_ADMIN_MSG } from '../../../src/contract/school-admin';
import { organizationLinks, tenants } from '../../db/schema';
import { adminListRoutes, countAll, type DynamicSelect } from '../../http/admin-list';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, jsonBody, notFoundAnswer } from '../../http/route';
import { MessageSchema, IdParam } from '../../http/schemas';
import { ORGANIZATION_AREA, requestScope, siteTenant } from '../../http/access';
import { paymentHistory } from '../commerce/payment-history';
import { classRows } from '../roster/class-list';
import { areaStats, AreaStatsSchema, schoolInScope, schoolJson, schoolsIn, SchoolNumbersSchema, selectSchools } from './numbers';

const notFound = notFoundAnswer('Not one of your schools');

const schoolsList = adminListRoutes({
  name: 'organizationSchools',
  path: '/api-organization/schools/',
  summary: "The organization's linked schools with their numbers",
  access: ORGANIZATION_AREA,
  row: SchoolNumbersSchema,
  filters: {},
  where: (c) => schoolsIn(requestScope(c)),
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

const SchoolDetailSchema = SchoolNumbersSchema.extend({
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
  request: { params: IdParam },
  responses: { 200: jsonBody(SchoolDetailSchema), ...notFound },
});

const unlinkSchool = defineRoute(
  { ...ORGANIZATION_AREA, outbox: true },
  {
    method: 'delete',
    path: '/api-organization/schools/{id}/',
    summary: 'Unlink a school from the organization (the school and its records stay as they are)',
    request: { params: IdParam },
    responses: { 200: jsonBody(MessageSchema), ...notFound },
  },
);

const stats = defineRoute(ORGANIZATION_AREA, {
  method: 'get',
  path: '/api-organization/stats/',
  summary: "The organization's schools in numbers, their users by role, and 12 months of sign-ups",
  responses: { 200: jsonBody(AreaStatsSchema) },
});

export const adminOrganizationRoutes = new OpenAPIHono<AppEnv>()
  .route('/', schoolsList)
  .route('/', paymentHistory.organization)
  .openapi(stats, async (c) => c.json(await areaStats(c.get('db'), requestScope(c), c.get('deps').now()), 200))
  .openapi(getSchool, async (c) => {
    const { id } = c.req.valid('param');
    const school = (await schoolInScope(c.get('db'), requestScope(c), id)) ?? fail(404, ADMIN_MSG.notFound);
    const classList = (await classRows(c.get('db'), { kind: 'school', tenantId: id })).map((r) => ({
      id: r.id,
      name: r.name,
      class_code: r.class_code,
      teacher_name: r.teacher_name,
      students: r.students,
    }));
    return c.json({ ...school, class_list: classList }, 200);
  })
  .openapi(unlinkSchool, async (c) => {
    const { id } = c.req.valid('param');
    const gone = await c
      .get('db')
      .delete(organizationLinks)
      .where(and(eq(organizationLinks.organization_id, siteTenant(c).id), eq(organizationLinks.school_id, id)))
      .returning({ id: organizationLinks.school_id });
    if (!gone.length) fail(404, ADMIN_MSG.notFound);
    return c.json({ message: SCHOOL_ADMIN_MSG.schoolUnlinked }, 200);
  });
