// The student and parent sides of the sign-in page: the class roster a child picks their name
// from (GET /list-student-in-class/{classCode}/), the parents' community session
// (POST /generic-password-login, GET /check-generic-access, POST /generic-password-logout), and a
// teacher's unlock of a child's throttled account (POST /students/{id}/unlock/).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, count, eq, isNull, sql, type Placeholder } from 'drizzle-orm';
import { CommunityLoginRequest, LOGIN_PAGE_SIZE, printable } from '../../../src/contract/auth';
import { AUTH_MSG, MSG } from '../../../src/contract/messages';
import { classes, students, users } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { signInFailed } from '../../http/metrics';
import { defineRoute, errorBody, jsonBody, signedInUser, jsonRequest, notFoundAnswer } from '../../http/route';
import { MessageSchema, Paging } from '../../http/schemas';
import { closeCommunitySession, hasCommunityAccess, openCommunitySession } from '../auth/community';
import { verifyPassword } from '../../lib/crypto';
import { namesLike, nameMatches, likeText } from './queries';
import type { Queryable } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import {
  COMMUNITY_ADDRESS_LIMIT,
  assertNotLocked,
  clearChildFailures,
  locksColumn,
  refuseLocked,
  deviceLimit,
  networkLimits,
  recordFailure,
  type Limit,
} from '../auth/rate-limit';
import { siteTenant, CLASS_STAFF } from '../../http/access';

/** Class codes are letters, digits and hyphens; anything else cannot be a class here. */
const CLASS_CODE = /^[A-Za-z0-9-]+$/;

const RosterStudent = z
  .object({ id: z.number().int(), first_name: z.string(), last_name: z.string(), username: z.string() })
  .openapi('RosterStudent');

const ClassRoster = z
  .object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.object({
      class: z.object({ name: z.string(), class_id: z.string(), class_theme: z.string() }),
      students: z.array(RosterStudent),
    }),
  })
  .openapi('ClassRoster');

const roster = defineRoute(
  { roles: 'anyone', site: 'tenant' },
  {
    method: 'get',
    path: '/list-student-in-class/{classCode}/',
    summary: "A class's students for the sign-in profile picker (this school's classes only)",
    request: {
      params: z.object({ classCode: z.string().trim().min(1, MSG.emptyClassCode).max(40) }),
      query: Paging(100, LOGIN_PAGE_SIZE).extend({
        search: z.string().trim().max(100).refine(printable, 'Please type letters only.').optional(),
      }),
    },
    responses: {
      200: jsonBody(ClassRoster, 'A page of the roster, by first name'),
      ...notFoundAnswer(`No such class on this site: '${MSG.invalidClassCode}'`),
      429: { description: 'Too many wrong class codes from this device, this network address or on this site', ...errorBody },
    },
  },
);

const AccessAnswer = z.object({ authenticated: z.boolean() }).openapi('CommunityAccess');

const communityLogin = defineRoute(
  { roles: 'anyone', site: 'tenant' },
  {
    method: 'post',
    path: '/generic-password-login',
    summary: "Parents: open a view-only community session with the school's shared password (sets a cookie)",
    request: jsonRequest(CommunityLoginRequest),
    responses: {
      200: jsonBody(AccessAnswer.extend({ message: z.string() }).openapi('CommunityLogin'), 'Signed in; the cookie is set'),
      401: { description: 'Wrong password; `error` says so', ...errorBody },
      ...notFoundAnswer('This school has no community access'),
      429: { description: 'Too many wrong passwords (per school, per device and per network address)', ...errorBody },
    },
  },
);

const communityCheck = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/check-generic-access',
    summary: 'Whether the community cookie is a live session of this school',
    responses: { 200: jsonBody(AccessAnswer) },
  },
);

const communityLogout = defineRoute(
  { roles: 'anyone' },
  {
    method: 'post',
    path: '/generic-password-logout',
    summary: 'End the community session and clear its cookie',
    responses: { 200: jsonBody(MessageSchema, 'Signed out') },
  },
);

