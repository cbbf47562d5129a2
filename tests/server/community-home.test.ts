// A parent's home: with the community password, the school's community work comes their child's
// first, then their class's, then the school's, each newest first; only stories they may read;
// strangers are refused; another school's class is not offered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { classes } from '../../server/db/schema';
import { GREENFIELD, HILLSIDE, signIn, startServer, TARGETS, type TestServer } from './harness';

interface HomeStory {
  id: number;
  author_id: number;
  class_id: number | null;
  created_at: string;
  shelf: 'pinned' | 'child' | 'class' | 'school';
}

describe.each(TARGETS)('a parent’s home on %s', (target) => {
  let server: TestServer;
  let cookie: string;
  let robins: number;

  beforeAll(async () => {
    server = await startServer(target);
    robins = (await server.database.db.select({ id: classes.id }).from(classes).where(eq(classes.class_id, 'ROBINS4')))[0]!.id;
    const entered = await server.call('POST', '/api/generic-password-login', {
      host: GREENFIELD,
      json: { password: 'greenfield-parents' },
    });
    expect(entered.status).toBe(200);
    cookie = `community_session=${/community_session=([^;]+)/.exec(entered.headers.get('set-cookie') ?? '')![1]}`;
  }, 600_000);
  afterAll(() => server?.close());

  const home = (query = '', headers: Record<string, string> = { cookie }, host = GREENFIELD) =>
    server.call('GET', `/api/community/home/${query}`, { host, headers });
  const newestFirst = (list: HomeStory[]) => list.every((s, i) => i === 0 || list[i - 1]!.created_at >= s.created_at);

  it('puts the child’s stories first, then the class’s, then the school’s, each newest first', async () => {
    const first = await home();
    expect(first.status).toBe(200);
    expect(first.body.classes.map((k: { id: number }) => k.id)).toContain(robins);
    expect(first.body.writers).toEqual([]);
    expect(first.body.stories.every((s: HomeStory) => s.shelf === 'school')).toBe(true);

    const classOnly = await home(`?class_id=${robins}`);
    const writers = classOnly.body.writers as { id: number; name: string }[];
    expect(writers.length).toBeGreaterThan(0);
    const child = writers[0]!.id;
    const res = await home(`?class_id=${robins}&child=${child}`);
    const stories = res.body.stories as HomeStory[];
    const shelves = stories.map((s) => s.shelf);
    // The shelves in order, none mixed.
    expect(shelves).toEqual([...shelves].sort((a, b) => ['child', 'class', 'school'].indexOf(a) - ['child', 'class', 'school'].indexOf(b)));
    const mine = stories.filter((s) => s.shelf === 'child');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((s) => s.author_id === child)).toBe(true);
    const theClass = stories.filter((s) => s.shelf === 'class');
    expect(theClass.every((s) => s.class_id === robins && s.author_id !== child)).toBe(true);
    expect(stories.filter((s) => s.shelf === 'school').every((s) => s.class_id !== robins)).toBe(true);
    for (const shelf of ['child', 'class', 'school'] as const) expect(newestFirst(stories.filter((s) => s.shelf === shelf))).toBe(true);

    // Nothing a parent may not read: each story opens for them.
    for (const s of stories.slice(0, 5)) {
      const one = await server.call('GET', `/api/stories/${s.id}/`, { host: GREENFIELD, headers: { cookie } });
      expect(one.status).toBe(200);
    }
  });

  it('shows the stories the school has pinned on top while the pin lasts, then the shelves as before', async () => {
    const teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    const before = (await home(`?class_id=${robins}`)).body.stories as (HomeStory & { pinned_until: string | null })[];
    const chosen = before.at(-1)!;
    expect(chosen.shelf).not.toBe('pinned');
    const pin = (expiry: string | null, is_pinned = true) =>
      server.call('POST', '/api/content/pin/', {
        host: GREENFIELD,
        token: teacher,
        json: { content_type: 'story', object_id: chosen.id, is_pinned, expiry_date: expiry },
      });
    expect((await pin(new Date(Date.now() + 86_400_000).toISOString())).status).toBe(200);
    const pinned = (await home(`?class_id=${robins}`)).body.stories as (HomeStory & { pinned_until: string | null })[];
    expect(pinned[0]!.id).toBe(chosen.id);
    expect(pinned[0]!.shelf).toBe('pinned');
    expect(pinned[0]!.pinned_until).not.toBeNull();
    expect(pinned.filter((s) => s.id === chosen.id)).toHaveLength(1);
    // Unpinned (or past its expiry): back on its own shelf.
    expect((await pin(null, false)).status).toBe(200);
    const after = (await home(`?class_id=${robins}`)).body.stories as HomeStory[];
    expect(after.find((s) => s.id === chosen.id)?.shelf ?? chosen.shelf).toBe(chosen.shelf);
    expect(after.some((s) => s.shelf === 'pinned')).toBe(false);
  });

  it('refuses strangers and offers only the site’s classes', async () => {
    expect((await home('', {})).status).toBe(403);
    const hillTeacher = (await signIn(server, 'teacher@hillside.example', 'Teach-demo-2', HILLSIDE)).access;
    const there = await server.call('GET', `/api/community/home/?class_id=${robins}`, { host: HILLSIDE, token: hillTeacher });
    expect(there.status).toBe(200);
    expect(there.body.classes.map((k: { id: number }) => k.id)).not.toContain(robins);
    expect(there.body.writers).toEqual([]);
    // A Greenfield member signed in on Greenfield is of the school too.
    const teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    expect((await server.call('GET', '/api/community/home/', { host: GREENFIELD, token: teacher })).status).toBe(200);
  });
});
