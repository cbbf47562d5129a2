// The host decides the tenant: branding, charities and everything else are scoped by it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TENANT_COLORS, TENANT_COLOR_FIELDS } from '../../src/contract/tenant-colors';
import { GREENFIELD, HILLSIDE, TARGETS, signIn, startServer, type TestServer } from './harness';

describe.each(TARGETS)('tenancy on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(() => server.close());

  it("answers each school's branding on its own host", async () => {
    const green = await server.call('GET', '/api/current-tenant', { host: GREENFIELD });
    expect(green.status).toBe(200);
    expect(green.body).toMatchObject({
      school_name: 'Greenfield Primary',
      subdomain: 'greenfield',
      school_email: 'office@greenfield.example',
      primary_color: '#2E7D32',
      button_color: '#F9A825',
      switchboard: true,
      community_access: true,
    });
    expect(green.body.organizations).toEqual([expect.objectContaining({ school_name: 'Riverbend Trust' })]);
    const hill = await server.call('GET', '/api/current-tenant', { host: `${HILLSIDE}:8080` });
    expect(hill.body.school_name).toBe('Hillside Academy');
    for (const field of TENANT_COLOR_FIELDS) expect(hill.body[field]).toBe(DEFAULT_TENANT_COLORS[field]);
    const org = await server.call('GET', '/api/current-tenant', { host: 'riverbend.localhost' });
    expect(org.body.is_organization).toBe(true);
    expect(org.body.organizations.map((o: { subdomain: string }) => o.subdomain)).toEqual(['greenfield', 'hillside']);
  });

  it('answers the platform defaults on the platform hosts', async () => {
    for (const host of ['localhost', '127.0.0.1:8080']) {
      const res = await server.call('GET', '/api/current-tenant', { host });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: null, primary_color: '#11365A', bg_primary_color: '#ADC7FA', button_color: '#d71a5f' });
    }
  });

  it('answers 404 with a message for a school site that does not exist', async () => {
    const res = await server.call('GET', '/api/current-tenant', { host: 'nowhere.localhost' });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/no school site/i);
  });

  it("treats a forged host outside the platform's domain as no school at all", async () => {
    for (const host of ['greenfield.evil.example', 'greenfield.localhost.evil.example', 'x.greenfield.localhost']) {
      const res = await server.call('GET', '/api/current-tenant', { host });
      expect(res.status, host).toBe(404);
    }
    // A reset link is built from PUBLIC_URL, so a forged Host cannot point it elsewhere.
    const reset = await server.call('POST', '/api/password-reset/', {
      host: 'greenfield.evil.example',
      json: { email: 'teacher@greenfield.example' },
    });
    expect(reset.status).toBe(404);
  });

  it('shows only published charities', async () => {
    const res = await server.call('GET', '/api/charities/', { host: GREENFIELD });
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(5);
    const slugs = res.body.data.map((c: { slug: string }) => c.slug);
    expect(slugs).toContain('books-for-every-child');
    expect(slugs).not.toContain('story-buses');
    expect(slugs).not.toContain('winter-coats-drive');
  });

  it('answers modes to signed-in users only, exactly one of them ACTIVE', async () => {
    const guest = await server.call('GET', '/api/modes/', { host: GREENFIELD });
    expect(guest.body.results).toEqual([]);
    const { access } = await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1');
    const res = await server.call('GET', '/api/modes/', { host: GREENFIELD, token: access });
    expect(res.body.results).toHaveLength(4);
    expect(res.body.results.filter((m: { active: boolean; status: string }) => m.active && m.status === 'ACTIVE')).toHaveLength(1);
  });

  it('answers FAQs for every role, filtered by role when asked', async () => {
    const all = await server.call('GET', '/api/faqs/?limit=1000', { host: GREENFIELD });
    expect(all.status).toBe(200);
    const roles = new Set(all.body.results.map((f: { role: string }) => f.role));
    for (const role of [
      'platform_success',
      'teacher',
      'student',
      'school_admin',
      'organization_admin',
      'upschool_admin',
      'teacher_admin',
    ]) {
      expect(roles).toContain(role);
    }
    const pub = await server.call('GET', '/api/faqs/?limit=1000&role=platform_success', { host: 'localhost' });
    expect(pub.body.results.length).toBeGreaterThan(0);
    expect(pub.body.results.every((f: { role: string }) => f.role === 'platform_success')).toBe(true);
    expect(pub.body.count).toBe(pub.body.results.length);
  });

  it('reports health with the database kind', async () => {
    const res = await server.call('GET', '/api/health');
    expect(res.body).toEqual({ status: 'ok', database: target });
  });

  it('draws book covers as SVG, cacheable', async () => {
    const res = await server.call('GET', '/api/covers/1.svg', { host: GREENFIELD });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toMatch(/max-age/);
    expect(String(res.body)).toMatch(/^<svg/);
    expect((await server.call('GET', '/api/covers/99999999.svg', { host: GREENFIELD })).status).toBe(404);
  });
});
