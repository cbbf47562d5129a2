// The platform admin's users (upschool_admin only, every tenant):
// the generated list and CSV export (GET /api-super-admin/users/, .../export/; the same list
// serves the school area, GET /api-school-admin/users/, scoped by the request), one user
// (GET and PATCH /api-super-admin/users/{id}/, multipart or JSON, only the changed fields),
// creating one (POST /api-super-admin/create-user/, who then gets an e-mail to choose a
// password), deactivating and reactivating many (POST /api-super-admin/users/bulk/), the tenant
// list of the tenant filter, and the uploaded avatars (GET /avatars/{id}).
import { randomUUID } from 'node:crypto';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { CreateUserForm, UserPatch } from '../../../src/contract/admin';
import { ROLES } from '../../../src/contract/domain';
import { EMAIL_MSG } from '../../../src/contract/email-messages';
import { ADMIN_MSG } from '../../../src/contract/messages';
import { pictures, tenants, users } from '../../db/schema';
import { revokeUserSessions } from './tokens';
import type { Queryable } from '../../db/client';
import { adminListRoutes, countAll, lowerEq, type DynamicSelect } from '../../http/admin-list';
import type { AppEnv } from '../../http/env';
import { fail, fieldFail } from '../../http/errors';
import { sayIn } from '../../http/language';
import { defineRoute, jsonBody, signedInUser, type Access, notFoundAnswer, formOrJson, formOrJsonRequest } from '../../http/route';
import { MessageSchema, Id, IdParam } from '../../http/schemas';
import { inScope, PLATFORM, requestScope, SCHOOL_AREA, type Scope } from '../../http/access';
import { recipientLocale } from '../mail/language';
import { queueEmail, siteOrigin } from '../mail/outbox';
import { createResetToken, resetLink } from './one-time-links';
import { logoMatchesType } from '../../lib/uploads';
import { storageKey, type FileStore } from '../../providers/storage/storage';

const PLATFORM_CHANGE = { ...PLATFORM, outbox: true } as const;
const WELCOME_LINK_TTL_MS = 7 * 24 * 3600_000;

const Bool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const AdminUserSchema = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string().nullable(),
    username: z.string().nullable(),
    role: z.enum(ROLES),
    country: z.string().nullable(),
    avatar: z.string().nullable(),
    is_active: z.boolean(),
    tenant_id: z.number().int().nullable(),
    tenant_name: z.string().nullable(),
    date_joined: z.string(),
    last_login: z.string().nullable(),
  })
  .openapi('AdminUser');

const userFields = {
  id: users.id,
  first_name: users.first_name,
  last_name: users.last_name,
  email: users.email,
  username: users.username,
  role: users.role,
  country: users.country,
  avatar: users.avatar,
  is_active: users.is_active,
  tenant_id: users.tenant_id,
  tenant_name: tenants.school_name,
  date_joined: users.date_joined,
  last_login: users.last_login,
};
type AdminUserRow = {
  [K in keyof typeof userFields]: (typeof userFields)[K]['_']['notNull'] extends true
    ? (typeof userFields)[K]['_']['data']
    : (typeof userFields)[K]['_']['data'] | null;
};

export const selectUsers = (db: Queryable) =>
  db.select(userFields).from(users).leftJoin(tenants, eq(tenants.id, users.tenant_id)).$dynamic() as unknown as DynamicSelect<AdminUserRow>;

export function adminUserJson(row: AdminUserRow): z.infer<typeof AdminUserSchema> {
  return { ...row, date_joined: row.date_joined.toISOString(), last_login: row.last_login?.toISOString() ?? null };
}

/** Where a users list is shown: its path and words, and who may read it (the request's scope filters it). */
interface UsersListPlace {
  name: string;
  path: string;
  summary: string;
  access: Access;
}

/** The users a scope sees: every one (the platform), a school's, or an organization's schools'. */
export const usersIn = (scope: Scope): SQL | undefined => inScope(scope, users.tenant_id);

