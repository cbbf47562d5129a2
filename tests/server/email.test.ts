// The mailer (server/domains/mail/outbox.ts, smtp.ts): TLS unless the URL opts out, no database
// transaction held while a mail server is slow, bodies emptied once sent, expired links never
// sent, and retries with backoff up to the attempt limit.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { emailOutbox } from '../../server/db/schema';
import { deliverPending, MAX_ATTEMPTS, queueEmail, retryDelayMs } from '../../server/domains/mail/outbox';
import { smtpSettings } from '../../server/providers/mail/smtp';
import { GREENFIELD, TARGETS, startServer, type TestServer } from './harness';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer';

describe('SMTP_URL', () => {
  it('requires STARTTLS on smtp://, implicit TLS on smtps://, and no TLS only when it says tls=none', () => {
    expect(smtpSettings('smtp://u:p@mail.example:587').transport).toMatchObject({
      secure: false,
      requireTLS: true,
      ignoreTLS: false,
      port: 587,
      auth: { user: 'u', pass: 'p' },
    });
    expect(smtpSettings('smtp://mail.example').transport).toMatchObject({ requireTLS: true, auth: undefined });
    expect(smtpSettings('smtps://mail.example').transport).toMatchObject({ secure: true, requireTLS: false, port: 465 });
    expect(smtpSettings('smtp://relay:25?tls=none').transport).toMatchObject({
      secure: false,
      requireTLS: false,
      ignoreTLS: true,
      port: 25,
    });
    expect(smtpSettings('smtp://relay?from=A%20%3Ca%40b.example%3E').from).toBe('A <a@b.example>');
    expect(() => smtpSettings('smtp://relay?tls=maybe')).toThrow(/tls=/);
    expect(() => smtpSettings('smtps://relay?tls=none')).toThrow(/smtps/);
    expect(() => smtpSettings('http://relay')).toThrow(/smtp:\/\//);
    // A wrong SMTP_URL stops the server at start, not at the first mail.
    expect(() => loadConfig({ SMTP_URL: 'smtp://relay?tls=opportunistic' })).toThrow(/tls=/);
  });

  it('retries after 2, 8, 32 and 128 minutes', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n) / 60_000)).toEqual([2, 8, 32, 128]);
    expect(MAX_ATTEMPTS).toBe(5);
  });
});

describe.each(TARGETS)('the mailer on %s', (target) => {
  let server: TestServer;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    server = await startServer(target);
    smtp = await startSmtpPeer();
  });
  afterAll(async () => {
    await smtp.close();
    await server.close();
  });
  beforeEach(async () => {
    await server.database.db.delete(emailOutbox);
    smtp.sessions.length = 0;
    smtp.options.stall = false;
  });

  const withUrl = (smtpUrl: string) => ({ ...server.deps, config: { ...server.deps.config, smtpUrl } });
  const queue = (to: string, expires_at: Date | null = null) =>
    queueEmail(server.database.db, { tenant_id: null, to, subject: 'Hello', text: 'Your link: http://x.example/secret-token', expires_at });
  const newest = async () => (await server.database.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1))[0]!;

  it('refuses to send through a server that does not offer STARTTLS unless the URL opts out', async () => {
    await queue('a@example.com');
    expect(await deliverPending(withUrl(`smtp://mailer:s3cret@127.0.0.1:${smtp.port}`))).toBe(0);
    const row = await newest();
    expect(row).toMatchObject({ sent_at: null, attempts: 1 });
    expect(row.last_error).toMatch(/STARTTLS/i);
    // Neither the password nor the message went over the plain connection.
    const commands = smtp.sessions.flatMap((s) => s.commands);
    expect(commands.some((c) => /^EHLO/i.test(c))).toBe(true);
    expect(commands.some((c) => /^(AUTH|MAIL|RCPT|DATA)/i.test(c))).toBe(false);
    expect(row.text).toContain('secret-token'); // still waiting: kept until sent or expired
  });

  it('empties the body of a sent mail and never sends one whose link has expired', async () => {
    const url = `smtp://127.0.0.1:${smtp.port}?tls=none`;
    await queue('expired@example.com', new Date(server.clock.now.getTime() - 1000));
    await queue('fresh@example.com', new Date(server.clock.now.getTime() + 3600_000));
    expect(await deliverPending(withUrl(url))).toBe(1);
    const rows = await server.database.db.select().from(emailOutbox);
    const sent = rows.find((r) => r.to === 'fresh@example.com')!;
    expect(sent.sent_at).not.toBeNull();
    expect(sent.text).toBe('');
    expect(sent.html).toBeNull();
    expect(JSON.stringify(rows.filter((r) => r.sent_at))).not.toContain('secret-token');
    expect(rows.find((r) => r.to === 'expired@example.com')).toMatchObject({ sent_at: null, attempts: 0 });
    expect(smtp.sessions.flatMap((s) => s.commands)).not.toContain('RCPT TO:<expired@example.com>');
  });

  it('gives up after the attempt limit, waiting longer each time', async () => {
    smtp.options.refuseRecipient = true;
    const deps = withUrl(`smtp://127.0.0.1:${smtp.port}?tls=none`);
    await queue('nobody@example.com');
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await deliverPending(deps)).toBe(0);
      expect((await newest()).attempts).toBe(attempt);
      expect(await deliverPending(deps)).toBe(0); // not due yet: nothing is tried
      expect((await newest()).attempts).toBe(attempt);
      server.clock.now = new Date(server.clock.now.getTime() + retryDelayMs(attempt));
    }
    smtp.options.refuseRecipient = false;
    server.clock.now = new Date(server.clock.now.getTime() + 24 * 3600_000);
    expect(await deliverPending(deps)).toBe(0);
    expect(await newest()).toMatchObject({ sent_at: null, attempts: MAX_ATTEMPTS, next_attempt_at: null });
  });

  it('holds no transaction while the mail server stalls: the database and the API answer meanwhile', async () => {
    smtp.options.stall = true;
    await queue('slow@example.com');
    const connected = smtp.nextConnection();
    const delivery = deliverPending(withUrl(`smtp://127.0.0.1:${smtp.port}?tls=none`));
    await connected; // the mailer is now waiting on the silent server

    // With the old mailer (a transaction around the send) these wait for the SMTP timeout; on
    // PGlite its single connection is held, so they would not answer at all until it ended.
    const answered = (work: Promise<unknown>) =>
      Promise.race([work.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000))]);
    expect(await answered(server.database.db.execute(sql`select 1`))).toBe('answered');
    expect(
      await answered(server.database.db.update(emailOutbox).set({ subject: 'Hello again' }).where(eq(emailOutbox.to, 'slow@example.com'))),
    ).toBe('answered');
    const reset = server.call('POST', '/api/password-reset/', { host: GREENFIELD, json: { email: 'head@greenfield.example' } });
    expect(await answered(reset)).toBe('answered');
    expect((await reset).status).toBe(200);

    // The server hangs up; the mailer records the failure and goes on with the reset mail.
    smtp.options.stall = false;
    smtp.hangUpAll();
    expect(await delivery).toBe(1);
    expect((await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'slow@example.com')))[0]).toMatchObject({
      attempts: 1,
      sent_at: null,
      claimed_until: null,
    });
  });
});