const unlock = defineRoute(
  { roles: CLASS_STAFF, site: 'tenant' },
  {
    method: 'post',
    path: '/students/{id}/unlock/',
    summary: "Clear a student's failed sign-ins (teachers: their own classes; admins: the whole school)",
    request: { params: z.object({ id: z.coerce.number().int().positive() }) },
    responses: {
      200: jsonBody(MessageSchema, 'Unlocked'),
      ...notFoundAnswer('No such student in this school (or not in your classes)'),
    },
  },
);

// The roster's look-ups, prepared once (server/db/prepared.ts): every child at the bell makes them.
// The class's look-up also reads the rows of the caller's limits (the placeholder `keys`; see
// locksColumn): the lock check and the class in one round trip.
const classByCode = preparedPer((db) =>
  db
    .select({ locks: locksColumn(), id: classes.id, name: classes.name, class_id: classes.class_id, class_theme: classes.class_theme })
    .from(classes)
    .where(
      and(
        eq(classes.tenant_id, sql.placeholder('tenant')),
        sql`upper(${classes.class_id}) = ${sql.placeholder('code')}`,
        isNull(classes.deleted_at),
      ),
    )
    .limit(1)
    .prepare('roster_class'),
);

/**
 * The class's children, each user found by its key from the class's own rows (a lateral look-up;
 * `limit 1`, true of a key anyway, keeps the planner from merging it into a join). Merged, the
 * planner judged a scan of every user on the platform cheaper than thirty look-ups by key on a
 * table as small as a school's, and matched the search against every one of them (bench:load's
 * school of 600: a page 1.7 ms on PGlite at the bell, now 0.9; PostgreSQL searched 1.3 ms, now
 * 0.25), a cost that grew with the platform rather than the class.
 */
const member = (db: Queryable) =>
  db
    .select({ id: users.id, first_name: users.first_name, last_name: users.last_name, username: users.username })
    .from(users)
    .where(and(eq(users.id, students.user_id), eq(users.is_active, true)))
    .limit(1)
    .as('member');

/** A value of a statement, or the placeholder it is prepared with. */
type Slot<T> = T | Placeholder;

