// The school area's admin endpoints (school_admin, and organization_admin
// for its linked schools; always on the school's own site). The lists are the domains' own,
// declared once for every area and filtered by the request's scope (server/http/access.ts).
//   users            GET /api-school-admin/users/ (+ export/): auth's users list
//                    GET, PATCH /api-school-admin/users/{id}/: one user; deactivate or reactivate
//   payment-history  GET /api-school-admin/payments/ (+ export/): commerce's payment history
//   profile          GET, PATCH /api-school-admin/profile/: the site's own tenant (only the fields sent)
//   organizations    GET /api-school-admin/organizations/ (+ export/): linked and inviting
//                    organizations (school admins only); POST {id}/accept/, DELETE {id}/
//   new-table        GET /api-school-admin/classes/ (+ export/): roster's class table
//   teacher profile  GET, PATCH, DELETE /api-school-admin/teachers/{id}/ (names, role, classes;
//                    removing one who still teaches classes is refused). Teachers are invited
//                    through POST /invitations/ (server/domains/auth/invitation-routes.ts).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { and, asc, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { BoolField } from '../../../src/contract/admin';
import { BODY_LIMITS } from '../../../src/contract/limits';
import { ADMIN_MSG } from '../../../src/contract/messages';
import { ProfilePatch, SCHOOL_ADMIN_MSG, TEACHER_ROLES, TeacherPatch } from '../../../src/contract/school-admin';
import type { Queryable } from '../../db/client';
import { classes, invitations, organizationLinks, tenants, users } from '../../db/schema';
import { adminListRoutes, countAll, type DynamicSelect } from '../../http/admin-list';
import { forgetTenant } from '../../http/context';
import type { AppEnv } from '../../http/env';
import { fail, fieldFail } from '../../http/errors';
import {
  defineRoute,
  errorBody,
  jsonBody,
  signedInUser,
  notFoundAnswer,
  jsonRequest,
  formOrJson,
  formOrJsonRequest,
  prepared,
} from '../../http/route';
import { MessageSchema, IdParam } from '../../http/schemas';
import { requestScope, SCHOOL_ADMIN_ONLY, SCHOOL_AREA, siteTenant } from '../../http/access';
import { logoOfRequest, storeLogo, type PreparedLogo } from './logos';
import { columnsOf } from './tenant-admin-routes';
import { paymentHistory } from '../commerce/payment-history';
import { AdminUserSchema, oneUser, userLists, usersIn } from '../auth/user-routes';
import { schoolClassList } from '../roster/class-list';
import { revokeUserSessions } from '../auth/tokens';
import { TenantSchema, tenantJson } from './routes';

const notFound = notFoundAnswer('Not found here (another school, or no such record)');
const CHANGE = { ...SCHOOL_AREA, outbox: true } as const;

// ---------------------------------------------------------------------------------------------
// users and userprofile/{userId}

const getUser = defineRoute(SCHOOL_AREA, {
  method: 'get',
  path: '/api-school-admin/users/{id}/',
  summary: 'One user of the school',
  request: { params: IdParam },
  responses: { 200: jsonBody(AdminUserSchema), ...notFound },
});

const patchUser = defineRoute(CHANGE, {
  method: 'patch',
  path: '/api-school-admin/users/{id}/',
  summary: 'Deactivate (their sessions end) or reactivate a user of the school',
  request: { params: IdParam, ...jsonRequest(z.object({ is_active: BoolField() })) },
  responses: { 200: jsonBody(AdminUserSchema), ...notFound },
});

// ---------------------------------------------------------------------------------------------
// profile (the site's own tenant: a school's, or in the organization area the organization's)

const withLogo = { logo: ProfilePatch.shape.logo.openapi({ type: 'string', format: 'binary' }) };

const getProfile = defineRoute(SCHOOL_AREA, {
  method: 'get',
  path: '/api-school-admin/profile/',
  summary: "This site's school (or organization): its details and colours, as the profile form shows them",
  responses: { 200: jsonBody(TenantSchema) },
});

const patchProfile = defineRoute(
  { ...CHANGE, bodyLimit: BODY_LIMITS.upload, prepare: logoOfRequest },
  {
    method: 'patch',
    path: '/api-school-admin/profile/',
    summary: "Change this site's details, colours or logo: only the fields sent (multipart when a logo travels)",
    request: formOrJsonRequest(ProfilePatch.safeExtend(withLogo)),
    responses: { 200: jsonBody(TenantSchema) },
  },
);

