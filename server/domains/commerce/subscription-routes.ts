// Subscriptions (see server/domains/commerce/subscriptions.ts for their states and the renewal job).
// Platform admin (upschool_admin):
//   /api-super-admin/subscription-plans/      plans (generated list; create, read, change, delete:
//                                             refused with a message while anyone subscribes)
//   /api-super-admin/subscription-variants/   each plan's prices: monthly or yearly, price,
//                                             currency, seats (the same, per variant)
//   /api-super-admin/subscriptions/           every school's or organization's subscription;
//                                             one with its charges; cancel at period end or resume
// A school or an organization (school_admin or organization_admin, on its own site):
//   GET  /api-admin/subscription/             its subscription, the plans on offer, its charges
//   POST /api-admin/subscription/             subscribe: a pending subscription and its first
//                                             order, paid at the provider (Idempotency-Key)
//   POST /api-admin/subscription/cancel/      cancel at period end, or resume
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { SUBSCRIPTION_INTERVALS, SUBSCRIPTION_STATUSES } from '../../../src/contract/domain';
import { PlanForm, PlanPatch, SubscribeBody, SUBS_MSG, VariantForm, VariantPatch } from '../../../src/contract/subscriptions';
import type { Queryable } from '../../db/client';
import { modes, orders, planModes, subscriptionPlans, subscriptionVariants, subscriptions, tenants, users } from '../../db/schema';
import { adminListRoutes, countAll, type DynamicSelect } from '../../http/admin-list';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, errorBody, jsonBody, signedInUser, jsonRequest, notFoundAnswer } from '../../http/route';
import { MessageSchema, Id } from '../../http/schemas';
import { orderKey } from './checkout';
import { liveSubscription, startSubscription } from './subscriptions';
import { PLATFORM, siteTenant, SCHOOL_AREA } from '../../http/access';
import { CheckoutAnswer, ProviderName } from './order-routes';
import { openPayment, paymentChoice, requireProvider } from './gateway';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const PLATFORM_CHANGE = { ...PLATFORM, outbox: true } as const;

// ---- Plans -------------------------------------------------------------------------------

export const AdminPlanSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    active: z.boolean(),
    mode_ids: z.array(z.number().int()),
    mode_names: z.array(z.string()),
    variant_count: z.number().int(),
    subscriber_count: z.number().int(),
    created_at: z.string(),
  })
  .openapi('AdminPlan');

// Written out in full: drizzle leaves columns unqualified in a one-table select, and inside these
// subqueries "id" would then mean the inner table's.
const LIVE = `"subscriptions"."status" in ('pending', 'active', 'past_due')`;
const planFields = {
  id: subscriptionPlans.id,
  name: subscriptionPlans.name,
  description: subscriptionPlans.description,
  active: subscriptionPlans.active,
  mode_ids: sql<
    number[]
  >`${sql.raw(`coalesce((select array_agg(pm.mode_id order by pm.mode_id) from plan_modes pm where pm.plan_id = "subscription_plans"."id"), '{}')`)}`,
  mode_names: sql<
    string[]
  >`${sql.raw(`coalesce((select array_agg(m.name order by m.sort_order) from plan_modes pm join modes m on m.id = pm.mode_id where pm.plan_id = "subscription_plans"."id"), '{}')`)}`,
  variant_count: sql<number>`${sql.raw(`(select count(*)::int from subscription_variants v where v.plan_id = "subscription_plans"."id")`)}`,
  subscriber_count: sql<number>`${sql.raw(`(select count(*)::int from subscriptions where "subscriptions"."plan_id" = "subscription_plans"."id" and ${LIVE})`)}`,
  created_at: subscriptionPlans.created_at,
};
type PlanRow = {
  [K in keyof typeof planFields]: K extends 'created_at'
    ? Date
    : K extends 'active'
      ? boolean
      : K extends 'name' | 'description'
        ? string
        : K extends 'mode_ids'
          ? number[]
          : K extends 'mode_names'
            ? string[]
            : number;
} & { id: number };
const planJson = (p: PlanRow): z.infer<typeof AdminPlanSchema> => ({
  ...p,
  mode_ids: p.mode_ids.map(Number),
  created_at: p.created_at.toISOString(),
});

