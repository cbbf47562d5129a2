// Charity and donation administration, for two areas from one declaration each:
//   the platform panel (upschool_admin, every charity and donation):
//     GET/POST /api-super-admin/charities/, GET/PATCH/DELETE /api-super-admin/charities/{id}/,
//     GET /api-super-admin/donations/, GET /api-super-admin/charity-stats/ (charities-dashboard);
//   the school area (school_admin and organization_admin, on their own site, only its own causes):
//     GET/POST /api-admin/charities/, GET/PATCH/DELETE /api-admin/charities/{id}/,
//     GET /api-admin/donations/ (donations made on the school's site).
// A school's cause is editable only by the admin who added it (the school area's tutorial tells admins so):
// another admin gets 403 with CHARITY_MSG.notCreator. Another tenant's cause is a 404 (the scope
// is in the WHERE). A charity with donations is never deleted (409: archive it instead). Raised
// amounts count successful donations less what was refunded (orders.refunded_cents).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { and, count, eq, gte, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { CHARITY_MSG, CharityForm, CharityPatch, toCents } from '../../../src/contract/charity-admin';
import { CHARITY_STATUSES, ORDER_STATUSES } from '../../../src/contract/domain';
import type { Queryable } from '../../db/client';
import { charities, orders, tenants, users } from '../../db/schema';
import { adminListRoutes, countAll, type AdminList, type DynamicSelect } from '../../http/admin-list';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, errorBody, jsonBody, signedInUser, type Access, jsonRequest, notFoundAnswer } from '../../http/route';
import { MessageSchema, Id } from '../../http/schemas';
import { PLATFORM, SCHOOL_AREA, siteTenant } from '../../http/access';

/** Successful donations to the charity, less refunds: what it has raised. */
// The outer charity's id, always qualified: drizzle leaves columns bare in a one-table select,
// where a bare "id" inside the subquery would mean the order's.
const outerCharity = sql`${sql.identifier('charities')}.${sql.identifier('id')}`;
const raisedCents = sql<number>`coalesce((select sum(o.total_cents - o.refunded_cents) from orders o where o.charity_id = ${outerCharity} and o.kind = 'donation' and o.status = 'success'), 0)::int`;
const donationCount = sql<number>`(select count(*) from orders o where o.charity_id = ${outerCharity} and o.kind = 'donation' and o.status = 'success' and o.refunded_cents < o.total_cents)::int`;

export const AdminCharitySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    status: z.enum(CHARITY_STATUSES),
    goal_cents: z.number().int(),
    raised_cents: z.number().int(),
    donations: z.number().int(),
    tenant_id: z.number().int().nullable(),
    tenant_name: z.string().nullable(),
    created_by: z.number().int().nullable(),
    creator_name: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('AdminCharity');

const CharityDetailSchema = AdminCharitySchema.extend({
  can_edit: z.boolean().openapi({ description: 'The caller may edit or delete it (a school cause: only its creator)' }),
}).openapi('AdminCharityDetail');

const charityFields = {
  id: charities.id,
  name: charities.name,
  slug: charities.slug,
  description: charities.description,
  status: charities.status,
  goal_cents: charities.goal_cents,
  raised_cents: raisedCents,
  donations: donationCount,
  tenant_id: charities.tenant_id,
  tenant_name: tenants.school_name,
  created_by: charities.created_by,
  first_name: users.first_name,
  last_name: users.last_name,
  created_at: charities.created_at,
};
type CharityRow = Omit<z.infer<typeof AdminCharitySchema>, 'created_at' | 'creator_name'> & {
  first_name: string | null;
  last_name: string | null;
  created_at: Date;
};

/** A person's name from a left-joined user, or null when there is none. */
const personName = (first: string | null, last: string | null) => (first ? `${first} ${last ?? ''}`.trim() : null);

const selectCharities = (db: Queryable) =>
  db
    .select(charityFields)
    .from(charities)
    .leftJoin(tenants, eq(tenants.id, charities.tenant_id))
    .leftJoin(users, eq(users.id, charities.created_by))
    .$dynamic() as unknown as DynamicSelect<CharityRow>;

const charityJson = (r: CharityRow): z.infer<typeof AdminCharitySchema> => {
  const { first_name, last_name, ...rest } = r;
  return { ...rest, creator_name: personName(first_name, last_name), created_at: r.created_at.toISOString() };
};

