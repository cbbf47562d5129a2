// The switchboard's modes. Platform admin (upschool_admin): GET /api-super-admin/modes/ (generated
// list, in switchboard order), POST (create), GET/PATCH /api-super-admin/modes/{id}/ (only the
// fields sent), POST /api-super-admin/modes/bulk/ (lock, unlock, activate, deactivate) and
// POST /api-super-admin/modes/move/ (reorder: to the top, up, down, to the bottom).
// A school (school_admin or organization_admin on its own site): GET/PUT /api-admin/school-modes/
// which modes its switchboard offers, each with whether it is locked there (a locked mode opens
// when a subscription of the school, or of a linked organization, unlocks it).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MODE_STATUSES, ModeForm, ModePatch, SchoolModesBody, SUBS_MSG } from '../../../src/contract/subscriptions';
import { ADMIN_MSG } from '../../../src/contract/messages';
import type { Queryable } from '../../db/client';
import { modes, tenantModes } from '../../db/schema';
import { adminListRoutes, countAll, type DynamicSelect } from '../../http/admin-list';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, jsonBody, signedInUser, jsonRequest, notFoundAnswer } from '../../http/route';
import { MessageSchema, Id } from '../../http/schemas';
import { unlockedModeIds } from '../commerce/subscriptions';
import { PLATFORM, siteTenant, SCHOOL_AREA } from '../../http/access';

const bool = (v: 'true' | 'false' | undefined) => (v === undefined ? undefined : v === 'true');

export const AdminModeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    image: z.string().nullable(),
    locked: z.boolean(),
    active: z.boolean(),
    status: z.string(),
    sort_order: z.number().int(),
    created_at: z.string(),
  })
  .openapi('AdminMode');

type ModeRow = typeof modes.$inferSelect;
const modeJson = (m: ModeRow): z.infer<typeof AdminModeSchema> => ({ ...m, created_at: m.created_at.toISOString() });

const modesList = adminListRoutes({
  name: 'modes',
  path: '/api-super-admin/modes/',
  summary: 'The switchboard modes, in their order',
  access: PLATFORM,
  row: AdminModeSchema,
  filters: {
    locked: z.enum(['true', 'false']).optional(),
    active: z.enum(['true', 'false']).optional(),
    status: z.enum(MODE_STATUSES).optional(),
  },
  where: (_c, q) =>
    and(
      q.locked ? eq(modes.locked, q.locked === 'true') : undefined,
      q.active ? eq(modes.active, q.active === 'true') : undefined,
      q.status ? eq(modes.status, q.status) : undefined,
    ),
  search: [modes.name],
  date: modes.created_at,
  sorts: { sort_order: modes.sort_order, name: modes.name, created_at: modes.created_at },
  defaultSort: 'sort_order',
  id: modes.id,
  select: (db) => db.select().from(modes).$dynamic() as unknown as DynamicSelect<ModeRow>,
  countFrom: (db) => db.select(countAll()).from(modes).$dynamic() as unknown as DynamicSelect<{ n: number }>,
  json: modeJson,
  csv: [
    ['id', (m) => m.id],
    ['position', (m) => m.sort_order + 1],
    ['name', (m) => m.name],
    ['image', (m) => m.image],
    ['locked', (m) => m.locked],
    ['active', (m) => m.active],
    ['status', (m) => m.status],
  ],
});

const PLATFORM_CHANGE = { ...PLATFORM, outbox: true } as const;

