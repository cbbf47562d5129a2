// Students of a school's classes: the filtered, paged student list
// (GET /api-admin/student/, also the roster's pull sync with updated_since), editing one student
// (manage_student, student-privacy-update, change-password), the bulk actions (privacy, feature,
// archive, transfer) and adding students (a list of names, or a CSV file). Teachers reach the
// students of their own classes; school, teacher and organization admins those of their schools.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { and, asc, count, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { PRIVACY_PREFERENCES } from '../../../src/contract/domain';
import { ROSTER_MSG, ROSTER_OWN_MSG } from '../../../src/contract/messages';
import { BODY_LIMITS } from '../../../src/contract/limits';
import { BulkAddRequest, CsvFile, EditStudentRequest, Privacy, StudentPassword } from '../../../src/contract/roster-forms';
import type { Queryable } from '../../db/client';
import { students, users, type TenantRow } from '../../db/schema';
import { after, nextSince, parseSince, UpdatedSince } from '../../http/cursor';
import type { AppEnv, AuthUser } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, jsonBody, signedInUser, jsonRequest, notFoundAnswer, prepared } from '../../http/route';
import { runCpu } from '../../lib/cpu-pool';
import { MessageSchema, Id, IdParam } from '../../http/schemas';
import { decryptText, encryptText } from '../../lib/crypto';
import { revokeUserSessions } from '../auth/tokens';
import {
  classIdsOf,
  createStudents,
  nameMatches,
  reachableClass,
  reachableStudents,
  selectStudents,
  studentJson,
  studentScope,
  touchClasses,
} from './queries';
import { CLASS_STAFF, siteTenant, SCHOOL_STAFF } from '../../http/access';

const StudentSchema = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    username: z.string(),
    email: z.string().nullable(),
    privacy_preference: z.enum(PRIVACY_PREFERENCES),
    class_id: z.number().int().nullable(),
    stu_class: z.object({ id: z.number().int(), class_id: z.string(), name: z.string() }).nullable(),
    archived: z.boolean(),
    is_featured: z.boolean(),
    no_of_books: z.number().int(),
    date_joined: z.string(),
    last_login: z.string().nullable(),
    updated_at: z.string(),
    deleted: z.boolean(),
  })
  .openapi('Student');

const ClassIdParam = z.object({ classId: Id });
const Ids = z.array(Id).min(1, ROSTER_OWN_MSG.bulkNeedsRows).max(2000);
const Bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const Day = z.iso.date('Dates are YYYY-MM-DD');

const StudentQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(2000).default(20),
    offset: z.coerce.number().int().min(0).default(0),
    class_id: Id.optional(),
    is_archived: Bool.optional(),
    is_featured: Bool.optional(),
    student_privacy: z.enum(PRIVACY_PREFERENCES).optional(),
    search: z.string().trim().max(100).optional(),
    date_joined__gte: Day.optional(),
    date_joined__lte: Day.optional(),
    updated_since: UpdatedSince,
  })
  .refine((q) => !q.date_joined__gte || !q.date_joined__lte || q.date_joined__gte <= q.date_joined__lte, {
    message: ROSTER_OWN_MSG.dateRange,
    path: ['date_joined__gte'],
  });

const roster = { roles: SCHOOL_STAFF, site: 'tenant' } as const;
/** Roster changes: the PWA queues them in its outbox. */
const change = { ...roster, outbox: true } as const;
const notYours = notFoundAnswer('No such student in your classes');

const listStudents = defineRoute(roster, {
  method: 'get',
  path: '/api-admin/student/',
  summary: 'Students, filtered and paged by name (with updated_since: every change in change order, for pull sync)',
  request: { query: StudentQuery },
  responses: {
    200: jsonBody(
      z.object({ count: z.number().int(), results: z.array(StudentSchema), next_since: z.string().nullable() }).openapi('StudentPage'),
    ),
  },
});

// Who may read or set a child's class password: the staff of the school's classes, never an
// organization linked to the school (setting one would let it sign in as the child).
const passwordChange = { ...change, roles: CLASS_STAFF } as const;

const manageStudent = defineRoute(passwordChange, {
  method: 'put',
  path: '/manage_student/{id}/',
  summary: 'Edit a student: names, a new class password and the privacy preference',
  request: { params: IdParam, ...jsonRequest(EditStudentRequest) },
  responses: { 200: jsonBody(StudentSchema), ...notYours },
});