const plansList = adminListRoutes({
  name: 'plans',
  path: '/api-super-admin/subscription-plans/',
  summary: 'Subscription plans, the modes each unlocks, their variants and subscribers',
  access: PLATFORM,
  row: AdminPlanSchema,
  filters: { active: z.enum(['true', 'false']).optional() },
  where: (_c, q) => (q.active ? eq(subscriptionPlans.active, q.active === 'true') : undefined),
  search: [subscriptionPlans.name, subscriptionPlans.description],
  date: subscriptionPlans.created_at,
  sorts: { name: subscriptionPlans.name, created_at: subscriptionPlans.created_at },
  defaultSort: 'name',
  id: subscriptionPlans.id,
  select: (db) => db.select(planFields).from(subscriptionPlans).$dynamic() as unknown as DynamicSelect<PlanRow>,
  countFrom: (db) => db.select(countAll()).from(subscriptionPlans).$dynamic() as unknown as DynamicSelect<{ n: number }>,
  json: planJson,
  csv: [
    ['id', (p) => p.id],
    ['name', (p) => p.name],
    ['description', (p) => p.description],
    ['on_offer', (p) => p.active],
    ['modes', (p) => p.mode_names.join('; ')],
    ['variants', (p) => p.variant_count],
    ['subscribers', (p) => p.subscriber_count],
    ['created_at', (p) => p.created_at.toISOString()],
  ],
});

async function planOr404(db: Queryable, id: number) {
  const [row] = await db.select(planFields).from(subscriptionPlans).where(eq(subscriptionPlans.id, id)).limit(1);
  return row ? planJson(row as PlanRow) : fail(404, 'There is no such plan.');
}

async function setPlanModes(db: Queryable, planId: number, modeIds: number[]) {
  if (modeIds.length) {
    const found = await db.select({ id: modes.id }).from(modes).where(inArray(modes.id, modeIds));
    if (found.length !== modeIds.length) fail(400, 'mode_ids: Choose from the list', { errors: { mode_ids: ['Choose from the list'] } });
  }
  await db.delete(planModes).where(eq(planModes.plan_id, planId));
  if (modeIds.length) await db.insert(planModes).values(modeIds.map((mode_id) => ({ plan_id: planId, mode_id })));
}

const planId = { params: z.object({ id: Id }) };
const createPlan = defineRoute(PLATFORM_CHANGE, {
  method: 'post',
  path: '/api-super-admin/subscription-plans/',
  summary: 'Add a plan with the modes it unlocks',
  request: jsonRequest(PlanForm),
  responses: { 201: jsonBody(AdminPlanSchema, 'Created'), 400: { description: 'Invalid', ...errorBody } },
});
const getPlan = defineRoute(PLATFORM, {
  method: 'get',
  path: '/api-super-admin/subscription-plans/{id}/',
  summary: 'One plan',
  request: planId,
  responses: { 200: jsonBody(AdminPlanSchema), ...notFoundAnswer('No such plan') },
});
const patchPlan = defineRoute(PLATFORM_CHANGE, {
  method: 'patch',
  path: '/api-super-admin/subscription-plans/{id}/',
  summary: 'Change a plan: only the fields sent (active=false archives it)',
  request: { ...planId, ...jsonRequest(PlanPatch) },
  responses: { 200: jsonBody(AdminPlanSchema), ...notFoundAnswer('No such plan') },
});
const deletePlan = defineRoute(PLATFORM_CHANGE, {
  method: 'delete',
  path: '/api-super-admin/subscription-plans/{id}/',
  summary: 'Delete a plan nobody ever subscribed to (else 409: archive it instead)',
  request: planId,
  responses: {
    200: jsonBody(MessageSchema),
    ...notFoundAnswer('No such plan'),
    409: { description: 'It has subscribers', ...errorBody },
  },
});

// ---- Variants ----------------------------------------------------------------------------

export const AdminVariantSchema = z
  .object({
    id: z.number().int(),
    plan_id: z.number().int(),
    plan_name: z.string(),
    interval: z.enum(SUBSCRIPTION_INTERVALS),
    price_cents: z.number().int(),
    currency: z.string(),
    seats: z.number().int(),
    active: z.boolean(),
    subscriber_count: z.number().int(),
    created_at: z.string(),
  })
  .openapi('AdminVariant');

