// The platform admin's orders and payments on the real API: the spec's order, print and payment
// status filters, one order with its items and payments, a 404 for an unknown order, and
// upschool_admin only. (Roles, paging, sorts, dates and CSV are checked for every list by
// admin-lists.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GREENFIELD, signIn, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('platform orders on %s', (target) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(target);
    admin = (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access;
    // One paid donation, so there is an order with a payment.
    const teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    const made = await server.call('POST', '/api/charities/clean-water-for-schools/donations/', {
      host: GREENFIELD,
      token: teacher,
      json: { amount_cents: 1500, provider: 'paypal' },
    });
    const press = await server.call('POST', made.body.redirect_url, {
      host: GREENFIELD,
      body: 'decision=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await server.call('GET', press.headers.get('location')!, { host: GREENFIELD });
  }, 60_000);
  afterAll(() => server?.close());

  it('filters orders by order status, kind and print status, and opens one with its payments', async () => {
    const paid = await server.call('GET', '/api/api-super-admin/orders/?status=success&kind=donation', { token: admin });
    expect(paid.status).toBe(200);
    expect(paid.body.count).toBeGreaterThan(0);
    expect(paid.body.results.every((o: { status: string; kind: string }) => o.status === 'success' && o.kind === 'donation')).toBe(true);
    const order = paid.body.results.find((o: { total_cents: number; charity_name: string }) => o.total_cents === 1500)!;
    expect(order).toMatchObject({ charity_name: 'Clean Water for Schools', tenant_name: 'Greenfield Primary' });
    const detail = await server.call('GET', `/api/api-super-admin/orders/${order.id}/`, { token: admin });
    expect(detail.body).toMatchObject({
      id: order.id,
      items: [],
      payments: [{ provider: 'paypal', status: 'success', amount_cents: 1500 }],
    });
    expect((await server.call('GET', '/api/api-super-admin/orders/99999999/', { token: admin })).status).toBe(404);
    expect((await server.call('GET', '/api/api-super-admin/orders/?print_status=queued', { token: admin })).status).toBe(400);
    const printed = await server.call('GET', '/api/api-super-admin/orders/?print_status=open', { token: admin });
    expect(printed.body.results.every((o: { print_status: string }) => o.print_status === 'open')).toBe(true);
  });

  it('filters payments by status and provider', async () => {
    const res = await server.call('GET', '/api/api-super-admin/payments/?status=success&provider=paypal', { token: admin });
    expect(res.body.results.some((p: { amount_cents: number }) => p.amount_cents === 1500)).toBe(true);
    expect(res.body.results.every((p: { provider: string; status: string }) => p.provider === 'paypal' && p.status === 'success')).toBe(
      true,
    );
    expect((await server.call('GET', '/api/api-super-admin/payments/?provider=cash', { token: admin })).status).toBe(400);
  });

  it('is for the platform admin only', async () => {
    const head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    expect((await server.call('GET', '/api/api-super-admin/orders/1/', { host: GREENFIELD, token: head })).status).toBe(403);
  });
});

describe.each(TARGETS)('platform stats on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  }, 60_000);
  afterAll(() => server?.close());

  it('counts tenants, users by role, content and money, with 12 months of series', async () => {
    const admin = (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access;
    const res = await server.call('GET', '/api/api-super-admin/stats/', { token: admin });
    expect(res.status).toBe(200);
    const users = await server.call('GET', '/api/api-super-admin/users/?limit=1', { token: admin });
    const teachers = await server.call('GET', '/api/api-super-admin/users/?limit=1&role=teacher', { token: admin });
    expect(res.body.users).toBe(users.body.count);
    expect(res.body.users_by_role.teacher).toBe(teachers.body.count);
    expect(res.body.users_by_role.upschool_admin).toBe(1);
    expect(res.body.schools).toBeGreaterThanOrEqual(2);
    expect(res.body.organizations).toBeGreaterThanOrEqual(1);
    expect(res.body.months).toHaveLength(12);
    expect(res.body.months.at(-1).month).toBe(new Date().toISOString().slice(0, 7));
    const head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    expect((await server.call('GET', '/api/api-super-admin/stats/', { host: GREENFIELD, token: head })).status).toBe(403);
  });
});