const privacyUpdate = defineRoute(change, {
  method: 'put',
  path: '/student-privacy-update/{id}/',
  summary: "Change one student's privacy preference (the same value is refused)",
  request: { params: IdParam, ...jsonRequest(z.object({ privacy_preference: Privacy })) },
  responses: { 200: jsonBody(MessageSchema), ...notYours },
});

const changePassword = defineRoute(passwordChange, {
  method: 'put',
  path: '/change-password/{id}/',
  summary: "Set a student's class password",
  request: { params: IdParam, ...jsonRequest(z.object({ new_password: StudentPassword })) },
  responses: { 200: jsonBody(MessageSchema), ...notYours },
});

const bulkPrivacy = defineRoute(change, {
  method: 'post',
  path: '/users/privacy-preference/bulk/',
  summary: 'Set the privacy preference of many students',
  request: jsonRequest(z.object({ user_ids: Ids, privacy_preference: Privacy })),
  responses: { 200: jsonBody(MessageSchema), ...notYours },
});

const changePrivacy = defineRoute(change, {
  method: 'patch',
  path: '/v1/students/profile/change-privacy/',
  summary: 'Class page bulk action: set the privacy preference of many students',
  request: jsonRequest(z.object({ ids: Ids, privacy_preference: Privacy })),
  responses: { 200: jsonBody(MessageSchema), ...notYours },
});

const feature = defineRoute(change, {
  method: 'patch',
  path: '/v1/teacher/students/blogs/feature/',
  summary: 'Class page bulk action: feature or unfeature students (and so their stories)',
  request: jsonRequest(z.object({ ids: Ids, action: z.enum(['feature', 'unfeature']) })),
  responses: { 200: jsonBody(MessageSchema), ...notYours },
});

const SuccessSchema = z.object({ success: z.boolean(), message: z.string() }).openapi('RosterSuccess');

const archiveAll = defineRoute(change, {
  method: 'post',
  path: '/archived-all-students/',
  summary: 'Archive students (they leave the class lists and sign-in, nothing is deleted)',
  request: jsonRequest(z.object({ user_ids: Ids })),
  responses: { 200: jsonBody(SuccessSchema), ...notYours },
});

const archive = defineRoute(change, {
  method: 'post',
  path: '/v1/students/archive/',
  summary: 'Class page bulk action: archive (or with archived false, restore) students',
  request: jsonRequest(z.object({ student_ids: Ids, archived: z.boolean().default(true) })),
  responses: { 200: jsonBody(SuccessSchema), ...notYours },
});

const transfer = defineRoute(change, {
  method: 'post',
  path: '/v1/students/transfer/',
  summary: 'Move archived students into a class (they are current students of it again)',
  request: jsonRequest(z.object({ student_ids: Ids, class_id: Id })),
  responses: { 200: jsonBody(SuccessSchema), ...notYours },
});

const AddedSchema = z
  .object({
    message: z.string(),
    data: z.object({ id: z.number().int(), class_id: z.string() }),
    students: z.array(z.object({ id: z.number().int(), username: z.string() })),
  })
  .openapi('StudentsAdded');

const bulkAdd = defineRoute(change, {
  method: 'post',
  path: '/class/{classId}/bulk-add-students/',
  summary: 'Add students to a class by name; each gets a username and a class password',
  request: { params: ClassIdParam, ...jsonRequest(BulkAddRequest) },
  responses: { 200: jsonBody(AddedSchema), ...notFoundAnswer(`'${ROSTER_MSG.classNotFound}'`) },
});

const csvAdd = defineRoute(
  { ...change, bodyLimit: BODY_LIMITS.upload, prepare: namesOfCsv },
  {
    method: 'post',
    path: '/add-bulk-student-without-mail-to-class/{classId}/',
    summary: 'Add students to a class from a CSV file (first name and last name columns; at most 5 MB)',
    request: {
      params: ClassIdParam,
      body: {
        required: true,
        content: { 'multipart/form-data': { schema: z.object({ file: CsvFile.openapi({ type: 'string', format: 'binary' }) }) } },
      },
    },
    responses: { 200: jsonBody(AddedSchema), ...notFoundAnswer(`'${ROSTER_MSG.classNotFound}'`) },
  },
);

