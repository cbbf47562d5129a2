// The school admin's dashboard at a glance (GET /api-school-admin/overview/): the site's school's
// classes (and how many have no teacher yet), teachers, children, stories waiting for review,
// and what its book sales and donations have brought in (paid orders, less refunds), so the
// screen can say what to set up next. School admins and organization admins on the school's site.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { TEACHER_ROLES } from '../../../src/contract/school-admin';
import { classes, orders, stories, students, users } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { defineRoute, jsonBody } from '../../http/route';
import { SCHOOL_AREA, siteTenant } from '../../http/access';

const Overview = z
  .object({
    classes: z.number().int(),
    classes_without_teacher: z.number().int(),
    teachers: z.number().int(),
    students: z.number().int(),
    stories_waiting: z.number().int(),
    sales_cents: z.number().int(),
    sales: z.number().int(),
    donations_cents: z.number().int(),
    donations: z.number().int(),
  })
  .openapi('SchoolOverview');

const overview = defineRoute(SCHOOL_AREA, {
  method: 'get',
  path: '/api-school-admin/overview/',
  summary: 'The school at a glance: classes, teachers, children, stories waiting for review, sales and donations',
  responses: { 200: jsonBody(Overview) },
});

const n = sql<number>`count(*)::int`;
const kept = sql<number>`coalesce(sum(${orders.total_cents} - ${orders.refunded_cents}), 0)::int`;

export const overviewRoutes = new OpenAPIHono<AppEnv>().openapi(overview, async (c) => {
  const db = c.get('db');
  const school = siteTenant(c).id;
  const paid = (kind: 'books' | 'donation') =>
    db
      .select({ n, cents: kept })
      .from(orders)
      .where(and(eq(orders.tenant_id, school), eq(orders.kind, kind), eq(orders.status, 'success')));
  const [[k], [t], [s], [w], [sales], [gifts]] = await Promise.all([
    db
      .select({ n, bare: sql<number>`count(*) filter (where ${classes.teacher_id} is null)::int` })
      .from(classes)
      .where(and(eq(classes.tenant_id, school), isNull(classes.deleted_at))),
    db
      .select({ n })
      .from(users)
      .where(and(eq(users.tenant_id, school), inArray(users.role, [...TEACHER_ROLES]), eq(users.is_active, true))),
    db
      .select({ n })
      .from(students)
      .innerJoin(users, eq(users.id, students.user_id))
      .where(and(eq(students.tenant_id, school), eq(students.archived, false), eq(users.is_active, true))),
    db
      .select({ n })
      .from(stories)
      .where(and(eq(stories.tenant_id, school), eq(stories.status, 'submitted'), isNull(stories.deleted_at))),
    paid('books'),
    paid('donation'),
  ]);
  return c.json(
    {
      classes: k?.n ?? 0,
      classes_without_teacher: k?.bare ?? 0,
      teachers: t?.n ?? 0,
      students: s?.n ?? 0,
      stories_waiting: w?.n ?? 0,
      sales_cents: sales?.cents ?? 0,
      sales: sales?.n ?? 0,
      donations_cents: gifts?.cents ?? 0,
      donations: gifts?.n ?? 0,
    },
    200,
  );
});