// ---------------------------------------------------------------------------------------------
// organizations (school admins only): linked ones, and those whose invitation is open

/** An open 'school' invitation addressed to this school (its e-mail or one of its admins'). */
function openInvitationTo(c: Context<AppEnv>, schoolId: number): SQL {
  const now = c.get('deps').now().toISOString();
  return sql`${invitations.kind} = 'school' and ${invitations.accepted_at} is null and ${invitations.expires_at} > ${now}::timestamptz
      and lower(${invitations.email}) in (
        select lower(${users.email}) from ${users} where ${users.tenant_id} = ${schoolId} and ${users.role} = 'school_admin' and ${users.email} is not null
        union select lower(${tenants.school_email}) from ${tenants} where ${tenants.id} = ${schoolId})`;
}

/** The organizations whose invitation to this school is open. */
const invitingOrganizations = (c: Context<AppEnv>, schoolId: number): SQL =>
  sql`select ${invitations.tenant_id} from ${invitations} where ${openInvitationTo(c, schoolId)}`;

const LINK_STATUSES = ['linked', 'invited'] as const;
const SchoolOrganizationSchema = z
  .object({
    id: z.number().int(),
    school_name: z.string(),
    school_email: z.string(),
    subdomain: z.string(),
    status: z.enum(LINK_STATUSES),
    created_at: z.string(),
  })
  .openapi('SchoolOrganization');
type OrganizationRow = Omit<z.infer<typeof SchoolOrganizationSchema>, 'created_at'> & { created_at: Date };

const linkedTo = (schoolId: number) =>
  sql`(select ${organizationLinks.organization_id} from ${organizationLinks} where ${organizationLinks.school_id} = ${schoolId})`;

const schoolOrganizations = adminListRoutes({
  name: 'schoolOrganizations',
  path: '/api-school-admin/organizations/',
  summary: 'The organizations linked to this school, and those inviting it (school admins only)',
  access: SCHOOL_ADMIN_ONLY,
  row: SchoolOrganizationSchema,
  filters: { status: z.enum(LINK_STATUSES).optional() },
  where: (c, q) => {
    const school = siteTenant(c).id;
    const linked = sql`${tenants.id} in ${linkedTo(school)}`;
    const invited = sql`${tenants.id} in (${invitingOrganizations(c, school)})`;
    return and(
      eq(tenants.is_organization, true),
      q.status === 'linked' ? linked : q.status === 'invited' ? and(invited, sql`not ${linked}`) : sql`(${linked} or ${invited})`,
    );
  },
  search: [tenants.school_name, tenants.school_email, tenants.subdomain],
  date: tenants.created_at,
  sorts: { school_name: tenants.school_name, created_at: tenants.created_at },
  defaultSort: 'school_name',
  id: tenants.id,
  select: (db, c) =>
    db
      .select({
        id: tenants.id,
        school_name: tenants.school_name,
        school_email: tenants.school_email,
        subdomain: tenants.subdomain,
        status: sql<
          (typeof LINK_STATUSES)[number]
        >`case when ${tenants.id} in ${linkedTo(siteTenant(c).id)} then 'linked' else 'invited' end`,
        created_at: tenants.created_at,
      })
      .from(tenants)
      .$dynamic() as unknown as DynamicSelect<OrganizationRow>,
  countFrom: (db) => db.select(countAll()).from(tenants).$dynamic() as unknown as DynamicSelect<{ n: number }>,
  json: (r) => ({ ...r, created_at: r.created_at.toISOString() }),
  csv: [
    ['id', (r) => r.id],
    ['name', (r) => r.school_name],
    ['email', (r) => r.school_email],
    ['subdomain', (r) => r.subdomain],
    ['status', (r) => r.status],
    ['created_at', (r) => r.created_at.toISOString()],
  ],
});

const acceptOrganization = defineRoute(
  { ...SCHOOL_ADMIN_ONLY, outbox: true },
  {
    method: 'post',
    path: '/api-school-admin/organizations/{id}/accept/',
    summary: "Accept an organization's invitation: the school is linked to it",
    request: { params: IdParam },
    responses: { 200: jsonBody(MessageSchema), ...notFound },
  },
);

const removeOrganization = defineRoute(
  { ...SCHOOL_ADMIN_ONLY, outbox: true },
  {
    method: 'delete',
    path: '/api-school-admin/organizations/{id}/',
    summary: "Remove the school's link to an organization, or decline its open invitation",
    request: { params: IdParam },
    responses: { 200: jsonBody(MessageSchema), ...notFound },
  },
);