function listWhere(tenant: TenantRow, user: AuthUser, q: z.infer<typeof StudentQuery>): SQL | undefined {
  const dayEnd = (day: string) => new Date(`${day}T23:59:59.999Z`);
  return and(
    studentScope(tenant, user),
    q.class_id !== undefined ? eq(students.class_id, q.class_id) : undefined,
    q.is_archived !== undefined ? eq(students.archived, q.is_archived) : undefined,
    q.is_featured !== undefined ? eq(students.is_featured, q.is_featured) : undefined,
    q.student_privacy ? eq(students.privacy_preference, q.student_privacy) : undefined,
    q.date_joined__gte ? gte(users.date_joined, new Date(`${q.date_joined__gte}T00:00:00Z`)) : undefined,
    q.date_joined__lte ? lte(users.date_joined, dayEnd(q.date_joined__lte)) : undefined,
    nameMatches(q.search),
    // A pull sync learns of deactivated students (as deletions); a listing shows live ones.
    q.updated_since ? undefined : eq(users.is_active, true),
  );
}

/** The ids, all of them manageable by this user, or a 404 naming none of them. */
async function mine(c: Context<AppEnv>, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await reachableStudents(c.get('db'), siteTenant(c), signedInUser(c), unique);
  if (found.length !== unique.length) fail(404, ROSTER_OWN_MSG.noSuchStudents);
  return unique;
}

async function setStudents(db: Queryable, ids: number[], values: Partial<typeof students.$inferInsert>) {
  await db
    .update(students)
    .set({ ...values, updated_at: new Date() })
    .where(inArray(students.user_id, ids));
}

async function oneStudent(db: Queryable, id: number) {
  const [row] = await selectStudents(db).where(eq(students.user_id, id)).limit(1);
  return studentJson(row!);
}

/**
 * The `prepare` of a CSV upload: the file read (up to 5 MB) into names in the worker pool, before
 * the change's transaction opens. Null when no CSV file was sent (the validator answers).
 */
async function namesOfCsv(c: Context<AppEnv>) {
  const file = CsvFile.safeParse((await c.req.formData().catch(() => null))?.get('file'));
  return file.success ? runCpu('parseRosterCsv', await file.data.text()) : null;
}