/** A users list (all-users, and with a fixed role the students and teachers screens), declared once for every area. */
function usersListRoutes(place: UsersListPlace) {
  return adminListRoutes({
    name: place.name,
    path: place.path,
    summary: place.summary,
    access: place.access,
    row: AdminUserSchema,
    filters: {
      role: z.enum(ROLES).optional(),
      tenant_id: Id.optional(),
      is_active: Bool.optional(),
      /** superpower-teacher: teachers and teacher admins together. */
      teaching: z.enum(['true']).optional(),
    },
    where: (c, q) =>
      and(
        usersIn(requestScope(c)),
        q.role ? eq(users.role, q.role) : undefined,
        q.teaching ? inArray(users.role, ['teacher', 'teacher_admin']) : undefined,
        q.tenant_id !== undefined ? eq(users.tenant_id, q.tenant_id) : undefined,
        q.is_active !== undefined ? eq(users.is_active, q.is_active) : undefined,
      ),
    search: [users.first_name, users.last_name, users.email, users.username],
    date: users.date_joined,
    sorts: {
      first_name: users.first_name,
      last_name: users.last_name,
      email: users.email,
      role: users.role,
      date_joined: users.date_joined,
      last_login: users.last_login,
    },
    defaultSort: '-date_joined',
    id: users.id,
    select: selectUsers,
    countFrom: (db) => db.select(countAll()).from(users).$dynamic() as unknown as DynamicSelect<{ n: number }>,
    json: adminUserJson,
    csv: [
      ['id', (r) => r.id],
      ['first_name', (r) => r.first_name],
      ['last_name', (r) => r.last_name],
      ['email', (r) => r.email],
      ['username', (r) => r.username],
      ['role', (r) => r.role],
      ['country', (r) => r.country],
      ['tenant', (r) => r.tenant_name],
      ['is_active', (r) => r.is_active],
      ['date_joined', (r) => r.date_joined.toISOString()],
      ['last_login', (r) => r.last_login?.toISOString()],
    ],
  });
}

/** The users list of each area that shows one. */
export const userLists = {
  platform: usersListRoutes({
    name: 'users',
    path: '/api-super-admin/users/',
    summary: 'Every user of the platform, filtered, sorted and paged',
    access: PLATFORM,
  }),
  school: usersListRoutes({
    name: 'schoolUsers',
    path: '/api-school-admin/users/',
    summary: "The school's users (an organization admin: its linked schools' users)",
    access: SCHOOL_AREA,
  }),
};

const noSuchUser = notFoundAnswer('No such user');

const getUser = defineRoute(PLATFORM, {
  method: 'get',
  path: '/api-super-admin/users/{id}/',
  summary: 'One user, as the user form shows it',
  request: { params: IdParam },
  responses: { 200: jsonBody(AdminUserSchema), ...noSuchUser },
});

const AvatarPart = { avatar: UserPatch.shape.avatar.openapi({ type: 'string', format: 'binary' }) };

const patchUser = defineRoute(PLATFORM_CHANGE, {
  method: 'patch',
  path: '/api-super-admin/users/{id}/',
  summary: 'Change a user: only the fields sent (names, email, country, avatar, is_active)',
  request: { params: IdParam, ...formOrJsonRequest(UserPatch.extend(AvatarPart)) },
  responses: { 200: jsonBody(AdminUserSchema), ...noSuchUser },
});

const createUser = defineRoute(PLATFORM_CHANGE, {
  method: 'post',
  path: '/api-super-admin/create-user/',
  summary: 'Create a staff user of a tenant (or a platform admin); they are e-mailed a link to choose a password',
  request: formOrJsonRequest(CreateUserForm.safeExtend(AvatarPart)),
  responses: { 201: jsonBody(AdminUserSchema), ...notFoundAnswer('No such tenant') },
});