const createMode = defineRoute(PLATFORM_CHANGE, {
  method: 'post',
  path: '/api-super-admin/modes/',
  summary: 'Add a mode (at the end of the switchboard)',
  request: jsonRequest(ModeForm),
  responses: { 201: jsonBody(AdminModeSchema, 'Created') },
});
const getMode = defineRoute(PLATFORM, {
  method: 'get',
  path: '/api-super-admin/modes/{id}/',
  summary: 'One mode',
  request: { params: z.object({ id: Id }) },
  responses: { 200: jsonBody(AdminModeSchema), ...notFoundAnswer('No such mode') },
});
const patchMode = defineRoute(PLATFORM_CHANGE, {
  method: 'patch',
  path: '/api-super-admin/modes/{id}/',
  summary: 'Change a mode: only the fields sent',
  request: { params: z.object({ id: Id }), ...jsonRequest(ModePatch) },
  responses: { 200: jsonBody(AdminModeSchema), ...notFoundAnswer('No such mode') },
});
const Ids = z.array(Id).min(1, ADMIN_MSG.bulkNeedsRows).max(100);
const bulkModes = defineRoute(PLATFORM_CHANGE, {
  method: 'post',
  path: '/api-super-admin/modes/bulk/',
  summary: 'Lock, unlock, activate or deactivate modes (activating also sets the status ACTIVE)',
  request: jsonRequest(
    z.object({
      ids: Ids,
      action: z.enum(['lock', 'unlock', 'activate', 'deactivate'], { error: 'Choose lock, unlock, activate or deactivate' }),
    }),
  ),
  responses: { 200: jsonBody(MessageSchema), ...notFoundAnswer('Some modes do not exist') },
});
const moveModes = defineRoute(PLATFORM_CHANGE, {
  method: 'post',
  path: '/api-super-admin/modes/move/',
  summary: 'Reorder: move modes to the top, one up, one down or to the bottom of the switchboard',
  request: jsonRequest(z.object({ ids: Ids, to: z.enum(['top', 'up', 'down', 'bottom'], { error: 'Choose top, up, down or bottom' }) })),
  responses: { 200: jsonBody(MessageSchema), ...notFoundAnswer('Some modes do not exist') },
});

async function modeOr404(db: Queryable, id: number): Promise<ModeRow> {
  const [row] = await db.select().from(modes).where(eq(modes.id, id)).limit(1);
  return row ?? fail(404, 'There is no such mode.');
}

/** The new order of all modes after moving `ids` (kept in their current order among themselves). */
export function reorder(order: number[], ids: number[], to: 'top' | 'up' | 'down' | 'bottom'): number[] {
  const moving = new Set(ids);
  const picked = order.filter((id) => moving.has(id));
  const rest = order.filter((id) => !moving.has(id));
  if (to === 'top') return [...picked, ...rest];
  if (to === 'bottom') return [...rest, ...picked];
  const next = [...order];
  const steps = to === 'up' ? next.map((_, i) => i) : next.map((_, i) => next.length - 1 - i);
  const dir = to === 'up' ? -1 : 1;
  for (const i of steps) {
    const j = i + dir;
    if (moving.has(next[i]!) && j >= 0 && j < next.length && !moving.has(next[j]!)) [next[i], next[j]] = [next[j]!, next[i]!];
  }
  return next;
}

const SchoolModeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    image: z.string().nullable(),
    locked: z.boolean(),
    unlocked_by_plan: z.boolean(),
    active: z.boolean(),
    status: z.string(),
    offered: z.boolean(),
  })
  .openapi('SchoolMode');
const getSchoolModes = defineRoute(SCHOOL_AREA, {
  method: 'get',
  path: '/api-admin/school-modes/',
  summary: "The switchboard's modes as this school sees them: offered or hidden, locked or opened by a plan",
  responses: { 200: jsonBody(z.object({ count: z.number().int(), results: z.array(SchoolModeSchema) }).openapi('SchoolModeList')) },
});
const putSchoolModes = defineRoute(
  { ...SCHOOL_AREA, outbox: true },
  {
    method: 'put',
    path: '/api-admin/school-modes/',
    summary: 'Which modes this school offers on its switchboard (the others are hidden there)',
    request: jsonRequest(SchoolModesBody),
    responses: { 200: jsonBody(MessageSchema), ...notFoundAnswer('Some modes do not exist') },
  },
);

/** The modes of a school site: hidden ones marked, and locked ones its subscriptions open. */
export async function schoolModes(db: Queryable, tenantId: number, now: Date) {
  return db
    .select({
      id: modes.id,
      name: modes.name,
      image: modes.image,
      locked: sql<boolean>`(${modes.locked} and ${modes.id} not in ${unlockedModeIds(tenantId, now)})`,
      unlocked_by_plan: sql<boolean>`(${modes.locked} and ${modes.id} in ${unlockedModeIds(tenantId, now)})`,
      active: modes.active,
      status: modes.status,
      offered: sql<boolean>`coalesce(${tenantModes.offered}, true)`,
    })
    .from(modes)
    .leftJoin(tenantModes, and(eq(tenantModes.mode_id, modes.id), eq(tenantModes.tenant_id, tenantId)))
    .orderBy(asc(modes.sort_order), asc(modes.id));
}

