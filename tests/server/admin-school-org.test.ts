// The school and organization areas' admin endpoints on the real API (PGlite and PostgreSQL):
// every endpoint by role and by tenant (a school admin never reaches another school, an
// organization admin only its linked schools, another tenant's record is a 404), bodies refused
// with the spec's words, a profile edit that changes only the fields sent, a teacher who still
// teaches classes not removed, and an organization inviting a school that accepts the link.
// The generated lists themselves (paging, sorts, dates, CSV) are checked by admin-lists.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../server/db/schema';
import { GREENFIELD, RIVERBEND, signIn, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('school and organization admin on %s', (target) => {
  let server: TestServer;
  let head: string;
  let org: string;
  let teacher: string;
  let platform: string;
  const ids: Record<string, number> = {};

  /** The id of the user whose e-mail is given, as the school's users list finds them. */
  async function userId(email: string, token = head, host = GREENFIELD) {
    const page = await server.call('GET', `/api/api-school-admin/users/?search=${encodeURIComponent(email)}`, { host, token });
    return page.body.results.find((u: { email: string }) => u.email === email)?.id as number;
  }

  beforeAll(async () => {
    server = await startServer(target);
    head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    org = (await signIn(server, 'org@riverbend.example', 'Org-demo-1', RIVERBEND)).access;
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    platform = (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access;
    ids.tom = await userId('teacher@greenfield.example');
    ids.nadia = await userId('teacher2@greenfield.example');
    ids.hannah = await userId('teacher@hillside.example', org, RIVERBEND);
    ids.head = await userId('head@greenfield.example');
    const stats = await server.call('GET', '/api/api-organization/stats/', { host: RIVERBEND, token: org });
    for (const s of stats.body.schools) ids[s.subdomain] = s.id;
    // A paid donation through each school, so the payment histories have something to keep apart.
    for (const [tenant, ref] of [
      [ids.greenfield!, 'pay-greenfield'],
      [ids.hillside!, 'pay-hillside'],
    ] as const) {
      const [order] = await server.database.db
        .insert(orders)
        .values({ tenant_id: tenant, kind: 'donation', status: 'success', total_cents: 1500, email: 'giver@example.com' })
        .returning();
      await server.database.db
        .insert(payments)
        .values({ order_id: order!.id, provider: 'stripe', provider_ref: ref, amount_cents: 1500, currency: 'USD', status: 'success' });
    }
  }, 60_000);
  afterAll(() => server?.close());

  it('keeps each endpoint to its roles and sites', async () => {
    const school = [
      '/api-school-admin/users/',
      `/api-school-admin/users/${ids.tom}/`,
      '/api-school-admin/payments/',
      '/api-school-admin/profile/',
      '/api-school-admin/classes/',
      `/api-school-admin/teachers/${ids.tom}/`,
    ];
    for (const path of school) {
      expect((await server.call('GET', `/api${path}`, { host: GREENFIELD })).status).toBe(401);
      expect((await server.call('GET', `/api${path}`, { host: GREENFIELD, token: teacher })).status).toBe(403);
      expect((await server.call('GET', `/api${path}`, { host: GREENFIELD, token: head })).status).toBe(200);
    }
    // The platform admin has its own panel; its host is not a school site.
    expect((await server.call('GET', '/api/api-school-admin/users/', { token: platform })).status).toBe(404);
    // Organizations: a school admin manages them; an organization admin may not.
    expect((await server.call('GET', '/api/api-school-admin/organizations/', { host: GREENFIELD, token: head })).status).toBe(200);
    expect((await server.call('GET', '/api/api-school-admin/organizations/', { host: RIVERBEND, token: org })).status).toBe(403);
    for (const path of [
      '/api-organization/stats/',
      '/api-organization/schools/',
      '/api-organization/payments/',
      `/api-organization/schools/${ids.greenfield}/`,
    ]) {
      expect((await server.call('GET', `/api${path}`, { host: RIVERBEND })).status).toBe(401);
      expect((await server.call('GET', `/api${path}`, { host: GREENFIELD, token: head })).status).toBe(403);
      expect((await server.call('GET', `/api${path}`, { host: RIVERBEND, token: org })).status).toBe(200);
    }
  });

  it("keeps a school admin to its school: another school's records are not found", async () => {
    const users = await server.call('GET', '/api/api-school-admin/users/?limit=100', { host: GREENFIELD, token: head });
    expect(users.body.count).toBeGreaterThan(2);
    // The platform's tenant list counts the same users.
    const tenants = await server.call('GET', '/api/api-admin/tenants/?search=greenfield', { token: platform });
    expect(tenants.body.results[0].user_count).toBe(users.body.count);
    expect(new Set(users.body.results.map((u: { tenant_name: string }) => u.tenant_name))).toEqual(new Set(['Greenfield Primary']));
    expect((await server.call('GET', `/api/api-school-admin/users/${ids.hannah}/`, { host: GREENFIELD, token: head })).status).toBe(404);
    expect(
      (
        await server.call('PATCH', `/api/api-school-admin/users/${ids.hannah}/`, {
          host: GREENFIELD,
          token: head,
          json: { is_active: 'false' },
        })
      ).status,
    ).toBe(404);
    expect((await server.call('GET', `/api/api-school-admin/teachers/${ids.hannah}/`, { host: GREENFIELD, token: head })).status).toBe(404);
    expect((await server.call('DELETE', `/api/api-school-admin/teachers/${ids.hannah}/`, { host: GREENFIELD, token: head })).status).toBe(
      404,
    );
    // A user who is not a teacher is not a teacher's profile.
    expect((await server.call('GET', `/api/api-school-admin/teachers/${ids.head}/`, { host: GREENFIELD, token: head })).status).toBe(404);
    const classes = await server.call('GET', '/api/api-school-admin/classes/?limit=100', { host: GREENFIELD, token: head });
    expect(classes.body.results.every((k: { school_name: string }) => k.school_name === 'Greenfield Primary')).toBe(true);
    const paid = await server.call('GET', '/api/api-school-admin/payments/?limit=100', { host: GREENFIELD, token: head });
    expect(paid.body.results.map((p: { provider_ref: string }) => p.provider_ref)).toEqual(['pay-greenfield']);
  });

  it('lets an organization admin reach its linked schools, and only them', async () => {
    const users = await server.call('GET', '/api/api-school-admin/users/?limit=100', { host: RIVERBEND, token: org });
    expect(new Set(users.body.results.map((u: { tenant_name: string }) => u.tenant_name))).toEqual(
      new Set(['Greenfield Primary', 'Hillside Academy']),
    );
    expect((await server.call('GET', `/api/api-school-admin/teachers/${ids.hannah}/`, { host: RIVERBEND, token: org })).status).toBe(200);
    const made = new FormData();
    for (const [k, v] of Object.entries({
      school_name: 'Lakeside School',
      school_email: 'office@lakeside.example',
      domain_url: 'https://lakeside.example',
      switchboard: 'true',
      primary_color: '#123456',
      subdomain: 'lakeside',
    }))
      made.append(k, v);
    const lakeside = await server.call('POST', '/api/api-admin/tenants/', { token: platform, body: made });
    expect(lakeside.status).toBe(201);
    expect((await server.call('GET', `/api/api-organization/schools/${lakeside.body.id}/`, { host: RIVERBEND, token: org })).status).toBe(
      404,
    );
    expect(
      (await server.call('DELETE', `/api/api-organization/schools/${lakeside.body.id}/`, { host: RIVERBEND, token: org })).status,
    ).toBe(404);
    const stats = await server.call('GET', '/api/api-organization/stats/', { host: RIVERBEND, token: org });
    expect(stats.body.schools.map((s: { subdomain: string }) => s.subdomain).sort()).toEqual(['greenfield', 'hillside']);
    const greenfield = stats.body.schools.find((s: { subdomain: string }) => s.subdomain === 'greenfield');
    expect(greenfield.students).toBeGreaterThan(0);
    expect(greenfield.teachers).toBeGreaterThan(0);
    expect(stats.body.totals.students).toBe(stats.body.schools.reduce((n: number, s: { students: number }) => n + s.students, 0));
    const detail = await server.call('GET', `/api/api-organization/schools/${ids.greenfield}/`, { host: RIVERBEND, token: org });
    expect(detail.body.class_list.length).toBe(greenfield.classes);
    const paid = await server.call('GET', '/api/api-organization/payments/?limit=100', { host: RIVERBEND, token: org });
    expect(paid.body.results.map((p: { provider_ref: string }) => p.provider_ref).sort()).toEqual(['pay-greenfield', 'pay-hillside']);
    expect(greenfield.raised_cents).toBe(1500);
    expect(greenfield.orders).toBe(1);
  });

  it('changes only the profile fields sent, with the spec words for bad ones', async () => {
    const before = await server.call('GET', '/api/api-school-admin/profile/', { host: GREENFIELD, token: head });
    const bad = await server.call('PATCH', '/api/api-school-admin/profile/', {
      host: GREENFIELD,
      token: head,
      json: { button_color: 'red', school_email: 'nope', school_name: 'ab' },
    });
    expect(bad.status).toBe(400);
    const words = JSON.stringify(bad.body);
    expect(words).toContain('Invalid hex color code');
    expect(words).toContain('Invalid email');
    expect(words).toContain('Name must be at least 3 characters');
    const ok = await server.call('PATCH', '/api/api-school-admin/profile/', {
      host: GREENFIELD,
      token: head,
      json: { primary_color: '#224466' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ...before.body, primary_color: '#224466' });
    // Only the platform changes a subdomain or a tenant's kind: those fields are not taken here.
    await server.call('PATCH', '/api/api-school-admin/profile/', {
      host: GREENFIELD,
      token: head,
      json: { subdomain: 'elsewhere', is_organization: 'true' },
    });
    const site = await server.call('GET', '/api/current-tenant', { host: GREENFIELD });
    expect(site.body).toMatchObject({ subdomain: 'greenfield', is_organization: false, primary_color: '#224466' });
    // The organization's profile is its own tenant.
    const orgProfile = await server.call('GET', '/api/api-school-admin/profile/', { host: RIVERBEND, token: org });
    expect(orgProfile.body).toMatchObject({ subdomain: 'riverbend', is_organization: true });
  });

  it("edits a teacher's classes, and refuses to remove one who still teaches", async () => {
    const tom = await server.call('GET', `/api/api-school-admin/teachers/${ids.tom}/`, { host: GREENFIELD, token: head });
    expect(tom.body.classes.length).toBeGreaterThan(0);
    const refused = await server.call('DELETE', `/api/api-school-admin/teachers/${ids.tom}/`, { host: GREENFIELD, token: head });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This teacher still teaches classes. Assign the classes to another teacher first.');
    const hillsideClass = (await server.call('GET', `/api/api-school-admin/teachers/${ids.hannah}/`, { host: RIVERBEND, token: org })).body
      .class_options[0].id;
    const foreign = await server.call('PATCH', `/api/api-school-admin/teachers/${ids.nadia}/`, {
      host: GREENFIELD,
      token: head,
      json: { class_ids: String(hillsideClass) },
    });
    expect(foreign.status).toBe(400);
    expect(JSON.stringify(foreign.body)).toContain('Choose classes from the list');
    const badRole = await server.call('PATCH', `/api/api-school-admin/teachers/${ids.nadia}/`, {
      host: GREENFIELD,
      token: head,
      json: { role: 'upschool_admin', first_name: ' ' },
    });
    expect(badRole.status).toBe(400);
    expect(JSON.stringify(badRole.body)).toContain('Choose a role from the list');
    expect(JSON.stringify(badRole.body)).toContain('First name is required');
    const one = tom.body.classes[0].id;
    const moved = await server.call('PATCH', `/api/api-school-admin/teachers/${ids.nadia}/`, {
      host: GREENFIELD,
      token: head,
      json: { class_ids: String(one), last_name: 'Novak-Reed' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ last_name: 'Novak-Reed', first_name: 'Nadia', classes: [{ id: one }] });
    expect((await server.call('DELETE', `/api/api-school-admin/teachers/${ids.nadia}/`, { host: GREENFIELD, token: head })).status).toBe(
      409,
    );
    await server.call('PATCH', `/api/api-school-admin/teachers/${ids.nadia}/`, { host: GREENFIELD, token: head, json: { class_ids: '' } });
    // Giving the class back to Tom; Nadia teaches nothing now and can be removed.
    await server.call('PATCH', `/api/api-school-admin/teachers/${ids.tom}/`, {
      host: GREENFIELD,
      token: head,
      json: { class_ids: tom.body.classes.map((k: { id: number }) => k.id).join(',') },
    });
    const removed = await server.call('DELETE', `/api/api-school-admin/teachers/${ids.nadia}/`, { host: GREENFIELD, token: head });
    expect(removed.status).toBe(200);
    expect((await server.call('GET', `/api/api-school-admin/users/${ids.nadia}/`, { host: GREENFIELD, token: head })).body.is_active).toBe(
      false,
    );
    const back = await server.call('PATCH', `/api/api-school-admin/users/${ids.nadia}/`, {
      host: GREENFIELD,
      token: head,
      json: { is_active: 'true' },
    });
    expect(back.body.is_active).toBe(true);
    const self = await server.call('PATCH', `/api/api-school-admin/users/${ids.head}/`, {
      host: GREENFIELD,
      token: head,
      json: { is_active: 'false' },
    });
    expect(self.status).toBe(400);
    expect(
      (
        await server.call('PATCH', `/api/api-school-admin/users/${ids.tom}/`, {
          host: GREENFIELD,
          token: head,
          json: { is_active: 'maybe' },
        })
      ).status,
    ).toBe(400);
  });

  it('unlinks a school, invites it by e-mail, and the school admin accepts the link', async () => {
    const linked = await server.call('GET', '/api/api-school-admin/organizations/', { host: GREENFIELD, token: head });
    expect(linked.body.results).toMatchObject([{ subdomain: 'riverbend', status: 'linked' }]);
    const riverbend = linked.body.results[0].id as number;
    expect((await server.call('DELETE', `/api/api-organization/schools/${ids.greenfield}/`, { host: RIVERBEND, token: org })).status).toBe(
      200,
    );
    expect((await server.call('GET', '/api/api-school-admin/organizations/', { host: GREENFIELD, token: head })).body.count).toBe(0);
    // Accepting or removing a link that does not exist is a 404.
    expect(
      (await server.call('POST', `/api/api-school-admin/organizations/${riverbend}/accept/`, { host: GREENFIELD, token: head })).status,
    ).toBe(404);
    expect(
      (await server.call('DELETE', `/api/api-school-admin/organizations/${riverbend}/`, { host: GREENFIELD, token: head })).status,
    ).toBe(404);
    const noEmail = await server.call('POST', '/api/invitations/', { host: RIVERBEND, token: org, json: { kind: 'school', email: '' } });
    expect(noEmail.status).toBe(400);
    expect(JSON.stringify(noEmail.body)).toContain('Email is required');
    const invited = await server.call('POST', '/api/invitations/', {
      host: RIVERBEND,
      token: org,
      json: { kind: 'school', email: 'Head@Greenfield.example' },
    });
    expect(invited.status).toBe(201);
    const open = await server.call('GET', '/api/api-school-admin/organizations/?status=invited', { host: GREENFIELD, token: head });
    expect(open.body.results).toMatchObject([{ id: riverbend, status: 'invited' }]);
    // Until the school accepts, the organization does not reach it.
    expect((await server.call('GET', '/api/api-organization/schools/?search=greenfield', { host: RIVERBEND, token: org })).body.count).toBe(
      0,
    );
    const accepted = await server.call('POST', `/api/api-school-admin/organizations/${riverbend}/accept/`, {
      host: GREENFIELD,
      token: head,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.message).toBe('The organization is now linked to your school.');
    expect(
      (await server.call('GET', '/api/api-school-admin/organizations/', { host: GREENFIELD, token: head })).body.results,
    ).toMatchObject([{ id: riverbend, status: 'linked' }]);
    const schools = await server.call('GET', '/api/api-organization/schools/?search=greenfield', { host: RIVERBEND, token: org });
    expect(schools.body.results).toMatchObject([{ subdomain: 'greenfield' }]);
    expect(schools.body.results[0].students).toBeGreaterThan(0);
    // The invitation is used: accepting again changes nothing.
    expect(
      (await server.call('POST', `/api/api-school-admin/organizations/${riverbend}/accept/`, { host: GREENFIELD, token: head })).status,
    ).toBe(200);
  });
});
