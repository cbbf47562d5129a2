// Registration: the throttle counts the network address on every host (sending the form to
// another Host header lifts nothing); a school whose address is not confirmed within a few days
// lapses and frees its subdomain; and the answer does not tell whether an e-mail address already
// has an account (its owner is told by e-mail instead).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { emailOutbox, tenants, users } from '../../server/db/schema';
import { REGISTRATION_ADDRESS_LIMIT } from '../../server/domains/auth/rate-limit';
import { pruneExpired } from '../../server/jobs/prune';
import { GREENFIELD, HILLSIDE, startServer, TARGETS, type TestServer } from './harness';

const DAY = 24 * 3600_000;

describe.each(TARGETS)('registration on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  }, 180_000);
  afterAll(() => server.close());

  let n = 0;
  /** Sends a registration (each from its own address unless one is named). */
  const register = (fields: Record<string, string>, options: { address?: string; host?: string } = {}) => {
    n++;
    const form = new FormData();
    const all = {
      school_name: `Waiting School ${n}`,
      school_email: `office${n}@waiting.example`,
      domain_url: 'https://waiting.example',
      first_name: 'Wren',
      last_name: 'Wait',
      primary_color: '#123456',
      primary_color_light: '#3A6EA5',
      primary_color_dark: '#0B2545',
      ...fields,
    };
    for (const [k, v] of Object.entries(all)) form.set(k, v);
    return server.call('POST', '/api/tenants/create/', { body: form, address: options.address ?? `198.51.100.${n}`, host: options.host });
  };

  it('counts one address across every host', async () => {
    const hosts = ['localhost', '127.0.0.1', GREENFIELD, HILLSIDE, 'riverbend.localhost'];
    for (let i = 0; i < REGISTRATION_ADDRESS_LIMIT; i++)
      expect((await register({}, { address: '203.0.113.90', host: hosts[i % hosts.length]! })).status).toBe(201);
    for (const host of hosts) {
      const refused = await register({}, { address: '203.0.113.90', host });
      expect(refused.status, host).toBe(429);
      expect(refused.headers.get('retry-after')).toBeTruthy();
    }
    expect((await register({}, { address: '203.0.113.91', host: GREENFIELD })).status).toBe(201);
  }, 60_000);

  const lastMailTo = async (to: string) =>
    (await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.id)).limit(1))[0];
  const later = (ms: number) => {
    server.clock.now = new Date(server.clock.now.getTime() + ms);
  };

  it('lets an unconfirmed school lapse after 3 days, freeing its subdomain (at registration and in the daily job)', async () => {
    const start = server.clock.now;
    const first = await register({ subdomain: 'lapsing-school', school_email: 'first@lapsing.example' });
    expect(first.status).toBe(201);
    const mail = await lastMailTo('first@lapsing.example');
    expect(mail!.text).toMatch(/within 3 days/);
    expect(mail!.text).toContain('lapsing-school');
    const token = new URL(/(http\S+\/verification\?token=\S+)/.exec(mail!.text)![1]!).searchParams.get('token')!;
    later(2 * DAY);
    const early = await register({ subdomain: 'lapsing-school', school_email: 'second@lapsing.example' });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('subdomain: This subdomain is already taken');
    // A link sent again later still ends with the registration.
    expect((await server.call('POST', '/api/verification/resend/', { json: { email: 'first@lapsing.example' } })).status).toBe(200);
    later(DAY + 60_000);
    expect((await server.call('POST', '/api/verification/', { json: { token } })).status).toBe(404);
    const again = new URL(/(http\S+\/verification\?token=\S+)/.exec((await lastMailTo('first@lapsing.example'))!.text)![1]!);
    expect((await server.call('POST', '/api/verification/', { json: { token: again.searchParams.get('token') } })).status).toBe(404);
    const taken = await register({ subdomain: 'lapsing-school', school_email: 'second@lapsing.example' });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(taken.body.tenant.subdomain).toBe('lapsing-school');
    // The first registration is gone, its admin too: the address may register again.
    expect(await server.database.db.select().from(users).where(eq(users.email, 'first@lapsing.example'))).toEqual([]);
    server.clock.now = start;
  });

  it('removes lapsed registrations in the daily job and keeps confirmed and recent ones', async () => {
    const old = await register({ subdomain: 'old-waiting', school_email: 'old@lapsing.example' });
    const recent = await register({ subdomain: 'new-waiting', school_email: 'new@lapsing.example' });
    expect([old.status, recent.status]).toEqual([201, 201]);
    const db = server.database.db;
    await db
      .update(tenants)
      .set({ created_at: new Date(Date.now() - 4 * DAY) })
      .where(eq(tenants.subdomain, 'old-waiting'));
    const counts = await pruneExpired(db, new Date());
    expect(counts.lapsed_registrations).toBeGreaterThanOrEqual(1);
    const left = (await db.select({ s: tenants.subdomain }).from(tenants)).map((r) => r.s);
    expect(left).not.toContain('old-waiting');
    expect(left).toEqual(expect.arrayContaining(['new-waiting', 'greenfield', 'hillside', 'riverbend']));
    expect(await db.select().from(users).where(eq(users.email, 'old@lapsing.example'))).toEqual([]);
  });

  it('answers the same whether or not the e-mail address has an account, and tells its owner by e-mail', async () => {
    const fresh = await register({ school_name: 'Alder School', school_email: 'office@alder.example' });
    const known = await register({ school_name: 'Alder School', school_email: 'Teacher@Greenfield.example' });
    expect(known.status).toBe(fresh.status);
    expect(known.status).toBe(201);
    const shape = (body: { message: string; tenant: Record<string, unknown> }) => ({
      keys: Object.keys(body).sort(),
      tenant: Object.keys(body.tenant).sort(),
      message: body.message.replace(/\S+@\S+?(?=:)/, 'EMAIL'),
    });
    expect(shape(known.body)).toEqual(shape(fresh.body));
    expect(known.body.tenant.subdomain).toBe('alder-school-2');
    expect(known.body.message).toContain('teacher@greenfield.example');
    // Nothing changed for the account, and no second account was made.
    const accounts = await server.database.db.select().from(users).where(eq(users.email, 'teacher@greenfield.example'));
    expect(accounts).toHaveLength(1);
    const [greenfield] = await server.database.db.select().from(tenants).where(eq(tenants.subdomain, 'greenfield'));
    expect(accounts[0]!.tenant_id).toBe(greenfield!.id);
    // Its owner hears of it, with no link that would confirm anything.
    const mail = await lastMailTo('teacher@greenfield.example');
    expect(mail!.subject).toBe('Someone asked to register Alder School with your e-mail address');
    expect(mail!.text).toContain('already has an account');
    expect(mail!.text).toContain('http://greenfield.localhost');
    expect(mail!.text).not.toMatch(/verification\?token=/);
    // The stand-in registration never goes live: there is nobody to confirm it.
    const [standIn] = await server.database.db
      .select()
      .from(tenants)
      .where(and(eq(tenants.subdomain, 'alder-school-2')));
    expect(standIn!.awaiting_verification).toBe(true);
    expect(await server.database.db.select().from(users).where(eq(users.tenant_id, standIn!.id))).toEqual([]);
  });

  it('takes about as long either way (figures printed)', async () => {
    const timed = async (email: string) => {
      const t0 = performance.now();
      expect((await register({ school_email: email })).status).toBe(201);
      return performance.now() - t0;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const fresh: number[] = [];
    const known: number[] = [];
    for (let i = 0; i < 5; i++) {
      fresh.push(await timed(`timing${i}@new-school.example`));
      known.push(await timed('head@greenfield.example'));
    }
    console.log(JSON.stringify({ registration_ms: { new_address: median(fresh), existing_account: median(known) } }));
  });
});
