// The Switchboard's modes: GET /modes/. Guests get an empty list (the PWA then says
// 'You need to log in to load the categories.'). On a school site: the modes the school offers,
// each locked unless the school's (or a linked organization's) subscription unlocks it.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { asc } from 'drizzle-orm';
import { modes } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { defineRoute, jsonBody } from '../../http/route';
import { schoolModes } from './mode-routes';

const ModeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    image: z.string().nullable(),
    locked: z.boolean(),
    active: z.boolean(),
    status: z.string(),
  })
  .openapi('Mode');

const listModes = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/modes/',
    summary: 'Switchboard modes (empty for guests)',
    responses: { 200: jsonBody(z.object({ count: z.number().int(), results: z.array(ModeSchema) }).openapi('ModeList')) },
  },
);

export const switchboardRoutes = new OpenAPIHono<AppEnv>().openapi(listModes, async (c) => {
  if (!c.get('user')) return c.json({ count: 0, results: [] }, 200);
  const tenant = c.get('tenant');
  if (tenant) {
    // A school site: only the modes it offers; a locked one is open when a subscription unlocks it.
    const offered = (await schoolModes(c.get('db'), tenant.id, c.get('deps').now())).filter((m) => m.offered);
    const results = offered.map(({ id, name, image, locked, active, status }) => ({ id, name, image, locked, active, status }));
    return c.json({ count: results.length, results }, 200);
  }
  const rows = await c
    .get('db')
    .select({ id: modes.id, name: modes.name, image: modes.image, locked: modes.locked, active: modes.active, status: modes.status })
    .from(modes)
    .orderBy(asc(modes.sort_order), asc(modes.id));
  return c.json({ count: rows.length, results: rows }, 200);
});