// ---------------------------------------------------------------------------------------------
// teacher/{id}/profile

const ClassRef = z.object({ id: z.number().int(), name: z.string(), class_code: z.string(), teacher_id: z.number().int().nullable() });
const TeacherProfileSchema = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string().nullable(),
    role: z.enum(TEACHER_ROLES),
    is_active: z.boolean(),
    school_name: z.string(),
    date_joined: z.string(),
    last_login: z.string().nullable(),
    /** The classes they teach. */
    classes: z.array(ClassRef),
    /** Every live class of their school, for the form's choice. */
    class_options: z.array(ClassRef),
  })
  .openapi('TeacherProfile');

const getTeacher = defineRoute(SCHOOL_AREA, {
  method: 'get',
  path: '/api-school-admin/teachers/{id}/',
  summary: 'One teacher of the school, with their classes and the classes they could take',
  request: { params: IdParam },
  responses: { 200: jsonBody(TeacherProfileSchema), ...notFound },
});

const patchTeacher = defineRoute(CHANGE, {
  method: 'patch',
  path: '/api-school-admin/teachers/{id}/',
  summary: "Change a teacher: only the fields sent (names, role, the classes they teach: '3,7')",
  request: { params: IdParam, ...jsonRequest(TeacherPatch) },
  responses: { 200: jsonBody(TeacherProfileSchema), ...notFound },
});

const removeTeacher = defineRoute(CHANGE, {
  method: 'delete',
  path: '/api-school-admin/teachers/{id}/',
  summary: 'Remove a teacher (deactivated, their stories kept); refused while they still teach classes',
  request: { params: IdParam },
  responses: { 200: jsonBody(MessageSchema), 409: { description: SCHOOL_ADMIN_MSG.teacherHasClasses, ...errorBody }, ...notFound },
});

async function findTeacher(c: Context<AppEnv>, id: number) {
  const [row] = await c
    .get('db')
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      email: users.email,
      role: users.role,
      is_active: users.is_active,
      tenant_id: users.tenant_id,
      school_name: tenants.school_name,
      date_joined: users.date_joined,
      last_login: users.last_login,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenant_id))
    .where(and(eq(users.id, id), inArray(users.role, [...TEACHER_ROLES]), usersIn(requestScope(c))))
    .limit(1);
  return row ?? fail(404, ADMIN_MSG.notFound);
}

const liveClassesOf = (db: Queryable, tenantId: number) =>
  db
    .select({ id: classes.id, name: classes.name, class_code: classes.class_id, teacher_id: classes.teacher_id })
    .from(classes)
    .where(and(eq(classes.tenant_id, tenantId), isNull(classes.deleted_at)))
    .orderBy(asc(classes.name), asc(classes.id));

async function teacherJson(c: Context<AppEnv>, id: number) {
  const t = await findTeacher(c, id);
  const options = await liveClassesOf(c.get('db'), t.tenant_id!);
  const { tenant_id: _tenant, ...rest } = t;
  return {
    ...rest,
    role: t.role as (typeof TEACHER_ROLES)[number],
    date_joined: t.date_joined.toISOString(),
    last_login: t.last_login?.toISOString() ?? null,
    classes: options.filter((o) => o.teacher_id === id),
    class_options: options,
  };
}