const charityCsv = [
  ['id', (r: CharityRow) => r.id],
  ['name', (r: CharityRow) => r.name],
  ['slug', (r: CharityRow) => r.slug],
  ['status', (r: CharityRow) => r.status],
  ['goal', (r: CharityRow) => (r.goal_cents / 100).toFixed(2)],
  ['raised', (r: CharityRow) => (r.raised_cents / 100).toFixed(2)],
  ['donations', (r: CharityRow) => r.donations],
  ['tenant', (r: CharityRow) => r.tenant_name],
  ['created_by', (r: CharityRow) => charityJson(r).creator_name],
  ['created_at', (r: CharityRow) => r.created_at.toISOString()],
] as const;

/** The school area's scope: the causes of the site's own tenant. */
const ownTenant = (c: Context<AppEnv>) => eq(charities.tenant_id, c.get('tenant')?.id ?? -1);

const countCharities = (db: Queryable) => db.select(countAll()).from(charities).$dynamic() as unknown as DynamicSelect<{ n: number }>;

/** What the platform's and a school's charity lists share (as donationList below). */
const charityList = {
  row: AdminCharitySchema,
  search: [charities.name, charities.slug, charities.description],
  date: charities.created_at,
  sorts: { name: charities.name, created_at: charities.created_at, goal_cents: charities.goal_cents, status: charities.status },
  defaultSort: '-created_at',
  id: charities.id,
  select: selectCharities,
  countFrom: countCharities,
  json: charityJson,
  csv: charityCsv,
};

const platformCharities = adminListRoutes({
  name: 'charities',
  path: '/api-super-admin/charities/',
  summary: "Every charity (the platform's and the schools' causes), filtered by status and tenant",
  access: PLATFORM,
  filters: {
    status: z.enum(CHARITY_STATUSES).optional(),
    tenant_id: Id.optional(),
    owner: z
      .enum(['platform', 'schools'])
      .optional()
      .openapi({ description: "platform: the platform's own charities; schools: the schools' causes" }),
  },
  where: (_c, q) =>
    and(
      q.status ? eq(charities.status, q.status) : undefined,
      q.tenant_id !== undefined ? eq(charities.tenant_id, q.tenant_id) : undefined,
      q.owner === 'platform' ? isNull(charities.tenant_id) : q.owner === 'schools' ? sql`${charities.tenant_id} is not null` : undefined,
    ),
  ...charityList,
});

const schoolCharities = adminListRoutes({
  name: 'school-charities',
  path: '/api-admin/charities/',
  summary: "The school's own charity causes, filtered by status",
  access: SCHOOL_AREA,
  filters: { status: z.enum(CHARITY_STATUSES).optional() },
  where: (c, q) => and(ownTenant(c), q.status ? eq(charities.status, q.status) : undefined),
  ...charityList,
});

// ---- Donations -------------------------------------------------------------------------------

