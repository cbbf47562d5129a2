// Invitations: an admin invites someone by e-mail (POST /invitations/); the link opens
// /accept-invitation/{token}, which reads it (GET /invitations/{token}/) and accepts it
// (POST /invitations/{token}/accept/). Kinds:
//   user         join this school (or organization) with a role: create an account, or, signed
//                in with the invited address, take on the role;
//   school       an organization invites a school: its admin signs in and links it, or a new
//                school registers with the invitation (POST /tenants/create/?invitation_link=);
//   organization the platform invites a new organization to register.
// Only the token's hash is stored; the token travels in the e-mail alone.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { InvitationAcceptRequest, NewAccount } from '../../../src/contract/auth';
import { EMAIL_MSG } from '../../../src/contract/email-messages';
import { AUTH_MSG } from '../../../src/contract/messages';
import { ROLES, type Role } from '../../../src/contract/domain';
import { invitations, organizationLinks, tenants, users } from '../../db/schema';
import type { AppEnv, AuthUser } from '../../http/env';
import { fail, validationAnswer } from '../../http/errors';
import { sayIn } from '../../http/language';
import { defineRoute, errorBody, jsonBody, signedInUser, jsonRequest, notFoundAnswer } from '../../http/route';
import { UserSchema } from '../../http/schemas';
import { hashPassword, randomToken, sha256 } from '../../lib/crypto';
import { recipientLocale } from '../mail/language';
import { queueEmail, siteOrigin } from '../mail/outbox';
import { startSession } from './sessions';
import { markAccepted, openInvitation } from './one-time-links';
import { findStaffByEmail } from './users';

export const INVITATION_TTL_MS = 7 * 24 * 3600_000;
const KINDS = ['user', 'school', 'organization'] as const;
type Kind = (typeof KINDS)[number];

/** What each inviting role may offer: kinds, and for 'user' the roles. */
const MAY_INVITE: Partial<Record<Role, { kinds: readonly Kind[]; roles: readonly Role[] }>> = {
  school_admin: { kinds: ['user'], roles: ['teacher', 'teacher_admin', 'school_admin'] },
  organization_admin: { kinds: ['user', 'school'], roles: ['organization_admin'] },
  upschool_admin: { kinds: ['school', 'organization'], roles: [] },
};

const CreateInvitation = z.object({
  email: z.string().trim().min(1, { error: 'Email is required', abort: true }).pipe(z.email('Invalid email').max(254)),
  kind: z.enum(KINDS).default('user'),
  role: z.enum(ROLES).optional(),
});

const InvitationSchema = z
  .object({
    kind: z.enum(KINDS),
    role: z.enum(ROLES),
    email: z.string(),
    /** The school or organization that invites (null: the platform). */
    inviter: z.string().nullable(),
    account_exists: z.boolean(),
  })
  .openapi('Invitation');

const AcceptAnswer = z
  .object({ message: z.string(), access: z.string().optional(), refresh: z.string().optional(), user: UserSchema.optional() })
  .openapi('InvitationAccepted');

const TokenParam = z.object({ token: z.string().min(10).max(200) });

const create = defineRoute(
  { roles: ['school_admin', 'organization_admin', 'upschool_admin'] },
  {
    method: 'post',
    path: '/invitations/',
    summary: 'Invite someone by e-mail (the link goes through the e-mail outbox)',
    request: jsonRequest(CreateInvitation),
    responses: { 201: jsonBody(z.object({ message: z.string(), id: z.number().int() }).openapi('InvitationSent'), 'Invited') },
  },
);

const read = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/invitations/{token}/',
    summary: 'An open invitation, for the accept page',
    request: { params: TokenParam },
    responses: {
      200: jsonBody(InvitationSchema),
      ...notFoundAnswer('Unknown, expired or already accepted'),
    },
  },
);

const accept = defineRoute(
  { roles: 'anyone' },
  {
    method: 'post',
    path: '/invitations/{token}/accept/',
    summary: 'Accept an invitation: signed in with the invited address, or by creating the account (then signed in)',
    request: { params: TokenParam, body: { required: false, content: { 'application/json': { schema: InvitationAcceptRequest } } } },
    responses: {
      200: jsonBody(AcceptAnswer, 'Accepted'),
      403: { description: 'Signed in as someone the invitation is not for', ...errorBody },
      ...notFoundAnswer('Unknown, expired or already accepted'),
      409: { description: 'The account exists: sign in first', ...errorBody },
    },
  },
);

function allowedInvitation(me: AuthUser, kind: Kind, role: Role | undefined): Role {
  const rules = MAY_INVITE[me.role];
  if (!rules?.kinds.includes(kind)) fail(403, 'You cannot send this kind of invitation.');
  if (kind !== 'user') return kind === 'organization' ? 'organization_admin' : 'school_admin';
  const wanted = role ?? rules.roles[0];
  if (!wanted || !rules.roles.includes(wanted))
    fail(400, `role: You cannot invite a ${role ?? 'user'}.`, { errors: { role: ['You cannot invite this role.'] } });
  return wanted;
}

