// Sign-in and tokens: POST /auth/token/, POST /auth/token/refresh/ (rotating), POST /auth/logout/,
// GET /user/profile/, PATCH /user/profile/ (the person's own language).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { LoginRequest, ProfileLanguage, RefreshRequest } from '../../../src/contract/auth';
import { AUTH_MSG } from '../../../src/contract/messages';
import { tenants, users, type UserRow } from '../../db/schema';
import type { Queryable } from '../../db/client';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, errorBody, jsonBody, signedInUser, jsonRequest } from '../../http/route';
import { MessageSchema, UserSchema } from '../../http/schemas';
import { rememberLanguage } from '../../http/language';
import { decryptText, hashPassword, sameText, verifyPassword } from '../../lib/crypto';
import { startSession } from './sessions';
import { readToken, signAccess } from '../../http/jwt';
import { signInFailed } from '../../http/metrics';
import { revokeFamily, revokeRefresh, rotateRefresh } from './tokens';
import { findStaffByEmail, findStudentLogin, findUser, userJson, type StudentLogin } from './users';
import { assertNotLocked, clearFailures, recordFailure, refuseLocked, signInLimits } from './rate-limit';

const LoginAnswer = z.object({ access: z.string(), refresh: z.string(), user: UserSchema }).openapi('LoginAnswer');

const login = defineRoute(
  { roles: 'anyone' },
  {
    method: 'post',
    path: '/auth/token/',
    summary: 'Sign in: staff by e-mail, students by username (on their school site)',
    request: jsonRequest(LoginRequest),
    responses: {
      200: jsonBody(LoginAnswer, 'Signed in'),
      401: { description: 'Wrong credentials; `error` says why', ...errorBody },
      429: {
        description:
          'Too many failed sign-ins for this account, this device (X-Device-Id), this network address or this site; `error` says when to retry',
        ...errorBody,
      },
    },
  },
);

const refresh = defineRoute(
  { roles: 'anyone' },
  {
    method: 'post',
    path: '/auth/token/refresh/',
    summary: 'A new access token and the next refresh token for a valid, unrevoked refresh token (refresh tokens rotate on every use)',
    description:
      'The presented refresh token is used up: keep the answered one. Presenting a used token again revokes every token of its sign-in, except within 2 minutes of its use while its successor is unused (then that same successor is answered again, for an answer lost on the way).',
    request: jsonRequest(RefreshRequest),
    responses: {
      200: jsonBody(z.object({ access: z.string(), refresh: z.string() }).openapi('RefreshAnswer'), 'Refreshed'),
      401: { description: 'Refresh token invalid, expired, revoked or reused', ...errorBody },
    },
  },
);

const logout = defineRoute(
  { roles: 'anyone' },
  {
    method: 'post',
    path: '/auth/logout/',
    summary: 'End a session: revoke its refresh token and every other token of the same sign-in (the token authenticates itself)',
    request: jsonRequest(RefreshRequest),
    responses: { 200: jsonBody(MessageSchema, 'Signed out') },
  },
);

const profile = defineRoute(
  { roles: 'signed-in' },
  {
    method: 'get',
    path: '/user/profile/',
    summary: 'The signed-in user',
    responses: { 200: jsonBody(UserSchema, 'The user') },
  },
);

const profileLanguage = defineRoute(
  { roles: 'signed-in', outbox: true },
  {
    method: 'patch',
    path: '/user/profile/',
    summary: "Keep the signed-in person's language (null: the school's): it is theirs at their next sign-in on any device",
    description:
      'The PWA sends it for staff; a child’s choice stays on the device it was made on. Answers in this language from the next request on.',
    request: jsonRequest(ProfileLanguage),
    responses: { 200: jsonBody(UserSchema, 'The user') },
  },
);

// Verifying against a throwaway hash keeps an unknown e-mail as slow as a wrong password,
// so response times do not reveal which addresses have accounts.
let decoyHash: Promise<string> | undefined;

async function checkStaff(found: UserRow | undefined, password: string): Promise<UserRow | undefined> {
  if (!found?.password_hash || found.role === 'student') {
    await verifyPassword(await (decoyHash ??= hashPassword('decoy-password')), password);
    return undefined;
  }
  return (await verifyPassword(found.password_hash, password)) ? found : undefined;
}

function checkStudent(found: StudentLogin | undefined, dataKey: Buffer, password: string): UserRow | undefined {
  if (!found || found.archived) return undefined;
  return sameText(decryptText(dataKey, found.password_encrypted), password) ? found.user : undefined;
}

async function awaitingVerification(db: Queryable, tenantId: number): Promise<boolean> {
  const [row] = await db.select({ waiting: tenants.awaiting_verification }).from(tenants).where(eq(tenants.id, tenantId));
  return Boolean(row?.waiting);
}