const variantFields = {
  id: subscriptionVariants.id,
  plan_id: subscriptionVariants.plan_id,
  plan_name: subscriptionPlans.name,
  interval: subscriptionVariants.interval,
  price_cents: subscriptionVariants.price_cents,
  currency: subscriptionVariants.currency,
  seats: subscriptionVariants.seats,
  active: subscriptionVariants.active,
  subscriber_count: sql<number>`${sql.raw(`(select count(*)::int from subscriptions where "subscriptions"."variant_id" = "subscription_variants"."id" and ${LIVE})`)}`,
  created_at: subscriptionVariants.created_at,
};
type VariantRow = Omit<z.infer<typeof AdminVariantSchema>, 'created_at'> & { created_at: Date };
const variantJson = (v: VariantRow): z.infer<typeof AdminVariantSchema> => ({ ...v, created_at: v.created_at.toISOString() });

const variantsList = adminListRoutes({
  name: 'variants',
  path: '/api-super-admin/subscription-variants/',
  summary: "Each plan's variants: monthly or yearly, price, currency, seats",
  access: PLATFORM,
  row: AdminVariantSchema,
  filters: { plan_id: Id.optional(), interval: z.enum(SUBSCRIPTION_INTERVALS).optional(), active: z.enum(['true', 'false']).optional() },
  where: (_c, q) =>
    and(
      q.plan_id ? eq(subscriptionVariants.plan_id, q.plan_id) : undefined,
      q.interval ? eq(subscriptionVariants.interval, q.interval) : undefined,
      q.active ? eq(subscriptionVariants.active, q.active === 'true') : undefined,
    ),
  search: [subscriptionPlans.name],
  date: subscriptionVariants.created_at,
  sorts: {
    plan_name: subscriptionPlans.name,
    price_cents: subscriptionVariants.price_cents,
    seats: subscriptionVariants.seats,
    created_at: subscriptionVariants.created_at,
  },
  defaultSort: 'plan_name',
  id: subscriptionVariants.id,
  select: (db) =>
    db
      .select(variantFields)
      .from(subscriptionVariants)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptionVariants.plan_id))
      .$dynamic() as unknown as DynamicSelect<VariantRow>,
  countFrom: (db) =>
    db
      .select(countAll())
      .from(subscriptionVariants)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptionVariants.plan_id))
      .$dynamic() as unknown as DynamicSelect<{ n: number }>,
  json: variantJson,
  csv: [
    ['id', (v) => v.id],
    ['plan', (v) => v.plan_name],
    ['interval', (v) => v.interval],
    ['price', (v) => (v.price_cents / 100).toFixed(2)],
    ['currency', (v) => v.currency],
    ['seats', (v) => v.seats],
    ['on_offer', (v) => v.active],
    ['subscribers', (v) => v.subscriber_count],
  ],
});

async function variantOr404(db: Queryable, id: number) {
  const [row] = await db
    .select(variantFields)
    .from(subscriptionVariants)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptionVariants.plan_id))
    .where(eq(subscriptionVariants.id, id))
    .limit(1);
  return row ? variantJson(row as VariantRow) : fail(404, 'There is no such variant.');
}
async function planExists(db: Queryable, id: number) {
  const [row] = await db.select({ id: subscriptionPlans.id }).from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
  if (!row) fail(400, 'plan_id: Choose a plan', { errors: { plan_id: ['Choose a plan'] } });
}

const createVariant = defineRoute(PLATFORM_CHANGE, {
  method: 'post',
  path: '/api-super-admin/subscription-variants/',
  summary: "Add a plan's variant (price as 29.00)",
  request: jsonRequest(VariantForm),
  responses: { 201: jsonBody(AdminVariantSchema, 'Created'), 400: { description: 'Invalid', ...errorBody } },
});
const getVariant = defineRoute(PLATFORM, {
  method: 'get',
  path: '/api-super-admin/subscription-variants/{id}/',
  summary: 'One variant',
  request: planId,
  responses: { 200: jsonBody(AdminVariantSchema), ...notFoundAnswer('No such variant') },
});
const patchVariant = defineRoute(PLATFORM_CHANGE, {
  method: 'patch',
  path: '/api-super-admin/subscription-variants/{id}/',
  summary: 'Change a variant: only the fields sent (renewals charge the new price from their next period)',
  request: { ...planId, ...jsonRequest(VariantPatch) },
  responses: { 200: jsonBody(AdminVariantSchema), ...notFoundAnswer('No such variant') },
});
const deleteVariant = defineRoute(PLATFORM_CHANGE, {
  method: 'delete',
  path: '/api-super-admin/subscription-variants/{id}/',
  summary: 'Delete a variant nobody ever subscribed to (else 409: archive it instead)',
  request: planId,
  responses: {
    200: jsonBody(MessageSchema),
    ...notFoundAnswer('No such variant'),
    409: { description: 'It has subscribers', ...errorBody },
  },
});

