// Charities open to donations: GET /charities/. Only published ones, and only the platform's
// and this site's own; drafts and archived charities never leave the admin screens.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { charities } from '../db/schema';
import type { AppEnv } from '../http/env';
import { defineRoute, jsonBody } from '../http/route';

const CharitySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    goal_cents: z.number().int(),
  })
  .openapi('Charity');

const listCharities = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/charities/',
    summary: 'Published charities of the platform and this site',
    responses: {
      200: jsonBody(
        z
          .object({
            count: z.number().int(),
            results: z.array(CharitySchema),
            data: z.array(z.object({ name: z.string(), slug: z.string() })),
          })
          .openapi('CharityList'),
      ),
    },
  },
);

export const charityRoutes = new OpenAPIHono<AppEnv>().openapi(listCharities, async (c) => {
  const tenant = c.var.tenant;
  const rows = await c.var.deps.database.db
    .select({
      id: charities.id,
      name: charities.name,
      slug: charities.slug,
      description: charities.description,
      image: charities.image,
      goal_cents: charities.goal_cents,
    })
    .from(charities)
    .where(
      and(
        eq(charities.status, 'published'),
        tenant ? or(isNull(charities.tenant_id), eq(charities.tenant_id, tenant.id)) : isNull(charities.tenant_id),
      ),
    )
    .orderBy(asc(charities.id));
  return c.json({ count: rows.length, results: rows, data: rows.map(({ name, slug }) => ({ name, slug })) }, 200);
});