const bulkUsers = defineRoute(PLATFORM_CHANGE, {
  method: 'post',
  path: '/api-super-admin/users/bulk/',
  summary: 'Deactivate or reactivate many users (a deactivated user cannot sign in; nothing is deleted)',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({ ids: z.array(Id).min(1, ADMIN_MSG.bulkNeedsRows).max(1000), action: z.enum(['deactivate', 'activate']) }),
        },
      },
    },
  },
  responses: { 200: jsonBody(MessageSchema), ...noSuchUser },
});

const tenantOptions = defineRoute(PLATFORM, {
  method: 'get',
  path: '/api-super-admin/tenant-options/',
  summary: 'Every tenant by name, for the tenant filter (loaded only by the platform admin)',
  responses: {
    200: jsonBody(
      z
        .object({
          results: z.array(
            z.object({ id: z.number().int(), school_name: z.string(), subdomain: z.string(), is_organization: z.boolean() }),
          ),
        })
        .openapi('TenantOptions'),
    ),
  },
});

/** One user in the scope, as the lists show them; outside it, not found. */
export async function oneUser(db: Queryable, scope: Scope, id: number) {
  const [row] = await selectUsers(db)
    .where(and(eq(users.id, id), usersIn(scope)))
    .limit(1);
  return row ? adminUserJson(row) : fail(404, ADMIN_MSG.notFound);
}

async function emailFree(db: Queryable, email: string, except?: number) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(lowerEq(users.email, email), except ? ne(users.id, except) : undefined))
    .limit(1);
  if (taken) fieldFail('email', ADMIN_MSG.emailTaken);
}

/** Stores an uploaded avatar (its bytes checked against its type) and answers its address. */
async function saveAvatar(db: Queryable, storage: FileStore, file: File, owner: number, tenantId: number | null): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!logoMatchesType(bytes, file.type)) fieldFail('avatar', 'Unsupported file format');
  const id = randomUUID();
  // The bytes first: a row never names a file the store does not have.
  await storage.put(db, storageKey.picture(id), bytes, file.type);
  await db.insert(pictures).values({ id, tenant_id: tenantId, owner_id: owner, content_type: file.type, width: 0, height: 0 });
  return `/api/avatars/${id}`;
}

