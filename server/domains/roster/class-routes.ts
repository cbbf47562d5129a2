// Classes: the class lists a teacher (GET /v1/teacher/school-classes/)
// and a school or organization admin (GET /v1/school-classes/) work from, one class
// (GET /api-admin/school-classes/{id}/), and its login cards' data: every student's login info
// (GET /v1/teacher/student-login-info/{classId}/) or one student's
// (GET /classes/{classCode}/student-login-info/{studentId}/). Passwords leave the server only here.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { ROSTER_MSG } from '../../../src/contract/messages';
import { classes, students, users } from '../../db/schema';
import { after, cursorTs, nextSince, parseSince, UpdatedSince } from '../../http/cursor';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, jsonBody, signedInUser, notFoundAnswer } from '../../http/route';
import { Paging, Id, IdParam } from '../../http/schemas';
import { decryptText } from '../../lib/crypto';
import { classCounts, classScope, reachableClass, studentScope } from './queries';
import { CLASS_STAFF, siteTenant, SCHOOL_STAFF, SCHOOL_ADMINS } from '../../http/access';

const ClassSchema = z
  .object({
    id: z.number().int(),
    class_id: z.string().openapi({ description: 'The class code students type' }),
    name: z.string(),
    class_theme: z.string(),
    assigned_teacher: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
    no_of_students: z.number().int(),
    no_of_books: z.number().int(),
    updated_at: z.string(),
  })
  .openapi('Class');

const ClassPage = z
  .object({ count: z.number().int(), results: z.array(ClassSchema), next_since: z.string().nullable() })
  .openapi('ClassPage');

const LoginInfo = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    username: z.string(),
    password: z.string(),
    class_code: z.string(),
  })
  .openapi('StudentLoginInfo');

const ClassListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(500),
  updated_since: UpdatedSince,
});

const listFor = (roles: readonly (typeof SCHOOL_STAFF)[number][], path: string, who: string) =>
  defineRoute(
    { roles, site: 'tenant' },
    {
      method: 'get',
      path,
      summary: `${who}: the classes, in change order (count first, then the list; pull sync with updated_since)`,
      request: { query: ClassListQuery },
      responses: { 200: jsonBody(ClassPage) },
    },
  );

const teacherClasses = listFor(SCHOOL_STAFF, '/v1/teacher/school-classes/', 'Teachers (their own classes; admins every class)');
const schoolClasses = listFor(SCHOOL_ADMINS, '/v1/school-classes/', "School and organization admins: the school's classes");

const oneClass = defineRoute(
  { roles: SCHOOL_STAFF, site: 'tenant' },
  {
    method: 'get',
    path: '/api-admin/school-classes/{id}/',
    summary: 'One class with its counts',
    request: { params: IdParam },
    responses: { 200: jsonBody(ClassSchema), ...notFoundAnswer(`'${ROSTER_MSG.classNotFound}'`) },
  },
);

// Class passwords are read only by the staff of the school's own classes: an organization
// linked to the school runs its reports and pages, never its children's sign-ins.
const classLoginInfo = defineRoute(
  { roles: CLASS_STAFF, site: 'tenant' },
  {
    method: 'get',
    path: '/v1/teacher/student-login-info/{classId}/',
    summary: "Every current student's sign-in details in a class, for its login cards",
    request: {
      params: z.object({ classId: Id }),
      query: Paging(2000, 2000),
    },
    responses: {
      200: jsonBody(z.object({ count: z.number().int(), results: z.array(LoginInfo) }).openapi('StudentLoginInfoPage')),
      ...notFoundAnswer(`'${ROSTER_MSG.classNotFound}'`),
    },
  },
);

const studentLoginInfo = defineRoute(
  { roles: CLASS_STAFF, site: 'tenant' },
  {
    method: 'get',
    path: '/classes/{classCode}/student-login-info/{studentId}/',
    summary: "One student's sign-in details, for a single login card",
    request: {
      params: z.object({
        classCode: z
          .string()
          .trim()
          .min(1)
          .max(40)
          .regex(/^[A-Za-z0-9-]+$/, 'Class codes are letters, digits and hyphens.'),
        studentId: Id,
      }),
    },
    responses: {
      200: jsonBody(LoginInfo.omit({ id: true })),
      ...notFoundAnswer(`'${ROSTER_MSG.studentMissing}'`),
    },
  },
);

