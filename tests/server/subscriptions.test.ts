// Modes and subscriptions on the real API, PGlite and PostgreSQL: the platform admin's modes
// (create, change, lock, activate, reorder), plans and variants (validated, deletion refused while
// subscribed), a school subscribing through the sandbox provider (once per Idempotency-Key), the
// switchboard opening its locked modes, a school's own modes, an organization's subscription
// covering its linked schools, and the renewal job on a moved clock: renewed, past_due after a
// declined renewal (still open in its grace), ended when the grace runs out, cancel at period end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, subscriptions } from '../../server/db/schema';
import { addInterval, GRACE_DAYS, runRenewals } from '../../server/domains/commerce/subscriptions';
import { reorder } from '../../server/domains/schools/mode-routes';
import { GREENFIELD, HILLSIDE, signIn, startServer, TARGETS, type TestServer } from './harness';

const RIVERBEND = 'riverbend.localhost';
const DAY = 24 * 3600_000;

describe('reorder', () => {
  it('moves ids to the top, up, down or to the bottom, keeping their order', () => {
    expect(reorder([1, 2, 3, 4], [3], 'top')).toEqual([3, 1, 2, 4]);
    expect(reorder([1, 2, 3, 4], [3, 4], 'up')).toEqual([1, 3, 4, 2]);
    expect(reorder([1, 2, 3, 4], [1], 'down')).toEqual([2, 1, 3, 4]);
    expect(reorder([1, 2, 3, 4], [2], 'bottom')).toEqual([1, 3, 4, 2]);
    expect(reorder([1, 2, 3], [1], 'up')).toEqual([1, 2, 3]);
  });
  it('adds months without running past the end of a month', () => {
    expect(addInterval(new Date('2026-01-31T10:00:00Z'), 'month').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addInterval(new Date('2024-02-29T00:00:00Z'), 'year').toISOString()).toBe('2025-02-28T00:00:00.000Z');
  });
});