export const adminUserRoutes = new OpenAPIHono<AppEnv>()
  .route('/', userLists.platform)
  .openapi(getUser, async (c) => c.json(await oneUser(c.get('db'), requestScope(c), c.req.valid('param').id), 200))
  .openapi(patchUser, async (c) => {
    const { id } = c.req.valid('param');
    const body = formOrJson(c, (t) => (t === 'json' ? c.req.valid('json') : c.req.valid('form')));
    const db = c.get('db');
    const current = await oneUser(db, requestScope(c), id);
    if (body.email !== undefined) await emailFree(db, body.email, id);
    if (body.is_active === 'false' && id === signedInUser(c).id) fail(400, 'You cannot deactivate your own account.');
    const { avatar, is_active, ...fields } = body;
    const values: Partial<typeof users.$inferInsert> = { ...fields, ...(fields.email ? { email: fields.email.toLowerCase() } : {}) };
    if (is_active !== undefined) values.is_active = is_active === 'true';
    if (avatar instanceof File) values.avatar = await saveAvatar(db, c.get('deps').storage, avatar, id, current.tenant_id);
    if (Object.keys(values).length) await db.update(users).set(values).where(eq(users.id, id));
    if (is_active === 'false') await revokeUserSessions(db, [id], c.get('deps').now());
    return c.json(await oneUser(db, requestScope(c), id), 200);
  })
  .openapi(createUser, async (c) => {
    const body = formOrJson(c, (t) => (t === 'json' ? c.req.valid('json') : c.req.valid('form')));
    const db = c.get('db');
    if (body.role === 'student') fieldFail('role', 'Students are added to a class by their teacher or school.');
    const tenantId = body.role === 'upschool_admin' ? null : Number(body.tenant_id);
    const [tenant] = tenantId === null ? [] : await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
    if (tenantId !== null && !tenant) fail(404, 'No such tenant.', { errors: { tenant_id: ['Choose a tenant from the list'] } });
    const email = body.email.toLowerCase();
    await emailFree(db, email);
    const [row] = await db
      .insert(users)
      .values({
        tenant_id: tenantId,
        role: body.role,
        email,
        first_name: body.first_name,
        last_name: body.last_name,
        country: body.country,
      })
      .returning({ id: users.id });
    const id = row!.id;
    if (body.avatar instanceof File)
      await db
        .update(users)
        .set({ avatar: await saveAvatar(db, c.get('deps').storage, body.avatar, id, tenantId) })
        .where(eq(users.id, id));
    const now = c.get('deps').now();
    const site = siteOrigin(c, tenant ?? null);
    const link = resetLink(site, await createResetToken(db, id, now, WELCOME_LINK_TTL_MS));
    // A new account has made no choice yet: its school's language.
    const say = sayIn(await recipientLocale(db, { language: null, school: tenant ?? null }));
    await queueEmail(db, {
      tenant_id: tenantId,
      to: email,
      subject: tenant ? say(EMAIL_MSG.welcomeSubjectAt, { school: tenant.school_name }) : say(EMAIL_MSG.welcomeSubject),
      text: `${[say(EMAIL_MSG.hello, { name: body.first_name }), say(EMAIL_MSG.welcomeMade), site, say(EMAIL_MSG.welcomeLink), link].join('\n\n')}\n`,
      expires_at: new Date(now.getTime() + WELCOME_LINK_TTL_MS),
    });
    c.get('deps').kickMailer();
    return c.json(await oneUser(db, requestScope(c), id), 201);
  })
  .openapi(bulkUsers, async (c) => {
    const { ids, action } = c.req.valid('json');
    const unique = [...new Set(ids)];
    const db = c.get('db');
    const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, unique));
    if (found.length !== unique.length) fail(404, 'Some of these users do not exist.');
    if (action === 'deactivate' && unique.includes(signedInUser(c).id)) fail(400, 'You cannot deactivate your own account.');
    await db
      .update(users)
      .set({ is_active: action === 'activate' })
      .where(inArray(users.id, unique));
    if (action === 'deactivate') await revokeUserSessions(db, unique, c.get('deps').now());
    return c.json({ message: action === 'activate' ? ADMIN_MSG.reactivated : ADMIN_MSG.deactivated }, 200);
  })
  .openapi(tenantOptions, async (c) => {
    const rows = await c
      .get('db')
      .select({ id: tenants.id, school_name: tenants.school_name, subdomain: tenants.subdomain, is_organization: tenants.is_organization })
      .from(tenants)
      .orderBy(asc(tenants.school_name), asc(tenants.id));
    return c.json({ results: rows }, 200);
  });

/**
 * Uploaded avatars: immutable (a new upload gets a new address) and inert. Served on the site of
 * the school they belong to, and on the platform's own hosts, where its admins list every user;
 * another school's site does not know them. Cached by the browser only, never by a shared cache.
 */
export const avatarRoutes = new Hono<AppEnv>().get('/avatars/:id{[0-9a-f-]{36}}', async (c) => {
  const tenant = c.get('tenant');
  const [pic] = await c
    .get('db')
    .select({ content_type: pictures.content_type })
    .from(pictures)
    .where(and(eq(pictures.id, c.req.param('id')), tenant ? eq(pictures.tenant_id, tenant.id) : undefined))
    .limit(1);
  if (!pic) fail(404, 'No such picture.');
  const data = await c.get('deps').storage.get(c.get('db'), storageKey.picture(c.req.param('id')));
  if (!data) fail(404, 'No such picture.');
  c.header('Content-Type', pic.content_type);
  c.header('Cache-Control', 'private, max-age=31536000, immutable');
  c.header('Content-Security-Policy', "default-src 'none'; sandbox");
  return c.body(data as Uint8Array<ArrayBuffer>);
});
