// GET /tls/allowed?domain=<host>: the reverse proxy's question before it asks a certificate
// authority for a certificate on demand (Caddy's `on_demand_tls { ask ... }`, see the Caddyfile).
// Yes (200) for the platform's hosts, a school's <subdomain>.<platform host> and a school's own
// domain once verified; no (404) for any other name, so a stranger pointing names at this machine
// cannot make it request certificates. Answers on any host: the proxy asks by the process's address.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { siteAt } from './context';
import type { AppEnv } from './env';
import { defineRoute, errorBody, jsonBody } from './route';

const Allowed = z.object({ domain: z.string(), allowed: z.literal(true) }).openapi('TlsAllowed');

const allowed = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/tls/allowed',
    summary: "For the reverse proxy's on-demand TLS: whether this host is the platform or one of its schools' sites",
    request: {
      query: z.object({ domain: z.string().trim().toLowerCase().min(1, 'Give the host name as ?domain=').max(253) }),
    },
    responses: { 200: jsonBody(Allowed), 404: { description: 'No site of this platform has that host name', ...errorBody } },
  },
);

export const tlsRoutes = new OpenAPIHono<AppEnv>().openapi(allowed, async (c) => {
  const domain = c.req.valid('query').domain.replace(/\.$/, '');
  const site = await siteAt(c.get('deps'), c.get('db'), domain);
  if (site === undefined) return c.json({ message: `No site of this platform is at ${domain}.` }, 404);
  return c.json({ domain, allowed: true as const }, 200);
});
