// Registering a school or organization: POST /tenants/create/ takes the
// registration form as multipart (the logo is a file), creates the tenant and its first admin,
// and e-mails the admin a link to confirm the address and then choose a password on the new site
// (a registration not confirmed in time lapses: lapsed-registrations.ts). The answer is the same
// whether or not the address already has an account; its owner is told by e-mail instead.
// GET /tenant-logos/{id} serves uploaded logos. The form and this route validate with the same schema
// (src/contract/registration.ts), so their rules and words cannot drift apart.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { eq, inArray } from 'drizzle-orm';
import { BODY_LIMITS } from '../../../src/contract/limits';
import { LOGO_TYPES, RegistrationRequest, suggestSubdomain } from '../../../src/contract/registration';
import { EMAIL_MSG } from '../../../src/contract/email-messages';
import type { Locale } from '../../../src/contract/locales';
import { AUTH_MSG } from '../../../src/contract/messages';
import { organizationLinks, tenantLogos, tenants, users, type UserRow } from '../../db/schema';
import type { Queryable } from '../../db/client';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { sayIn, visitorLocale } from '../../http/language';
import { Id } from '../../http/schemas';
import { defineRoute, errorBody, jsonBody, notFoundAnswer } from '../../http/route';
import { logoOfRequest, storeLogo } from './logos';
import { storageKey, type FileStore } from '../../providers/storage/storage';
import { forgetTenant } from '../../http/context';
import { confirmationDeadline, removeLapsedRegistrations } from './lapsed-registrations';
import { randomToken, sha256 } from '../../lib/crypto';
import { momentIn, recipientLocale } from '../mail/language';
import { queueEmail, schoolOrigin, siteOrigin } from '../mail/outbox';
import { markAccepted, openInvitation } from '../auth/one-time-links';
import { findStaffByEmail } from '../auth/users';
import { countUse, registrationLimits } from '../auth/rate-limit';

/** The first admin's link to choose a password, once the school is confirmed, stays valid for a week. */
export const WELCOME_LINK_TTL_MS = 7 * 24 * 3600_000;
/** Labels that name parts of the platform, never a school. */
const RESERVED = ['www', 'api', 'app', 'admin', 'mail', 'static', 'assets', 'localhost', 'platform'];

const RegistrationForm = RegistrationRequest.extend({
  logo: RegistrationRequest.shape.logo.openapi({ type: 'string', format: 'binary' }),
});

const Registered = z
  .object({
    message: z.string(),
    tenant: z.object({ id: z.number().int(), school_name: z.string(), subdomain: z.string(), site: z.string() }),
  })
  .openapi('Registered');

const register = defineRoute(
  { roles: 'anyone', bodyLimit: BODY_LIMITS.upload },
  {
    method: 'post',
    path: '/tenants/create/',
    summary: 'Register a school or organization and its first admin (multipart, with an optional logo)',
    request: {
      query: z.object({ invitation_link: z.string().max(200).optional() }),
      body: { required: true, content: { 'multipart/form-data': { schema: RegistrationForm } } },
    },
    responses: {
      201: jsonBody(
        Registered,
        'Registered; the admin is e-mailed a link to confirm the address and set a password (a registration not confirmed within REGISTRATION_CONFIRM_DAYS lapses and frees its subdomain). The same answer when the address already has an account: its owner is e-mailed instead',
      ),
      ...notFoundAnswer('The invitation is unknown, expired or used'),
      429: {
        description:
          'Too many registrations from this network address (5 an hour, on every host together) or on the whole platform (50 an hour); `error` says when to retry',
        ...errorBody,
      },
    },
  },
);

const fieldFail = (field: string, message: string): never => fail(400, `${field}: ${message}`, { errors: { [field]: [message] } });

/** A registration that lapsed may give up its subdomain to this one (lapsed-registrations.ts). */
export interface Lapse {
  storage: FileStore;
  now: Date;
  days: number;
}

