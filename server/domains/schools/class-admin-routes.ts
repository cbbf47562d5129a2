// A school sets itself up: its admin creates classes and gives each one its teacher, or changes
// it (school_admin, and organization_admin on a linked school's site; always the site's school).
//   POST  /api-school-admin/classes/        a new class: its name, its teacher (or none yet); the
//                                           class code is made from the name, unique on the platform
//   GET   /api-school-admin/classes/{id}/   one class with the school's teachers to choose from
//   PATCH /api-school-admin/classes/{id}/   rename it, or change its teacher (only the fields sent)
// The teacher must be an active teacher or teacher admin of the same school. The class's
// updated_at moves, so every device's roster pulls the change.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ADMIN_MSG } from '../../../src/contract/messages';
import { ClassForm, ClassPatch, SCHOOL_ADMIN_MSG, TEACHER_ROLES } from '../../../src/contract/school-admin';
import { classes, users } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { fail, fieldFail } from '../../http/errors';
import { defineRoute, jsonBody, jsonRequest, notFoundAnswer } from '../../http/route';
import { IdParam } from '../../http/schemas';
import { SCHOOL_AREA, siteTenant } from '../../http/access';
import { freeClassCode } from '../roster/queries';

const CHANGE = { ...SCHOOL_AREA, outbox: true } as const;
const notFound = notFoundAnswer('Not found here (another school, or no such class)');

const TeacherOption = z.object({ id: z.number().int(), name: z.string() });
const SchoolClassSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    class_code: z.string(),
    teacher_id: z.number().int().nullable(),
    /** The school's active teachers, for the form's choice. */
    teacher_options: z.array(TeacherOption),
  })
  .openapi('SchoolClass');

const createClass = defineRoute(CHANGE, {
  method: 'post',
  path: '/api-school-admin/classes/',
  summary: 'Create a class of this school: its name and, if chosen, its teacher (its class code is made from the name)',
  request: jsonRequest(ClassForm),
  responses: { 201: jsonBody(SchoolClassSchema, 'Created') },
});

const getClass = defineRoute(SCHOOL_AREA, {
  method: 'get',
  path: '/api-school-admin/classes/{id}/',
  summary: "One class of this school, with the school's teachers to choose from",
  request: { params: IdParam },
  responses: { 200: jsonBody(SchoolClassSchema), ...notFound },
});

const patchClass = defineRoute(CHANGE, {
  method: 'patch',
  path: '/api-school-admin/classes/{id}/',
  summary: 'Rename a class or change its teacher (only the fields sent; an empty teacher_id: no teacher)',
  request: { params: IdParam, ...jsonRequest(ClassPatch) },
  responses: { 200: jsonBody(SchoolClassSchema), ...notFound },
});

/** The site's school's active teachers, by name. */
function teachersOf(c: Context<AppEnv>) {
  return c
    .get('db')
    .select({ id: users.id, first: users.first_name, last: users.last_name })
    .from(users)
    .where(and(eq(users.tenant_id, siteTenant(c).id), inArray(users.role, [...TEACHER_ROLES]), eq(users.is_active, true)))
    .orderBy(asc(users.first_name), asc(users.last_name), asc(users.id));
}

async function checkTeacher(c: Context<AppEnv>, teacherId: number | null | undefined) {
  if (teacherId === null || teacherId === undefined) return;
  if (!(await teachersOf(c)).some((t) => t.id === teacherId)) fieldFail('teacher_id', SCHOOL_ADMIN_MSG.notATeacher);
}

async function classJson(c: Context<AppEnv>, id: number) {
  const [row] = await c
    .get('db')
    .select({ id: classes.id, name: classes.name, class_code: classes.class_id, teacher_id: classes.teacher_id })
    .from(classes)
    .where(and(eq(classes.id, id), eq(classes.tenant_id, siteTenant(c).id), isNull(classes.deleted_at)))
    .limit(1);
  if (!row) fail(404, ADMIN_MSG.notFound);
  const teachers = await teachersOf(c);
  return { ...row, teacher_options: teachers.map((t) => ({ id: t.id, name: `${t.first} ${t.last}`.trim() })) };
}

export const classAdminRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createClass, async (c) => {
    const form = c.req.valid('json');
    await checkTeacher(c, form.teacher_id);
    const [row] = await c
      .get('db')
      .insert(classes)
      .values({
        tenant_id: siteTenant(c).id,
        name: form.name,
        class_id: await freeClassCode(c.get('db')),
        teacher_id: form.teacher_id ?? null,
      })
      .returning({ id: classes.id });
    return c.json(await classJson(c, row!.id), 201);
  })
  .openapi(getClass, async (c) => c.json(await classJson(c, c.req.valid('param').id), 200))
  .openapi(patchClass, async (c) => {
    const { id } = c.req.valid('param');
    const form = c.req.valid('json');
    await classJson(c, id);
    await checkTeacher(c, form.teacher_id);
    const values = {
      ...(form.name !== undefined ? { name: form.name } : {}),
      ...(form.teacher_id !== undefined ? { teacher_id: form.teacher_id } : {}),
    };
    if (Object.keys(values).length)
      await c
        .get('db')
        .update(classes)
        .set({ ...values, updated_at: sql`now()` })
        .where(eq(classes.id, id));
    return c.json(await classJson(c, id), 200);
  });
