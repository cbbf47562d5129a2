// GET /health (liveness: the process answers and so does its database) and GET /ready
// (readiness: also false while the process is shutting down, so a load balancer stops sending).
// Both answer on any host, before the site is resolved: probes come by IP address.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { AppEnv } from './env';
import { defineRoute, errorBody, jsonBody } from './route';

const PROBE_MS = 2_000;

const Health = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }).openapi('Health');

const health = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/health',
    summary: 'Liveness: the process and its database answer',
    responses: { 200: jsonBody(Health), 503: { description: 'The database does not answer', ...errorBody } },
  },
);

const ready = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/ready',
    summary: 'Readiness: the database answers and the process is not shutting down',
    responses: { 200: jsonBody(Health), 503: { description: 'Not ready: shutting down, or the database does not answer', ...errorBody } },
  },
);

/** Whether the database answers a trivial query within PROBE_MS. */
async function databaseAnswers(db: AppEnv['Variables']['db']): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), PROBE_MS)));
  const probe = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, late]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes = new OpenAPIHono<AppEnv>()
  .openapi(health, async (c) => {
    if (!(await databaseAnswers(c.get('db')))) return c.json({ message: 'The database does not answer.' }, 503);
    return c.json({ status: 'ok' as const, database: c.get('deps').databaseKind }, 200);
  })
  .openapi(ready, async (c) => {
    if (c.get('deps').draining()) return c.json({ message: 'Shutting down.' }, 503);
    if (!(await databaseAnswers(c.get('db')))) return c.json({ message: 'The database does not answer.' }, 503);
    return c.json({ status: 'ok' as const, database: c.get('deps').databaseKind }, 200);
  });
