// The site's own branding: GET /current-tenant. On a platform host the answer is the platform
// itself, with the spec's default colours.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { DEFAULT_TENANT_COLORS, PLATFORM_NAME, TENANT_COLOR_FIELDS } from '../../../src/contract/tenant-colors';
import { organizationLinks, tenants, type TenantRow } from '../../db/schema';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/env';
import { defineRoute, jsonBody } from '../../http/route';
import { PAYMENT_PROVIDERS } from '../../../src/contract/domain';
import { LOCALES, SOURCE_LOCALE } from '../../../src/contract/locales';
import { paymentChoice } from '../commerce/gateway';

const colorShape = Object.fromEntries(TENANT_COLOR_FIELDS.map((f) => [f, z.string()])) as Record<
  (typeof TENANT_COLOR_FIELDS)[number],
  z.ZodString
>;

export const TenantSchema = z
  .object({
    id: z.number().int().nullable(),
    school_name: z.string(),
    school_email: z.string().nullable(),
    domain_url: z.string().nullable(),
    subdomain: z.string().nullable(),
    switchboard: z.boolean(),
    logo: z.string().nullable(),
    is_organization: z.boolean(),
    /** The organizations this school belongs to, or the schools an organization links. */
    organizations: z.array(z.object({ id: z.number().int(), school_name: z.string(), subdomain: z.string() })),
    community_access: z.boolean(),
    /** The site's language; a visitor gets the browser's instead when allow_browser_language. */
    default_language: z.enum(LOCALES),
    allow_browser_language: z.boolean(),
    ...colorShape,
  })
  .openapi('Tenant');
export type TenantJson = z.infer<typeof TenantSchema>;

export const platformTenant: TenantJson = {
  id: null,
  school_name: PLATFORM_NAME,
  school_email: null,
  domain_url: null,
  subdomain: null,
  switchboard: true,
  logo: null,
  is_organization: false,
  organizations: [],
  community_access: false,
  default_language: SOURCE_LOCALE,
  allow_browser_language: true,
  ...DEFAULT_TENANT_COLORS,
};

async function linkedTenants(db: Db, tenant: TenantRow) {
  const [mine, other] = tenant.is_organization
    ? [organizationLinks.organization_id, organizationLinks.school_id]
    : [organizationLinks.school_id, organizationLinks.organization_id];
  return db
    .select({ id: tenants.id, school_name: tenants.school_name, subdomain: tenants.subdomain })
    .from(organizationLinks)
    .innerJoin(tenants, eq(tenants.id, other))
    .where(eq(mine, tenant.id))
    .orderBy(tenants.id);
}

export async function tenantJson(db: Db, row: TenantRow): Promise<TenantJson> {
  const colors = Object.fromEntries(TENANT_COLOR_FIELDS.map((f) => [f, row[f]]));
  return {
    id: row.id,
    school_name: row.school_name,
    school_email: row.school_email,
    domain_url: row.domain_url,
    subdomain: row.subdomain,
    switchboard: row.switchboard,
    logo: row.logo,
    is_organization: row.is_organization,
    organizations: await linkedTenants(db, row),
    community_access: row.community_password_hash !== null,
    default_language: row.default_language,
    allow_browser_language: row.allow_browser_language,
    ...(colors as typeof DEFAULT_TENANT_COLORS),
  };
}

/** The site's tenant, and how it takes payments: test payments (the sandbox) and the providers offered. */
const CurrentTenantSchema = TenantSchema.extend({
  payments: z.object({
    sandbox: z.boolean().openapi({ description: 'Payments here are tests (the built-in sandbox): every page says so' }),
    providers: z.array(z.enum(PAYMENT_PROVIDERS)).openapi({ description: 'The providers offered here; none: nothing can be paid' }),
  }),
}).openapi('CurrentTenant');

const currentTenant = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/current-tenant',
    summary: "This site's tenant and branding (the platform's defaults on a platform host)",
    responses: { 200: jsonBody(CurrentTenantSchema, 'The tenant') },
  },
);

export const tenantRoutes = new OpenAPIHono<AppEnv>().openapi(currentTenant, async (c) => {
  const tenant = c.get('tenant');
  const site = tenant ? await tenantJson(c.get('db'), tenant) : platformTenant;
  return c.json({ ...site, payments: paymentChoice(c.get('deps')) }, 200);
});
