// Class tablets for offline sign-in (issue 27). Staff, online: enrol a tablet for classes they
// teach (POST /tablets/), list a class's tablets (GET /classes/{id}/tablets/), renew or revoke one
// (POST /tablets/{id}/renew/, /revoke/). The tablet itself, with requests signed by its key: its
// classes' sign-in grid and password verifiers (POST /tablets/{id}/sign-in-data/), and the
// exchange of a child's offline session for a real one (POST /tablets/{id}/exchange/), or of
// many in one request when the network returns (POST /tablets/{id}/exchange-batch/). A teacher
// signed in on a revoked or expired tablet accepts its waiting sign-ins of their own classes'
// children (POST /tablets/{id}/accept-waiting/): each child then sends their work as themselves.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  CLOCK_SKEW_MS,
  ENROLMENT_DAYS,
  EXCHANGE_BATCH_MAX,
  EnrolTabletRequest,
  ExchangeBatchRequest,
  ExchangeRequest,
  TABLET_MSG,
  TabletDataRequest,
  dataMessage,
  exchangeMessage,
} from '../../../src/contract/tablet';
import { classes, students, tabletClasses, tabletEnrolments, users } from '../../db/schema';
import type { Queryable } from '../../db/client';
import type { AppEnv, AuthUser } from '../../http/env';
import { ApiError, fail } from '../../http/errors';
import { defineRoute, errorBody, jsonBody, jsonRequest, notFoundAnswer, signedInUser } from '../../http/route';
import { IdParam, UserSchema } from '../../http/schemas';
import { CLASS_STAFF, siteTenant } from '../../http/access';
import { startSession } from '../auth/sessions';
import { findUser } from '../auth/users';
import { assertNotLocked, deviceLimit, networkLimits, recordFailure, type Limit } from '../auth/rate-limit';
import { classScope } from './queries';
import { assertSigned, currentVerifiers, passwordUnchanged, usableEnrolment, useNonce, validSignature, type Enrolment } from './tablets';

const DAY_MS = 24 * 60 * 60_000;

const Tablet = z
  .object({
    id: z.string(),
    name: z.string(),
    created_at: z.string(),
    expires_at: z.string(),
    revoked_at: z.string().nullable(),
    last_seen_at: z.string().nullable(),
    classes: z.array(z.object({ id: z.number().int(), name: z.string(), class_id: z.string() })),
  })
  .openapi('Tablet');

const TabletIdParam = z.object({ id: z.uuid('Not a tablet.') });

const enrol = defineRoute(
  { roles: CLASS_STAFF, site: 'tenant' },
  {
    method: 'post',
    path: '/tablets/',
    summary: 'Enrol this device for offline sign-in in classes the caller teaches (its public key; it lasts a term)',
    request: jsonRequest(EnrolTabletRequest),
    responses: { 201: jsonBody(Tablet, 'Enrolled'), ...notFoundAnswer('A class is not one of yours') },
  },
);

const classTablets = defineRoute(
  { roles: CLASS_STAFF, site: 'tenant' },
  {
    method: 'get',
    path: '/classes/{id}/tablets/',
    summary: "The tablets enrolled for a class (newest first, revoked ones too), for the class's staff",
    request: { params: IdParam },
    responses: {
      200: jsonBody(z.object({ results: z.array(Tablet) }).openapi('TabletList')),
      ...notFoundAnswer('Not one of your classes'),
    },
  },
);

const tabletAction = (action: 'renew' | 'revoke') =>
  defineRoute(
    { roles: CLASS_STAFF, site: 'tenant' },
    {
      method: 'post',
      path: `/tablets/{id}/${action}/`,
      summary:
        action === 'renew'
          ? `Renew a tablet's enrolment for another ${ENROLMENT_DAYS} days (staff of one of its classes)`
          : 'Revoke a tablet: it signs no one in and exchanges nothing any more (staff of one of its classes)',
      request: { params: TabletIdParam },
      responses: { 200: jsonBody(Tablet), ...notFoundAnswer('No such tablet in your classes') },
    },
  );

const GridStudent = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    username: z.string(),
    avatar: z.string().nullable(),
    verifier: z.object({ salt: z.string(), iterations: z.number().int(), hash: z.string() }),
  })
  .openapi('TabletStudent');