export const studentRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listStudents, async (c) => {
    const q = c.req.valid('query');
    const where = listWhere(siteTenant(c), signedInUser(c), q);
    const since = q.updated_since ? parseSince(q.updated_since) : null;
    if (q.updated_since) {
      const rows = await selectStudents(c.get('db'))
        .where(and(where, after(students.updated_at, students.user_id, since)))
        .orderBy(asc(students.updated_at), asc(students.user_id))
        .limit(q.limit);
      const next = nextSince(
        rows.map((r) => ({ ts: r.updated_at, id: r.id })),
        q.limit,
      );
      return c.json({ count: rows.length, results: rows.map(studentJson), next_since: next }, 200);
    }
    const [rows, [total]] = await Promise.all([
      selectStudents(c.get('db'))
        .where(where)
        .orderBy(asc(users.first_name), asc(users.last_name), asc(users.id))
        .limit(q.limit)
        .offset(q.offset),
      c.get('db').select({ n: count() }).from(students).innerJoin(users, eq(users.id, students.user_id)).where(where),
    ]);
    return c.json({ count: total?.n ?? 0, results: rows.map(studentJson), next_since: null }, 200);
  })
  .openapi(manageStudent, async (c) => {
    const [id] = await mine(c, [c.req.valid('param').id]);
    const body = c.req.valid('json');
    const db = c.get('db');
    await db.update(users).set({ first_name: body.first_name, last_name: body.last_name }).where(eq(users.id, id!));
    const [before] = await db.select({ password_encrypted: students.password_encrypted }).from(students).where(eq(students.user_id, id!));
    // A new password signs the child out everywhere (whoever knew the old one too).
    if (before && decryptText(c.get('deps').keys.data, before.password_encrypted) !== body.password) {
      await revokeUserSessions(db, [id!], c.get('deps').now());
    }
    await setStudents(db, [id!], {
      privacy_preference: body.privacy_preference,
      password_encrypted: encryptText(c.get('deps').keys.data, body.password),
    });
    return c.json(await oneStudent(db, id!), 200);
  })
  .openapi(privacyUpdate, async (c) => {
    const [id] = await mine(c, [c.req.valid('param').id]);
    const { privacy_preference } = c.req.valid('json');
    const [row] = await c.get('db').select({ now: students.privacy_preference }).from(students).where(eq(students.user_id, id!));
    if (row?.now === privacy_preference) fail(400, ROSTER_MSG.privacySame);
    await setStudents(c.get('db'), [id!], { privacy_preference });
    return c.json({ message: ROSTER_MSG.privacyUpdated }, 200);
  })
  .openapi(changePassword, async (c) => {
    const [id] = await mine(c, [c.req.valid('param').id]);
    await setStudents(c.get('db'), [id!], { password_encrypted: encryptText(c.get('deps').keys.data, c.req.valid('json').new_password) });
    await revokeUserSessions(c.get('db'), [id!], c.get('deps').now());
    return c.json({ message: ROSTER_MSG.studentUpdated }, 200);
  })
  .openapi(bulkPrivacy, async (c) => {
    const { user_ids, privacy_preference } = c.req.valid('json');
    await setStudents(c.get('db'), await mine(c, user_ids), { privacy_preference });
    return c.json({ message: ROSTER_MSG.privacyUpdated }, 200);
  })
  .openapi(changePrivacy, async (c) => {
    const { ids, privacy_preference } = c.req.valid('json');
    await setStudents(c.get('db'), await mine(c, ids), { privacy_preference });
    return c.json({ message: ROSTER_MSG.privacyUpdated }, 200);
  })
  .openapi(feature, async (c) => {
    const { ids, action } = c.req.valid('json');
    await setStudents(c.get('db'), await mine(c, ids), { is_featured: action === 'feature' });
    return c.json({ message: action === 'feature' ? ROSTER_OWN_MSG.featured : ROSTER_OWN_MSG.unfeatured }, 200);
  })
  .openapi(archiveAll, async (c) => {
    const ids = await mine(c, c.req.valid('json').user_ids);
    await setStudents(c.get('db'), ids, { archived: true });
    await revokeUserSessions(c.get('db'), ids, c.get('deps').now());
    await touchClasses(c.get('db'), await classIdsOf(c.get('db'), ids));
    return c.json({ success: true, message: ROSTER_OWN_MSG.archived }, 200);
  })
  .openapi(archive, async (c) => {
    const { student_ids, archived } = c.req.valid('json');
    const ids = await mine(c, student_ids);
    await setStudents(c.get('db'), ids, { archived });
    if (archived) await revokeUserSessions(c.get('db'), ids, c.get('deps').now());
    await touchClasses(c.get('db'), await classIdsOf(c.get('db'), ids));
    return c.json({ success: true, message: ROSTER_OWN_MSG.archived }, 200);
  })
  .openapi(transfer, async (c) => {
    const { student_ids, class_id } = c.req.valid('json');
    const ids = await mine(c, student_ids);
    const target = await reachableClass(c.get('db'), siteTenant(c), signedInUser(c), class_id);
    if (!target) fail(404, ROSTER_MSG.classNotFound);
    const before = await classIdsOf(c.get('db'), ids);
    await setStudents(c.get('db'), ids, { archived: false, class_id, tenant_id: target.tenant_id });
    await touchClasses(c.get('db'), [...before, class_id]);
    return c.json({ success: true, message: ROSTER_OWN_MSG.transferred }, 200);
  })
  .openapi(bulkAdd, async (c) => {
    const cls = await reachableClass(c.get('db'), siteTenant(c), signedInUser(c), c.req.valid('param').classId);
    if (!cls) fail(404, ROSTER_MSG.classNotFound);
    const added = await createStudents(c.get('db'), c.get('deps').keys.data, cls, c.req.valid('json'));
    return c.json(
      {
        message: ROSTER_MSG.added,
        data: { id: cls.id, class_id: cls.class_id },
        students: added.map(({ id, username }) => ({ id, username })),
      },
      200,
    );
  })
  .openapi(csvAdd, async (c) => {
    const cls = await reachableClass(c.get('db'), siteTenant(c), signedInUser(c), c.req.valid('param').classId);
    if (!cls) fail(404, ROSTER_MSG.classNotFound);
    const names = prepared<NonNullable<Awaited<ReturnType<typeof namesOfCsv>>>>(c);
    const added = await createStudents(c.get('db'), c.get('deps').keys.data, cls, names);
    return c.json(
      {
        message: ROSTER_MSG.csvUploaded,
        data: { id: cls.id, class_id: cls.class_id },
        students: added.map(({ id, username }) => ({ id, username })),
      },
      200,
    );
  });