export const adminSchoolRoutes = new OpenAPIHono<AppEnv>()
  .route('/', userLists.school)
  .route('/', paymentHistory.school)
  .route('/', schoolOrganizations)
  .route('/', schoolClassList)
  .openapi(getUser, async (c) => c.json(await oneUser(c.get('db'), requestScope(c), c.req.valid('param').id), 200))
  .openapi(patchUser, async (c) => {
    const { id } = c.req.valid('param');
    const { is_active } = c.req.valid('json');
    const scope = requestScope(c);
    await oneUser(c.get('db'), scope, id);
    if (id === signedInUser(c).id && is_active === 'false') fieldFail('is_active', SCHOOL_ADMIN_MSG.notYourself);
    await c
      .get('db')
      .update(users)
      .set({ is_active: is_active === 'true' })
      .where(eq(users.id, id));
    if (is_active === 'false') await revokeUserSessions(c.get('db'), [id], c.get('deps').now());
    return c.json(await oneUser(c.get('db'), scope, id), 200);
  })
  .openapi(getProfile, async (c) => c.json(await tenantJson(c.get('db'), siteTenant(c)), 200))
  .openapi(patchProfile, async (c) => {
    const tenant = siteTenant(c);
    const form = formOrJson(c, (t) => (t === 'json' ? c.req.valid('json') : c.req.valid('form')));
    const db = c.get('db');
    const logo = form.logo instanceof File ? prepared<PreparedLogo | null>(c) : null;
    const values = columnsOf(form);
    if (Object.keys(values).length) await db.update(tenants).set(values).where(eq(tenants.id, tenant.id));
    if (logo) await storeLogo(db, c.get('deps').storage, tenant.id, logo);
    forgetTenant(c.get('deps'), tenant.subdomain);
    const [row] = await db.select().from(tenants).where(eq(tenants.id, tenant.id)).limit(1);
    return c.json(await tenantJson(db, row!), 200);
  })
  .openapi(acceptOrganization, async (c) => {
    const { id } = c.req.valid('param');
    const school = siteTenant(c).id;
    const db = c.get('db');
    const open = await db
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(eq(invitations.tenant_id, id), openInvitationTo(c, school)));
    const [linked] = await db
      .select({ id: organizationLinks.organization_id })
      .from(organizationLinks)
      .where(and(eq(organizationLinks.organization_id, id), eq(organizationLinks.school_id, school)))
      .limit(1);
    if (!open.length && !linked) fail(404, ADMIN_MSG.notFound);
    await db.insert(organizationLinks).values({ organization_id: id, school_id: school }).onConflictDoNothing();
    if (open.length)
      await db
        .update(invitations)
        .set({ accepted_at: c.get('deps').now() })
        .where(
          inArray(
            invitations.id,
            open.map((o) => o.id),
          ),
        );
    return c.json({ message: SCHOOL_ADMIN_MSG.linkAccepted }, 200);
  })
  .openapi(removeOrganization, async (c) => {
    const { id } = c.req.valid('param');
    const school = siteTenant(c).id;
    const db = c.get('db');
    const unlinked = await db
      .delete(organizationLinks)
      .where(and(eq(organizationLinks.organization_id, id), eq(organizationLinks.school_id, school)))
      .returning({ id: organizationLinks.organization_id });
    const declined = await db
      .delete(invitations)
      .where(and(eq(invitations.tenant_id, id), openInvitationTo(c, school)))
      .returning({ id: invitations.id });
    if (!unlinked.length && !declined.length) fail(404, ADMIN_MSG.notFound);
    return c.json({ message: SCHOOL_ADMIN_MSG.linkRemoved }, 200);
  })
  .openapi(getTeacher, async (c) => c.json(await teacherJson(c, c.req.valid('param').id), 200))
  .openapi(patchTeacher, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.get('db');
    const teacher = await findTeacher(c, id);
    const names = {
      ...(body.first_name !== undefined ? { first_name: body.first_name } : {}),
      ...(body.last_name !== undefined ? { last_name: body.last_name } : {}),
      ...(body.role ? { role: body.role } : {}),
    };
    if (Object.keys(names).length) await db.update(users).set(names).where(eq(users.id, id));
    if (body.class_ids !== undefined) {
      const wanted = body.class_ids;
      const options = await liveClassesOf(db, teacher.tenant_id!);
      if (wanted.some((cid) => !options.some((o) => o.id === cid))) fieldFail('class_ids', 'Choose classes from the list');
      await db
        .update(classes)
        .set({ teacher_id: null })
        .where(and(eq(classes.teacher_id, id), wanted.length ? notInArray(classes.id, wanted) : undefined));
      if (wanted.length) await db.update(classes).set({ teacher_id: id }).where(inArray(classes.id, wanted));
    }
    return c.json(await teacherJson(c, id), 200);
  })
  .openapi(removeTeacher, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    await findTeacher(c, id);
    const [teaching] = await db
      .select({ n: countAll().n })
      .from(classes)
      .where(and(eq(classes.teacher_id, id), isNull(classes.deleted_at)));
    if ((teaching?.n ?? 0) > 0) fail(409, SCHOOL_ADMIN_MSG.teacherHasClasses);
    await db.update(users).set({ is_active: false }).where(eq(users.id, id));
    await revokeUserSessions(db, [id], c.get('deps').now());
    return c.json({ message: SCHOOL_ADMIN_MSG.teacherRemoved }, 200);
  });