const SignInData = z
  .object({
    id: z.string(),
    name: z.string(),
    expires_at: z.string(),
    classes: z.array(
      z.object({ id: z.number().int(), name: z.string(), class_id: z.string(), class_theme: z.string(), students: z.array(GridStudent) }),
    ),
  })
  .openapi('TabletSignInData');

const tabletRefusals = {
  401: { description: 'The signature does not check', ...errorBody },
  403: { description: 'The tablet was revoked or its enrolment expired (`code` says which)', ...errorBody },
  404: { description: 'No such tablet on this site', ...errorBody },
  409: { description: 'This signed request was used already (a replay)', ...errorBody },
  429: { description: 'Too many refused tablet requests from this device or network', ...errorBody },
};

const signInData = defineRoute(
  { roles: 'anyone', site: 'tenant' },
  {
    method: 'post',
    path: '/tablets/{id}/sign-in-data/',
    summary: "An enrolled tablet's classes: the sign-in grid and each child's password verifier (signed by the tablet)",
    request: { params: TabletIdParam, ...jsonRequest(TabletDataRequest) },
    responses: { 200: jsonBody(SignInData), ...tabletRefusals },
  },
);

const exchange = defineRoute(
  { roles: 'anyone', site: 'tenant' },
  {
    method: 'post',
    path: '/tablets/{id}/exchange/',
    summary: "A child's offline sign-in on an enrolled tablet, exchanged for a real session (signed by the tablet)",
    description:
      'Accepted only for a child of a class the tablet is enrolled for, within its enrolment, with the password unchanged since the offline sign-in, once per nonce. Refused: nothing is written.',
    request: { params: TabletIdParam, ...jsonRequest(ExchangeRequest) },
    responses: {
      200: jsonBody(z.object({ access: z.string(), refresh: z.string(), user: UserSchema }).openapi('TabletExchangeAnswer'), 'Signed in'),
      ...tabletRefusals,
      403: { description: 'Revoked, expired, not a child of an enrolled class, or the password changed (`code` says which)', ...errorBody },
    },
  },
);

const ExchangeItem = z
  .object({
    student_id: z.number().int(),
    nonce: z.string(),
    /** 200: exchanged (access, refresh, user); otherwise the refusal's status, message and code. */
    status: z.number().int(),
    access: z.string().optional(),
    refresh: z.string().optional(),
    user: UserSchema.optional(),
    message: z.string().optional(),
    code: z.string().optional(),
  })
  .openapi('TabletExchangeResult');
const ExchangeBatchAnswer = z.object({ results: z.array(ExchangeItem) }).openapi('TabletExchangeBatchAnswer');

const exchangeBatch = defineRoute(
  { roles: 'anyone', site: 'tenant' },
  {
    method: 'post',
    path: '/tablets/{id}/exchange-batch/',
    summary: `Up to ${EXCHANGE_BATCH_MAX} offline sign-ins of an enrolled tablet exchanged in one request (each signed by the tablet)`,
    description:
      'Each sign-in is checked as POST /tablets/{id}/exchange/ checks one, in order, and answered on its own: a session, or its refusal (status, message, code) with nothing written for it. A refusal stops no other. A revoked or expired tablet is refused as a whole.',
    request: { params: TabletIdParam, ...jsonRequest(ExchangeBatchRequest) },
    responses: { 200: jsonBody(ExchangeBatchAnswer, 'One answer per sign-in, in order'), ...tabletRefusals },
  },
);

const acceptWaiting = defineRoute(
  { roles: CLASS_STAFF, site: 'tenant' },
  {
    method: 'post',
    path: '/tablets/{id}/accept-waiting/',
    summary: "A teacher accepts a revoked or expired tablet's waiting offline sign-ins of children in their classes",
    description:
      "Signed in on the tablet, staff of a class it was enrolled for vouch for its waiting sign-ins: each is checked as an exchange is (the tablet's signature, once per nonce, the password unchanged), except that the tablet may be revoked or expired; only a child of the caller's own classes, signed in before the revocation. Each child gets their own session, so their work is sent as them.",
    request: { params: TabletIdParam, ...jsonRequest(ExchangeBatchRequest) },
    responses: {
      200: jsonBody(ExchangeBatchAnswer, 'One answer per sign-in, in order'),
      ...tabletRefusals,
      ...notFoundAnswer('No such tablet in your classes'),
    },
  },
);

type ClassRow = { id: number; name: string; class_id: string };

