// One query per domain serves every area through a scope (server/http/access.ts): the platform
// reaches every tenant, an organization its linked schools, a school itself. Each domain's query
// is called here with each scope, without HTTP, on PGlite and PostgreSQL, and its rows are held
// against the tenants the scope names (counted by plain SQL). A school outside the organization
// (not linked to it) shows that an organization's scope stops at its links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { classes, orders, organizationLinks, payments, tenants, users } from '../../server/db/schema';
import { scopeOf, type Scope } from '../../server/http/access';
import { selectUsers, usersIn } from '../../server/domains/auth/user-routes';
import { lastMonths, signupsByMonth, userNumbers } from '../../server/domains/auth/user-numbers';
import { paymentsIn } from '../../server/domains/commerce/payment-history';
import { classRows } from '../../server/domains/roster/class-list';
import { areaStats, schoolInScope, schoolsIn, selectSchools } from '../../server/domains/schools/numbers';
import { startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('each area query takes a scope, on %s', (target) => {
  let server: TestServer;
  let A: number;
  let B: number;
  let ORG: number;
  let LONELY: number;
  const scopes = () => ({
    platform: { kind: 'platform' } as Scope,
    organization: { kind: 'organization', id: ORG } as Scope,
    school: { kind: 'school', tenantId: A } as Scope,
  });

  beforeAll(async () => {
    server = await startServer(target);
    const db = server.database.db;
    const id = async (sub: string) => (await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subdomain, sub)))[0]!.id;
    A = await id('greenfield');
    B = await id('hillside');
    ORG = await id('riverbend');
    const linked = (await db.select().from(organizationLinks).where(eq(organizationLinks.organization_id, ORG))).map((l) => l.school_id);
    expect(linked.sort()).toEqual([A, B].sort());
    // A school no organization links to, with a teacher, a class and a paid order.
    [{ id: LONELY }] = (await db
      .insert(tenants)
      .values({ subdomain: 'lonely', school_name: 'Lonely School', school_email: 'office@lonely.example' })
      .returning({ id: tenants.id })) as [{ id: number }];
    const [teacher] = await db
      .insert(users)
      .values({ tenant_id: LONELY, role: 'teacher', first_name: 'Lone', last_name: 'Teacher' })
      .returning({ id: users.id });
    await db.insert(classes).values({ tenant_id: LONELY, class_id: 'LONELY1', name: 'Lonely class', teacher_id: teacher!.id });
    // A deleted class of A, which no scope lists.
    await db.insert(classes).values({ tenant_id: A, class_id: 'GONE1', name: 'Gone class', deleted_at: new Date() });
    // Paid orders: one of the lonely school, one of the organization itself.
    for (const [tenant, ref] of [
      [LONELY, 'scope-lonely'],
      [ORG, 'scope-org'],
      [A, 'scope-a'],
    ] as const) {
      const [order] = await db
        .insert(orders)
        .values({ tenant_id: tenant, kind: 'donation', status: 'success', total_cents: 500 })
        .returning();
      await db
        .insert(payments)
        .values({ order_id: order!.id, provider: 'stripe', provider_ref: ref, amount_cents: 500, currency: 'USD', status: 'success' });
    }
  });

  afterAll(async () => server?.close());

  /** The tenants each scope holds, written out by hand. */
  const tenantsOf = (kind: keyof ReturnType<typeof scopes>) => ({ platform: null, organization: [A, B], school: [A] })[kind];

  it('resolves a scope from who calls and on which site', () => {
    expect(scopeOf({ role: 'upschool_admin' }, null)).toEqual({ kind: 'platform' });
    expect(scopeOf({ role: 'upschool_admin' }, { id: A })).toEqual({ kind: 'platform' });
    expect(scopeOf({ role: 'organization_admin' }, { id: ORG })).toEqual({ kind: 'organization', id: ORG });
    expect(scopeOf({ role: 'school_admin' }, { id: A })).toEqual({ kind: 'school', tenantId: A });
    expect(() => scopeOf({ role: 'school_admin' }, null)).toThrow(/school site/);
  });

  it.each(['platform', 'organization', 'school'] as const)('users: the %s scope', async (kind) => {
    const db = server.database.db;
    const ids = tenantsOf(kind);
    const rows = await selectUsers(db).where(usersIn(scopes()[kind]));
    const [expected] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(ids ? inArray(users.tenant_id, ids) : undefined);
    expect(rows.length).toBe(expected!.n);
    if (ids) expect(rows.every((r) => ids.includes(r.tenant_id!))).toBe(true);
    else expect(rows.some((r) => r.tenant_id === LONELY)).toBe(true);
    const numbers = await userNumbers(db, scopes()[kind]);
    expect(numbers.users).toBe(expected!.n);
    expect(Object.values(numbers.users_by_role).reduce((a, b) => a + b, 0)).toBe(expected!.n);
    const months = lastMonths(new Date());
    const signups = await signupsByMonth(db, scopes()[kind], months);
    const [recent] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(ids ? inArray(users.tenant_id, ids) : undefined, gte(users.date_joined, new Date(`${months[0]}-01T00:00:00Z`))));
    expect(signups.reduce((a, b) => a + b, 0)).toBe(recent!.n);
  });

  it.each(['platform', 'organization', 'school'] as const)('payments: the %s scope', async (kind) => {
    const db = server.database.db;
    const ids = tenantsOf(kind);
    const seen = async (own: boolean) =>
      (
        await db
          .select({ tenant: orders.tenant_id })
          .from(payments)
          .innerJoin(orders, eq(orders.id, payments.order_id))
          .where(paymentsIn(scopes()[kind], own))
      ).map((r) => r.tenant);
    const [all] = await db.select({ n: sql<number>`count(*)::int` }).from(payments);
    const schools = await seen(false);
    if (ids) expect(schools.every((t) => ids.includes(t!))).toBe(true);
    else expect(schools.length).toBe(all!.n);
    expect(schools).toContain(A);
    expect(schools.includes(LONELY)).toBe(kind === 'platform');
    // An organization's own orders count only where its area asks for them.
    const own = await seen(true);
    expect(own.includes(ORG)).toBe(kind !== 'school');
    expect(schools.includes(ORG)).toBe(kind === 'platform');
  });

  it.each(['platform', 'organization', 'school'] as const)('classes: the %s scope', async (kind) => {
    const db = server.database.db;
    const ids = tenantsOf(kind);
    const rows = await classRows(db, scopes()[kind]);
    const [expected] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(classes)
      .where(and(isNull(classes.deleted_at), ids ? inArray(classes.tenant_id, ids) : undefined));
    expect(rows.length).toBe(expected!.n);
    expect(rows.some((r) => r.class_code === 'GONE1')).toBe(false);
    expect(rows.some((r) => r.class_code === 'LONELY1')).toBe(kind === 'platform');
    expect(rows.map((r) => r.name)).toEqual([...rows.map((r) => r.name)].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
  });

  it.each(['platform', 'organization', 'school'] as const)('schools and their numbers: the %s scope', async (kind) => {
    const db = server.database.db;
    const schools = (await selectSchools(db).where(schoolsIn(scopes()[kind]))).map((s) => s.id).sort();
    expect(schools).toEqual(kind === 'platform' ? [A, B, LONELY].sort() : (tenantsOf(kind) ?? []).sort());
    expect(await schoolInScope(db, scopes()[kind], LONELY)).toEqual(
      kind === 'platform' ? expect.objectContaining({ id: LONELY, classes: 1, teachers: 1 }) : undefined,
    );
    expect(await schoolInScope(db, scopes()[kind], ORG)).toBeUndefined();
    const stats = await areaStats(db, scopes()[kind], new Date());
    expect(stats.schools.map((s) => s.id).sort()).toEqual(schools);
    expect(stats.totals.classes).toBe(stats.schools.reduce((n, s) => n + s.classes, 0));
    // The schools' class numbers and the roster's class rows count the same live classes.
    expect(stats.totals.classes).toBe((await classRows(db, scopes()[kind])).length);
    expect(stats.users).toBe((await userNumbers(db, scopes()[kind])).users);
    expect(stats.months).toHaveLength(12);
  });
});
