// The story numbers on the real API, per role and tenant: story stats for a teacher's classes,
// reactions by emoji, the impact count (one per SDG and one per charity cause of published
// stories), reactions per category, and a child's own stories with what their teacher said.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { charities, stories, students, users } from '../../server/db/schema';
import { GREENFIELD, HILLSIDE, signIn, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('story stats on %s', (target) => {
  let server: TestServer;
  let teacher: string;
  let amara: string;
  let hillside: string;
  let amaraId: number;

  beforeAll(async () => {
    server = await startServer(target);
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    const signed = await signIn(server, 'amara.okafor', 'kite-7');
    amara = signed.access;
    amaraId = signed.user.id;
    hillside = (await signIn(server, 'teacher@hillside.example', 'Teach-demo-2', HILLSIDE)).access;
  }, 60_000);
  afterAll(() => server?.close());

  const get = (path: string, token: string, host = GREENFIELD) => server.call('GET', `/api${path}`, { host, token });

  it('starts from the demo stories’ SDGs and charity causes, so the impact count is not 0', async () => {
    const seeded = await server.database.db
      .select({ sdgs: stories.sdgs, charity_id: stories.charity_id, status: stories.status })
      .from(stories);
    const published = seeded.filter((s) => s.status === 'published');
    expect(published.filter((s) => s.sdgs.length > 0).length).toBeGreaterThan(published.length / 2);
    expect(published.some((s) => s.charity_id !== null)).toBe(true);
    expect(published.every((s) => s.sdgs.every((g) => Number.isInteger(g) && g >= 1 && g <= 17))).toBe(true);
    const teacherCount = (await get('/v1/impacts/count/', teacher)).body.total_impacts;
    expect(teacherCount).toBeGreaterThan(0);
    // A story's cause is one the writer offers: GET /charities/ lists it, so PATCH accepts it.
    const offered = (await get('/charities/', amara)).body.results as { id: number }[];
    expect(offered.length).toBeGreaterThan(0);
    const charityIds = new Set(offered.map((c) => c.id));
    expect(published.filter((s) => s.charity_id !== null).every((s) => charityIds.has(s.charity_id!))).toBe(true);
  });

  it('counts impacts, story stats and reactions for the teacher and the child, and nothing across schools', async () => {
    const db = server.database.db;
    const [student] = await db.select().from(students).where(eq(students.user_id, amaraId));
    const [charity] = await db.select({ id: charities.id }).from(charities).limit(1);
    const before = (await get('/v1/impacts/count/', teacher)).body.total_impacts;
    const amaraBefore = (await get('/v1/impacts/count/', amara)).body.total_impacts;
    const [mine] = await db
      .insert(stories)
      .values({
        tenant_id: student!.tenant_id,
        author_id: amaraId,
        class_id: student!.class_id,
        title: 'Clean Rivers',
        slug: 'clean-rivers-stats',
        body: '<p>Rivers</p>',
        status: 'published',
        sdgs: [6, 14],
        charity_id: charity!.id,
      })
      .returning();
    await db.insert(stories).values({
      tenant_id: student!.tenant_id,
      author_id: amaraId,
      class_id: student!.class_id,
      title: 'Draft',
      slug: 'draft-stats',
      body: '',
      status: 'returned',
      review_comment: 'Add an ending!',
      submitted_text: 'Once',
      sdgs: [1],
    });
    expect((await get('/v1/impacts/count/', teacher)).body.total_impacts).toBe(before + 3);
    expect((await get('/v1/impacts/count/', amara)).body.total_impacts).toBe(amaraBefore + 3);
    expect((await get('/v1/impacts/count/', hillside, HILLSIDE)).body.total_impacts).toBeLessThan(before + 3);

    const stats = (await get('/teacher/blog-stats/', teacher)).body.blog_stats;
    expect(stats.all_blog).toBeGreaterThanOrEqual(stats.published_blog + stats.returned_blog);
    expect(stats.returned_blog).toBeGreaterThanOrEqual(1);
    expect((await get('/teacher/blog-stats/', amara)).status).toBe(403);

    // Amara makes her own story public for the reaction (her preference is private in the demo).
    await db.update(students).set({ privacy_preference: 'public' }).where(eq(students.user_id, amaraId));
    const zoe = (await signIn(server, 'zoe.zhang', 'moon-3')).access;
    expect(
      (await server.call('PUT', `/api/stories/${mine!.id}/reaction/`, { host: GREENFIELD, token: zoe, json: { reaction: 'wow' } })).status,
    ).toBe(200);
    const reactions = (await get('/reactions/stats/', amara)).body;
    expect(reactions.total).toBe(1);
    expect(reactions.results).toContainEqual({ reaction: 'wow', count: 1 });
    expect((await get('/reactions/stats/', hillside, HILLSIDE)).body.total).toBe(0);
    const byCategory = (await get('/categories/reaction-contributions/', teacher)).body.results;
    expect(byCategory.reduce((s: number, r: { reactions: number }) => s + r.reactions, 0)).toBe(1);

    const my = (await get('/student/stories/', amara)).body;
    expect(my.reactions_received).toBe(1);
    expect(my.results).toContainEqual(
      expect.objectContaining({ slug: 'draft-stats', status: 'returned', review_comment: 'Add an ending!', submitted_text: 'Once' }),
    );
    expect((await get('/student/stories/', teacher)).status).toBe(403);
    const [other] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'zoe.zhang'));
    expect(my.results.every((s: { id: number }) => s.id !== other!.id)).toBe(true);
  });
});