export const AdminDonationSchema = z
  .object({
    id: z.number().int(),
    charity_id: z.number().int().nullable(),
    charity_name: z.string().nullable(),
    donor: z.string().nullable(),
    email: z.string().nullable(),
    amount_cents: z.number().int(),
    refunded_cents: z.number().int(),
    currency: z.string(),
    status: z.enum(ORDER_STATUSES),
    tenant_name: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('AdminDonation');

const donationFields = {
  id: orders.id,
  charity_id: orders.charity_id,
  charity_name: charities.name,
  first_name: users.first_name,
  last_name: users.last_name,
  email: orders.email,
  amount_cents: orders.total_cents,
  refunded_cents: orders.refunded_cents,
  currency: orders.currency,
  status: orders.status,
  tenant_name: tenants.school_name,
  created_at: orders.created_at,
};
type DonationRow = Omit<z.infer<typeof AdminDonationSchema>, 'created_at' | 'donor'> & {
  first_name: string | null;
  last_name: string | null;
  created_at: Date;
};

const selectDonations = (db: Queryable) =>
  db
    .select(donationFields)
    .from(orders)
    .leftJoin(charities, eq(charities.id, orders.charity_id))
    .leftJoin(users, eq(users.id, orders.user_id))
    .leftJoin(tenants, eq(tenants.id, orders.tenant_id))
    .$dynamic() as unknown as DynamicSelect<DonationRow>;

const donationJson = (r: DonationRow): z.infer<typeof AdminDonationSchema> => {
  const { first_name, last_name, ...rest } = r;
  return { ...rest, donor: personName(first_name, last_name), created_at: r.created_at.toISOString() };
};

const isDonation = eq(orders.kind, 'donation');
const donationFilters = {
  status: z.enum(ORDER_STATUSES).optional(),
  charity_id: Id.optional(),
  refunded: z.enum(['yes', 'no']).optional().openapi({ description: 'yes: refunded in part or in full' }),
};
const donationWhere = (q: { status?: (typeof ORDER_STATUSES)[number]; charity_id?: number; refunded?: 'yes' | 'no' }) =>
  and(
    isDonation,
    q.status ? eq(orders.status, q.status) : undefined,
    q.charity_id !== undefined ? eq(orders.charity_id, q.charity_id) : undefined,
    q.refunded === 'yes' ? sql`${orders.refunded_cents} > 0` : q.refunded === 'no' ? eq(orders.refunded_cents, 0) : undefined,
  );

type DonationList = AdminList<DonationRow, z.ZodRawShape, z.infer<typeof AdminDonationSchema>>;
const donationList: Pick<
  DonationList,
  'row' | 'search' | 'date' | 'sorts' | 'defaultSort' | 'id' | 'select' | 'countFrom' | 'json' | 'csv'
> = {
  row: AdminDonationSchema,
  search: [orders.email, users.first_name, users.last_name, charities.name],
  date: orders.created_at,
  sorts: { created_at: orders.created_at, amount_cents: orders.total_cents, status: orders.status },
  defaultSort: '-created_at',
  id: orders.id,
  select: selectDonations,
  // Search reads the donor's name and the charity's, so the count joins them too.
  countFrom: (db: Queryable) =>
    db
      .select(countAll())
      .from(orders)
      .leftJoin(charities, eq(charities.id, orders.charity_id))
      .leftJoin(users, eq(users.id, orders.user_id))
      .$dynamic() as unknown as DynamicSelect<{ n: number }>,
  json: donationJson,
  csv: [
    ['id', (r: DonationRow) => r.id],
    ['charity', (r: DonationRow) => r.charity_name],
    ['donor', (r: DonationRow) => donationJson(r).donor],
    ['email', (r: DonationRow) => r.email],
    ['amount', (r: DonationRow) => (r.amount_cents / 100).toFixed(2)],
    ['refunded', (r: DonationRow) => (r.refunded_cents / 100).toFixed(2)],
    ['currency', (r: DonationRow) => r.currency],
    ['status', (r: DonationRow) => r.status],
    ['tenant', (r: DonationRow) => r.tenant_name],
    ['created_at', (r: DonationRow) => r.created_at.toISOString()],
  ],
};

const platformDonations = adminListRoutes({
  ...donationList,
  name: 'donations',
  path: '/api-super-admin/donations/',
  summary: 'Every donation, filtered by status, charity, refunds and tenant',
  access: PLATFORM,
  filters: { ...donationFilters, tenant_id: Id.optional() },
  where: (_c, q) => and(donationWhere(q), q.tenant_id !== undefined ? eq(orders.tenant_id, q.tenant_id) : undefined),
});

const schoolDonations = adminListRoutes({
  ...donationList,
  name: 'school-donations',
  path: '/api-admin/donations/',
  summary: "Donations made on the school's site, filtered by status, charity and refunds",
  access: SCHOOL_AREA,
  filters: donationFilters,
  where: (c, q) => and(donationWhere(q), eq(orders.tenant_id, c.get('tenant')?.id ?? -1)),
});

// ---- One charity: read, create, edit, delete --------------------------------------------------

/** An area's record endpoints: where they live, who may call them and what they reach. */
interface Area {
  prefix: '/api-super-admin/charities/' | '/api-admin/charities/';
  access: Access;
  /** The caller's scope (undefined: every charity). */
  scope: (c: Context<AppEnv>) => SQL | undefined;
  /** The tenant a new charity belongs to (null: a platform charity). */
  tenantOf: (c: Context<AppEnv>) => number | null;
  /** Whether the caller may change this charity (a school's cause: only its creator). */
  mayEdit: (c: Context<AppEnv>, row: CharityRow) => boolean;
}

const PLATFORM_CHARITIES: Area = {
  prefix: '/api-super-admin/charities/',
  access: PLATFORM,
  scope: () => undefined,
  tenantOf: () => null,
  mayEdit: () => true,
};

const SCHOOL_CHARITIES: Area = {
  prefix: '/api-admin/charities/',
  access: SCHOOL_AREA,
  scope: ownTenant,
  tenantOf: (c) => siteTenant(c).id,
  mayEdit: (c, row) => row.created_by === signedInUser(c).id,
};

const slugify = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'charity';

/** A slug no other charity has: the name's, or the name's with -2, -3... */
async function freeSlug(db: Queryable, name: string): Promise<string> {
  const base = slugify(name);
  const taken = new Set(
    (
      await db
        .select({ slug: charities.slug })
        .from(charities)
        .where(or(eq(charities.slug, base), like(charities.slug, `${base}-%`)))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

type CharityValues = z.output<typeof CharityPatch>;
function columnsOf(form: CharityValues): Partial<typeof charities.$inferInsert> {
  const values: Partial<typeof charities.$inferInsert> = {};
  if (form.name !== undefined) values.name = form.name;
  if (form.description !== undefined) values.description = form.description;
  if (form.goal !== undefined) values.goal_cents = form.goal === '' ? 0 : toCents(form.goal);
  if (form.status !== undefined) values.status = form.status;
  return values;
}

function charityRecordRoutes(area: Area) {
  const path = `${area.prefix}{id}/` as const;
  const change = { ...area.access, outbox: true } as const;
  const params = z.object({ id: Id });
  const notFound = notFoundAnswer(`'${CHARITY_MSG.notFound}'`);
  const notCreator = { 403: { description: `'${CHARITY_MSG.notCreator}'`, ...errorBody } };
  const get = defineRoute(area.access, {
    method: 'get',
    path,
    summary: 'One charity with what it has raised, and whether the caller may edit it',
    request: { params },
    responses: { 200: jsonBody(CharityDetailSchema), ...notFound },
  });
  const create = defineRoute(change, {
    method: 'post',
    path: area.prefix,
    summary: area.prefix.includes('super')
      ? 'Add a platform charity'
      : "Add one of the school's charity causes (its creator alone may edit it)",
    request: jsonRequest(CharityForm),
    responses: { 201: jsonBody(CharityDetailSchema, 'Created') },
  });
  const patch = defineRoute(change, {
    method: 'patch',
    path,
    summary: 'Change a charity (only the fields sent)',
    request: { params, ...jsonRequest(CharityPatch) },
    responses: { 200: jsonBody(CharityDetailSchema), ...notFound, ...notCreator },
  });
  const remove = defineRoute(change, {
    method: 'delete',
    path,
    summary: 'Delete a charity that has no donations (one with donations is archived instead: 409)',
    request: { params },
    responses: {
      200: jsonBody(MessageSchema),
      ...notFound,
      ...notCreator,
      409: { description: `'${CHARITY_MSG.hasDonations}'`, ...errorBody },
    },
  });

  const find = async (c: Context<AppEnv>, id: number) => {
    const [row] = await selectCharities(c.get('db'))
      .where(and(eq(charities.id, id), area.scope(c)))
      .limit(1);
    return row ?? fail(404, CHARITY_MSG.notFound);
  };
  const detail = (c: Context<AppEnv>, row: CharityRow) => ({ ...charityJson(row), can_edit: area.mayEdit(c, row) });
  const editable = async (c: Context<AppEnv>, id: number) => {
    const row = await find(c, id);
    if (!area.mayEdit(c, row)) fail(403, CHARITY_MSG.notCreator);
    return row;
  };

  return new OpenAPIHono<AppEnv>()
    .openapi(get, async (c) => c.json(detail(c, await find(c, c.req.valid('param').id)), 200))
    .openapi(create, async (c) => {
      const body = c.req.valid('json');
      const db = c.get('db');
      const [row] = await db
        .insert(charities)
        .values({
          ...columnsOf(body),
          name: body.name,
          slug: await freeSlug(db, body.name),
          tenant_id: area.tenantOf(c),
          created_by: signedInUser(c).id,
        })
        .returning({ id: charities.id });
      return c.json(detail(c, await find(c, row!.id)), 201);
    })
    .openapi(patch, async (c) => {
      const { id } = c.req.valid('param');
      await editable(c, id);
      const values = columnsOf(c.req.valid('json'));
      if (Object.keys(values).length) await c.get('db').update(charities).set(values).where(eq(charities.id, id));
      return c.json(detail(c, await find(c, id)), 200);
    })
    .openapi(remove, async (c) => {
      const { id } = c.req.valid('param');
      await editable(c, id);
      const db = c.get('db');
      const [used] = await db.select({ n: count() }).from(orders).where(eq(orders.charity_id, id));
      if ((used?.n ?? 0) > 0) fail(409, CHARITY_MSG.hasDonations);
      await db.delete(charities).where(eq(charities.id, id));
      return c.json({ message: CHARITY_MSG.deleted }, 200);
    });
}

// ---- The charities dashboard ------------------------------------------------------------------

const CharityStatsSchema = z
  .object({
    charities: z.number().int(),
    by_status: z.record(z.enum(CHARITY_STATUSES), z.number().int()),
    raised_cents: z.number().int(),
    refunded_cents: z.number().int(),
    donations: z.number().int(),
    months: z.array(z.object({ month: z.string(), raised_cents: z.number().int(), donations: z.number().int() })),
    top: z.array(z.object({ id: z.number().int(), name: z.string(), raised_cents: z.number().int(), goal_cents: z.number().int() })),
  })
  .openapi('CharityStats');

const charityStats = defineRoute(PLATFORM, {
  method: 'get',
  path: '/api-super-admin/charity-stats/',
  summary: 'Charities by status, what they raised (less refunds), donations over the last 12 months, the top five',
  responses: { 200: jsonBody(CharityStatsSchema) },
});

/** The first day of each of the last 12 months (UTC), oldest first. */
function lastMonths(now: Date): string[] {
  return Array.from({ length: 12 }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1)).toISOString().slice(0, 7),
  );
}

const paidDonation = and(isDonation, eq(orders.status, 'success'));
const net = sql<number>`coalesce(sum(${orders.total_cents} - ${orders.refunded_cents}), 0)::int`;

export const adminCharityRoutes = new OpenAPIHono<AppEnv>()
  .route('/', platformCharities)
  .route('/', schoolCharities)
  .route('/', platformDonations)
  .route('/', schoolDonations)
  .route('/', charityRecordRoutes(PLATFORM_CHARITIES))
  .route('/', charityRecordRoutes(SCHOOL_CHARITIES))
  .openapi(charityStats, async (c) => {
    const db = c.get('db');
    const months = lastMonths(c.get('deps').now());
    const since = new Date(`${months[0]}-01T00:00:00Z`);
    const month = sql<string>`to_char(${orders.created_at} at time zone 'UTC', 'YYYY-MM')`;
    const [statusRows, [totals], monthRows, top] = await Promise.all([
      db.select({ status: charities.status, n: count() }).from(charities).groupBy(charities.status),
      db
        .select({
          raised: net,
          refunded: sql<number>`coalesce(sum(${orders.refunded_cents}), 0)::int`,
          n: sql<number>`(count(*) filter (where ${orders.refunded_cents} < ${orders.total_cents}))::int`,
        })
        .from(orders)
        .where(paidDonation),
      db
        .select({ month, raised: net, n: sql<number>`(count(*) filter (where ${orders.refunded_cents} < ${orders.total_cents}))::int` })
        .from(orders)
        .where(and(paidDonation, gte(orders.created_at, since)))
        .groupBy(sql`1`),
      db
        .select({ id: charities.id, name: charities.name, raised_cents: raisedCents, goal_cents: charities.goal_cents })
        .from(charities)
        .orderBy(sql`3 desc`, charities.id)
        .limit(5),
    ]);
    const byStatus = Object.fromEntries(CHARITY_STATUSES.map((s) => [s, 0])) as Record<(typeof CHARITY_STATUSES)[number], number>;
    for (const r of statusRows) byStatus[r.status] = r.n;
    return c.json(
      {
        charities: statusRows.reduce((a, r) => a + r.n, 0),
        by_status: byStatus,
        raised_cents: totals?.raised ?? 0,
        refunded_cents: totals?.refunded ?? 0,
        donations: totals?.n ?? 0,
        months: months.map((m) => {
          const r = monthRows.find((x) => x.month === m);
          return { month: m, raised_cents: r?.raised ?? 0, donations: r?.n ?? 0 };
        }),
        top,
      },
      200,
    );
  });