async function tabletsJson(db: Queryable, rows: (typeof tabletEnrolments.$inferSelect)[]) {
  const links = rows.length
    ? await db
        .select({ enrolment_id: tabletClasses.enrolment_id, id: classes.id, name: classes.name, class_id: classes.class_id })
        .from(tabletClasses)
        .innerJoin(classes, eq(classes.id, tabletClasses.class_id))
        .where(
          and(
            inArray(
              tabletClasses.enrolment_id,
              rows.map((r) => r.id),
            ),
            isNull(classes.deleted_at),
          ),
        )
        .orderBy(asc(classes.name))
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    created_at: r.created_at.toISOString(),
    expires_at: r.expires_at.toISOString(),
    revoked_at: r.revoked_at?.toISOString() ?? null,
    last_seen_at: r.last_seen_at?.toISOString() ?? null,
    classes: links.filter((l) => l.enrolment_id === r.id).map(({ id, name, class_id }): ClassRow => ({ id, name, class_id })),
  }));
}

/** Refusals of a tablet's signed requests are counted like wrong passwords (per device, address, site). */
function tabletLimits(c: Parameters<typeof networkLimits>[0]) {
  return [...deviceLimit(c, 'tablet'), ...networkLimits(c, 'tablet')];
}

export const tabletRoutes = new OpenAPIHono<AppEnv>()
  .openapi(enrol, async (c) => {
    const tenant = siteTenant(c);
    const me = signedInUser(c);
    const body = c.req.valid('json');
    const db = c.get('db');
    const now = c.get('deps').now();
    const ids = [...new Set(body.class_ids)];
    const mine = await db
      .select({ id: classes.id })
      .from(classes)
      .where(and(inArray(classes.id, ids), classScope(tenant, me)));
    // A class outside the caller's care is simply not found, as everywhere in the roster.
    if (mine.length !== ids.length) fail(404, TABLET_MSG.noClasses, { error: TABLET_MSG.noClasses });
    const id = randomUUID();
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(tabletEnrolments)
        .values({
          id,
          tenant_id: tenant.id,
          name: body.name,
          public_key: body.public_key,
          enrolled_by: me.id,
          created_at: now,
          expires_at: new Date(now.getTime() + ENROLMENT_DAYS * DAY_MS),
        })
        .returning();
      await tx.insert(tabletClasses).values(ids.map((class_id) => ({ enrolment_id: id, class_id })));
      return created!;
    });
    const [json] = await tabletsJson(db, [row]);
    return c.json(json!, 201);
  })
  .openapi(classTablets, async (c) => {
    const tenant = siteTenant(c);
    const db = c.get('db');
    const [cls] = await db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.id, c.req.valid('param').id), classScope(tenant, signedInUser(c))));
    if (!cls) fail(404, 'Class not found');
    const rows = await db
      .select()
      .from(tabletEnrolments)
      .where(
        and(
          eq(tabletEnrolments.tenant_id, tenant.id),
          sql`${tabletEnrolments.id} in (select ${tabletClasses.enrolment_id} from ${tabletClasses} where ${tabletClasses.class_id} = ${cls.id})`,
        ),
      )
      .orderBy(desc(tabletEnrolments.created_at));
    return c.json({ results: await tabletsJson(db, rows) }, 200);
  })
  .openapi(tabletAction('renew'), async (c) => c.json(await staffAction(c, c.req.valid('param').id, 'renew'), 200))
  .openapi(tabletAction('revoke'), async (c) => c.json(await staffAction(c, c.req.valid('param').id, 'revoke'), 200))
  .openapi(signInData, async (c) => {
    const tenant = siteTenant(c);
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.get('db');
    const now = c.get('deps').now();
    const limits = tabletLimits(c);
    await assertNotLocked(c, db, limits, now);
    const enrolment = await usableEnrolment(db, tenant.id, id, now);
    if (!validSignature(enrolment, dataMessage(id, body), body.signature)) await recordFailure(db, limits, now);
    assertSigned(enrolment, dataMessage(id, body), body.signature, new Date(body.signed_at), now);
    // A request for the verifiers is signed now, not replayable later from a copy.
    if (new Date(body.signed_at).getTime() < now.getTime() - CLOCK_SKEW_MS) fail(400, TABLET_MSG.clock, { error: TABLET_MSG.clock });
    await useNonce(db, id, body.nonce, now);
    const classRows = await db
      .select({ id: classes.id, name: classes.name, class_id: classes.class_id, class_theme: classes.class_theme })
      .from(tabletClasses)
      .innerJoin(classes, eq(classes.id, tabletClasses.class_id))
      .where(and(eq(tabletClasses.enrolment_id, id), eq(classes.tenant_id, tenant.id), isNull(classes.deleted_at)))
      .orderBy(asc(classes.name));
    const children = classRows.length
      ? await db
          .select({
            id: users.id,
            class_id: students.class_id,
            first_name: users.first_name,
            last_name: users.last_name,
            username: users.username,
            avatar: users.avatar,
          })
          .from(students)
          .innerJoin(users, eq(users.id, students.user_id))
          .where(
            and(
              inArray(
                students.class_id,
                classRows.map((r) => r.id),
              ),
              eq(students.archived, false),
              eq(users.is_active, true),
            ),
          )
          .orderBy(asc(users.first_name), asc(users.last_name), asc(users.id))
      : [];
    const verifiers = await currentVerifiers(
      db,
      c.get('deps').keys.data,
      children.map((s) => s.id),
    );
    await db.update(tabletEnrolments).set({ last_seen_at: now }).where(eq(tabletEnrolments.id, id));
    return c.json(
      {
        id,
        name: enrolment.name,
        expires_at: enrolment.expires_at.toISOString(),
        classes: classRows.map((cls) => ({
          ...cls,
          students: children
            .filter((s) => s.class_id === cls.id && verifiers.has(s.id))
            .map(({ class_id: _class, ...s }) => ({ ...s, username: s.username ?? '', verifier: verifiers.get(s.id)! })),
        })),
      },
      200,
    );
  })
  .openapi(exchange, async (c) => {
    const { enrolment, limits } = await exchangingTablet(c, c.req.valid('param').id);
    return c.json(await exchangeOne(c, enrolment, c.req.valid('json'), limits), 200);
  })
  .openapi(exchangeBatch, async (c) => {
    // A revoked or expired tablet is refused as a whole: nothing of it is exchanged.
    const { enrolment, limits } = await exchangingTablet(c, c.req.valid('param').id);
    return c.json({ results: await exchangeEach(c, enrolment, c.req.valid('json').exchanges, limits) }, 200);
  })
  .openapi(acceptWaiting, async (c) => {
    const tenant = siteTenant(c);
    const me = signedInUser(c);
    const db = c.get('db');
    const now = c.get('deps').now();
    const limits = tabletLimits(c);
    await assertNotLocked(c, db, limits, now);
    // Revoked or expired is why the teacher is asked; the tablet is reached through a class of theirs.
    const [enrolment] = await db
      .select()
      .from(tabletEnrolments)
      .where(and(eq(tabletEnrolments.id, c.req.valid('param').id), eq(tabletEnrolments.tenant_id, tenant.id), staffReaches(c)))
      .limit(1);
    if (!enrolment) fail(404, 'Tablet not found');
    return c.json({ results: await exchangeEach(c, enrolment, c.req.valid('json').exchanges, limits, me) }, 200);
  });

