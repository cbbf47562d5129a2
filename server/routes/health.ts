// GET /health: the process is up and its database answers.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { AppEnv } from '../http/env';
import { defineRoute, jsonBody } from '../http/route';

const health = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/health',
    summary: 'Liveness and database check',
    responses: {
      200: jsonBody(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }).openapi('Health')),
    },
  },
);

export const healthRoutes = new OpenAPIHono<AppEnv>().openapi(health, async (c) => {
  const { database } = c.var.deps;
  await database.db.execute(sql`select 1`);
  return c.json({ status: 'ok' as const, database: database.kind }, 200);
});