const classFields = {
  id: classes.id,
  class_id: classes.class_id,
  name: classes.name,
  class_theme: classes.class_theme,
  teacher_first: users.first_name,
  teacher_last: users.last_name,
  ...classCounts,
  updated_at: cursorTs(classes.updated_at),
};

type ClassOut = { teacher_first: string | null; teacher_last: string | null } & Omit<z.infer<typeof ClassSchema>, 'assigned_teacher'>;

const classJson = ({ teacher_first, teacher_last, ...row }: ClassOut) => ({
  ...row,
  assigned_teacher: teacher_first !== null ? { first_name: teacher_first, last_name: teacher_last ?? '' } : null,
});

const loginFields = {
  id: users.id,
  first_name: users.first_name,
  last_name: users.last_name,
  username: users.username,
  password_encrypted: students.password_encrypted,
  class_code: classes.class_id,
};

export const classRoutes = new OpenAPIHono<AppEnv>();

for (const route of [teacherClasses, schoolClasses]) {
  classRoutes.openapi(route, async (c) => {
    const user = signedInUser(c);
    const tenant = siteTenant(c);
    const { limit, updated_since } = c.req.valid('query');
    const scope = classScope(tenant, user);
    const [rows, [total]] = await Promise.all([
      c
        .get('db')
        .select(classFields)
        .from(classes)
        .leftJoin(users, eq(users.id, classes.teacher_id))
        .where(and(scope, after(classes.updated_at, classes.id, parseSince(updated_since))))
        .orderBy(asc(classes.updated_at), asc(classes.id))
        .limit(limit),
      c.get('db').select({ n: count() }).from(classes).where(scope),
    ]);
    const next = nextSince(
      rows.map((r) => ({ ts: r.updated_at, id: r.id })),
      limit,
    );
    return c.json({ count: total?.n ?? 0, results: rows.map(classJson), next_since: next }, 200);
  });
}

classRoutes
  .openapi(oneClass, async (c) => {
    const [row] = await c
      .get('db')
      .select(classFields)
      .from(classes)
      .leftJoin(users, eq(users.id, classes.teacher_id))
      .where(and(eq(classes.id, c.req.valid('param').id), classScope(siteTenant(c), signedInUser(c))))
      .limit(1);
    if (!row) fail(404, ROSTER_MSG.classNotFound);
    return c.json(classJson(row), 200);
  })
  .openapi(classLoginInfo, async (c) => {
    const user = signedInUser(c);
    const tenant = siteTenant(c);
    const { classId } = c.req.valid('param');
    const { limit, offset } = c.req.valid('query');
    if (!(await reachableClass(c.get('db'), tenant, user, classId))) fail(404, ROSTER_MSG.classNotFound);
    const where = and(eq(students.class_id, classId), eq(students.archived, false), eq(users.is_active, true));
    const [rows, [total]] = await Promise.all([
      c
        .get('db')
        .select(loginFields)
        .from(students)
        .innerJoin(users, eq(users.id, students.user_id))
        .innerJoin(classes, eq(classes.id, students.class_id))
        .where(where)
        .orderBy(asc(users.first_name), asc(users.last_name), asc(users.id))
        .limit(limit)
        .offset(offset),
      c.get('db').select({ n: count() }).from(students).innerJoin(users, eq(users.id, students.user_id)).where(where),
    ]);
    const key = c.get('deps').keys.data;
    const results = rows.map(({ password_encrypted, ...r }) => ({
      ...r,
      username: r.username ?? '',
      password: decryptText(key, password_encrypted),
    }));
    return c.json({ count: total?.n ?? 0, results }, 200);
  })
  .openapi(studentLoginInfo, async (c) => {
    const user = signedInUser(c);
    const { classCode, studentId } = c.req.valid('param');
    const [row] = await c
      .get('db')
      .select(loginFields)
      .from(students)
      .innerJoin(users, eq(users.id, students.user_id))
      .innerJoin(classes, eq(classes.id, students.class_id))
      .where(
        and(
          eq(students.user_id, studentId),
          sql`upper(${classes.class_id}) = ${classCode.toUpperCase()}`,
          studentScope(siteTenant(c), user),
        ),
      )
      .limit(1);
    if (!row) fail(404, ROSTER_MSG.studentMissing);
    const { password_encrypted, id: _id, ...info } = row;
    return c.json({ ...info, username: info.username ?? '', password: decryptText(c.get('deps').keys.data, password_encrypted) }, 200);
  });
