// A school's own domain, from its admin area (the school, or an organization, on its own site):
//   GET  /api-school-admin/domain/         the host its domain_url names, the DNS TXT record to
//                                          create (name and value) and whether it is verified
//   PUT  /api-school-admin/domain/         changes the domain_url (the Own domain screen)
//   POST /api-school-admin/domain/verify/  looks the record up now; when it holds the token the
//                                          host is served as this school's site (and gets its
//                                          certificate: GET /tls/allowed says yes); otherwise a
//                                          422 that says why (no record, another value, no answer)
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
import { checkToken, domainToken, ownDomainHost, recordName, systemResolver, type DomainCheck } from '../../http/own-domain';
import { defineRoute, errorBody, jsonBody, jsonRequest } from '../../http/route';
import { OwnDomainRequest } from '../../../src/contract/school-admin';

const OwnDomain = z
  .object({
    domain_url: z.string(),
    /** null when domain_url names no host a school can use (empty, an address, the platform's own). */
    host: z.string().nullable(),
    record_type: z.literal('TXT'),
    record_name: z.string().nullable(),
    record_value: z.string().nullable(),
    /** Where the school points its name (a CNAME), the platform's host. */
    points_to: z.string(),
    verified: z.boolean(),
  })
  .openapi('OwnDomain');

const getDomain = defineRoute(SCHOOL_AREA, {
  method: 'get',
  path: '/api-school-admin/domain/',
  summary: "This site's own domain: the DNS TXT record that proves it is the school's, and whether it is verified",
  responses: { 200: jsonBody(OwnDomain) },
});

const putDomain = defineRoute(SCHOOL_AREA, {
  method: 'put',
  path: '/api-school-admin/domain/',
  summary: "Change this site's Domain URL (its own domain, verified again before it is served)",
  request: jsonRequest(OwnDomainRequest),
  responses: {
    200: jsonBody(OwnDomain, 'Saved'),
    422: { description: "Not a domain this site can use (an address, a port, the platform's own host)", ...errorBody },
  },
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
  const host = ownDomainHost(tenant.domain_url, c.get('deps').config);
  return {
    domain_url: tenant.domain_url,
    host,
    record_type: 'TXT' as const,
    record_name: host && recordName(host),
    record_value: host && domainToken(c.get('deps').keys, tenant.id, host),
    points_to: c.get('deps').config.publicUrl.hostname,
    verified: host !== null && tenant.domain_host === host,
  };
}

const NO_DOMAIN = 'Set the Domain URL to your own domain (for example https://www.yourschool.org) first.';

/** Why the check failed, in words the school admin can act on. */
function notVerified(check: Exclude<DomainCheck, { result: 'verified' }>, name: string, value: string): string {
  if (check.result === 'mismatch')
    return `The TXT record ${name} holds ${check.found.map((v) => `"${v}"`).join(', ')}, not ${value}. Change it at your DNS provider; changes can take up to an hour to show.`;
  if (check.result === 'unreachable') return `The DNS servers of your domain did not answer. Try again in a few minutes.`;
  return `No TXT record ${name} holding ${value} was found. Create it at your DNS provider; changes can take up to an hour to show.`;
}

export const domainRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getDomain, (c) => c.json(describe(c, siteTenant(c)), 200))
  .openapi(putDomain, async (c) => {
    const tenant = siteTenant(c);
    const { domain_url } = c.req.valid('json');
    if (!ownDomainHost(domain_url, c.get('deps').config))
      fail(
        422,
        "Enter your school's own domain, for example https://www.yourschool.org (a name, not an address, a port or this platform's own host).",
        {
          errors: { domain_url: ['Enter a domain you own'] },
        },
      );
    const [row] = await c.get('db').update(tenants).set({ domain_url }).where(eq(tenants.id, tenant.id)).returning();
    forgetTenant(c.get('deps'), tenant.subdomain);
    return c.json(describe(c, row!), 200);
  })
  .openapi(verifyDomain, async (c) => {
    const tenant = siteTenant(c);
    const answer = describe(c, tenant);
    const { host, record_name, record_value } = answer;
    if (!host || !record_name || !record_value) fail(422, NO_DOMAIN);
    if (answer.verified) return c.json(answer, 200);
    const check = await checkToken(c.get('deps').resolveTxt ?? systemResolver, host, record_value);
    if (check.result !== 'verified') fail(422, notVerified(check, record_name, record_value), { reason: check.result });
    await c.get('db').transaction(async (tx) => {
      await tx
        .update(tenants)
        .set({ domain_host: null })
        .where(and(eq(tenants.domain_host, host), ne(tenants.id, tenant.id)));
      await tx.update(tenants).set({ domain_host: host }).where(eq(tenants.id, tenant.id));
    });
    forgetTenant(c.get('deps'));
    c.get('log').info({ tenant: tenant.subdomain, host }, 'own domain verified');
    return c.json({ ...answer, verified: true }, 200);
  });
