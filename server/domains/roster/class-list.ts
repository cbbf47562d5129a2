// The classes of a scope at a glance: each live class with its school, its teacher and how many
// children and stories it holds. One query for every area: the school area's class table
// (GET /api-school-admin/classes/, + export/) and an organization's view of one linked school.
// The scope comes from the request (server/http/access.ts); `classesIn` is the rule.
import { z } from '@hono/zod-openapi';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { classes, stories, students, tenants, users } from '../../db/schema';
import { adminListRoutes, countAll, type DynamicSelect } from '../../http/admin-list';
import { inScope, requestScope, SCHOOL_AREA, type Scope } from '../../http/access';
import { Id } from '../../http/schemas';

export const ClassRowSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    class_code: z.string(),
    school_name: z.string(),
    teacher_id: z.number().int().nullable(),
    teacher_name: z.string().nullable(),
    students: z.number().int(),
    stories: z.number().int(),
    created_at: z.string(),
  })
  .openapi('SchoolClassRow');
type ClassRow = Omit<z.infer<typeof ClassRowSchema>, 'created_at' | 'teacher_name'> & {
  first_name: string | null;
  last_name: string | null;
  created_at: Date;
};
export type ClassRowJson = z.infer<typeof ClassRowSchema>;

export const classRowJson = ({ first_name, last_name, ...r }: ClassRow): ClassRowJson => ({
  ...r,
  teacher_name: first_name === null ? null : `${first_name} ${last_name ?? ''}`.trim(),
  created_at: r.created_at.toISOString(),
});

/** The live classes a scope sees: every school's (the platform), an organization's schools', or one school's. */
export const classesIn = (scope: Scope): SQL | undefined => and(inScope(scope, classes.tenant_id), isNull(classes.deleted_at));

/** Classes with their school, teacher and numbers. */
export const selectClassRows = (db: Queryable) =>
  db
    .select({
      id: classes.id,
      name: classes.name,
      class_code: classes.class_id,
      school_name: tenants.school_name,
      teacher_id: classes.teacher_id,
      first_name: users.first_name,
      last_name: users.last_name,
      // The outer class's id written out in full (drizzle writes a bare "id" here, which stories has too).
      students: sql<number>`(select count(*)::int from ${students} where ${students.class_id} = ${sql.raw('"classes"."id"')} and not ${students.archived})`,
      stories: sql<number>`(select count(*)::int from ${stories} where ${stories.class_id} = ${sql.raw('"classes"."id"')} and ${stories.deleted_at} is null)`,
      created_at: classes.created_at,
    })
    .from(classes)
    .innerJoin(tenants, eq(tenants.id, classes.tenant_id))
    .leftJoin(users, eq(users.id, classes.teacher_id))
    .$dynamic() as unknown as DynamicSelect<ClassRow>;

/** The scope's classes by name, each with its numbers. */
export async function classRows(db: Queryable, scope: Scope): Promise<ClassRowJson[]> {
  const rows = await selectClassRows(db).where(classesIn(scope)).orderBy(asc(classes.name), asc(classes.id));
  return rows.map(classRowJson);
}

/** The school area's class table (new-table): a school admin's school, an organization admin's linked schools. */
export const schoolClassList = adminListRoutes({
  name: 'schoolClasses',
  path: '/api-school-admin/classes/',
  summary: "The school's classes with their teacher and numbers (new-table)",
  access: SCHOOL_AREA,
  row: ClassRowSchema,
  filters: { has_teacher: z.enum(['true', 'false']).optional(), teacher_id: Id.optional() },
  where: (c, q) =>
    and(
      classesIn(requestScope(c)),
      q.has_teacher === 'true'
        ? sql`${classes.teacher_id} is not null`
        : q.has_teacher === 'false'
          ? isNull(classes.teacher_id)
          : undefined,
      q.teacher_id !== undefined ? eq(classes.teacher_id, q.teacher_id) : undefined,
    ),
  search: [classes.name, classes.class_id, users.first_name, users.last_name],
  date: classes.created_at,
  sorts: { name: classes.name, class_code: classes.class_id, created_at: classes.created_at },
  defaultSort: 'name',
  id: classes.id,
  select: selectClassRows,
  countFrom: (db) =>
    db.select(countAll()).from(classes).leftJoin(users, eq(users.id, classes.teacher_id)).$dynamic() as unknown as DynamicSelect<{
      n: number;
    }>,
  json: classRowJson,
  csv: [
    ['id', (r) => r.id],
    ['name', (r) => r.name],
    ['class_code', (r) => r.class_code],
    ['school', (r) => r.school_name],
    ['teacher', (r) => classRowJson(r).teacher_name],
    ['students', (r) => r.students],
    ['stories', (r) => r.stories],
    ['created_at', (r) => r.created_at.toISOString()],
  ],
});