// ---- Subscriptions -----------------------------------------------------------------------

export const SubscriptionSchema = z
  .object({
    id: z.number().int(),
    tenant_id: z.number().int(),
    tenant_name: z.string(),
    is_organization: z.boolean(),
    plan_id: z.number().int(),
    plan_name: z.string(),
    interval: z.enum(SUBSCRIPTION_INTERVALS).nullable(),
    price_cents: z.number().int().nullable(),
    currency: z.string().nullable(),
    seats: z.number().int().nullable(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    provider: z.string().nullable(),
    current_period_start: z.string().nullable(),
    current_period_end: z.string(),
    cancel_at_period_end: z.boolean(),
    grace_until: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('Subscription');

const subFields = {
  id: subscriptions.id,
  tenant_id: subscriptions.tenant_id,
  tenant_name: tenants.school_name,
  is_organization: tenants.is_organization,
  plan_id: subscriptions.plan_id,
  plan_name: subscriptionPlans.name,
  interval: subscriptionVariants.interval,
  price_cents: subscriptionVariants.price_cents,
  currency: subscriptionVariants.currency,
  seats: subscriptionVariants.seats,
  status: subscriptions.status,
  provider: subscriptions.provider,
  current_period_start: subscriptions.current_period_start,
  current_period_end: subscriptions.current_period_end,
  cancel_at_period_end: subscriptions.cancel_at_period_end,
  grace_until: subscriptions.grace_until,
  created_at: subscriptions.created_at,
};
type SubRow = Omit<z.infer<typeof SubscriptionSchema>, 'current_period_start' | 'current_period_end' | 'grace_until' | 'created_at'> & {
  current_period_start: Date | null;
  current_period_end: Date;
  grace_until: Date | null;
  created_at: Date;
};
const subJson = (s: SubRow): z.infer<typeof SubscriptionSchema> => ({
  ...s,
  current_period_start: iso(s.current_period_start),
  current_period_end: s.current_period_end.toISOString(),
  grace_until: iso(s.grace_until),
  created_at: s.created_at.toISOString(),
});
const subSelect = (db: Queryable) =>
  db
    .select(subFields)
    .from(subscriptions)
    .innerJoin(tenants, eq(tenants.id, subscriptions.tenant_id))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.plan_id))
    .leftJoin(subscriptionVariants, eq(subscriptionVariants.id, subscriptions.variant_id));

const subsList = adminListRoutes({
  name: 'subscriptions',
  path: '/api-super-admin/subscriptions/',
  summary: "Every school's or organization's subscription",
  access: PLATFORM,
  row: SubscriptionSchema,
  filters: { status: z.enum(SUBSCRIPTION_STATUSES).optional(), tenant_id: Id.optional(), plan_id: Id.optional() },
  where: (_c, q) =>
    and(
      q.status ? eq(subscriptions.status, q.status) : undefined,
      q.tenant_id ? eq(subscriptions.tenant_id, q.tenant_id) : undefined,
      q.plan_id ? eq(subscriptions.plan_id, q.plan_id) : undefined,
    ),
  search: [tenants.school_name, subscriptionPlans.name],
  date: subscriptions.created_at,
  sorts: { created_at: subscriptions.created_at, current_period_end: subscriptions.current_period_end, tenant_name: tenants.school_name },
  defaultSort: '-created_at',
  id: subscriptions.id,
  select: (db) => subSelect(db).$dynamic() as unknown as DynamicSelect<SubRow>,
  countFrom: (db) =>
    db
      .select(countAll())
      .from(subscriptions)
      .innerJoin(tenants, eq(tenants.id, subscriptions.tenant_id))
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.plan_id))
      .$dynamic() as unknown as DynamicSelect<{ n: number }>,
  json: subJson,
  csv: [
    ['id', (s) => s.id],
    ['tenant', (s) => s.tenant_name],
    ['plan', (s) => s.plan_name],
    ['interval', (s) => s.interval],
    ['price', (s) => (s.price_cents === null ? null : (s.price_cents / 100).toFixed(2))],
    ['currency', (s) => s.currency],
    ['seats', (s) => s.seats],
    ['status', (s) => s.status],
    ['current_period_end', (s) => s.current_period_end.toISOString()],
    ['cancel_at_period_end', (s) => s.cancel_at_period_end],
    ['grace_until', (s) => s.grace_until?.toISOString()],
  ],
});

