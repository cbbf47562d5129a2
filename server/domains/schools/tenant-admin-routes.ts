// The platform admin's tenants (upschool_admin only): the generated
// list and CSV (GET /api-admin/tenants/, .../export/), one tenant (GET /api-admin/tenants/{id}/),
// creating one (POST /api-admin/tenants/, multipart, answered at once: the subdomain may be
// taken, so the PWA sends it only online), changing one (PATCH, multipart or JSON, only the fields
// sent; queued in the outbox), and deleting one, refused while it has users.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { TenantForm, TenantPatch } from '../../../src/contract/admin';
import { ADMIN_MSG, AUTH_MSG } from '../../../src/contract/messages';
import { suggestSubdomain } from '../../../src/contract/registration';
import { TENANT_COLOR_FIELDS } from '../../../src/contract/tenant-colors';
import type { Queryable } from '../../db/client';
import { organizationLinks, tenants, users, type TenantRow } from '../../db/schema';
import { adminListRoutes, countAll, type DynamicSelect } from '../../http/admin-list';
import type { AppEnv } from '../../http/env';
import { forgetTenant } from '../../http/context';
import { fail } from '../../http/errors';
import { defineRoute, errorBody, jsonBody, notFoundAnswer, formOrJson, formOrJsonRequest, prepared } from '../../http/route';
import { MessageSchema, IdParam } from '../../http/schemas';
import { logoOfRequest, storeLogo, type PreparedLogo } from './logos';
import { storageKey } from '../../providers/storage/storage';
import { PLATFORM } from '../../http/access';
import { freeSubdomain } from './registration-routes';
import { TenantSchema, tenantJson } from './routes';

const Bool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const AdminTenantSchema = z
  .object({
    id: z.number().int(),
    school_name: z.string(),
    school_email: z.string(),
    subdomain: z.string(),
    domain_url: z.string(),
    is_organization: z.boolean(),
    switchboard: z.boolean(),
    logo: z.string().nullable(),
    primary_color: z.string(),
    button_color: z.string(),
    user_count: z.number().int(),
    community_access: z.boolean(),
    created_at: z.string(),
  })
  .openapi('AdminTenant');

const tenantFields = {
  id: tenants.id,
  school_name: tenants.school_name,
  school_email: tenants.school_email,
  subdomain: tenants.subdomain,
  domain_url: tenants.domain_url,
  is_organization: tenants.is_organization,
  switchboard: tenants.switchboard,
  logo: tenants.logo,
  primary_color: tenants.primary_color,
  button_color: tenants.button_color,
  // The outer tenant's id written out in full: drizzle writes `${tenants.id}` here as a bare "id",
  // which inside this subquery would be the user's own id (every count was 0).
  user_count: sql<number>`(select count(*)::int from ${users} where ${users.tenant_id} = ${sql.raw('"tenants"."id"')})`,
  community_access: sql<boolean>`(${tenants.community_password_hash} is not null)`,
  created_at: tenants.created_at,
};
type AdminTenantRow = Omit<z.infer<typeof AdminTenantSchema>, 'created_at'> & { created_at: Date };

