// Help articles on the real API and database: everyone reads them; only platform staff add,
// change, reorder and remove them, and what they write is sanitised before it is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GREENFIELD, signIn, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('help articles on %s', (target) => {
  let server: TestServer;
  let admin: string;
  const article = {
    role: 'teacher',
    section: 'Classes',
    title: 'Can I print login cards offline?',
    body: '<p>Yes.<script>alert(1)</script><img src=x onerror=alert(1)></p>',
    order: 5,
  };

  beforeAll(async () => {
    server = await startServer(target);
    admin = (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access;
  }, 60_000);
  afterAll(() => server?.close());

  it('lists every role’s articles for anyone, the public role among them', async () => {
    const { body } = await server.call('GET', '/api/faqs/?limit=1000', { host: GREENFIELD });
    expect(body.results.some((f: { role: string }) => f.role === 'platform_success')).toBe(true);
  });

  it('platform staff add, change, reorder and remove articles, sanitised', async () => {
    const made = await server.call('POST', '/api/faqs/', { token: admin, json: article });
    expect(made.status).toBe(201);
    expect(made.body.body).toBe('<p>Yes.<img></p>');
    const changed = await server.call('PUT', `/api/faqs/${made.body.id}/`, {
      token: admin,
      json: { ...article, title: 'Login cards offline', body: '<a href="javascript:alert(1)">x</a>' },
    });
    expect(changed.body).toMatchObject({ title: 'Login cards offline', body: '<a>x</a>' });
    const teacherFaqs = (await server.call('GET', '/api/faqs/?role=teacher')).body.results as { id: number }[];
    const ids = [made.body.id, ...teacherFaqs.map((f) => f.id).filter((id) => id !== made.body.id)];
    expect((await server.call('POST', '/api/faqs/reorder/', { token: admin, json: { ids } })).body.updated).toBe(ids.length);
    expect((await server.call('GET', '/api/faqs/?role=teacher')).body.results[0].id).toBe(made.body.id);
    expect((await server.call('DELETE', `/api/faqs/${made.body.id}/`, { token: admin })).status).toBe(204);
    expect((await server.call('DELETE', `/api/faqs/${made.body.id}/`, { token: admin })).status).toBe(404);
  });

  it('the admin editor reads one article, changes only what it sends, and lists them for staff only', async () => {
    const made = await server.call('POST', '/api/faqs/', { token: admin, json: article });
    const one = await server.call('GET', `/api/faqs/${made.body.id}/`);
    expect(one.body).toMatchObject({ title: article.title, order: 5 });
    const patched = await server.call('PATCH', `/api/faqs/${made.body.id}/`, {
      token: admin,
      json: { body: '<p>Now <b>yes</b><iframe src="https://evil.example"></iframe><svg onload=alert(1)></svg></p>' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: article.title, section: 'Classes', order: 5, body: '<p>Now <b>yes</b></p>' });
    expect((await server.call('PATCH', `/api/faqs/${made.body.id}/`, { token: admin, json: { title: '' } })).body.message).toContain(
      'Please enter a title',
    );
    expect((await server.call('PATCH', '/api/faqs/999999/', { token: admin, json: { title: 'x' } })).status).toBe(404);
    expect((await server.call('GET', '/api/faqs/999999/')).status).toBe(404);
    const list = await server.call('GET', `/api/api-super-admin/faqs/?role=teacher&search=${encodeURIComponent('Login cards')}`, {
      token: admin,
    });
    expect(list.status).toBe(200);
    expect(list.body.results.map((f: { id: number }) => f.id)).toContain(made.body.id);
    expect(list.body.results.every((f: { role: string }) => f.role === 'teacher')).toBe(true);
    const head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    expect((await server.call('PATCH', `/api/faqs/${made.body.id}/`, { host: GREENFIELD, token: head, json: { title: 'x' } })).status).toBe(
      403,
    );
    expect((await server.call('GET', '/api/api-super-admin/faqs/', { host: GREENFIELD, token: head })).status).toBe(403);
    await server.call('DELETE', `/api/faqs/${made.body.id}/`, { token: admin });
  });

  it('refuses everyone else and bad input', async () => {
    const head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    expect((await server.call('POST', '/api/faqs/', { host: GREENFIELD, token: head, json: article })).status).toBe(403);
    expect((await server.call('POST', '/api/faqs/', { json: article })).status).toBe(401);
    const bad = await server.call('POST', '/api/faqs/', { token: admin, json: { ...article, role: 'pirate', title: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Please choose a role');
  });
});