export const ChargeSchema = z
  .object({
    order_id: z.number().int(),
    status: z.enum(['success', 'failed', 'cancelled', 'pending']),
    total_cents: z.number().int(),
    currency: z.string(),
    description: z.string().nullable(),
    created_at: z.string(),
    invoice_url: z.string().openapi({ description: 'The invoice page (opens without signing in)' }),
  })
  .openapi('SubscriptionCharge');

async function chargesOf(db: Queryable, secret: string, where: ReturnType<typeof eq>) {
  const rows = await db
    .select({
      order_id: orders.id,
      status: orders.status,
      total_cents: orders.total_cents,
      currency: orders.currency,
      description: orders.description,
      created_at: orders.created_at,
    })
    .from(orders)
    .where(and(eq(orders.kind, 'subscription'), where))
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(100);
  return rows.map((r) => ({
    ...r,
    created_at: r.created_at.toISOString(),
    invoice_url: `/invoice/subscription/${r.order_id}?key=${orderKey(secret, r.order_id)}`,
  }));
}

const SubscriptionDetail = SubscriptionSchema.extend({ charges: z.array(ChargeSchema) }).openapi('SubscriptionDetail');
const getSub = defineRoute(PLATFORM, {
  method: 'get',
  path: '/api-super-admin/subscriptions/{id}/',
  summary: 'One subscription with its charges',
  request: planId,
  responses: { 200: jsonBody(SubscriptionDetail), ...notFoundAnswer('No such subscription') },
});
const CancelBody = z.object({ cancel: z.boolean({ error: 'cancel must be true (end at period end) or false (renew again)' }) });
const cancelSub = defineRoute(PLATFORM_CHANGE, {
  method: 'post',
  path: '/api-super-admin/subscriptions/{id}/cancel/',
  summary: 'Cancel at period end (cancel=true), or renew again (cancel=false)',
  request: { ...planId, ...jsonRequest(CancelBody) },
  responses: { 200: jsonBody(MessageSchema), ...notFoundAnswer('No such live subscription') },
});

// ---- A school's or an organization's own ---------------------------------------------------

const OfferSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    mode_names: z.array(z.string()),
    variants: z.array(
      z.object({
        id: z.number().int(),
        interval: z.enum(SUBSCRIPTION_INTERVALS),
        price_cents: z.number().int(),
        currency: z.string(),
        seats: z.number().int(),
      }),
    ),
  })
  .openapi('PlanOffer');
const OwnSubscription = z
  .object({
    current: z.union([SubscriptionSchema, z.null()]),
    plans: z.array(OfferSchema),
    charges: z.array(ChargeSchema),
    /** The providers a subscription can be paid with here (none: nothing can be paid). */
    providers: z.array(ProviderName),
  })
  .openapi('OwnSubscription');

const getOwn = defineRoute(SCHOOL_AREA, {
  method: 'get',
  path: '/api-admin/subscription/',
  summary: "This school's (or organization's) subscription, the plans on offer and its charges",
  responses: { 200: jsonBody(OwnSubscription) },
});
const subscribe = defineRoute(
  { ...SCHOOL_AREA, outbox: true },
  {
    method: 'post',
    path: '/api-admin/subscription/',
    summary: 'Subscribe to a plan variant: its first period is paid at the provider (send an Idempotency-Key)',
    request: jsonRequest(SubscribeBody),
    responses: {
      201: jsonBody(CheckoutAnswer, 'Created'),
      ...notFoundAnswer('The variant is not on offer'),
      409: { description: 'Already subscribed', ...errorBody },
    },
  },
);
const cancelOwn = defineRoute(
  { ...SCHOOL_AREA, outbox: true },
  {
    method: 'post',
    path: '/api-admin/subscription/cancel/',
    summary: 'Cancel at period end (cancel=true), or renew again (cancel=false)',
    request: jsonRequest(CancelBody),
    responses: { 200: jsonBody(MessageSchema), ...notFoundAnswer('No live subscription') },
  },
);