export const adminModeRoutes = new OpenAPIHono<AppEnv>()
  .route('/', modesList)
  .openapi(createMode, async (c) => {
    const m = c.req.valid('json');
    const [last] = await c
      .get('db')
      .select({ n: sql<number>`coalesce(max(${modes.sort_order}), -1)::int` })
      .from(modes);
    const [row] = await c
      .get('db')
      .insert(modes)
      .values({
        name: m.name,
        image: m.image || null,
        locked: m.locked === 'true',
        active: m.active === 'true',
        status: m.status,
        sort_order: Number(last?.n ?? -1) + 1,
      })
      .returning();
    return c.json(modeJson(row!), 201);
  })
  .openapi(getMode, async (c) => c.json(modeJson(await modeOr404(c.get('db'), c.req.valid('param').id)), 200))
  .openapi(patchMode, async (c) => {
    const { id } = c.req.valid('param');
    await modeOr404(c.get('db'), id);
    const m = c.req.valid('json');
    const set = {
      ...(m.name !== undefined ? { name: m.name } : {}),
      ...(m.image !== undefined ? { image: m.image || null } : {}),
      ...(m.locked !== undefined ? { locked: bool(m.locked) } : {}),
      ...(m.active !== undefined ? { active: bool(m.active) } : {}),
      ...(m.status !== undefined ? { status: m.status } : {}),
    };
    const [row] = Object.keys(set).length
      ? await c.get('db').update(modes).set(set).where(eq(modes.id, id)).returning()
      : [await modeOr404(c.get('db'), id)];
    return c.json(modeJson(row!), 200);
  })
  .openapi(bulkModes, async (c) => {
    const { ids, action } = c.req.valid('json');
    const unique = [...new Set(ids)];
    const found = await c.get('db').select({ id: modes.id }).from(modes).where(inArray(modes.id, unique));
    if (found.length !== unique.length) fail(404, 'Some of these modes do not exist.');
    const set =
      action === 'lock'
        ? { locked: true }
        : action === 'unlock'
          ? { locked: false }
          : action === 'activate'
            ? { active: true, status: 'ACTIVE' }
            : { active: false, status: 'INACTIVE' };
    await c.get('db').update(modes).set(set).where(inArray(modes.id, unique));
    return c.json({ message: ADMIN_MSG.bulkDone }, 200);
  })
  .openapi(moveModes, async (c) => {
    const { ids, to } = c.req.valid('json');
    const all = await c.get('db').select({ id: modes.id }).from(modes).orderBy(asc(modes.sort_order), asc(modes.id));
    const order = all.map((m) => m.id);
    if (ids.some((id) => !order.includes(id))) fail(404, 'Some of these modes do not exist.');
    const next = reorder(order, ids, to);
    await c
      .get('db')
      .update(modes)
      .set({ sort_order: sql`(array_position(${sql.raw(`ARRAY[${next.map(Number).join(',')}]::int[]`)}, ${modes.id}) - 1)` })
      .where(inArray(modes.id, next));
    return c.json({ message: 'The modes are in their new order.' }, 200);
  })
  .openapi(getSchoolModes, async (c) => {
    const rows = await schoolModes(c.get('db'), siteTenant(c).id, c.get('deps').now());
    return c.json({ count: rows.length, results: rows }, 200);
  })
  .openapi(putSchoolModes, async (c) => {
    signedInUser(c);
    const tenantId = siteTenant(c).id;
    const offered = [...new Set(c.req.valid('json').offered)];
    const all = await c.get('db').select({ id: modes.id }).from(modes);
    const known = new Set(all.map((m) => m.id));
    if (offered.some((id) => !known.has(id))) fail(404, 'Some of these modes do not exist.');
    await c.get('db').delete(tenantModes).where(eq(tenantModes.tenant_id, tenantId));
    const hidden = all.filter((m) => !offered.includes(m.id));
    if (hidden.length)
      await c
        .get('db')
        .insert(tenantModes)
        .values(hidden.map((m) => ({ tenant_id: tenantId, mode_id: m.id, offered: false })));
    return c.json({ message: SUBS_MSG.modesSaved }, 200);
  });
