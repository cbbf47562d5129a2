// Forgotten staff passwords: POST /password-reset/ e-mails a one-hour link through the outbox;
// GET and POST /password-reset/confirm/ check the link and set the new password. The same link
// lets a newly registered admin choose a first password. Students have no e-mail: their teacher
// manages their passwords.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { PasswordResetConfirm, PasswordResetRequest } from '../../../src/contract/auth';
import { EMAIL_MSG } from '../../../src/contract/email-messages';
import { AUTH_MSG } from '../../../src/contract/messages';
import type { Queryable } from '../../db/client';
import { passwordResetTokens, users, type UserRow } from '../../db/schema';
import { revokeUserSessions } from './tokens';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { sayIn } from '../../http/language';
import { defineRoute, errorBody, jsonBody, jsonRequest } from '../../http/route';
import { MessageSchema } from '../../http/schemas';
import { hashPassword, sha256 } from '../../lib/crypto';
import { recipientLocale } from '../mail/language';
import { queueEmail, siteOrigin } from '../mail/outbox';
import { accountKeys, clearFailures, countUse } from './rate-limit';
import { createResetToken, RESET_TTL_MS, resetLink } from './one-time-links';
import { findStaffByEmail } from './users';

/** Reset e-mails one address may trigger per window, so nobody can flood an inbox. */
const RESET_REQUESTS = 5;

const requestReset = defineRoute(
  { roles: 'anyone' },
  {
    method: 'post',
    path: '/password-reset/',
    summary: 'E-mail a password reset link to a staff account of this site (the same answer whether or not it exists)',
    request: jsonRequest(PasswordResetRequest),
    responses: {
      200: jsonBody(MessageSchema, 'Sent if the account exists'),
      429: { description: 'Too many requests for this address', ...errorBody },
    },
  },
);

const checkReset = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/password-reset/confirm/',
    summary: 'Whether a reset link is still valid, and for which address',
    request: { query: z.object({ token: z.string().max(200) }) },
    responses: { 200: jsonBody(z.object({ valid: z.boolean(), email: z.string().nullable() }).openapi('ResetLink')) },
  },
);

const confirmReset = defineRoute(
  { roles: 'anyone' },
  {
    method: 'post',
    path: '/password-reset/confirm/',
    summary: 'Set a new password with a reset link; ends every session of the account',
    request: jsonRequest(PasswordResetConfirm),
    responses: { 200: jsonBody(MessageSchema, 'Password changed') },
  },
);

async function liveToken(db: Queryable, token: string, now: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.user_id))
    .where(
      and(eq(passwordResetTokens.token_hash, sha256(token)), isNull(passwordResetTokens.used_at), gt(passwordResetTokens.expires_at, now)),
    )
    .limit(1);
  return row?.user.is_active ? row.user : undefined;
}

export const passwordResetRoutes = new OpenAPIHono<AppEnv>()
  .openapi(requestReset, async (c) => {
    const { email } = c.req.valid('json');
    const deps = c.get('deps');
    const db = c.get('db');
    const now = deps.now();
    const limit = { key: `reset:${email.toLowerCase()}`, max: RESET_REQUESTS, message: AUTH_MSG.resetTooMany };
    await countUse(c, db, limit, now);
    const user = await findStaffByEmail(db, email);
    const onThisSite = user && (user.tenant_id === (c.get('tenant')?.id ?? null) || user.role === 'upschool_admin');
    if (user?.email && user.is_active && user.role !== 'student' && onThisSite) {
      const to = user.email;
      const say = sayIn(await recipientLocale(db, { language: user.language, school: user.tenant_id }));
      await db.transaction(async (tx) => {
        const link = resetLink(siteOrigin(c), await createResetToken(tx, user.id, now));
        await queueEmail(tx, {
          tenant_id: user.tenant_id,
          to,
          subject: say(EMAIL_MSG.resetSubject),
          expires_at: new Date(now.getTime() + RESET_TTL_MS),
          text: [say(EMAIL_MSG.hello, { name: user.first_name }), say(EMAIL_MSG.resetAsked), link, say(EMAIL_MSG.resetNotYou)].join('\n\n'),
        });
      });
      deps.kickMailer();
    }
    return c.json({ message: AUTH_MSG.resetRequested }, 200);
  })
  .openapi(checkReset, async (c) => {
    const user = await liveToken(c.get('db'), c.req.valid('query').token, c.get('deps').now());
    return c.json({ valid: Boolean(user), email: user?.email ?? null }, 200);
  })
  .openapi(confirmReset, async (c) => {
    const { token, password } = c.req.valid('json');
    const deps = c.get('deps');
    const now = deps.now();
    const user = await liveToken(c.get('db'), token, now);
    if (!user) fail(400, AUTH_MSG.resetInvalid, { error: AUTH_MSG.resetInvalid });
    const password_hash = await hashPassword(password);
    await c.get('db').transaction(async (tx) => {
      await tx.update(users).set({ password_hash }).where(eq(users.id, user.id));
      // Every link of the account is spent and every session ends: whoever knew the old
      // password is signed out everywhere.
      await tx
        .update(passwordResetTokens)
        .set({ used_at: now })
        .where(and(eq(passwordResetTokens.user_id, user.id), isNull(passwordResetTokens.used_at)));
      await revokeUserSessions(tx, [user.id], now);
      if (user.email) await clearFailures(tx, [accountKeys.staff(user.email)]);
    });
    return c.json({ message: AUTH_MSG.resetDone }, 200);
  });
