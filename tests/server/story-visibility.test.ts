// Visibility follows the child (issue 10 item 6, issue 11 "Who sees what") through the real API:
// the library list, one story, /combined/ search and the catalogue pull all drop a child's
// stories the moment a teacher sets the child to private or archives them; parents with the
// community password see community stories of their school only; search never matches a surname.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { stories, students, tenants, users } from '../../server/db/schema';
import { GREENFIELD, HILLSIDE, signIn, startServer, TARGETS, type TestServer } from './harness';

type Found = { id: number; title: string; author_id: number; first_name: string; last_name: string };

describe.each(TARGETS)('story visibility through the API on %s', (target) => {
  let server: TestServer;
  let teacher: string;

  /** Published greenfield stories whose story and author privacy are as given. */
  async function find(
    storyPrivacy: 'public' | 'community' | 'private',
    childPrivacy: 'public' | 'community' | 'private',
  ): Promise<Found[]> {
    const db = server.database.db;
    const [green] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subdomain, 'greenfield'));
    return db
      .select({
        id: stories.id,
        title: stories.title,
        author_id: stories.author_id,
        first_name: users.first_name,
        last_name: users.last_name,
      })
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
      .orderBy(asc(stories.id));
  }

  const list = async (options: { token?: string; cookie?: string; host?: string } = {}) => {
    const res = await server.call('GET', '/api/stories/?limit=100', {
      host: options.host ?? GREENFIELD,
      token: options.token,
      headers: options.cookie ? { cookie: options.cookie } : {},
    });
    expect(res.status).toBe(200);
    return (res.body.results as { id: number }[]).map((s) => s.id);
  };
  const search = async (q: string) =>
    (
      (await server.call('GET', `/api/combined/?search=${encodeURIComponent(q)}&limit=100`, { host: GREENFIELD })).body.stories as {
        id: number;
      }[]
    ).map((s) => s.id);
  const pull = (since?: string) =>
    server.call('GET', `/api/catalogue/stories/?limit=1000${since ? `&updated_since=${encodeURIComponent(since)}` : ''}`, {
      host: GREENFIELD,
    });

  beforeAll(async () => {
    server = await startServer(target);
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
  }, 60_000);
  afterAll(() => server?.close());

  it('a child set to private disappears from the library, search, one story and the pull', async () => {
    const [story] = await find('public', 'public');
    expect(story).toBeDefined();
    expect(await list()).toContain(story!.id);
    expect(await search(story!.title)).toContain(story!.id);
    const first = await pull();
    expect(first.body.results.map((s: { id: number }) => s.id)).toContain(story!.id);
    const last = first.body.results.at(-1);
    const cursor = `${last.updated_at}~${last.id}`;

    const res = await server.call('PUT', `/api/student-privacy-update/${story!.author_id}/`, {
      host: GREENFIELD,
      token: teacher,
      json: { privacy_preference: 'private' },
    });
    expect(res.status).toBe(200);

    expect(await list()).not.toContain(story!.id);
    expect(await search(story!.title)).not.toContain(story!.id);
    expect((await server.call('GET', `/api/stories/${story!.id}/`, { host: GREENFIELD })).status).toBe(404);
    // The story's own row did not change: the pull still learns it left, through its author.
    const later = await pull(cursor);
    expect(later.body.results).toContainEqual(expect.objectContaining({ id: story!.id, deleted: true, title: '', excerpt: '' }));
    // Their teacher still reads it.
    expect((await server.call('GET', `/api/stories/${story!.id}/`, { host: GREENFIELD, token: teacher })).status).toBe(200);
  });

  it('an archived child disappears too, and comes back when restored', async () => {
    const [, story] = await find('public', 'public');
    expect(await list()).toContain(story!.id);
    const archive = (archived: boolean) =>
      server.call('POST', '/api/v1/students/archive/', {
        host: GREENFIELD,
        token: teacher,
        json: { student_ids: [story!.author_id], archived },
      });
    expect((await archive(true)).status).toBe(200);
    expect(await list()).not.toContain(story!.id);
    expect(await search(story!.title)).not.toContain(story!.id);
    expect((await pull()).body.results.map((s: { id: number }) => s.id)).not.toContain(story!.id);
    expect((await archive(false)).status).toBe(200);
    expect(await list()).toContain(story!.id);
  });

  it('a deactivated author hides their stories', async () => {
    const [, , story] = await find('public', 'public');
    expect(await list()).toContain(story!.id);
    await server.database.db.update(users).set({ is_active: false }).where(eq(users.id, story!.author_id));
    expect(await list()).not.toContain(story!.id);
    await server.database.db.update(users).set({ is_active: true }).where(eq(users.id, story!.author_id));
  });

  it('parents with the community password see community stories of their school, not private ones', async () => {
    const community = (await find('community', 'public'))[0] ?? (await find('public', 'community'))[0]!;
    const privateOne = (await find('private', 'public'))[0] ?? (await find('public', 'private'))[0]!;
    expect(await list()).not.toContain(community.id);
    const login = await server.call('POST', '/api/generic-password-login', { host: GREENFIELD, json: { password: 'greenfield-parents' } });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const seen = await list({ cookie });
    expect(seen).toContain(community.id);
    expect(seen).not.toContain(privateOne.id);
    expect((await server.call('GET', `/api/stories/${community.id}/`, { host: GREENFIELD, headers: { cookie } })).status).toBe(200);
    expect((await server.call('GET', `/api/stories/${privateOne.id}/`, { host: GREENFIELD, headers: { cookie } })).status).toBe(404);
    // A signed-in user of the school sees community stories too; another school's site never does.
    const amara = (await signIn(server, 'amara.okafor', 'kite-7')).access;
    expect(await list({ token: amara })).toContain(community.id);
    expect(await list({ host: HILLSIDE })).not.toContain(community.id);
    expect((await server.call('GET', `/api/stories/${community.id}/`, { host: HILLSIDE, headers: { cookie } })).status).toBe(404);
  });

  it('public search matches the first name and initial, never the surname', async () => {
    const found = await find('public', 'public');
    const story = found.find((s) => !found.some((o) => o.id !== s.id && o.last_name === s.last_name)) ?? found.at(-1)!;
    const byName = await search(`${story.first_name} ${story.last_name[0]}`);
    expect(byName).toContain(story.id);
    expect(await search(story.last_name)).not.toContain(story.id);
    expect(await search(`${story.first_name} ${story.last_name}`)).not.toContain(story.id);
  });
});
