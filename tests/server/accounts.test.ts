// Accounts by e-mail: password reset through the outbox (a test follows the link), invitations,
// registration of schools and organizations (multipart, one schema with the form), logos, and
// the SMTP sender that empties the outbox when SMTP_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { emailOutbox, rateLimits, users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/crypto';
import { deliverPending } from '../../server/domains/mail/outbox';
import { GREENFIELD, HILLSIDE, TARGETS, signIn, startServer, type TestServer } from './harness';
import { messageText, startSmtpPeer, type SmtpPeer } from './smtp-peer';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function registration(fields: Record<string, string | File> = {}): FormData {
  const form = new FormData();
  const values: Record<string, string | File> = {
    school_name: 'Oakwood Primary',
    school_email: 'office@oakwood.example',
    domain_url: 'https://oakwood.example',
    first_name: 'Olive',
    last_name: 'Oak',
    primary_color: '#123456',
    primary_color_light: '#3A6EA5',
    primary_color_dark: '#0B2545',
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  return form;
}

describe.each(TARGETS)('accounts on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(() => server.close());

  /** The newest e-mail to this address, and the last link in it (the one to follow). */
  async function lastMailTo(to: string) {
    const [mail] = await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.id)).limit(1);
    const link = mail?.text.match(/https?:\/\/\S+/g)?.at(-1);
    return { mail, link: link ? new URL(link) : undefined };
  }
  const mailCount = async (to: string) => (await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).length;

  describe('password reset', () => {
    const request = (email: string, host = HILLSIDE) => server.call('POST', '/api/password-reset/', { host, json: { email } });
    const confirm = (token: string, password: string) =>
      server.call('POST', '/api/password-reset/confirm/', { host: HILLSIDE, json: { token, password } });

    it('e-mails a link through the outbox, and the link sets a new password and ends old sessions', async () => {
      const before = await signIn(server, 'teacher@hillside.example', 'Teach-demo-2', HILLSIDE);
      const res = await request('Teacher@Hillside.example');
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('If an account exists for this email, we have sent a link to reset your password.');

      const { mail, link } = await lastMailTo('teacher@hillside.example');
      expect(mail).toMatchObject({ subject: 'Reset your password', sent_at: null });
      expect(link?.origin).toBe('http://hillside.localhost:8080');
      expect(link?.pathname).toBe('/password-reset-confirm');
      const token = link!.searchParams.get('token')!;

      const check = await server.call('GET', `/api/password-reset/confirm/?token=${encodeURIComponent(token)}`, { host: HILLSIDE });
      expect(check.body).toEqual({ valid: true, email: 'teacher@hillside.example' });
      const short = await confirm(token, 'short');
      expect(short.status).toBe(400);
      expect(short.body.message).toBe('password: Password must be at least 8 characters');

      const done = await confirm(token, 'A-new-password-9');
      expect(done.status).toBe(200);
      expect(done.body.message).toBe('Your password has been changed. Please sign in.');
      const login = (password: string) =>
        server.call('POST', '/api/auth/token/', { host: HILLSIDE, json: { username: 'teacher@hillside.example', password } });
      expect((await login('Teach-demo-2')).status).toBe(401);
      expect((await login('A-new-password-9')).status).toBe(200);
      const refresh = await server.call('POST', '/api/auth/token/refresh/', { host: HILLSIDE, json: { refresh: before.refresh } });
      expect(refresh.status).toBe(401);

      const again = await confirm(token, 'Another-password-1');
      expect(again.status).toBe(400);
      expect(again.body.error).toBe('This link is invalid or has expired. Please ask for a new one.');
      expect((await server.call('GET', `/api/password-reset/confirm/?token=${token}`, { host: HILLSIDE })).body.valid).toBe(false);
    });

    it('says the same for unknown addresses, students and other sites, and sends nothing', async () => {
      for (const [email, host] of [
        ['nobody@hillside.example', HILLSIDE],
        ['teacher@greenfield.example', HILLSIDE],
      ] as const) {
        const res = await request(email, host);
        expect(res.status).toBe(200);
        expect(res.body.message).toMatch(/If an account exists/);
        expect(await mailCount(email)).toBe(0);
      }
      expect((await request('amara.okafor')).status).toBe(400);
    });

    it('expires links after an hour and limits requests per address', async () => {
      await request('head@greenfield.example', GREENFIELD);
      const token = (await lastMailTo('head@greenfield.example')).link!.searchParams.get('token')!;
      const start = server.clock.now;
      server.clock.now = new Date(start.getTime() + 61 * 60_000);
      expect((await confirm(token, 'Head-demo-2-new')).status).toBe(400);
      server.clock.now = start;
      for (let i = 0; i < 4; i++) expect((await request('head@greenfield.example', GREENFIELD)).status).toBe(200);
      const flood = await request('head@greenfield.example', GREENFIELD);
      expect(flood.status).toBe(429);
      expect(flood.body.error).toBe('Too many reset requests for this email. Please try again in 15 minutes.');
      expect(await mailCount('head@greenfield.example')).toBe(5);
    });

    it("clears a staff account's sign-in lock once the password is reset", async () => {
      const email = 'locked.out@hillside.example';
      const [hillside] = await server.database.db
        .select({ id: users.tenant_id })
        .from(users)
        .where(eq(users.email, 'teacher@hillside.example'));
      await server.database.db.insert(users).values({
        tenant_id: hillside!.id,
        role: 'teacher',
        email,
        first_name: 'Lou',
        last_name: 'Locked',
        password_hash: await hashPassword('Old-password-1'),
      });
      const login = (password: string) => server.call('POST', '/api/auth/token/', { host: HILLSIDE, json: { username: email, password } });
      for (let i = 0; i < 10; i++) await login('wrong');
      expect((await login('Old-password-1')).status).toBe(429);
      await request(email);
      const token = (await lastMailTo(email)).link!.searchParams.get('token')!;
      expect((await confirm(token, 'New-password-1')).status).toBe(200);
      expect((await login('New-password-1')).status).toBe(200);
    });
  });

  describe('invitations', () => {
    const invite = (token: string, json: unknown, host = GREENFIELD) => server.call('POST', '/api/invitations/', { host, token, json });
    const accept = (token: string, options: { json?: unknown; access?: string; host?: string } = {}) =>
      server.call('POST', `/api/invitations/${encodeURIComponent(token)}/accept/`, {
        host: options.host ?? GREENFIELD,
        token: options.access,
        json: options.json ?? {},
      });
    const tokenIn = async (email: string) => (await lastMailTo(email)).link!.pathname.split('/')[2]!;

    it('lets a school admin invite a teacher, who creates an account from the e-mailed link', async () => {
      const head = await signIn(server, 'head@greenfield.example', 'Head-demo-1');
      const sent = await invite(head.access, { email: 'new.teacher@greenfield.example', role: 'teacher' });
      expect(sent.status).toBe(201);
      const { link } = await lastMailTo('new.teacher@greenfield.example');
      expect(link?.origin).toBe('http://greenfield.localhost:8080');
      expect(link?.pathname).toMatch(/^\/accept-invitation\/[\w-]+\/$/);
      const token = await tokenIn('new.teacher@greenfield.example');

      const read = await server.call('GET', `/api/invitations/${token}/`, { host: GREENFIELD });
      expect(read.body).toEqual({
        kind: 'user',
        role: 'teacher',
        email: 'new.teacher@greenfield.example',
        inviter: 'Greenfield Primary',
        account_exists: false,
      });
      expect((await accept(token, { host: HILLSIDE, json: { first_name: 'N', last_name: 'T', password: 'Long-enough-1' } })).status).toBe(
        400,
      );
      const missing = await accept(token);
      expect(missing.status).toBe(400);
      expect(missing.body.message).toContain('first_name: First name is required');

      const ok = await accept(token, { json: { first_name: 'Nia', last_name: 'Teach', password: 'Long-enough-1' } });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({
        message: 'Invitation accepted.',
        user: { email: 'new.teacher@greenfield.example', role: 'teacher' },
      });
      expect(ok.body.access).toMatch(/^ey/);
      expect((await signIn(server, 'new.teacher@greenfield.example', 'Long-enough-1')).user.role).toBe('teacher');
      const used = await server.call('GET', `/api/invitations/${token}/`, { host: GREENFIELD });
      expect(used.status).toBe(404);
      expect(used.body.error).toBe('This invitation is invalid or has expired.');
    });

    it('gives a signed-in invitee the role, and only the invited address', async () => {
      const head = await signIn(server, 'head@greenfield.example', 'Head-demo-1');
      await invite(head.access, { email: 'teacher@greenfield.example', role: 'teacher_admin' });
      const token = await tokenIn('teacher@greenfield.example');
      expect((await server.call('GET', `/api/invitations/${token}/`, { host: GREENFIELD })).body.account_exists).toBe(true);
      expect((await accept(token)).status).toBe(409);
      const someoneElse = await accept(token, { access: head.access });
      expect(someoneElse.status).toBe(403);
      expect(someoneElse.body.error).toBe('This invitation was sent to another email address.');
      const teacher = await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1');
      expect((await accept(token, { access: teacher.access })).status).toBe(200);
      const [row] = await server.database.db.select({ role: users.role }).from(users).where(eq(users.email, 'teacher@greenfield.example'));
      expect(row!.role).toBe('teacher_admin');
      await server.database.db.update(users).set({ role: 'teacher' }).where(eq(users.email, 'teacher@greenfield.example'));
    });

    it('checks who may invite whom', async () => {
      const teacher = await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1');
      expect((await invite(teacher.access, { email: 'x@greenfield.example' })).status).toBe(403);
      const head = await signIn(server, 'head@greenfield.example', 'Head-demo-1');
      expect((await invite(head.access, { email: 'x@greenfield.example', role: 'upschool_admin' })).status).toBe(400);
      expect((await invite(head.access, { email: 'x@greenfield.example', kind: 'organization' })).status).toBe(403);
      expect((await invite(head.access, { email: 'not-an-email' })).status).toBe(400);
      expect((await server.call('POST', '/api/invitations/', { host: GREENFIELD, json: { email: 'x@y.example' } })).status).toBe(401);
      expect((await server.call('GET', '/api/invitations/not-a-real-token/', { host: GREENFIELD })).status).toBe(404);
    });

    it('links a school to the organization that invited it, by sign-in or by registering', async () => {
      const org = await signIn(server, 'org@riverbend.example', 'Org-demo-1', 'riverbend.localhost');
      const sent = await invite(org.access, { email: 'head@greenfield.example', kind: 'school' }, 'riverbend.localhost');
      expect(sent.status).toBe(201);
      const token = await tokenIn('head@greenfield.example');
      const teacher = await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1');
      expect((await accept(token, { access: teacher.access })).status).toBe(403);
      const head = await signIn(server, 'head@greenfield.example', 'Head-demo-1');
      expect((await accept(token, { access: head.access })).status).toBe(200);

      await invite(org.access, { email: 'office@maple.example', kind: 'school' }, 'riverbend.localhost');
      const schoolToken = await tokenIn('office@maple.example');
      const res = await server.call('POST', `/api/tenants/create/?invitation_link=${schoolToken}`, {
        body: registration({
          school_name: 'Maple School',
          school_email: 'office@maple.example',
          domain_url: 'https://maple.example',
          is_organization: 'true',
        }),
      });
      expect(res.status).toBe(201);
      const tenant = await server.call('GET', '/api/current-tenant', { host: 'maple-school.localhost' });
      expect(tenant.body.is_organization).toBe(false);
      expect(tenant.body.organizations.map((o: { subdomain: string }) => o.subdomain)).toEqual(['riverbend']);
      const reuse = await server.call('POST', `/api/tenants/create/?invitation_link=${schoolToken}`, {
        body: registration({ school_name: 'Maple Two', school_email: 'office@maple2.example' }),
      });
      expect(reuse.status).toBe(404);
    });
  });

  describe('registration', () => {
    // Each school registers from its own network (registration is throttled per address).
    let schools = 0;
    const register = (form: FormData, host = 'localhost') =>
      server.call('POST', '/api/tenants/create/', { host, body: form, address: `198.51.100.${++schools}` });

    it('registers a school, its admin and its logo, and e-mails the admin a link to choose a password', async () => {
      const logo = new File([PNG], 'logo.png', { type: 'image/png' });
      const res = await register(registration({ logo }), 'localhost:8080');
      expect(res.status).toBe(201);
      expect(res.body.tenant).toMatchObject({
        school_name: 'Oakwood Primary',
        subdomain: 'oakwood-primary',
        site: 'http://oakwood-primary.localhost:8080',
      });
      expect(res.body.message).toMatch(/office@oakwood.example/);

      const tenant = await server.call('GET', '/api/current-tenant', { host: 'oakwood-primary.localhost' });
      expect(tenant.body).toMatchObject({
        school_name: 'Oakwood Primary',
        primary_color: '#123456',
        primary_color_dark: '#0B2545',
        is_organization: false,
      });
      const image = await server.call('GET', tenant.body.logo, { host: 'oakwood-primary.localhost' });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('cache-control')).toMatch(/immutable/);
      expect(image.headers.get('content-security-policy')).toMatch(/sandbox/);

      const { mail, link } = await lastMailTo('office@oakwood.example');
      expect(mail!.subject).toBe('Confirm your e-mail address for Oakwood Primary');
      expect(link!.origin).toBe('http://oakwood-primary.localhost:8080');
      expect(link!.pathname).toBe('/verification');
      const token = link!.searchParams.get('token')!;

      // Not live until confirmed: even with a password (through a reset link), no sign-in.
      await server.call('POST', '/api/password-reset/', { host: 'oakwood-primary.localhost', json: { email: 'office@oakwood.example' } });
      const reset = (await lastMailTo('office@oakwood.example')).link!.searchParams.get('token')!;
      expect(
        (
          await server.call('POST', '/api/password-reset/confirm/', {
            host: 'oakwood-primary.localhost',
            json: { token: reset, password: 'Oakwood-early-1' },
          })
        ).status,
      ).toBe(200);
      const early = await server.call('POST', '/api/auth/token/', {
        host: 'oakwood-primary.localhost',
        json: { username: 'office@oakwood.example', password: 'Oakwood-early-1' },
      });
      expect(early.status).toBe(403);
      expect(early.body.error).toMatch(/not confirmed yet/);

      expect((await server.call('POST', '/api/verification/', { json: { token: 'not-the-token-at-all' } })).status).toBe(404);
      const confirmed = await server.call('POST', '/api/verification/', { host: 'oakwood-primary.localhost', json: { token } });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.message).toMatch(/confirmed/);
      expect((await server.call('POST', '/api/verification/', { json: { token } })).status).toBe(404);
      const passwordToken = new URL(confirmed.body.password_link).searchParams.get('token')!;
      const set = await server.call('POST', '/api/password-reset/confirm/', {
        host: 'oakwood-primary.localhost',
        json: { token: passwordToken, password: 'Oakwood-admin-1' },
      });
      expect(set.status).toBe(200);
      const admin = await signIn(server, 'office@oakwood.example', 'Oakwood-admin-1', 'oakwood-primary.localhost');
      expect(admin.user).toMatchObject({ role: 'school_admin', first_name: 'Olive', last_name: 'Oak' });
    });

    it('sends a waiting registration a new confirmation link (the old one stops working), the same answer for anyone', async () => {
      expect((await register(registration({ school_name: 'Birch Primary', school_email: 'office@birch.example' }))).status).toBe(201);
      const first = (await lastMailTo('office@birch.example')).link!.searchParams.get('token')!;
      const again = await server.call('POST', '/api/verification/resend/', { json: { email: 'office@birch.example' } });
      const nobody = await server.call('POST', '/api/verification/resend/', { json: { email: 'nobody@birch.example' } });
      expect(again.body).toEqual(nobody.body);
      expect(await mailCount('office@birch.example')).toBe(2);
      const second = (await lastMailTo('office@birch.example')).link!.searchParams.get('token')!;
      expect((await server.call('POST', '/api/verification/', { json: { token: first } })).status).toBe(404);
      expect((await server.call('POST', '/api/verification/', { json: { token: second } })).status).toBe(200);
      expect((await server.call('POST', '/api/verification/resend/', { json: { email: 'office@birch.example' } })).status).toBe(200);
      expect(await mailCount('office@birch.example')).toBe(2);
    });

    it('registers an organization with an organization admin, and picks a free address', async () => {
      const res = await register(
        registration({ is_organization: 'true', school_name: 'Oakwood Primary', school_email: 'trust@oakwood.example' }),
      );
      expect(res.status).toBe(201);
      expect(res.body.tenant.subdomain).toBe('oakwood-primary-2');
      const tenant = await server.call('GET', '/api/current-tenant', { host: 'oakwood-primary-2.localhost' });
      expect(tenant.body.is_organization).toBe(true);
      const [admin] = await server.database.db.select({ role: users.role }).from(users).where(eq(users.email, 'trust@oakwood.example'));
      expect(admin!.role).toBe('organization_admin');
    });

    it.each([
      [{ school_name: '' }, 'school_name: Name is required'],
      [{ school_name: 'ab' }, 'school_name: Name must be at least 3 characters'],
      [{ school_name: 'x'.repeat(101) }, 'school_name: Name must not exceed 100 characters'],
      [{ school_email: '' }, 'school_email: Email is required'],
      [{ school_email: 'office' }, 'school_email: Invalid email address'],
      [{ domain_url: '' }, 'domain_url: Domain URL is required'],
      [{ domain_url: 'not a url' }, 'domain_url: Invalid URL format'],
      [{ domain_url: 'https://localhost' }, 'domain_url: Invalid domain format'],
      [{ subdomain: 'Big_School' }, 'subdomain: Subdomain can only contain lowercase letters, numbers, and hyphens'],
      [{ subdomain: 'a'.repeat(64) }, 'subdomain: Subdomain must not exceed 63 characters'],
      [{ subdomain: 'greenfield' }, 'subdomain: This subdomain is already taken'],
      [{ subdomain: 'api' }, 'subdomain: This subdomain is already taken'],
      [{ primary_color: 'red' }, 'primary_color: Invalid hex color code'],
      [{ primary_color_dark: '' }, 'primary_color_dark: Primary color dark is required'],
      [{ first_name: ' ' }, 'first_name: First name is required'],
      [{ logo: new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }) }, 'logo: File too large'],
      [{ logo: new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }) }, 'logo: Unsupported file format'],
      [{ logo: new File(['not really a png'], 'logo.png', { type: 'image/png' }) }, 'logo: Unsupported file format'],
    ] as [Record<string, string | File>, string][])('refuses %o with "%s"', async (fields, message) => {
      const res = await register(registration({ school_email: 'unique@new.example', subdomain: 'brand-new', ...fields }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('accepts an SVG logo and serves it so that it cannot run scripts', async () => {
      const svg = new File(['<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], 'logo.svg', {
        type: 'image/svg+xml',
      });
      const res = await register(registration({ school_email: 'svg@new.example', subdomain: 'svg-school', logo: svg }));
      expect(res.status).toBe(201);
      const tenant = await server.call('GET', '/api/current-tenant', { host: 'svg-school.localhost' });
      const image = await server.call('GET', tenant.body.logo, { host: 'svg-school.localhost' });
      expect(image.headers.get('content-type')).toBe('image/svg+xml');
      expect(image.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    });
  });

  describe('the SMTP sender', () => {
    let smtp: SmtpPeer;
    beforeAll(async () => {
      smtp = await startSmtpPeer();
    });
    afterAll(() => smtp.close());

    it('sends the waiting mail when SMTP_URL is set and records it, and retries what the server refuses', async () => {
      await server.database.db.update(emailOutbox).set({ sent_at: new Date() });
      await server.call('POST', '/api/password-reset/', { host: GREENFIELD, json: { email: 'teacher@greenfield.example' } });
      const config = server.deps.config;
      // The peer offers no STARTTLS: this URL says explicitly that none is wanted.
      const deps = {
        ...server.deps,
        config: {
          ...config,
          smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}?tls=none&from=StoryNest%20%3Cno-reply%40storynest.example%3E`,
        },
      };
      expect(await deliverPending({ ...server.deps, config })).toBe(0); // no SMTP_URL: the mail waits

      smtp.sessions.length = 0;
      expect(await deliverPending(deps)).toBe(1);
      const [session] = smtp.sessions;
      expect(session!.commands).toContain('MAIL FROM:<no-reply@storynest.example>');
      expect(session!.commands).toContain('RCPT TO:<teacher@greenfield.example>');
      expect(session!.commands).toContain(`AUTH PLAIN ${Buffer.from('\0mailer\0s3cret').toString('base64')}`);
      const message = messageText(session!);
      expect(message).toContain('Subject: Reset your password');
      expect(message).toMatch(/http:\/\/greenfield\.localhost:8080\/password-reset-confirm\?token=/);
      const { mail } = await lastMailTo('teacher@greenfield.example');
      expect(mail!.sent_at).not.toBeNull();
      expect(await deliverPending(deps)).toBe(0);

      smtp.options.refuseRecipient = true;
      await server.database.db.delete(rateLimits);
      await server.call('POST', '/api/password-reset/', { host: GREENFIELD, json: { email: 'teacher@greenfield.example' } });
      expect(await deliverPending(deps)).toBe(0);
      const failed = (await lastMailTo('teacher@greenfield.example')).mail!;
      expect(failed).toMatchObject({ sent_at: null, attempts: 1 });
      expect(failed.last_error).toMatch(/550 no such user/);
      smtp.options.refuseRecipient = false;
      // Tried again only after its backoff (2 minutes after the first failure).
      expect(await deliverPending(deps)).toBe(0);
      server.clock.now = new Date(server.clock.now.getTime() + 2 * 60_000);
      expect(await deliverPending(deps)).toBe(1);
    });
  });
});