/** Staff reach a tablet through a class of theirs it is enrolled for. */
function staffReaches(c: Context<AppEnv>) {
  return sql`${tabletEnrolments.id} in (select ${tabletClasses.enrolment_id} from ${tabletClasses} inner join ${classes} on ${classes.id} = ${tabletClasses.class_id} where ${classScope(siteTenant(c), signedInUser(c))})`;
}

/**
 * One offline sign-in exchanged for a real session, or an ApiError saying why not, with nothing
 * written. `staff`: a teacher accepting the waiting sign-ins of a revoked or expired tablet; then
 * only children of their own classes, signed in while the tablet was still trusted.
 */
async function exchangeOne(c: Context<AppEnv>, enrolment: Enrolment, body: ExchangeRequest, limits: Limit[], staff?: AuthUser) {
  const tenant = siteTenant(c);
  const deps = c.get('deps');
  const now = deps.now();
  const id = enrolment.id;
  const message = exchangeMessage(id, body);
  if (!validSignature(enrolment, message, body.signature)) await recordFailure(c.get('db'), limits, now);
  const signedInAt = new Date(body.signed_in_at);
  assertSigned(enrolment, message, body.signature, signedInAt, now);
  const revokedAt = staff && enrolment.revoked_at && enrolment.revoked_at < enrolment.expires_at ? enrolment.revoked_at : null;
  if (signedInAt < enrolment.created_at || signedInAt >= (revokedAt ?? enrolment.expires_at)) {
    fail(403, TABLET_MSG.outsideEnrolment, { error: TABLET_MSG.outsideEnrolment, code: 'tablet_window' });
  }
  // One transaction: a refusal after the nonce is taken leaves no trace, not even the nonce.
  return c.get('db').transaction(async (tx) => {
    const [child] = await tx
      .select({ id: students.user_id })
      .from(students)
      .innerJoin(users, eq(users.id, students.user_id))
      .innerJoin(tabletClasses, and(eq(tabletClasses.class_id, students.class_id), eq(tabletClasses.enrolment_id, id)))
      .innerJoin(classes, eq(classes.id, students.class_id))
      .where(
        and(
          eq(students.user_id, body.student_id),
          eq(students.tenant_id, tenant.id),
          eq(students.archived, false),
          eq(users.is_active, true),
          isNull(classes.deleted_at),
          staff ? classScope(tenant, staff) : undefined,
        ),
      )
      .limit(1);
    if (!child && staff) fail(403, TABLET_MSG.notYourChild, { error: TABLET_MSG.notYourChild, code: 'tablet_not_your_child' });
    if (!child) fail(403, TABLET_MSG.notEnrolledClass, { error: TABLET_MSG.notEnrolledClass, code: 'tablet_not_enrolled_class' });
    if (!(await passwordUnchanged(tx, deps.keys.data, child.id, body.verifier_salt))) {
      fail(403, TABLET_MSG.passwordChanged, { error: TABLET_MSG.passwordChanged, code: 'password_changed' });
    }
    await useNonce(tx, id, body.nonce, now);
    await tx.update(tabletEnrolments).set({ last_seen_at: now }).where(eq(tabletEnrolments.id, id));
    const user = await findUser(tx, child.id);
    return startSession(deps, tx, user!);
  });
}