/** The tenant's current subscription: its live one, else its latest. */
async function currentOf(db: Queryable, tenantId: number, now: Date) {
  const [live] = await subSelect(db)
    .where(and(eq(subscriptions.tenant_id, tenantId), inArray(subscriptions.status, ['active', 'past_due'])))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  if (live) return live as SubRow;
  const [latest] = await subSelect(db).where(eq(subscriptions.tenant_id, tenantId)).orderBy(desc(subscriptions.id)).limit(1);
  void now;
  return (latest as SubRow | undefined) ?? null;
}

async function setCancel(c: Context<AppEnv>, where: ReturnType<typeof and>, cancel: boolean) {
  const moved = await c
    .get('db')
    .update(subscriptions)
    .set({ cancel_at_period_end: cancel })
    .where(and(where, inArray(subscriptions.status, ['active', 'past_due'])))
    .returning({ id: subscriptions.id });
  if (!moved.length) fail(404, 'There is no live subscription to change.');
  return c.json({ message: cancel ? SUBS_MSG.cancelled : SUBS_MSG.resumed }, 200);
}

async function offers(db: Queryable) {
  const plans = await db
    .select({ id: planFields.id, name: planFields.name, description: planFields.description, mode_names: planFields.mode_names })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.active, true))
    .orderBy(asc(subscriptionPlans.name));
  const variants = await db
    .select({
      id: subscriptionVariants.id,
      plan_id: subscriptionVariants.plan_id,
      interval: subscriptionVariants.interval,
      price_cents: subscriptionVariants.price_cents,
      currency: subscriptionVariants.currency,
      seats: subscriptionVariants.seats,
    })
    .from(subscriptionVariants)
    .where(eq(subscriptionVariants.active, true))
    .orderBy(asc(subscriptionVariants.price_cents));
  return plans
    .map((p) => ({ ...p, variants: variants.filter((v) => v.plan_id === p.id).map(({ plan_id: _, ...v }) => v) }))
    .filter((p) => p.variants.length);
}