const tenantsList = adminListRoutes({
  name: 'tenants',
  path: '/api-admin/tenants/',
  summary: 'Every school and organization, filtered, sorted and paged',
  access: PLATFORM,
  row: AdminTenantSchema,
  filters: { is_organization: Bool.optional(), switchboard: Bool.optional(), community_access: Bool.optional() },
  where: (_c, q) =>
    and(
      q.community_access === true
        ? isNotNull(tenants.community_password_hash)
        : q.community_access === false
          ? isNull(tenants.community_password_hash)
          : undefined,
      q.is_organization !== undefined ? eq(tenants.is_organization, q.is_organization) : undefined,
      q.switchboard !== undefined ? eq(tenants.switchboard, q.switchboard) : undefined,
    ),
  search: [tenants.school_name, tenants.subdomain, tenants.school_email],
  date: tenants.created_at,
  sorts: { school_name: tenants.school_name, subdomain: tenants.subdomain, created_at: tenants.created_at },
  defaultSort: 'school_name',
  id: tenants.id,
  select: (db) => db.select(tenantFields).from(tenants).$dynamic() as unknown as DynamicSelect<AdminTenantRow>,
  countFrom: (db) => db.select(countAll()).from(tenants).$dynamic() as unknown as DynamicSelect<{ n: number }>,
  json: (r) => ({ ...r, created_at: r.created_at.toISOString() }),
  csv: [
    ['id', (r) => r.id],
    ['school_name', (r) => r.school_name],
    ['school_email', (r) => r.school_email],
    ['subdomain', (r) => r.subdomain],
    ['domain_url', (r) => r.domain_url],
    ['is_organization', (r) => r.is_organization],
    ['switchboard', (r) => r.switchboard],
    ['users', (r) => r.user_count],
    ['community_access', (r) => r.community_access],
    ['created_at', (r) => r.created_at.toISOString()],
  ],
});

const noSuchTenant = notFoundAnswer('No such tenant');
const withLogo = { logo: TenantForm.shape.logo.openapi({ type: 'string', format: 'binary' }) };

const getTenant = defineRoute(PLATFORM, {
  method: 'get',
  path: '/api-admin/tenants/{id}/',
  summary: 'One tenant with its colours and linked tenants, as the tenant form shows it',
  request: { params: IdParam },
  responses: { 200: jsonBody(TenantSchema), ...noSuchTenant },
});

const createTenant = defineRoute(PLATFORM, {
  method: 'post',
  path: '/api-admin/tenants/',
  summary: 'Create a school or organization (multipart, with an optional logo); the subdomain must be free',
  request: { body: { required: true, content: { 'multipart/form-data': { schema: TenantForm.safeExtend(withLogo) } } } },
  responses: { 201: jsonBody(TenantSchema) },
});

const patchTenant = defineRoute(
  { ...PLATFORM, outbox: true, prepare: logoOfRequest },
  {
    method: 'patch',
    path: '/api-admin/tenants/{id}/',
    summary: 'Change a tenant: only the fields sent (multipart when a logo travels, else JSON)',
    request: { params: IdParam, ...formOrJsonRequest(TenantPatch.safeExtend(withLogo)) },
    responses: { 200: jsonBody(TenantSchema), ...noSuchTenant },
  },
);

const deleteTenant = defineRoute(PLATFORM, {
  method: 'delete',
  path: '/api-admin/tenants/{id}/',
  summary: 'Delete a tenant that has no users (one with users is refused: deactivate them instead)',
  request: { params: IdParam },
  responses: { 200: jsonBody(MessageSchema), 409: { description: ADMIN_MSG.tenantHasUsers, ...errorBody }, ...noSuchTenant },
});

async function findTenant(db: Queryable, id: number): Promise<TenantRow> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  return row ?? fail(404, ADMIN_MSG.notFound);
}

type TenantValues = z.output<typeof TenantPatch>;

/** The columns of a tenant form's fields (colours, flags, names), without the logo and links. */
export function columnsOf(form: TenantValues): Partial<typeof tenants.$inferInsert> {
  const values: Partial<typeof tenants.$inferInsert> = {};
  if (form.school_name !== undefined) values.school_name = form.school_name;
  if (form.school_email !== undefined) values.school_email = form.school_email.toLowerCase();
  if (form.domain_url !== undefined) values.domain_url = form.domain_url;
  if (form.switchboard !== undefined) values.switchboard = form.switchboard === 'true';
  if (form.is_organization !== undefined) values.is_organization = form.is_organization === 'true';
  if (form.default_language !== undefined) values.default_language = form.default_language;
  if (form.allow_browser_language !== undefined) values.allow_browser_language = form.allow_browser_language === 'true';
  for (const field of TENANT_COLOR_FIELDS) if (form[field] !== undefined) values[field] = form[field];
  return values;
}