/** Each sign-in exchanged on its own, in order: a refusal writes nothing for it and stops no other. */
async function exchangeEach(c: Context<AppEnv>, enrolment: Enrolment, exchanges: ExchangeRequest[], limits: Limit[], staff?: AuthUser) {
  const results: z.infer<typeof ExchangeItem>[] = [];
  for (const body of exchanges) {
    const which = { student_id: body.student_id, nonce: body.nonce };
    try {
      results.push({ ...which, status: 200, ...(await exchangeOne(c, enrolment, body, limits, staff)) });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const code = typeof err.extra.code === 'string' ? err.extra.code : undefined;
      results.push({ ...which, status: err.status, message: err.message, ...(code ? { code } : {}) });
    }
  }
  return results;
}

/** The tablet asking to exchange sign-ins: not locked out, enrolled, and neither revoked nor expired. */
async function exchangingTablet(c: Context<AppEnv>, id: string) {
  const now = c.get('deps').now();
  const limits = tabletLimits(c);
  await assertNotLocked(c, c.get('db'), limits, now);
  return { enrolment: await usableEnrolment(c.get('db'), siteTenant(c).id, id, now), limits };
}

async function staffAction(c: Context<AppEnv>, id: string, action: 'renew' | 'revoke') {
  const tenant = siteTenant(c);
  const db = c.get('db');
  const now = c.get('deps').now();
  const [row] = await db
    .select()
    .from(tabletEnrolments)
    .where(and(eq(tabletEnrolments.id, id), eq(tabletEnrolments.tenant_id, tenant.id), staffReaches(c)))
    .limit(1);
  if (!row) fail(404, 'Tablet not found');
  if (action === 'revoke' && !row.revoked_at) {
    await db.update(tabletEnrolments).set({ revoked_at: now }).where(eq(tabletEnrolments.id, id));
  }
  if (action === 'renew') {
    if (row.revoked_at) fail(403, TABLET_MSG.revoked, { error: TABLET_MSG.revoked });
    await db
      .update(tabletEnrolments)
      .set({ expires_at: new Date(now.getTime() + ENROLMENT_DAYS * DAY_MS) })
      .where(eq(tabletEnrolments.id, id));
  }
  const [fresh] = await db.select().from(tabletEnrolments).where(eq(tabletEnrolments.id, id));
  const [json] = await tabletsJson(db, [fresh!]);
  return json!;
}
