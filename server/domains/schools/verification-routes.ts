// Confirming a registering school's e-mail address (/verification): POST /verification/ with the
// link's token puts the school live and answers a link to choose the first admin's password;
// POST /verification/resend/ sends a fresh link (the same answer whether or not the address is
// waiting, and throttled per address). Until confirmed, the school's staff cannot sign in.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq, gt } from 'drizzle-orm';
import { tenants, users } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { visitorLocale } from '../../http/language';
import { defineRoute, errorBody, jsonBody, jsonRequest, notFoundAnswer } from '../../http/route';
import { sha256 } from '../../lib/crypto';
import { siteOrigin } from '../mail/outbox';
import { createResetToken, resetLink } from '../auth/one-time-links';
import { countUse } from '../auth/rate-limit';
import { WELCOME_LINK_TTL_MS, sendVerification } from './registration-routes';

export const VERIFY_MSG = {
  invalid: 'This confirmation link is invalid or has expired. Ask for a new one below.',
  confirmed: 'Your e-mail address is confirmed and your site is live. Choose your password to sign in.',
  resent: 'If a registration is waiting for this address, we have sent a new confirmation link.',
  tooMany: 'Too many links asked for this address. Please try again later.',
} as const;

const confirm = defineRoute(
  { roles: 'anyone' },
  {
    method: 'post',
    path: '/verification/',
    summary: "Confirm a registering school's e-mail address with the link's token",
    request: jsonRequest(z.object({ token: z.string().min(10).max(200) })),
    responses: {
      200: jsonBody(
        z.object({ message: z.string(), school_name: z.string(), site: z.string(), password_link: z.string() }).openapi('Verified'),
      ),
      ...notFoundAnswer(VERIFY_MSG.invalid),
    },
  },
);

const resend = defineRoute(
  { roles: 'anyone' },
  {
    method: 'post',
    path: '/verification/resend/',
    summary: 'Send a new confirmation link to a registration that is waiting (same answer either way)',
    request: {
      body: {
        required: true,
        content: { 'application/json': { schema: z.object({ email: z.string().trim().email('Invalid email address').max(254) }) } },
      },
    },
    responses: { 200: jsonBody(z.object({ message: z.string() })), 429: { description: VERIFY_MSG.tooMany, ...errorBody } },
  },
);

export const verificationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(confirm, async (c) => {
    const db = c.get('db');
    const now = c.get('deps').now();
    const [tenant] = await db
      .select()
      .from(tenants)
      .where(
        and(
          eq(tenants.verification_token_hash, sha256(c.req.valid('json').token)),
          eq(tenants.awaiting_verification, true),
          gt(tenants.verification_expires_at, now),
        ),
      );
    if (!tenant) fail(404, VERIFY_MSG.invalid, { error: VERIFY_MSG.invalid });
    const [admin] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenant_id, tenant.id), eq(users.email, tenant.school_email)));
    if (!admin) fail(404, VERIFY_MSG.invalid, { error: VERIFY_MSG.invalid });
    await db
      .update(tenants)
      .set({ awaiting_verification: false, verification_token_hash: null, verification_expires_at: null })
      .where(eq(tenants.id, tenant.id));
    const site = siteOrigin(c, tenant);
    const passwordLink = resetLink(site, await createResetToken(db, admin.id, now, WELCOME_LINK_TTL_MS));
    return c.json({ message: VERIFY_MSG.confirmed, school_name: tenant.school_name, site, password_link: passwordLink }, 200);
  })
  .openapi(resend, async (c) => {
    const db = c.get('db');
    const now = c.get('deps').now();
    const email = c.req.valid('json').email.toLowerCase();
    await countUse(c, db, { key: `verify:${email}`, max: 5, message: VERIFY_MSG.tooMany }, now);
    // The school waiting with this address as its admin's (a stand-in made for an address that
    // already had an account has no admin, and nothing to confirm).
    const [waiting] = await db
      .select({ tenant: tenants, first_name: users.first_name })
      .from(tenants)
      .innerJoin(users, and(eq(users.tenant_id, tenants.id), eq(users.email, tenants.school_email)))
      .where(and(eq(tenants.school_email, email), eq(tenants.awaiting_verification, true)))
      .limit(1);
    if (waiting) {
      const { tenant, first_name } = waiting;
      const days = c.get('deps').config.registrationConfirmDays;
      await sendVerification(db, { ...tenant, first_name }, siteOrigin(c, tenant), now, days, visitorLocale(c));
      c.get('deps').kickMailer();
    }
    return c.json({ message: VERIFY_MSG.resent }, 200);
  });
