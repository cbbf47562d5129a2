// Charity and donation administration and refunds on the real API (PGlite and PostgreSQL):
// the platform admin reaches every charity, a school admin only its own school's causes (another
// school's is a 404), a cause is editable only by the admin who added it (403 with the message),
// bodies are validated with the form's words, a charity with donations is not deleted, and a
// refund is partial or full, never more than paid, exactly once per key, and lowers what a
// charity has raised. (Roles, paging, sorts, dates and CSV of the lists: admin-lists.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARITY_MSG, REFUND_MSG } from '../../src/contract/charity-admin';
import { paymentProviders } from '../../server/providers/payments/providers';
import { GREENFIELD, HILLSIDE, signIn, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('charity administration on %s', (target) => {
  let server: TestServer;
  let admin: string;
  let head: string;
  let deputy: string;
  let hillside: string;

  beforeAll(async () => {
    server = await startServer(target);
    admin = (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access;
    head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    deputy = (await signIn(server, 'deputy@greenfield.example', 'Deputy-demo-1')).access;
    hillside = (await signIn(server, 'head@hillside.example', 'Head-demo-2', HILLSIDE)).access;
  }, 60_000);
  afterAll(() => server?.close());

  const school = (method: string, path: string, token: string, json?: unknown, host = GREENFIELD) =>
    server.call(method, `/api/api-admin/charities/${path}`, { host, token, json });

  it('lets a school admin add a cause that only its creator may edit, and hides it from other schools', async () => {
    const bad = await school('POST', '', head, { name: 'ab', status: 'live', goal: 'lots' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      name: [CHARITY_MSG.nameShort],
      status: [CHARITY_MSG.statusRequired],
      goal: [CHARITY_MSG.goalInvalid],
    });
    expect((await school('POST', '', head, { status: 'draft' })).body.errors.name).toEqual([CHARITY_MSG.nameRequired]);

    const made = await school('POST', '', head, {
      name: 'Our Garden Appeal',
      description: 'Seeds and tools.',
      goal: '1500.50',
      status: 'published',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: 'Our Garden Appeal',
      slug: 'our-garden-appeal',
      goal_cents: 150050,
      status: 'published',
      tenant_name: 'Greenfield Primary',
      can_edit: true,
      raised_cents: 0,
    });
    const id = made.body.id as number;

    // The second admin of the same school sees it, may not change or delete it.
    const seen = await school('GET', `${id}/`, deputy);
    expect(seen.body).toMatchObject({ id, can_edit: false, creator_name: 'Grace Head' });
    const refused = await school('PATCH', `${id}/`, deputy, { name: 'Taken over' });
    expect(refused).toMatchObject({ status: 403, body: { message: CHARITY_MSG.notCreator } });
    expect((await school('DELETE', `${id}/`, deputy)).status).toBe(403);
    expect((await school('GET', '', deputy)).body.results.map((c: { id: number }) => c.id)).toContain(id);

    // Its creator edits it: only the fields sent change.
    const edited = await school('PATCH', `${id}/`, head, { goal: '2000' });
    expect(edited.body).toMatchObject({ name: 'Our Garden Appeal', goal_cents: 200000 });
    expect((await school('PATCH', `${id}/`, head, { status: 'gone' })).status).toBe(400);

    // Another school: a 404 for the record, and not in its list; the platform admin reaches it.
    expect((await school('GET', `${id}/`, hillside, undefined, HILLSIDE)).status).toBe(404);
    expect((await school('PATCH', `${id}/`, hillside, { name: 'Mine now' }, HILLSIDE)).status).toBe(404);
    expect((await school('GET', '', hillside, undefined, HILLSIDE)).body.results.map((c: { id: number }) => c.id)).not.toContain(id);
    const platform = await server.call('GET', `/api/api-super-admin/charities/${id}/`, { token: admin });
    expect(platform.body).toMatchObject({ id, can_edit: true });
    // The school list holds only the school's own causes (no platform charities).
    const own = await school('GET', '?limit=100', head);
    expect(own.body.results.every((c: { tenant_name: string }) => c.tenant_name === 'Greenfield Primary')).toBe(true);

    // Published on the school's own site, not on another's.
    expect((await server.call('GET', '/api/charities/our-garden-appeal/', { host: GREENFIELD })).status).toBe(200);
    expect((await server.call('GET', '/api/charities/our-garden-appeal/', { host: HILLSIDE })).status).toBe(404);

    // Without donations, its creator may delete it.
    const gone = await school('DELETE', `${id}/`, head);
    expect(gone).toMatchObject({ status: 200, body: { message: CHARITY_MSG.deleted } });
    expect((await school('GET', `${id}/`, head)).status).toBe(404);
  });

  it('gives the platform admin every charity, with the three statuses, and keeps charities with donations', async () => {
    const drafts = await server.call('GET', '/api/api-super-admin/charities/?status=draft', { token: admin });
    expect(drafts.body.results.map((c: { name: string }) => c.name)).toContain('Story Buses');
    expect(drafts.body.results.every((c: { status: string }) => c.status === 'draft')).toBe(true);
    const made = await server.call('POST', '/api/api-super-admin/charities/', {
      token: admin,
      json: { name: 'Story Buses', status: 'draft' },
    });
    expect(made.body).toMatchObject({ slug: 'story-buses-2', tenant_id: null });
    const platformOnly = await server.call('GET', '/api/api-super-admin/charities/?owner=platform&limit=100', { token: admin });
    expect(platformOnly.body.results.every((c: { tenant_id: number | null }) => c.tenant_id === null)).toBe(true);
    expect((await server.call('GET', '/api/api-super-admin/charities/?status=gone', { token: admin })).status).toBe(400);
    // A school admin cannot reach the platform's endpoints.
    expect((await server.call('GET', `/api/api-super-admin/charities/${made.body.id}/`, { host: GREENFIELD, token: head })).status).toBe(
      403,
    );

    await donate('books-for-every-child', 2500);
    const list = await server.call('GET', '/api/api-super-admin/charities/?search=books+for+every', { token: admin });
    const books = list.body.results[0];
    expect(books.raised_cents).toBeGreaterThanOrEqual(2500);
    const refused = await server.call('DELETE', `/api/api-super-admin/charities/${books.id}/`, { token: admin });
    expect(refused).toMatchObject({ status: 409, body: { message: CHARITY_MSG.hasDonations } });
    const archived = await server.call('PATCH', `/api/api-super-admin/charities/${books.id}/`, {
      token: admin,
      json: { status: 'archived' },
    });
    expect(archived.body.status).toBe('archived');
    await server.call('PATCH', `/api/api-super-admin/charities/${books.id}/`, { token: admin, json: { status: 'published' } });
  });

  /** A paid donation by the Greenfield teacher, through the sandbox; answers its order id. */
  async function donate(slug: string, cents: number): Promise<number> {
    const teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    const made = await server.call('POST', `/api/charities/${slug}/donations/`, {
      host: GREENFIELD,
      token: teacher,
      json: { amount_cents: cents, provider: 'stripe' },
    });
    const press = await server.call('POST', made.body.redirect_url, {
      host: GREENFIELD,
      body: 'decision=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await server.call('GET', press.headers.get('location')!, { host: GREENFIELD });
    return made.body.order_id as number;
  }

  it('lists donations: all for the platform admin, the school site’s own for a school admin', async () => {
    const order = await donate('clean-water-for-schools', 1200);
    const all = await server.call('GET', '/api/api-super-admin/donations/?status=success&date_from=2000-01-01', { token: admin });
    expect(all.body.results.some((d: { id: number }) => d.id === order)).toBe(true);
    const mine = await server.call('GET', '/api/api-admin/donations/', { host: GREENFIELD, token: head });
    expect(
      mine.body.results.some((d: { id: number; charity_name: string }) => d.id === order && d.charity_name === 'Clean Water for Schools'),
    ).toBe(true);
    const theirs = await server.call('GET', '/api/api-admin/donations/', { host: HILLSIDE, token: hillside });
    expect(theirs.body.results.some((d: { id: number }) => d.id === order)).toBe(false);
    const wrong = await server.call('GET', '/api/api-super-admin/donations/?date_from=2020-02-01&date_to=2020-01-01', { token: admin });
    expect(wrong.status).toBe(400);
  });

  it('records refunds against the provider: partial, full, never more than paid, once per key', async () => {
    const order = await donate('girls-learn-too', 3000);
    const before = (await server.call('GET', '/api/charities/girls-learn-too/')).body.raised_cents as number;
    const detail = await server.call('GET', `/api/api-super-admin/orders/${order}/`, { token: admin });
    const payment = detail.body.payments[0].id as number;
    const refund = (json: unknown, key?: string) =>
      server.call('POST', `/api/api-super-admin/payments/${payment}/refund/`, {
        token: admin,
        json,
        headers: key ? { 'idempotency-key': key } : {},
      });

    expect((await refund({ amount: 'ten' })).body.errors.amount).toEqual([REFUND_MSG.amountInvalid]);
    const tooMuch = await refund({ amount: '30.01' });
    expect(tooMuch).toMatchObject({ status: 400, body: { errors: { amount: [REFUND_MSG.tooMuch] } } });
    expect(
      (await server.call('POST', `/api/api-super-admin/payments/${payment}/refund/`, { host: GREENFIELD, token: head, json: {} })).status,
    ).toBe(403);
    expect((await server.call('POST', '/api/api-super-admin/payments/99999999/refund/', { token: admin, json: {} })).status).toBe(404);

    const part = await refund({ amount: '10.00', reason: 'Duplicate' }, 'refund-key-0001');
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({
      amount_cents: 1000,
      reason: 'Duplicate',
      created_by: 'Platform Admin',
      payment: { refunded_cents: 1000 },
    });
    expect(part.body.provider_ref).toMatch(/^re_/);
    // The same key again: the same refund, not a second one.
    const again = await refund({ amount: '10.00', reason: 'Duplicate' }, 'refund-key-0001');
    expect(again.body.id).toBe(part.body.id);
    expect((await server.call('GET', '/api/charities/girls-learn-too/')).body.raised_cents).toBe(before - 1000);

    // The rest (no amount: what is left), then nothing is left.
    const rest = await refund({}, 'refund-key-0002');
    expect(rest.body).toMatchObject({ amount_cents: 2000, payment: { refunded_cents: 3000 } });
    expect((await refund({ amount: '1' })).body.message).toBe(REFUND_MSG.alreadyRefunded);
    const shown = await server.call('GET', `/api/api-super-admin/orders/${order}/`, { token: admin });
    expect(shown.body).toMatchObject({ refunded_cents: 3000, refunds: [{ amount_cents: 1000 }, { amount_cents: 2000 }] });
    expect((await server.call('GET', '/api/charities/girls-learn-too/')).body.raised_cents).toBe(before - 3000);
    const refunded = await server.call('GET', '/api/api-super-admin/donations/?refunded=yes', { token: admin });
    expect(refunded.body.results.some((d: { id: number; refunded_cents: number }) => d.id === order && d.refunded_cents === 3000)).toBe(
      true,
    );

    const stats = await server.call('GET', '/api/api-super-admin/charity-stats/', { token: admin });
    expect(stats.body.refunded_cents).toBeGreaterThanOrEqual(3000);
    expect(stats.body.months).toHaveLength(12);
    expect(stats.body.by_status.published).toBeGreaterThan(0);
    // The top charities, by what they raised: Books for Every Child has the earlier $25.00.
    const list = await server.call('GET', '/api/api-super-admin/charities/?limit=100', { token: admin });
    const most = Math.max(...list.body.results.map((c: { raised_cents: number }) => c.raised_cents));
    expect(most).toBeGreaterThanOrEqual(2500);
    expect(stats.body.top[0].raised_cents).toBe(most);
  });

  it('refuses a refund of a payment that was not paid', async () => {
    const teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    const made = await server.call('POST', '/api/charities/rainforest-readers/donations/', {
      host: GREENFIELD,
      token: teacher,
      json: { amount_cents: 500, provider: 'paypal' },
    });
    const detail = await server.call('GET', `/api/api-super-admin/orders/${made.body.order_id}/`, { token: admin });
    const res = await server.call('POST', `/api/api-super-admin/payments/${detail.body.payments[0].id}/refund/`, {
      token: admin,
      json: {},
    });
    expect(res).toMatchObject({ status: 409, body: { message: REFUND_MSG.notPaid } });
  });
});

describe('sandbox refunds at the providers', () => {
  it('answer the same refund for the same key, and a new one for another key', async () => {
    for (const provider of Object.values(paymentProviders('test-secret'))) {
      const first = await provider.refund({ ref: 'pay-1', amountCents: 500, key: 'key-a' });
      expect(await provider.refund({ ref: 'pay-1', amountCents: 500, key: 'key-a' })).toEqual(first);
      expect((await provider.refund({ ref: 'pay-1', amountCents: 500, key: 'key-b' })).refundRef).not.toBe(first.refundRef);
      expect(first.amountCents).toBe(500);
    }
  });
});
