// A story's reading page and reactions on the real API: who may open it (public, community,
// private), another school's site (404), and one changeable reaction per child or parent,
// through the outbox's Idempotency-Key like every queued change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { stories, students, tenants, users } from '../../server/db/schema';
import { GREENFIELD, HILLSIDE, signIn, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('story reading and reactions on %s', (target) => {
  let server: TestServer;
  let amara: string;
  let teacher: string;
  let cookie: string;

  async function find(storyPrivacy: 'public' | 'community' | 'private', childPrivacy: 'public' | 'community' | 'private') {
    const db = server.database.db;
    const [green] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subdomain, 'greenfield'));
    const [row] = await db
      .select({ id: stories.id, slug: stories.slug, title: stories.title, last_name: users.last_name })
      .from(stories)
      .innerJoin(users, eq(users.id, stories.author_id))
      .innerJoin(students, eq(students.user_id, users.id))
      .where(
        and(
          eq(stories.tenant_id, green!.id),
          eq(stories.status, 'published'),
          eq(stories.privacy_preference, storyPrivacy),
          eq(students.privacy_preference, childPrivacy),
          eq(students.archived, false),
          isNull(stories.deleted_at),
        ),
      )
      .orderBy(asc(stories.id))
      .limit(1);
    return row!;
  }
  const read = (slug: string, options: { token?: string; cookie?: string; host?: string } = {}) =>
    server.call('GET', `/api/reading/stories/${slug}/`, {
      host: options.host ?? GREENFIELD,
      token: options.token,
      headers: options.cookie ? { cookie: options.cookie } : {},
    });

  beforeAll(async () => {
    server = await startServer(target);
    amara = (await signIn(server, 'amara.okafor', 'kite-7')).access;
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    const login = await server.call('POST', '/api/generic-password-login', { host: GREENFIELD, json: { password: 'greenfield-parents' } });
    cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  }, 60_000);
  afterAll(() => server?.close());

  it('opens a public story for anyone, with the author as first name and initial, the school and reactions', async () => {
    const story = await find('public', 'public');
    const res = await read(story.slug);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: story.id,
      title: story.title,
      school: 'Greenfield Primary',
      shown_to: 'public',
      reactions: { total: 0, mine: null, can_react: false },
    });
    expect(res.body.author).toMatch(/^\S+ [A-Z]\.$/);
    expect(JSON.stringify(res.body)).not.toContain(story.last_name);
    expect((await read(story.slug, { host: HILLSIDE })).status).toBe(404);
    expect((await read('Not A Slug')).status).toBe(400);
    expect((await read('no-such-story-here')).status).toBe(404);
  });

  it('opens a community story only for the school and its parents, a private one only for the author and teachers', async () => {
    const community = await find('community', 'public');
    expect((await read(community.slug)).status).toBe(404);
    expect((await read(community.slug, { cookie })).status).toBe(200);
    expect((await read(community.slug, { token: amara })).status).toBe(200);
    const priv = await find('private', 'public');
    expect((await read(priv.slug, { cookie })).status).toBe(404);
    expect((await read(priv.slug, { token: amara })).status).toBe(404);
    expect((await read(priv.slug, { token: teacher })).body).toMatchObject({ shown_to: 'private' });
  });

  it('counts one reaction per child, changeable, and once per parent session', async () => {
    const story = await find('public', 'public');
    const put = (reaction: string, opts: { token?: string; cookie?: string; key?: string } = {}) =>
      server.call('PUT', `/api/stories/${story.id}/reaction/`, {
        host: GREENFIELD,
        token: opts.token,
        json: { reaction },
        headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.key ? { 'idempotency-key': opts.key } : {}) },
      });
    const first = await put('heart', { token: amara, key: 'react-amara-1' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 1, mine: 'heart', counts: { heart: 1 } });
    // The same queued change sent twice counts once; a new choice replaces the old one.
    expect((await put('heart', { token: amara, key: 'react-amara-1' })).body.total).toBe(1);
    const changed = await put('star', { token: amara, key: 'react-amara-2' });
    expect(changed.body).toMatchObject({ total: 1, mine: 'star', counts: { heart: 0, star: 1 } });
    const parent = await put('clap', { cookie, key: 'react-parent-1' });
    expect(parent.body).toMatchObject({ total: 2, mine: 'clap' });
    // A parent's queued reaction (a guest change from the outbox) sent again after a lost answer: once.
    expect((await put('clap', { cookie, key: 'react-parent-1' })).body).toMatchObject({ total: 2, mine: 'clap' });
    expect((await read(story.slug, { token: amara })).body.reactions).toMatchObject({ total: 2, mine: 'star', can_react: true });
    const back = await server.call('DELETE', `/api/stories/${story.id}/reaction/`, { host: GREENFIELD, headers: { cookie } });
    expect(back.body).toMatchObject({ total: 1, mine: null });
  });

  it('refuses reactions from staff, strangers, bad emoji, other schools and stories the reader cannot see', async () => {
    const story = await find('public', 'public');
    const priv = await find('private', 'public');
    const put = (id: number, opts: { token?: string; host?: string; reaction?: string }) =>
      server.call('PUT', `/api/stories/${id}/reaction/`, {
        host: opts.host ?? GREENFIELD,
        token: opts.token,
        json: { reaction: opts.reaction ?? 'heart' },
      });
    expect((await put(story.id, { token: teacher })).status).toBe(403);
    expect((await put(story.id, {})).status).toBe(401);
    expect((await put(story.id, { token: amara, reaction: 'poop' })).status).toBe(400);
    expect((await put(priv.id, { token: amara })).status).toBe(404);
    const hillside = (await signIn(server, 'teacher@hillside.example', 'Teach-demo-2', HILLSIDE)).access;
    expect((await put(story.id, { token: hillside, host: HILLSIDE })).status).toBe(403);
  });
});