export const authRoutes = new OpenAPIHono<AppEnv>()
  .openapi(login, async (c) => {
    const { username, password } = c.req.valid('json');
    const deps = c.get('deps');
    const tenant = c.get('tenant');
    const db = c.get('db');
    // Throttled per account, device, network address and site (server/domains/auth/rate-limit.ts).
    const limits = signInLimits(c, username);
    const staff = username.includes('@');
    // The account is looked up while the locks are read (a read only: no password is checked
    // before the lock check has answered). A child's look-up reads them in the same statement.
    const child =
      !staff && tenant
        ? await findStudentLogin(
            db,
            tenant.id,
            username,
            limits.all.map((l) => l.key),
          )
        : undefined;
    const [counted, found] = child
      ? [refuseLocked(c, limits.all, child.locks ?? [], deps.now()), child]
      : await Promise.all([assertNotLocked(c, db, limits.all, deps.now()), staff ? findStaffByEmail(db, username) : undefined]);
    const user = staff
      ? await checkStaff(found as UserRow | undefined, password)
      : checkStudent(found as StudentLogin | undefined, deps.keys.data, password);
    if (!user || !user.is_active) {
      signInFailed(c, staff ? 'staff_password' : 'student_password');
      await recordFailure(db, limits.all, deps.now());
      fail(401, AUTH_MSG.wrongCredentials, { error: AUTH_MSG.wrongCredentials });
    }
    if (user.tenant_id !== (tenant?.id ?? null) && user.role !== 'upschool_admin') {
      signInFailed(c, 'other_site');
      fail(401, AUTH_MSG.otherSite, { error: AUTH_MSG.otherSite });
    }
    // A registered school is not live until its e-mail address is confirmed (/verification).
    // Read now, not from the request's tenant (cached for a few seconds per process); a child's
    // look-up read it with the account.
    const waiting = staff ? tenant && (await awaitingVerification(db, tenant.id)) : (found as StudentLogin).awaiting_verification;
    if (tenant && waiting) {
      signInFailed(c, 'awaiting_verification');
      fail(403, AUTH_MSG.awaitingVerification, { error: AUTH_MSG.awaitingVerification });
    }
    // A success forgets the account's failures (only when it has some: no write otherwise).
    const forget = limits.account.filter((key) => counted.has(key));
    if (forget.length) await clearFailures(db, forget);
    return c.json(await startSession(deps, c.get('db'), user), 200);
  })
  .openapi(refresh, async (c) => {
    const deps = c.get('deps');
    const now = deps.now();
    const db = c.get('db');
    const invalid = () => {
      signInFailed(c, 'refresh_refused');
      return fail(401, 'Token is invalid or expired', { code: 'token_not_valid' });
    };
    const claims = await readToken(deps.keys.jwt, c.req.valid('json').refresh, 'refresh', now);
    if (!claims?.jti) return invalid();
    const user = await findUser(db, claims.id);
    if (!user?.is_active) return invalid();
    if (user.tenant_id !== (c.get('tenant')?.id ?? null) && user.role !== 'upschool_admin') return invalid();
    const auth = { id: user.id, role: user.role, tenant_id: user.tenant_id };
    const rotation = await rotateRefresh(db, deps.keys.jwt, auth, claims.jti, now);
    if (rotation.kind === 'reused') await revokeFamily(db, rotation.family, now);
    if (rotation.kind !== 'rotated') return invalid();
    return c.json(
      { access: await signAccess(deps.keys.jwt, auth, rotation.sid, now, deps.config.accessTokenSeconds), refresh: rotation.refresh },
      200,
    );
  })
  .openapi(logout, async (c) => {
    const deps = c.get('deps');
    // Expired tokens are revoked too: signing out must work however long the tablet was off.
    const claims = await readToken(deps.keys.jwt, c.req.valid('json').refresh, 'refresh', new Date(0));
    if (claims?.jti) await revokeRefresh(c.get('db'), claims.jti, deps.now());
    return c.json({ message: 'Signed out' }, 200);
  })
  .openapi(profile, async (c) => {
    const user = await findUser(c.get('db'), signedInUser(c).id);
    if (!user) fail(401, 'User not found', { code: 'user_not_found' });
    return c.json(userJson(user), 200);
  })
  .openapi(profileLanguage, async (c) => {
    const { language } = c.req.valid('json');
    const [user] = await c
      .get('db')
      .update(users)
      .set({ language })
      .where(eq(users.id, signedInUser(c).id))
      .returning();
    if (!user) fail(401, 'User not found', { code: 'user_not_found' });
    rememberLanguage(c, user.id, user.language);
    return c.json(userJson(user), 200);
  });
