// Public pages on the real API and database: every seeded page on every site, a school's own
// version over the platform default, who may edit which site, sanitising on save, and the live
// figures of /global-reach, /sdgs and /libraries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SLUGS } from '../../src/contract/public-pages';
import { GREENFIELD, HILLSIDE, signIn, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('public pages on %s', (target) => {
  let server: TestServer;
  let head: string;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(target);
    head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    admin = (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access;
  }, 60_000);
  afterAll(() => server?.close());

  it('serves every page with real content on the platform and on school sites', async () => {
    for (const host of ['localhost', GREENFIELD]) {
      const list = await server.call('GET', '/api/pages/', { host });
      expect(list.body.results.map((p: { slug: string }) => p.slug)).toEqual([...PAGE_SLUGS]);
      for (const page of list.body.results) {
        expect(page.source).toBe('platform');
        expect(page.description.length).toBeGreaterThan(40);
        expect(page.body.length).toBeGreaterThan(150);
        expect(page.body).not.toMatch(/lorem|placeholder|coming soon/i);
      }
    }
    expect((await server.call('GET', '/api/pages/nope/')).status).toBe(400);
  });

  it('the privacy policy says what the code does', async () => {
    const { body } = await server.call('GET', '/api/pages/privacy-policy/');
    for (const fact of ['encrypted at rest', '15 minutes', '30 days', '35 days', 'Signing out wipes', 'outbox'])
      expect(body.body).toContain(fact);
  });

  it('a school overrides a page for its own site only; the platform default stays for others', async () => {
    const put = await server.call('PUT', '/api/pages/about/', {
      host: GREENFIELD,
      token: head,
      json: {
        title: 'About Greenfield',
        description: 'Greenfield Primary’s library and writing room.',
        body: '<p>Hello <script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
      },
    });
    expect(put.status).toBe(200);
    expect(put.body.source).toBe('site');
    expect(put.body.body).not.toMatch(/script|javascript:|onerror/);
    const mine = await server.call('GET', '/api/pages/about/', { host: GREENFIELD });
    expect(mine.body).toMatchObject({ title: 'About Greenfield', source: 'site' });
    expect((await server.call('GET', '/api/pages/about/', { host: HILLSIDE })).body).toMatchObject({
      title: 'About StoryNest',
      source: 'platform',
    });
    expect((await server.call('GET', '/api/pages/about/')).body.source).toBe('platform');
  });

  it('a school admin cannot edit another site or the platform default; nobody else may edit', async () => {
    const json = { title: 'T', description: 'D', body: '<p>x</p>' };
    // Another site's token is not even accepted there (401); were it, the page would not be theirs (404).
    expect([401, 404]).toContain((await server.call('PUT', '/api/pages/about/', { host: HILLSIDE, token: head, json })).status);
    expect([401, 404]).toContain((await server.call('PUT', '/api/pages/about/', { host: 'localhost', token: head, json })).status);
    expect((await server.call('GET', '/api/pages/about/', { host: HILLSIDE })).body.title).toBe('About StoryNest');
    const teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    expect((await server.call('PUT', '/api/pages/about/', { host: GREENFIELD, token: teacher, json })).status).toBe(403);
    expect((await server.call('PUT', '/api/pages/about/', { host: GREENFIELD, json })).status).toBe(401);
    expect((await server.call('PUT', '/api/pages/about/', { host: GREENFIELD, token: head, json: { ...json, title: '' } })).status).toBe(
      400,
    );
  });

  it('the platform admin edits the default (every site without its own version follows) and any site', async () => {
    const json = { title: 'Our team at StoryNest', description: 'Who makes StoryNest and what each of us does.', body: '<p>Team</p>' };
    expect((await server.call('PUT', '/api/pages/our-team/', { host: 'localhost', token: admin, json })).status).toBe(200);
    expect((await server.call('GET', '/api/pages/our-team/', { host: HILLSIDE })).body.title).toBe('Our team at StoryNest');
    const hill = await server.call('PUT', '/api/pages/our-team/', {
      host: HILLSIDE,
      token: admin,
      json: { ...json, title: 'Hillside team' },
    });
    expect(hill.body.source).toBe('site');
    expect((await server.call('GET', '/api/pages/our-team/', { host: HILLSIDE })).body.title).toBe('Hillside team');
    expect((await server.call('GET', '/api/pages/our-team/', { host: GREENFIELD })).body.title).toBe('Our team at StoryNest');
  });

  it('the admin editor changes only the fields it sends; a school starts its own version from the default', async () => {
    const before = (await server.call('GET', '/api/pages/refund-policy/', { host: GREENFIELD })).body;
    const patched = await server.call('PATCH', '/api/pages/refund-policy/', {
      host: GREENFIELD,
      token: head,
      json: { title: 'Refunds at Greenfield' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      title: 'Refunds at Greenfield',
      description: before.description,
      body: before.body,
      source: 'site',
    });
    const body = await server.call('PATCH', '/api/pages/refund-policy/', {
      host: GREENFIELD,
      token: head,
      json: { body: '<h2>Ask us</h2><p onclick="x()">Write to the office.</p><script>1</script>' },
    });
    expect(body.body).toMatchObject({ title: 'Refunds at Greenfield', body: '<h2>Ask us</h2><p>Write to the office.</p>' });
    expect((await server.call('GET', '/api/pages/refund-policy/', { host: HILLSIDE })).body.title).toBe(before.title);
    expect(
      (await server.call('PATCH', '/api/pages/refund-policy/', { host: GREENFIELD, token: head, json: { description: '' } })).status,
    ).toBe(400);
    expect([401, 404]).toContain(
      (await server.call('PATCH', '/api/pages/refund-policy/', { host: HILLSIDE, token: head, json: { title: 'Mine' } })).status,
    );
  });

  it("lists the pages an editor works on: a school's own and the defaults it still shows, the platform's defaults", async () => {
    await server.call('PATCH', '/api/pages/acknowledgement/', {
      host: GREENFIELD,
      token: head,
      json: { title: 'Thank you from Greenfield' },
    });
    const mine = await server.call('GET', '/api/api-admin/pages/?limit=100', { host: GREENFIELD, token: head });
    expect(mine.status).toBe(200);
    expect(mine.body.count).toBe(PAGE_SLUGS.length);
    const ack = mine.body.results.filter((p: { slug: string }) => p.slug === 'acknowledgement');
    expect(ack).toEqual([expect.objectContaining({ title: 'Thank you from Greenfield', source: 'site' })]);
    const own = await server.call('GET', '/api/api-admin/pages/?source=site&limit=100', { host: GREENFIELD, token: head });
    expect(own.body.results.every((p: { source: string }) => p.source === 'site')).toBe(true);
    const platform = await server.call('GET', '/api/api-admin/pages/?limit=100', { host: 'localhost', token: admin });
    expect(platform.body.count).toBe(PAGE_SLUGS.length);
    expect(platform.body.results.every((p: { source: string }) => p.source === 'platform')).toBe(true);
    expect(JSON.stringify(platform.body)).not.toContain('Thank you from Greenfield');
    const teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    expect((await server.call('GET', '/api/api-admin/pages/', { host: GREENFIELD, token: teacher })).status).toBe(403);
    expect((await server.call('GET', '/api/api-admin/pages/', { host: GREENFIELD })).status).toBe(401);
  });

  it('global reach, SDGs and libraries carry numbers from the database', async () => {
    const reach = (await server.call('GET', '/api/pages/global-reach/')).body.extras.reach;
    expect(reach).toMatchObject({ schools: 2, countries: 1 });
    expect(reach.students).toBeGreaterThanOrEqual(79);
    expect(reach.books).toBeGreaterThanOrEqual(500);
    const sdgs = (await server.call('GET', '/api/pages/sdgs/')).body.extras.sdgs;
    expect(sdgs).toHaveLength(17);
    expect(sdgs[12]).toMatchObject({ goal: 13, name: 'Climate Action' });
    const libraries = (await server.call('GET', '/api/pages/libraries/')).body.extras.libraries;
    expect(libraries.map((l: { school_name: string }) => l.school_name)).toEqual(['Greenfield Primary', 'Hillside Academy']);
    expect(libraries[0].site).toMatch(/^http:\/\/greenfield\.localhost/);
  });
});
