// The public forms on the real API and database: bad input, the honeypot, one submission per
// Idempotency-Key, throttling per site and network address, the e-mail to the right office,
// the platform admin's list, and importing a bulk enrolment into its school.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { classes, emailOutbox, students, tenants } from '../../server/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_LIMIT } from '../../server/domains/help/form-routes';
import { GREENFIELD, HILLSIDE, signIn, startServer, TARGETS, type TestServer } from './harness';

const contact = { name: 'Ada Parent', email: 'ada@example.org', topic: 'question', message: 'When is the next book sale at school?' };

describe.each(TARGETS)('forms on %s', (target) => {
  let server: TestServer;
  let admin: string;
  const mail = (to: string) =>
    server.database.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, to))
      .orderBy(asc(emailOutbox.id));
  /** Sends a form; `headers['x-test-remote-address']` names the sender's network address. */
  const send = (path: string, json: unknown, host = GREENFIELD, headers: Record<string, string> = {}) => {
    const { 'x-test-remote-address': address = '10.0.0.1', ...rest } = headers;
    return server.call('POST', `/api/forms/${path}/`, { host, json, headers: rest, address });
  };

  beforeAll(async () => {
    server = await startServer(target);
    admin = (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access;
  }, 60_000);
  afterAll(() => server?.close());

  it('refuses bad input with the form’s words', async () => {
    const bad = await send('contact', { ...contact, email: 'nope', message: 'hi' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Invalid email address');
    expect(bad.body.message).toContain('at least 10 characters');
    expect((await send('report', { name: 'A', email: 'a@b.org', reason: 'whatever', details: 'x'.repeat(20) })).status).toBe(400);
    expect((await send('tour', { name: 'A', email: 'a@b.org', school_name: '', role: 'Head' })).status).toBe(400);
    expect((await send('bulk-enrolment', { name: 'A', email: 'a@b.org', school_name: 'G', file_name: 'x.txt', csv: 'a,b' })).status).toBe(
      400,
    );
  });

  it('stores a message once per key and e-mails the school’s office on a school site, the platform otherwise', async () => {
    const key = 'contact-key-0001';
    const first = await send('contact', contact, GREENFIELD, { 'Idempotency-Key': key });
    const again = await send('contact', contact, GREENFIELD, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const office = await mail('office@greenfield.example');
    expect(office.filter((m) => m.subject.startsWith('Message from Ada Parent'))).toHaveLength(1);
    expect(office[0]!.text).toContain('When is the next book sale');
    await send('contact', contact, 'localhost', { 'Idempotency-Key': 'contact-key-0002' });
    expect((await mail('support@storynest.example')).length).toBe(1);
  });

  it('a filled honeypot is thanked and nothing is kept', async () => {
    const before = (await server.call('GET', '/api/forms/?kind=contact', { host: 'localhost', token: admin })).body.results.length;
    const bot = await send('contact', { ...contact, website: 'http://spam.example' }, GREENFIELD, { 'Idempotency-Key': 'honeypot-key-1' });
    expect(bot.status).toBe(201);
    expect((await server.call('GET', '/api/forms/?kind=contact', { host: 'localhost', token: admin })).body.results.length).toBe(before);
  });

  it('throttles per site and network address', async () => {
    const from = (ip: string, host: string, i: number) =>
      send(
        'report',
        { name: 'R', email: 'r@example.org', item_type: 'book', item_id: 1, reason: 'broken', details: 'The book does not open at all.' },
        host,
        { 'x-test-remote-address': ip, 'Idempotency-Key': `throttle-${ip}-${host}-${i}`.replace(/\./g, '_') },
      );
    for (let i = 0; i < FORM_LIMIT; i++) expect((await from('10.9.9.9', HILLSIDE, i)).status).toBe(201);
    const refused = await from('10.9.9.9', HILLSIDE, 99);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many messages from here. Please try again later.');
    expect((await from('10.9.9.8', HILLSIDE, 0)).status).toBe(201);
    expect((await from('10.9.9.9', GREENFIELD, 0)).status).toBe(201);
  });

  it('lists forms for the platform admin only, with their site', async () => {
    const list = await server.call('GET', '/api/forms/?kind=report', { host: 'localhost', token: admin });
    expect(list.status).toBe(200);
    expect(list.body.results[0]).toMatchObject({ kind: 'report', data: { item_type: 'book', item_id: 1, reason: 'broken' } });
    expect(new Set(list.body.results.map((r: { site: string }) => r.site))).toEqual(new Set(['hillside', 'greenfield']));
    const head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    expect((await server.call('GET', '/api/forms/', { host: GREENFIELD, token: head })).status).toBe(403);
    expect((await server.call('GET', '/api/forms/')).status).toBe(401);
  });

  it('the admin panel lists them a page at a time: reports for book monitoring, with one line each', async () => {
    const reports = await server.call('GET', '/api/api-super-admin/forms/?kind=report&ordering=-created_at', {
      host: 'localhost',
      token: admin,
    });
    expect(reports.status).toBe(200);
    expect(reports.body.count).toBeGreaterThan(0);
    expect(reports.body.results.every((r: { kind: string }) => r.kind === 'report')).toBe(true);
    expect(reports.body.results[0].summary).toMatch(/^broken · book · 1/);
    expect(reports.body.results[0]).not.toHaveProperty('data');
    const head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    expect((await server.call('GET', '/api/api-super-admin/forms/', { host: GREENFIELD, token: head })).status).toBe(403);
    expect((await server.call('GET', '/api/api-super-admin/forms/?kind=nope', { host: 'localhost', token: admin })).status).toBe(400);
  });

  it('imports a bulk enrolment into the school that sent it, once', async () => {
    const csv = 'Class,First Name,Last Name\nYear 3 Wrens,Ola,Nowak\nYear 3 Wrens,Ben,Adeyemi\nYear 4 Robins,Tom,Hill\n';
    const sent = await send(
      'bulk-enrolment',
      { name: 'Office', email: 'office@hillside.example', school_name: 'Hillside Academy', file_name: 'pupils.csv', csv },
      HILLSIDE,
      { 'x-test-remote-address': '10.1.1.1' },
    );
    expect(sent.status).toBe(201);
    const imported = await server.call('POST', `/api/forms/${sent.body.id}/import/`, { host: 'localhost', token: admin });
    expect(imported.body).toEqual({ classes: 2, students: 3 });
    expect((await server.call('POST', `/api/forms/${sent.body.id}/import/`, { host: 'localhost', token: admin })).status).toBe(409);
    const rows = await server.database.db
      .select({ name: classes.name, subdomain: tenants.subdomain, n: sql<number>`count(${students.user_id})::int` })
      .from(classes)
      .innerJoin(tenants, eq(tenants.id, classes.tenant_id))
      .leftJoin(students, eq(students.class_id, classes.id))
      .where(inArray(classes.name, ['Year 3 Wrens', 'Year 4 Robins']))
      .groupBy(classes.id, tenants.subdomain)
      .orderBy(asc(classes.name), asc(tenants.subdomain));
    expect(rows).toEqual([
      { name: 'Year 3 Wrens', subdomain: 'hillside', n: 2 },
      { name: 'Year 4 Robins', subdomain: 'greenfield', n: 24 },
      { name: 'Year 4 Robins', subdomain: 'hillside', n: 1 },
    ]);
  });
});