export const invitationRoutes = new OpenAPIHono<AppEnv>()
  .openapi(create, async (c) => {
    const me = signedInUser(c);
    const { email, kind, role } = c.req.valid('json');
    const deps = c.get('deps');
    const tenant = c.get('tenant');
    const invitedRole = allowedInvitation(me, kind, role);
    if (me.role !== 'upschool_admin' && !tenant) fail(404, 'This page belongs to a school site.');
    const token = randomToken();
    const id = await c.get('db').transaction(async (tx) => {
      const [row] = await tx
        .insert(invitations)
        .values({
          tenant_id: me.role === 'upschool_admin' ? null : tenant!.id,
          token_hash: sha256(token),
          email: email.toLowerCase(),
          role: invitedRole,
          kind,
          invited_by: me.id,
          expires_at: new Date(deps.now().getTime() + INVITATION_TTL_MS),
        })
        .returning({ id: invitations.id });
      const inviter = tenant?.school_name ?? 'StoryNest';
      const link = `${siteOrigin(c)}/accept-invitation/${encodeURIComponent(token)}/`;
      // The invitee's own language if the address has an account already, else the school's.
      const say = sayIn(await recipientLocale(tx, { email, school: tenant }));
      await queueEmail(tx, {
        tenant_id: tenant?.id ?? null,
        to: email,
        subject: say(EMAIL_MSG.inviteSubject, { inviter }),
        expires_at: new Date(deps.now().getTime() + INVITATION_TTL_MS),
        text: `${[say(EMAIL_MSG.helloAll), say(EMAIL_MSG.invite, { inviter }), link].join('\n\n')}\n`,
      });
      return row!.id;
    });
    deps.kickMailer();
    return c.json({ message: `Invitation sent to ${email}.`, id }, 201);
  })
  .openapi(read, async (c) => {
    const db = c.get('db');
    const invitation = await openInvitation(db, c.req.valid('param').token, c.get('deps').now());
    if (!invitation) fail(404, AUTH_MSG.invitationInvalid, { error: AUTH_MSG.invitationInvalid });
    const [inviter] = invitation.tenant_id
      ? await db.select({ name: tenants.school_name }).from(tenants).where(eq(tenants.id, invitation.tenant_id)).limit(1)
      : [];
    return c.json(
      {
        kind: invitation.kind,
        role: invitation.role,
        email: invitation.email,
        inviter: inviter?.name ?? null,
        account_exists: Boolean(await findStaffByEmail(db, invitation.email)),
      },
      200,
    );
  })
  .openapi(accept, async (c) => {
    const deps = c.get('deps');
    const db = c.get('db');
    const now = deps.now();
    const invitation = await openInvitation(db, c.req.valid('param').token, now);
    if (!invitation) fail(404, AUTH_MSG.invitationInvalid, { error: AUTH_MSG.invitationInvalid });
    const me = c.get('user');
    const tenant = c.get('tenant');

    if (invitation.kind === 'organization') fail(400, 'Register your organization to accept this invitation.');
    if (invitation.kind === 'school') {
      // An organization invites an existing school: its admin links it, on the school's site.
      const admin = signedInUser(c);
      if (admin.role !== 'school_admin' || !tenant || tenant.is_organization || !invitation.tenant_id) {
        fail(403, 'Sign in as the school admin of the school to link it, or register a new school.');
      }
      await db.transaction(async (tx) => {
        await tx.insert(organizationLinks).values({ organization_id: invitation.tenant_id!, school_id: tenant.id }).onConflictDoNothing();
        await markAccepted(tx, invitation.id, now);
      });
      return c.json({ message: AUTH_MSG.invitationAccepted }, 200);
    }

    if (invitation.tenant_id !== (tenant?.id ?? null)) fail(400, 'Please open this invitation on the site it was sent from.');
    if (me) {
      const [account] = await db.select().from(users).where(eq(users.id, me.id)).limit(1);
      if (account?.email?.toLowerCase() !== invitation.email)
        fail(403, AUTH_MSG.invitationOtherEmail, { error: AUTH_MSG.invitationOtherEmail });
      await db.transaction(async (tx) => {
        await tx.update(users).set({ role: invitation.role }).where(eq(users.id, me.id));
        await markAccepted(tx, invitation.id, now);
      });
      return c.json({ message: AUTH_MSG.invitationAccepted }, 200);
    }

    if (await findStaffByEmail(db, invitation.email)) fail(409, AUTH_MSG.accountExists, { error: AUTH_MSG.accountExists });
    const parsed = NewAccount.safeParse(c.req.valid('json') ?? {});
    if (!parsed.success) return validationAnswer(c, parsed.error);
    const { first_name, last_name, password } = parsed.data;
    const password_hash = await hashPassword(password);
    const user = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ tenant_id: invitation.tenant_id, role: invitation.role, email: invitation.email, first_name, last_name, password_hash })
        .returning();
      await markAccepted(tx, invitation.id, now);
      return created!;
    });
    return c.json({ message: AUTH_MSG.invitationAccepted, ...(await startSession(deps, c.get('db'), user)) }, 200);
  });
