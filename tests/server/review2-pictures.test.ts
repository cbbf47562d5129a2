// Pictures belong to the uploader's school: another child cannot make one their cover, a picture
// or avatar is served only on its own school's site, and never with a cache any proxy may share.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tenants } from '../../server/db/schema';
import { GREENFIELD, HILLSIDE, signIn, startServer, TARGETS, type TestServer } from './harness';

const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
);

describe.each(TARGETS)('pictures belong to their school on %s', (target) => {
  let server: TestServer;
  let amara: string;
  let zoe: string;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(target);
    amara = (await signIn(server, 'amara.okafor', 'kite-7')).access;
    zoe = (await signIn(server, 'zoe.zhang', 'moon-3')).access;
    admin = (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access;
  }, 180_000);
  afterAll(() => server.close());

  const upload = (token: string, id: string) => {
    const form = new FormData();
    form.append('id', id);
    form.append('width', '1');
    form.append('height', '1');
    form.append('file', new File([PNG], 'p.png', { type: 'image/png' }));
    return server.call('POST', '/api/pictures/', { host: GREENFIELD, token, body: form });
  };
  const story = async (token: string, slug: string) =>
    (await server.call('POST', '/api/stories/', { host: GREENFIELD, token, json: { slug, title: 'Mine' } })).status;
  const cover = (token: string, slug: string, id: string) =>
    server.call('PATCH', `/api/stories/${slug}/`, { host: GREENFIELD, token, json: { cover: id } });

  it("refuses another child's picture as a cover, and takes one's own", async () => {
    const id = crypto.randomUUID();
    expect((await upload(amara, id)).status).toBe(201);
    expect(await story(zoe, 'zoe-cover-a1')).toBe(201);
    const stolen = await cover(zoe, 'zoe-cover-a1', id);
    expect(stolen.status).toBe(400);
    expect(stolen.body.errors.cover).toBeDefined();
    expect(await story(amara, 'amara-cover-a1')).toBe(201);
    const own = await cover(amara, 'amara-cover-a1', id);
    expect(own.status).toBe(200);
    expect(own.body.cover).toBe(`/api/pictures/${id}/`);
  });

  it("serves a child's picture without a shared (public) cache", async () => {
    const id = crypto.randomUUID();
    await upload(amara, id);
    const got = await server.call('GET', `/api/pictures/${id}/`, { host: GREENFIELD });
    expect(got.status).toBe(200);
    expect(got.headers.get('cache-control')).not.toContain('public');
    expect(got.headers.get('cache-control')).toContain('private');
  });

  it("serves an avatar only on its own school's site (and the platform's, where its admins work)", async () => {
    const [greenfield] = await server.database.db.select().from(tenants).where(eq(tenants.subdomain, 'greenfield'));
    const form = new FormData();
    for (const [k, v] of Object.entries({
      first_name: 'Ava',
      last_name: 'Tar',
      email: 'ava@greenfield.example',
      country: 'GB',
      role: 'teacher',
      tenant_id: String(greenfield!.id),
    }))
      form.append(k, v);
    form.append('avatar', new File([PNG], 'me.png', { type: 'image/png' }));
    const made = await server.call('POST', '/api/api-super-admin/create-user/', { token: admin, body: form });
    expect(made.status).toBe(201);
    const src = made.body.avatar as string;
    expect((await server.call('GET', src, { host: GREENFIELD })).status).toBe(200);
    expect((await server.call('GET', src, { host: 'localhost' })).status).toBe(200);
    const elsewhere = await server.call('GET', src, { host: HILLSIDE });
    expect(elsewhere.status).toBe(404);
    expect((await server.call('GET', src, { host: GREENFIELD })).headers.get('cache-control')).not.toContain('public');
  });
});