export async function freeSubdomain(db: Queryable, wanted: string, explicit: boolean, lapse?: Lapse): Promise<string> {
  const candidates = explicit ? [wanted] : [wanted, ...Array.from({ length: 20 }, (_, i) => `${wanted.slice(0, 60)}-${i + 2}`)];
  if (lapse) await removeLapsedRegistrations(db, lapse.storage, lapse.now, lapse.days, candidates);
  const taken = new Set(
    (await db.select({ s: tenants.subdomain }).from(tenants).where(inArray(tenants.subdomain, candidates))).map((r) => r.s),
  );
  const free = candidates.find((s) => !taken.has(s) && !RESERVED.includes(s));
  return free ?? fieldFail('subdomain', AUTH_MSG.subdomainTaken);
}

export const registrationRoutes = new OpenAPIHono<AppEnv>().openapi(register, async (c) => {
  const form = c.req.valid('form');
  const { invitation_link } = c.req.valid('query');
  const deps = c.get('deps');
  const db = c.get('db');
  const now = deps.now();
  await countUse(c, db, registrationLimits(c), now);

  const invitation = invitation_link ? await openInvitation(db, invitation_link, now) : undefined;
  if (invitation_link && (!invitation || invitation.kind === 'user'))
    fail(404, AUTH_MSG.invitationInvalid, { error: AUTH_MSG.invitationInvalid });
  const isOrganization = invitation ? invitation.kind === 'organization' : form.is_organization === 'true';

  const wanted = form.subdomain || suggestSubdomain(form.school_name);
  if (!wanted) fieldFail('subdomain', 'Subdomain is required');
  const days = deps.config.registrationConfirmDays;
  const subdomain = await freeSubdomain(db, wanted, Boolean(form.subdomain), { storage: deps.storage, now, days });
  forgetTenant(deps, subdomain);
  const email = form.school_email.toLowerCase();
  // An address that already has an account gets the same answer as any other (the answer must
  // not tell who has an account here): a stand-in registration that nobody can confirm, which
  // lapses like any other, and an e-mail to the account's owner instead of a confirmation link.
  const owner = await findStaffByEmail(db, email);

  const site = siteOrigin(c, subdomain);
  // The one registering has no account to choose a language with yet: the language they asked in.
  const asked = visitorLocale(c);
  // Checked and cleaned before the transaction: it never holds the database while the pool works.
  const logo = await logoOfRequest(c);
  const tenant = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tenants)
      .values({
        school_name: form.school_name,
        school_email: email,
        domain_url: form.domain_url,
        subdomain,
        is_organization: isOrganization,
        // Not live until its address is confirmed (/verification), and removed if it never is.
        awaiting_verification: true,
        created_at: now,
        primary_color: form.primary_color,
        primary_color_light: form.primary_color_light,
        primary_color_dark: form.primary_color_dark,
        border_primary_color: form.primary_color,
        announcement_color: form.primary_color,
      })
      .returning();
    const tenant = row!;
    if (logo) await storeLogo(tx, c.get('deps').storage, tenant.id, logo);
    if (owner) {
      await tellAccountOwner(tx, owner, form.school_name, schoolOrigin(deps.config, await schoolOf(tx, owner.tenant_id)), now, asked);
      return tenant;
    }
    await tx.insert(users).values({
      tenant_id: tenant.id,
      role: isOrganization ? 'organization_admin' : 'school_admin',
      email,
      first_name: form.first_name,
      last_name: form.last_name,
    });
    if (invitation) {
      if (invitation.kind === 'school' && invitation.tenant_id) {
        await tx.insert(organizationLinks).values({ organization_id: invitation.tenant_id, school_id: tenant.id });
      }
      await markAccepted(tx, invitation.id, now);
    }
    await sendVerification(tx, { ...tenant, first_name: form.first_name }, site, now, days, asked);
    return tenant;
  });
  deps.kickMailer();
  return c.json(
    {
      message: `Thank you! We have sent an email to ${email}: open the link in it to confirm your address and choose your password.`,
      tenant: { id: tenant.id, school_name: tenant.school_name, subdomain: tenant.subdomain, site },
    },
    201,
  );
});