/** A page of a class's roster and the total, searched when `at.pattern` is given. */
export function rosterPageQuery(
  db: Queryable,
  at: { class: Slot<number>; pattern?: Slot<string>; limit: Slot<number>; offset: Slot<number> },
) {
  const child = member(db);
  return db
    .select({
      id: child.id,
      first_name: child.first_name,
      last_name: child.last_name,
      username: child.username,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(students)
    .crossJoinLateral(child)
    .where(
      and(
        eq(students.class_id, at.class),
        eq(students.archived, false),
        at.pattern === undefined ? undefined : namesLike(at.pattern, child),
      ),
    )
    .orderBy(asc(child.first_name), asc(child.last_name), asc(child.id))
    .limit(at.limit)
    .offset(at.offset);
}
const rosterPage = (search: boolean) =>
  preparedPer((db) =>
    rosterPageQuery(db, {
      class: sql.placeholder('class'),
      pattern: search ? sql.placeholder('pattern') : undefined,
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
    }).prepare(search ? 'roster_page_searched' : 'roster_page'),
  );
const rosterPages = { all: rosterPage(false), searched: rosterPage(true) };

function pageLink(code: string, limit: number, offset: number, search: string | undefined): string {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (search) query.set('search', search);
  return `/api/list-student-in-class/${encodeURIComponent(code)}/?${query}`;
}

export const signInRoutes = new OpenAPIHono<AppEnv>()
  .openapi(roster, async (c) => {
    const tenant = siteTenant(c);
    const { classCode } = c.req.valid('param');
    const { limit, offset, search } = c.req.valid('query');
    const { now } = c.get('deps');
    const db = c.get('db');
    // Guessing class codes to read rosters is throttled like passwords: per device, per network
    // address and per site, so leaving the device header out lifts nothing.
    const guesses = [...deviceLimit(c, 'class-code'), ...networkLimits(c, 'class-code')];
    // The class is looked up while the locks are read (a read only; a locked caller is refused
    // before anything of the class is answered).
    const keys = guesses.map((l) => l.key);
    const [cls] = CLASS_CODE.test(classCode)
      ? await classByCode(db).execute({ keys, tenant: tenant.id, code: classCode.toUpperCase() })
      : [];
    if (cls) refuseLocked(c, guesses, cls.locks ?? [], now());
    else {
      await assertNotLocked(c, db, guesses, now());
      await recordFailure(db, guesses, now());
      fail(404, MSG.invalidClassCode, { error: MSG.invalidClassCode });
    }

    // The page and the total in one query; a page past the end has no row to carry the total.
    const rows = await (search ? rosterPages.searched : rosterPages.all)(db).execute({
      class: cls.id,
      limit,
      offset,
      ...(search ? { pattern: likeText(search) } : {}),
    });
    const where = and(eq(students.class_id, cls.id), eq(students.archived, false), eq(users.is_active, true), nameMatches(search));
    const [total] = rows.length
      ? [{ n: rows[0]!.total }]
      : await db.select({ n: count() }).from(students).innerJoin(users, eq(users.id, students.user_id)).where(where);
    const n = total?.n ?? 0;
    return c.json(
      {
        count: n,
        next: offset + limit < n ? pageLink(cls.class_id, limit, offset + limit, search) : null,
        previous: offset > 0 ? pageLink(cls.class_id, limit, Math.max(0, offset - limit), search) : null,
        results: {
          class: { name: cls.name, class_id: cls.class_id, class_theme: cls.class_theme },
          students: rows.map(({ total: _total, ...r }) => ({ ...r, username: r.username ?? '' })),
        },
      },
      200,
    );
  })
  .openapi(communityLogin, async (c) => {
    const tenant = siteTenant(c);
    const { now: clock } = c.get('deps');
    const db = c.get('db');
    const now = clock();
    if (!tenant.community_password_hash) fail(404, 'This school has no community access.');
    // Per device and per address only: a school-wide count would let one stranger lock out
    // every family of the school.
    const limits: Limit[] = [
      ...deviceLimit(c),
      { ...networkLimits(c, 'community')[0]!, max: COMMUNITY_ADDRESS_LIMIT, message: AUTH_MSG.communityLocked },
    ];
    await assertNotLocked(c, db, limits, now);
    if (!(await verifyPassword(tenant.community_password_hash, c.req.valid('json').password))) {
      signInFailed(c, 'community_password');
      await recordFailure(db, limits, now);
      fail(401, MSG.communityLoginFailed, { error: MSG.communityLoginFailed });
    }
    await openCommunitySession(c, db, tenant.id, now);
    return c.json({ authenticated: true, message: MSG.communityLoginSuccess }, 200);
  })
  .openapi(communityCheck, async (c) => {
    return c.json({ authenticated: await hasCommunityAccess(c, c.get('db'), c.get('deps').now()) }, 200);
  })
  .openapi(communityLogout, async (c) => {
    await closeCommunitySession(c, c.get('db'), c.get('deps').now());
    return c.json({ message: 'Signed out of the community.' }, 200);
  })
  .openapi(unlock, async (c) => {
    const me = signedInUser(c);
    const tenant = siteTenant(c);
    const db = c.get('db');
    const [student] = await db
      .select({ username: users.username, teacher_id: classes.teacher_id })
      .from(students)
      .innerJoin(users, eq(users.id, students.user_id))
      .leftJoin(classes, eq(classes.id, students.class_id))
      .where(and(eq(students.user_id, c.req.valid('param').id), eq(students.tenant_id, tenant.id)))
      .limit(1);
    // Teachers unlock the children of their own classes; school and teacher admins any child.
    if (!student?.username || (me.role === 'teacher' && student.teacher_id !== me.id)) fail(404, 'Student not found');
    await clearChildFailures(db, tenant.id, student.username);
    return c.json({ message: AUTH_MSG.unlocked }, 200);
  });