/** An organization's linked schools become exactly these (schools only, that exist). */
async function linkSchools(db: Queryable, organization: TenantRow, ids: number[]) {
  if (!organization.is_organization && ids.length)
    fail(400, 'Only an organization links schools.', { errors: { organizations: ['Only an organization links schools.'] } });
  const schools = ids.length
    ? await db.select({ id: tenants.id, org: tenants.is_organization }).from(tenants).where(inArray(tenants.id, ids))
    : [];
  if (schools.length !== ids.length || schools.some((s) => s.org))
    fail(400, 'Choose schools from the list', { errors: { organizations: ['Choose schools from the list'] } });
  await db.delete(organizationLinks).where(eq(organizationLinks.organization_id, organization.id));
  if (ids.length) await db.insert(organizationLinks).values(ids.map((school_id) => ({ organization_id: organization.id, school_id })));
}

export const adminTenantRoutes = new OpenAPIHono<AppEnv>()
  .route('/', tenantsList)
  .openapi(getTenant, async (c) => c.json(await tenantJson(c.get('db'), await findTenant(c.get('db'), c.req.valid('param').id)), 200))
  .openapi(createTenant, async (c) => {
    const form = c.req.valid('form');
    const db = c.get('db');
    const wanted = form.subdomain || suggestSubdomain(form.school_name);
    if (!wanted) fail(400, 'Subdomain is required', { errors: { subdomain: ['Subdomain is required'] } });
    const subdomain = await freeSubdomain(db, wanted, Boolean(form.subdomain));
    const logo = await logoOfRequest(c);
    const row = await db.transaction(async (tx) => {
      const [made] = await tx
        .insert(tenants)
        .values({ ...columnsOf(form), school_name: form.school_name, school_email: form.school_email.toLowerCase(), subdomain })
        .returning();
      if (form.organizations?.length) await linkSchools(tx, made!, form.organizations);
      if (logo) await storeLogo(tx, c.get('deps').storage, made!.id, logo);
      return findTenant(tx, made!.id);
    });
    return c.json(await tenantJson(db, row), 201);
  })
  .openapi(patchTenant, async (c) => {
    const { id } = c.req.valid('param');
    const form: TenantValues = formOrJson(c, (t) => (t === 'json' ? c.req.valid('json') : c.req.valid('form')));
    const db = c.get('db');
    const logo = form.logo instanceof File ? prepared<PreparedLogo | null>(c) : null;
    const current = await findTenant(db, id);
    if (form.subdomain !== undefined && form.subdomain !== current.subdomain) {
      const [taken] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subdomain, form.subdomain)).limit(1);
      if (taken || !form.subdomain) fail(400, AUTH_MSG.subdomainTaken, { errors: { subdomain: [AUTH_MSG.subdomainTaken] } });
    }
    const values = { ...columnsOf(form), ...(form.subdomain ? { subdomain: form.subdomain } : {}) };
    if (Object.keys(values).length) await db.update(tenants).set(values).where(eq(tenants.id, id));
    const updated = await findTenant(db, id);
    if (form.organizations !== undefined) await linkSchools(db, updated, form.organizations);
    if (logo) await storeLogo(db, c.get('deps').storage, id, logo);
    // Its site shows the change at once (the old and the new subdomain).
    forgetTenant(c.get('deps'), current.subdomain);
    if (form.subdomain) forgetTenant(c.get('deps'), form.subdomain);
    return c.json(await tenantJson(db, await findTenant(db, id)), 200);
  })
  .openapi(deleteTenant, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    await findTenant(db, id);
    const [people] = await db.select({ n: count() }).from(users).where(eq(users.tenant_id, id));
    if ((people?.n ?? 0) > 0) fail(409, ADMIN_MSG.tenantHasUsers);
    await db.delete(tenants).where(eq(tenants.id, id));
    // Without users it has no pictures or books: its logo is the only file it can leave behind.
    await c.get('deps').storage.remove(db, [storageKey.logo(id)]);
    forgetTenant(c.get('deps'));
    return c.json({ message: 'Tenant deleted.' }, 200);
  });
