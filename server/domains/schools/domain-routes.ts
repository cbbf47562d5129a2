// A school's own domain, from its admin area (the school, or an organization, on its own site):
//   GET  /api-school-admin/domain/         the host its domain_url names, the DNS TXT record to
//                                          create (name and value) and whether it is verified
//   POST /api-school-admin/domain/verify/  looks the record up now; when it holds the token the
//                                          host is served as this school's site (and gets its
//                                          certificate: GET /tls/allowed says yes)
// The check is server/http/own-domain.ts. Verifying a host another school had verified before
// moves it here: whoever controls the DNS now owns the name.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { and, eq, ne } from 'drizzle-orm';
import { tenants } from '../../db/schema';
import { siteTenant, SCHOOL_AREA } from '../../http/access';
import { forgetTenant } from '../../http/context';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { domainToken, hasToken, ownDomainHost, recordName, systemResolver } from '../../http/own-domain';
import { defineRoute, errorBody, jsonBody } from '../../http/route';

const OwnDomain = z
  .object({
    domain_url: z.string(),
    /** null when domain_url names no host a school can use (empty, an address, the platform's own). */
    host: z.string().nullable(),
    record_type: z.literal('TXT'),
    record_name: z.string().nullable(),
    record_value: z.string().nullable(),
    verified: z.boolean(),
  })
  .openapi('OwnDomain');

const getDomain = defineRoute(SCHOOL_AREA, {
  method: 'get',
  path: '/api-school-admin/domain/',
  summary: "This site's own domain: the DNS TXT record that proves it is the school's, and whether it is verified",
  responses: { 200: jsonBody(OwnDomain) },
});

const verifyDomain = defineRoute(SCHOOL_AREA, {
  method: 'post',
  path: '/api-school-admin/domain/verify/',
  summary: 'Look the DNS TXT record up now; when it holds the token, serve the domain as this site',
  responses: {
    200: jsonBody(OwnDomain, 'Verified: the domain is served as this site'),
    422: { description: 'No usable domain, or the record is not (yet) there', ...errorBody },
  },
});

function describe(c: Context<AppEnv>, tenant: { id: number; domain_url: string; domain_host: string | null }) {
  const host = ownDomainHost(tenant.domain_url, c.var.deps.config);
  return {
    domain_url: tenant.domain_url,
    host,
    record_type: 'TXT' as const,
    record_name: host && recordName(host),
    record_value: host && domainToken(c.var.deps.keys, tenant.id, host),
    verified: host !== null && tenant.domain_host === host,
  };
}

export const domainRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getDomain, (c) => c.json(describe(c, siteTenant(c)), 200))
  .openapi(verifyDomain, async (c) => {
    const tenant = siteTenant(c);
    const answer = describe(c, tenant);
    const { host, record_name, record_value } = answer;
    if (!host || !record_value)
      fail(422, 'Set the Domain URL to your own domain (for example https://www.yourschool.org) in the profile first.');
    if (answer.verified) return c.json(answer, 200);
    if (!(await hasToken(c.var.deps.resolveTxt ?? systemResolver, host, record_value)))
      fail(
        422,
        `No TXT record ${record_name} holding ${record_value} was found. Create it at your DNS provider; changes can take up to an hour to show.`,
      );
    await c.var.db.transaction(async (tx) => {
      await tx
        .update(tenants)
        .set({ domain_host: null })
        .where(and(eq(tenants.domain_host, host), ne(tenants.id, tenant.id)));
      await tx.update(tenants).set({ domain_host: host }).where(eq(tenants.id, tenant.id));
    });
    forgetTenant(c.var.deps);
    c.var.log.info({ tenant: tenant.subdomain, host }, 'own domain verified');
    return c.json({ ...answer, verified: true }, 200);
  });