export const adminSubscriptionRoutes = new OpenAPIHono<AppEnv>()
  .route('/', plansList)
  .route('/', variantsList)
  .route('/', subsList)
  .openapi(createPlan, async (c) => {
    const p = c.req.valid('json');
    const [row] = await c
      .get('db')
      .insert(subscriptionPlans)
      .values({ name: p.name, description: p.description, active: p.active === 'true' })
      .returning({ id: subscriptionPlans.id });
    await setPlanModes(c.get('db'), row!.id, p.mode_ids);
    return c.json(await planOr404(c.get('db'), row!.id), 201);
  })
  .openapi(getPlan, async (c) => c.json(await planOr404(c.get('db'), c.req.valid('param').id), 200))
  .openapi(patchPlan, async (c) => {
    const { id } = c.req.valid('param');
    await planOr404(c.get('db'), id);
    const p = c.req.valid('json');
    const set = {
      ...(p.name !== undefined ? { name: p.name } : {}),
      ...(p.description !== undefined ? { description: p.description } : {}),
      ...(p.active !== undefined ? { active: p.active === 'true' } : {}),
    };
    if (Object.keys(set).length) await c.get('db').update(subscriptionPlans).set(set).where(eq(subscriptionPlans.id, id));
    if (p.mode_ids !== undefined) await setPlanModes(c.get('db'), id, p.mode_ids);
    return c.json(await planOr404(c.get('db'), id), 200);
  })
  .openapi(deletePlan, async (c) => {
    const { id } = c.req.valid('param');
    await planOr404(c.get('db'), id);
    const [used] = await c.get('db').select(countAll()).from(subscriptions).where(eq(subscriptions.plan_id, id));
    if (Number(used?.n) > 0) fail(409, SUBS_MSG.planHasSubscribers);
    await c.get('db').delete(subscriptionVariants).where(eq(subscriptionVariants.plan_id, id));
    await c.get('db').delete(subscriptionPlans).where(eq(subscriptionPlans.id, id));
    return c.json({ message: SUBS_MSG.planDeleted }, 200);
  })
  .openapi(createVariant, async (c) => {
    const v = c.req.valid('json');
    await planExists(c.get('db'), v.plan_id);
    const [row] = await c
      .get('db')
      .insert(subscriptionVariants)
      .values({
        plan_id: v.plan_id,
        interval: v.interval,
        price_cents: v.price,
        currency: v.currency,
        seats: v.seats,
        active: v.active === 'true',
      })
      .returning({ id: subscriptionVariants.id });
    return c.json(await variantOr404(c.get('db'), row!.id), 201);
  })
  .openapi(getVariant, async (c) => c.json(await variantOr404(c.get('db'), c.req.valid('param').id), 200))
  .openapi(patchVariant, async (c) => {
    const { id } = c.req.valid('param');
    await variantOr404(c.get('db'), id);
    const v = c.req.valid('json');
    if (v.plan_id !== undefined) await planExists(c.get('db'), v.plan_id);
    const set = {
      ...(v.plan_id !== undefined ? { plan_id: v.plan_id } : {}),
      ...(v.interval !== undefined ? { interval: v.interval } : {}),
      ...(v.price !== undefined ? { price_cents: v.price } : {}),
      ...(v.currency !== undefined ? { currency: v.currency } : {}),
      ...(v.seats !== undefined ? { seats: v.seats } : {}),
      ...(v.active !== undefined ? { active: v.active === 'true' } : {}),
    };
    if (Object.keys(set).length) await c.get('db').update(subscriptionVariants).set(set).where(eq(subscriptionVariants.id, id));
    return c.json(await variantOr404(c.get('db'), id), 200);
  })
  .openapi(deleteVariant, async (c) => {
    const { id } = c.req.valid('param');
    await variantOr404(c.get('db'), id);
    const [used] = await c.get('db').select(countAll()).from(subscriptions).where(eq(subscriptions.variant_id, id));
    if (Number(used?.n) > 0) fail(409, SUBS_MSG.variantHasSubscribers);
    await c.get('db').delete(subscriptionVariants).where(eq(subscriptionVariants.id, id));
    return c.json({ message: SUBS_MSG.variantDeleted }, 200);
  })
  .openapi(getSub, async (c) => {
    const { id } = c.req.valid('param');
    const [row] = await subSelect(c.get('db')).where(eq(subscriptions.id, id)).limit(1);
    if (!row) fail(404, 'There is no such subscription.');
    const charges = await chargesOf(c.get('db'), c.get('deps').keys.master, eq(orders.subscription_id, id));
    return c.json({ ...subJson(row as SubRow), charges }, 200);
  })
  .openapi(cancelSub, async (c) => setCancel(c, eq(subscriptions.id, c.req.valid('param').id), c.req.valid('json').cancel) as never)
  .openapi(getOwn, async (c) => {
    const tenantId = siteTenant(c).id;
    const now = c.get('deps').now();
    const [current, plans, charges] = await Promise.all([
      currentOf(c.get('db'), tenantId, now),
      offers(c.get('db')),
      chargesOf(c.get('db'), c.get('deps').keys.master, eq(orders.tenant_id, tenantId)),
    ]);
    return c.json({ current: current ? subJson(current) : null, plans, charges, providers: paymentChoice(c.get('deps')).providers }, 200);
  })
  .openapi(subscribe, async (c) => {
    const user = signedInUser(c);
    const tenant = siteTenant(c);
    const { variant_id, provider } = c.req.valid('json');
    requireProvider(c.get('deps'), provider);
    const now = c.get('deps').now();
    const [live] = await c
      .get('db')
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.tenant_id, tenant.id), liveSubscription(now)))
      .limit(1);
    if (live) fail(409, SUBS_MSG.alreadySubscribed);
    const [me] = await c.get('db').select({ email: users.email }).from(users).where(eq(users.id, user.id));
    const started = await startSubscription(c.get('db'), {
      tenantId: tenant.id,
      userId: user.id,
      email: me?.email ?? tenant.school_email,
      variantId: variant_id,
      provider,
      now,
    });
    if (!started) fail(404, SUBS_MSG.notOnOffer);
    // The route's transaction rolls the subscription back when the provider refuses or fails.
    const redirect = await openPayment(c, {
      provider,
      ref: started.ref,
      amountCents: started.amountCents,
      currency: started.currency,
      description: started.description,
      email: me?.email ?? tenant.school_email,
      saveForRenewals: true,
    });
    return c.json({ order_id: started.orderId, key: orderKey(c.get('deps').keys.master, started.orderId), redirect_url: redirect }, 201);
  })
  .openapi(cancelOwn, async (c) => setCancel(c, eq(subscriptions.tenant_id, siteTenant(c).id), c.req.valid('json').cancel) as never);