async function schoolOf(db: Queryable, tenantId: number | null) {
  if (tenantId === null) return null;
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  return row ?? null;
}

/**
 * Tells the owner of an existing account that their address was used to register a school: in
 * their own language, else their school's, else the one the registration was asked in.
 */
async function tellAccountOwner(db: Queryable, owner: UserRow, schoolName: string, site: string, now: Date, asked: Locale) {
  const say = sayIn(await recipientLocale(db, { language: owner.language, school: owner.tenant_id, requester: asked }));
  const school = schoolName;
  await queueEmail(db, {
    tenant_id: owner.tenant_id,
    to: owner.email!,
    subject: say(EMAIL_MSG.ownerSubject, { school }),
    expires_at: new Date(now.getTime() + WELCOME_LINK_TTL_MS),
    text: [
      say(EMAIL_MSG.hello, { name: owner.first_name }),
      say(EMAIL_MSG.ownerAsked, { school }),
      say(EMAIL_MSG.ownerSignIn),
      `${site}/login`,
      say(EMAIL_MSG.ownerForgot),
      `${site}/resetpasswordemail`,
      say(EMAIL_MSG.ownerNotYou),
    ].join('\n\n'),
  });
}

/**
 * E-mails the confirmation link (a fresh one each time: an earlier link stops working). Every link
 * ends when the registration lapses, `days` after the school registered. In `locale`: the one
 * registering (or asking again) has no account to choose a language with yet, so the request's.
 */
export async function sendVerification(
  db: Queryable,
  tenant: { id: number; school_name: string; school_email: string; subdomain: string; created_at: Date; first_name: string },
  site: string,
  now: Date,
  days: number,
  locale: Locale,
) {
  const say = sayIn(locale);
  const token = randomToken();
  const deadline = confirmationDeadline(tenant.created_at, days);
  await db
    .update(tenants)
    .set({ verification_token_hash: sha256(token), verification_expires_at: deadline })
    .where(eq(tenants.id, tenant.id));
  const link = `${site}/verification?token=${encodeURIComponent(token)}`;
  await queueEmail(db, {
    tenant_id: tenant.id,
    to: tenant.school_email,
    subject: say(EMAIL_MSG.verifySubject, { school: tenant.school_name }),
    expires_at: new Date(Math.max(deadline.getTime(), now.getTime())),
    text: [
      say(EMAIL_MSG.hello, { name: tenant.first_name }),
      say(EMAIL_MSG.verifyThanks, { school: tenant.school_name }),
      site,
      say(EMAIL_MSG.verifyLink, { deadline: momentIn(locale, deadline) }),
      link,
      say(EMAIL_MSG.verifyLapse, { days, subdomain: tenant.subdomain }),
    ].join('\n\n'),
  });
}

/** Uploaded logos: immutable (the URL carries the content hash) and inert (an SVG runs nothing). */
export const logoRoutes = new Hono<AppEnv>().get('/tenant-logos/:id{[0-9]+}', async (c) => {
  // Digits beyond any tenant's id (past the database's integer) name no logo: 404, never a failed query.
  const id = Id.safeParse(c.req.param('id'));
  if (!id.success) fail(404, 'No such logo.');
  const [logo] = await c
    .get('db')
    .select({ content_type: tenantLogos.content_type })
    .from(tenantLogos)
    .where(eq(tenantLogos.tenant_id, id.data))
    .limit(1);
  if (!logo || !(LOGO_TYPES as readonly string[]).includes(logo.content_type)) fail(404, 'No such logo.');
  const data = await c.get('deps').storage.get(c.get('db'), storageKey.logo(id.data));
  if (!data) fail(404, 'No such logo.');
  c.header('Content-Type', logo.content_type);
  c.header('Cache-Control', 'public, max-age=31536000, immutable');
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  return c.body(data as Uint8Array<ArrayBuffer>);
});