describe.each(TARGETS)('modes and subscriptions on %s', (target) => {
  let server: TestServer;
  let admin: string;
  let head: string;
  let org: string;
  let teacher: string;
  const asAdmin = (method: string, path: string, json?: unknown) => server.call(method, `/api${path}`, { token: admin, json });
  const asHead = (method: string, path: string, json?: unknown, headers?: Record<string, string>) =>
    server.call(method, `/api${path}`, { host: GREENFIELD, token: head, json, headers });
  const modeNamed = async (host: string, token: string, name: string) =>
    ((await server.call('GET', '/api/modes/', { host, token })).body.results as { name: string; locked: boolean }[]).find(
      (m) => m.name === name,
    );

  /** Pays a checkout's first period on the sandbox page with this decision. */
  async function pay(host: string, redirect: string, decision: string) {
    const press = await server.call('POST', redirect, {
      host,
      body: `decision=${decision}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(press.status).toBe(303);
    return server.call('GET', press.headers.get('location')!, { host });
  }

  /** Moves the server's clock (a fresh sign-in: the old access token has expired by then). */
  async function at(date: Date) {
    server.clock.now = date;
    head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
  }

  beforeAll(async () => {
    server = await startServer(target);
    admin = (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access;
    head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    org = (await signIn(server, 'org@riverbend.example', 'Org-demo-1', RIVERBEND)).access;
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
  }, 60_000);
  afterAll(() => server?.close());

  it('modes: create, change, lock, activate and reorder, validated, platform admin only', async () => {
    const bad = await asAdmin('POST', '/api-super-admin/modes/', {
      name: '',
      locked: 'maybe',
      active: 'true',
      status: 'ON',
      image: 'javascript:x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      name: ['Name is required'],
      locked: ['Choose whether the mode is locked'],
      status: ['Choose a status'],
    });
    expect(bad.body.errors.image[0]).toMatch(/must be an address/);
    const made = await asAdmin('POST', '/api-super-admin/modes/', {
      name: 'Explore',
      image: '/modes/explore.png',
      locked: 'true',
      active: 'false',
      status: 'INACTIVE',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Explore', locked: true, active: false, sort_order: 4 });
    const id = made.body.id as number;
    const changed = await asAdmin('PATCH', `/api-super-admin/modes/${id}/`, { name: 'Explore more' });
    expect(changed.body).toMatchObject({ name: 'Explore more', image: '/modes/explore.png', locked: true });
    expect((await asAdmin('PATCH', '/api-super-admin/modes/99999999/', { name: 'x' })).status).toBe(404);
    expect((await asAdmin('POST', '/api-super-admin/modes/bulk/', { ids: [id], action: 'activate' })).status).toBe(200);
    expect((await asAdmin('GET', `/api-super-admin/modes/${id}/`)).body).toMatchObject({ active: true, status: 'ACTIVE' });
    expect((await asAdmin('POST', '/api-super-admin/modes/bulk/', { ids: [id], action: 'explode' })).status).toBe(400);
    expect((await asAdmin('POST', '/api-super-admin/modes/bulk/', { ids: [99999999], action: 'lock' })).status).toBe(404);
    expect((await asAdmin('POST', '/api-super-admin/modes/move/', { ids: [id], to: 'top' })).status).toBe(200);
    const list = await asAdmin('GET', '/api-super-admin/modes/');
    expect(list.body.results[0]).toMatchObject({ id, sort_order: 0 });
    expect(list.body.results.map((m: { sort_order: number }) => m.sort_order)).toEqual([0, 1, 2, 3, 4]);
    // The platform switchboard follows the new order.
    expect((await server.call('GET', '/api/modes/', { token: admin })).body.results[0].id).toBe(id);
    await asAdmin('POST', '/api-super-admin/modes/move/', { ids: [id], to: 'bottom' });
    expect((await asHead('GET', '/api-super-admin/modes/')).status).toBe(403);
    expect((await asHead('POST', '/api-super-admin/modes/', { name: 'x', locked: 'true', active: 'true', status: 'ACTIVE' })).status).toBe(
      403,
    );
  });

  it('plans and variants: validated, and a plan with subscribers is not deleted', async () => {
    const modes = (await asAdmin('GET', '/api-super-admin/modes/')).body.results as { id: number; name: string }[];
    const learn = modes.find((m) => m.name === 'Learn')!;
    const bad = await asAdmin('POST', '/api-super-admin/subscription-plans/', { name: ' ', active: 'true', mode_ids: 'one' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ name: ['Plan name is required'], mode_ids: ['Choose from the list'] });
    expect(
      (await asAdmin('POST', '/api-super-admin/subscription-plans/', { name: 'Ghost', active: 'true', mode_ids: '99999999' })).status,
    ).toBe(400);
    const plan = await asAdmin('POST', '/api-super-admin/subscription-plans/', {
      name: 'Learn Only',
      description: 'The Learn mode',
      active: 'true',
      mode_ids: String(learn.id),
    });
    expect(plan.status).toBe(201);
    expect(plan.body).toMatchObject({ name: 'Learn Only', mode_ids: [learn.id], mode_names: ['Learn'], subscriber_count: 0 });
    // Changing one field leaves the others (its modes) as they were.
    expect(
      (await asAdmin('PATCH', `/api-super-admin/subscription-plans/${plan.body.id}/`, { description: 'Learn, monthly' })).body,
    ).toMatchObject({ mode_ids: [learn.id], description: 'Learn, monthly' });
    const badVariant = await asAdmin('POST', '/api-super-admin/subscription-variants/', {
      plan_id: String(plan.body.id),
      interval: 'week',
      price: '12.345',
      currency: 'XXX',
      seats: '0',
      active: 'true',
    });
    expect(badVariant.status).toBe(400);
    expect(badVariant.body.errors).toMatchObject({
      interval: ['Choose monthly or yearly'],
      price: ['Enter a price such as 29.00'],
      currency: ['Choose a currency'],
      seats: ['At least one seat'],
    });
    expect(
      (
        await asAdmin('POST', '/api-super-admin/subscription-variants/', {
          plan_id: '99999999',
          interval: 'month',
          price: '5',
          currency: 'USD',
          seats: '10',
          active: 'true',
        })
      ).status,
    ).toBe(400);
    const variant = await asAdmin('POST', '/api-super-admin/subscription-variants/', {
      plan_id: String(plan.body.id),
      interval: 'month',
      price: '9.50',
      currency: 'GBP',
      seats: '25',
      active: 'true',
    });
    expect(variant.status).toBe(201);
    expect(variant.body).toMatchObject({ plan_name: 'Learn Only', interval: 'month', price_cents: 950, currency: 'GBP', seats: 25 });
    expect((await asAdmin('PATCH', `/api-super-admin/subscription-variants/${variant.body.id}/`, { seats: '30' })).body.seats).toBe(30);
    const filtered = await asAdmin('GET', `/api-super-admin/subscription-variants/?plan_id=${plan.body.id}`);
    expect(filtered.body.count).toBe(1);
    // An unused plan goes; the seeded plan is used below and then refused.
    const spare = await asAdmin('POST', '/api-super-admin/subscription-plans/', { name: 'Spare', active: 'false' });
    expect((await asAdmin('DELETE', `/api-super-admin/subscription-plans/${spare.body.id}/`)).status).toBe(200);
    expect((await asAdmin('DELETE', `/api-super-admin/subscription-plans/${spare.body.id}/`)).status).toBe(404);
    expect((await asHead('GET', '/api-super-admin/subscription-plans/')).status).toBe(403);
  });

  it('a school subscribes once per key, pays at the provider, and its locked modes open', async () => {
    expect((await modeNamed(GREENFIELD, head, 'Learn'))?.locked).toBe(true);
    const own = await asHead('GET', '/api-admin/subscription/');
    expect(own.status).toBe(200);
    expect(own.body.current).toBeNull();
    const plus = own.body.plans.find((p: { name: string }) => p.name === 'School Plus');
    expect(plus.mode_names).toEqual(['Learn', 'Community']);
    const monthly = plus.variants.find((v: { interval: string }) => v.interval === 'month');
    expect((await asHead('POST', '/api-admin/subscription/', { variant_id: monthly.id, provider: 'bank' })).body.errors.provider).toEqual([
      'Choose how to pay',
    ]);
    expect((await asHead('POST', '/api-admin/subscription/', { variant_id: 99999999, provider: 'stripe' })).status).toBe(404);
    expect(
      (
        await server.call('POST', '/api/api-admin/subscription/', {
          host: GREENFIELD,
          token: teacher,
          json: { variant_id: monthly.id, provider: 'stripe' },
        })
      ).status,
    ).toBe(403);
    const key = { 'Idempotency-Key': `subscribe-${target}-1` };
    const first = await asHead('POST', '/api-admin/subscription/', { variant_id: monthly.id, provider: 'stripe' }, key);
    const again = await asHead('POST', '/api-admin/subscription/', { variant_id: monthly.id, provider: 'stripe' }, key);
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const charges = await server.database.db.select().from(orders).where(eq(orders.kind, 'subscription'));
    expect(charges).toHaveLength(1);
    const page = await server.call('GET', first.body.redirect_url, { host: GREENFIELD });
    expect(page.body).toContain('later renewals are declined');
    const back = await pay(GREENFIELD, first.body.redirect_url, 'approve');
    expect(back.headers.get('location')).toBe('/admin-school/subscriptions');
    const now = await asHead('GET', '/api-admin/subscription/');
    expect(now.body.current).toMatchObject({
      status: 'active',
      plan_name: 'School Plus',
      interval: 'month',
      price_cents: 2900,
      cancel_at_period_end: false,
    });
    expect(now.body.charges).toHaveLength(1);
    expect(now.body.charges[0]).toMatchObject({ status: 'success', total_cents: 2900 });
    const invoice = now.body.charges[0].invoice_url as string;
    const [, id, query] = /^\/invoice\/subscription\/(\d+)\?(.*)$/.exec(invoice)!;
    const order = await server.call('GET', `/api/orders/${id}/?${query}`, { host: GREENFIELD });
    expect(order.body).toMatchObject({ kind: 'subscription', status: 'success', total_cents: 2900 });
    expect(order.body.description).toMatch(/^School Plus — monthly, 30 seats/);
    // What the plan unlocks is real, and only here.
    expect((await modeNamed(GREENFIELD, head, 'Learn'))?.locked).toBe(false);
    expect((await modeNamed(GREENFIELD, head, 'Community'))?.locked).toBe(false);
    const hillTeacher = (await signIn(server, 'teacher@hillside.example', 'Teach-demo-2', HILLSIDE)).access;
    expect((await modeNamed(HILLSIDE, hillTeacher, 'Learn'))?.locked).toBe(true);
    // One subscription at a time; the plan is not deleted while subscribed.
    expect((await asHead('POST', '/api-admin/subscription/', { variant_id: monthly.id, provider: 'paypal' })).status).toBe(409);
    const refused = await asAdmin('DELETE', `/api-super-admin/subscription-plans/${plus.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/has subscribers/);
    // The platform sees it; another tenant's record is out of reach from a school.
    const all = await asAdmin('GET', '/api-super-admin/subscriptions/?status=active');
    const mine = all.body.results.find((s: { tenant_name: string }) => s.tenant_name === 'Greenfield Primary');
    expect(mine).toBeTruthy();
    const detail = await asAdmin('GET', `/api-super-admin/subscriptions/${mine.id}/`);
    expect(detail.body.charges).toHaveLength(1);
    expect((await asHead('GET', `/api-super-admin/subscriptions/${mine.id}/`)).status).toBe(403);
    expect((await server.call('GET', '/api/api-admin/subscription/', { host: HILLSIDE, token: head })).status).toBe(401);
  });

  it('renewal job: renewed, declined into past_due and its grace, ended after grace, cancel at period end', async () => {
    const [sub] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.status, 'active'));
    const end = sub!.current_period_end;
    // Nothing is due before the period ends.
    expect(await runRenewals(server.database.db, new Date(end.getTime() - 1000))).toMatchObject({ renewed: 0, failed: 0 });
    const renewed = await runRenewals(server.database.db, new Date(end.getTime() + 1000));
    expect(renewed.renewed).toBe(1);
    // Run twice at the same moment: never charged twice.
    expect((await runRenewals(server.database.db, new Date(end.getTime() + 2000))).renewed).toBe(0);
    let [row] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(row!.current_period_start!.toISOString()).toBe(end.toISOString());
    expect(row!.current_period_end.toISOString()).toBe(addInterval(end, 'month').toISOString());
    expect((await asHead('GET', '/api-admin/subscription/')).body.charges).toHaveLength(2);

    // The provider now declines: past_due, modes still open during the grace period.
    await server.database.db.update(subscriptions).set({ mandate: 'sandbox:stripe:decline:x' }).where(eq(subscriptions.id, sub!.id));
    const end2 = row!.current_period_end;
    expect((await runRenewals(server.database.db, new Date(end2.getTime() + 1000))).failed).toBe(1);
    [row] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(row!.status).toBe('past_due');
    expect(row!.grace_until!.getTime()).toBe(end2.getTime() + GRACE_DAYS * DAY);
    await at(new Date(end2.getTime() + 2 * 3600_000));
    expect((await asHead('GET', '/api-admin/subscription/')).body.current.status).toBe('past_due');
    expect((await modeNamed(GREENFIELD, head, 'Learn'))?.locked).toBe(false);
    const failed = (await asHead('GET', '/api-admin/subscription/')).body.charges[0];
    expect(failed).toMatchObject({ status: 'failed', total_cents: 2900 });
    // A charge is dated when the job made it.
    expect(failed.created_at).toBe(new Date(end2.getTime() + 1000).toISOString());
    // Retried once a day, not sooner.
    expect((await runRenewals(server.database.db, new Date(end2.getTime() + 3600_000))).failed).toBe(0);
    expect((await runRenewals(server.database.db, new Date(end2.getTime() + DAY + 2000))).failed).toBe(1);
    // The grace runs out: cancelled, modes locked again.
    const after = new Date(end2.getTime() + GRACE_DAYS * DAY + 1000);
    expect((await runRenewals(server.database.db, after)).expired).toBe(1);
    await at(after);
    expect((await asHead('GET', '/api-admin/subscription/')).body.current.status).toBe('cancelled');
    expect((await modeNamed(GREENFIELD, head, 'Learn'))?.locked).toBe(true);
    await at(new Date());
  });

  it('cancel at period end ends an organization subscription, which covered its linked schools', async () => {
    const own = await server.call('GET', '/api/api-admin/subscription/', { host: RIVERBEND, token: org });
    const yearly = own.body.plans
      .find((p: { name: string }) => p.name === 'School Plus')
      .variants.find((v: { interval: string }) => v.interval === 'year');
    const made = await server.call('POST', '/api/api-admin/subscription/', {
      host: RIVERBEND,
      token: org,
      json: { variant_id: yearly.id, provider: 'paypal' },
    });
    expect(made.status).toBe(201);
    const back = await pay(RIVERBEND, made.body.redirect_url, 'approve');
    expect(back.headers.get('location')).toBe('/admin-organization/subscriptions');
    // Greenfield is linked to Riverbend: its switchboard opens too.
    expect((await modeNamed(GREENFIELD, head, 'Learn'))?.locked).toBe(false);
    expect((await asHead('POST', '/api-admin/subscription/cancel/', { cancel: true })).status).toBe(404);
    const cancel = await server.call('POST', '/api/api-admin/subscription/cancel/', {
      host: RIVERBEND,
      token: org,
      json: { cancel: true },
    });
    expect(cancel.body.message).toBe('Your subscription will end at the end of the current period.');
    const current = (await server.call('GET', '/api/api-admin/subscription/', { host: RIVERBEND, token: org })).body.current;
    expect(current).toMatchObject({ status: 'active', cancel_at_period_end: true, interval: 'year' });
    const counts = await runRenewals(server.database.db, new Date(new Date(current.current_period_end).getTime() + 1000));
    expect(counts).toMatchObject({ ended: 1, renewed: 0 });
    const charges = (await server.call('GET', '/api/api-admin/subscription/', { host: RIVERBEND, token: org })).body.charges;
    expect(charges).toHaveLength(1);
    await at(new Date(new Date(current.current_period_end).getTime() + 2000));
    expect((await modeNamed(GREENFIELD, head, 'Learn'))?.locked).toBe(true);
    await at(new Date());
  });

  it('a declined first payment starts nothing', async () => {
    const own = await asHead('GET', '/api-admin/subscription/');
    const monthly = own.body.plans[0].variants[0];
    const made = await asHead('POST', '/api-admin/subscription/', { variant_id: monthly.id, provider: 'phonepe' });
    await pay(GREENFIELD, made.body.redirect_url, 'decline');
    const now = await asHead('GET', '/api-admin/subscription/');
    expect(now.body.current.status).toBe('cancelled');
    expect(now.body.charges[0].status).toBe('failed');
  });

  it("a school's own modes: offered or hidden on its switchboard, school admins only", async () => {
    const list = await asHead('GET', '/api-admin/school-modes/');
    expect(list.status).toBe(200);
    const ids = (list.body.results as { id: number; name: string }[]).map((m) => m.id);
    const create = list.body.results.find((m: { name: string }) => m.name === 'Create');
    expect((await asHead('PUT', '/api-admin/school-modes/', { offered: [99999999] })).status).toBe(404);
    expect((await asHead('PUT', '/api-admin/school-modes/', { offered: 'all' })).status).toBe(400);
    expect(
      (await server.call('PUT', '/api/api-admin/school-modes/', { host: GREENFIELD, token: teacher, json: { offered: ids } })).status,
    ).toBe(403);
    const saved = await asHead('PUT', '/api-admin/school-modes/', { offered: ids.filter((id) => id !== create.id) });
    expect(saved.body.message).toBe('The switchboard modes of your school are saved.');
    expect(await modeNamed(GREENFIELD, head, 'Create')).toBeUndefined();
    expect((await asHead('GET', '/api-admin/school-modes/')).body.results.find((m: { name: string }) => m.name === 'Create').offered).toBe(
      false,
    );
    // Another school is untouched.
    const hillTeacher = (await signIn(server, 'teacher@hillside.example', 'Teach-demo-2', HILLSIDE)).access;
    expect(await modeNamed(HILLSIDE, hillTeacher, 'Create')).toBeTruthy();
    expect((await server.call('GET', '/api/api-admin/school-modes/', { token: admin })).status).toBe(404);
  });
});
