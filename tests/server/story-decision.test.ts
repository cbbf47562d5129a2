// One way to decide a story waiting for review (server/domains/stories/review.ts), used by the
// teachers' review and the platform's moderation alike: when decisions arrive at once, exactly
// one of them lands and the others change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { classes, stories, students, users } from '../../server/db/schema';
import { decideStory } from '../../server/domains/stories/review';
import { GREENFIELD, signIn, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('deciding a story on %s', (target) => {
  let server: TestServer;
  let author: { id: number; tenant_id: number; class_id: number };
  const who: Record<'teacher' | 'head' | 'admin', { id: number; token: string }> = {} as never;
  let n = 0;

  async function waiting() {
    n++;
    const [row] = await server.database.db
      .insert(stories)
      .values({
        tenant_id: author.tenant_id,
        author_id: author.id,
        class_id: author.class_id,
        title: `The Two Reviewers ${n}`,
        slug: `the-two-reviewers-${n}`,
        body: '<p>Two owls looked at one page.</p>',
        excerpt: 'Two owls looked at one page.',
        submitted_text: 'Two owls looked at one page.',
        status: 'submitted',
        privacy_preference: 'public',
        submitted_at: new Date(),
      })
      .returning();
    return row!;
  }
  const row = async (id: number) => (await server.database.db.select().from(stories).where(eq(stories.id, id)))[0]!;

  beforeAll(async () => {
    server = await startServer(target);
    for (const [key, username, password, host] of [
      ['teacher', 'teacher@greenfield.example', 'Teach-demo-1', GREENFIELD],
      ['head', 'head@greenfield.example', 'Head-demo-1', GREENFIELD],
      ['admin', 'admin@example.com', 'Admin-demo-1', 'localhost'],
    ] as const) {
      const s = await signIn(server, username, password, host);
      who[key] = { id: s.user.id, token: s.access };
    }
    const [found] = await server.database.db
      .select({ id: users.id, tenant_id: students.tenant_id, class_id: students.class_id })
      .from(students)
      .innerJoin(users, eq(users.id, students.user_id))
      .innerJoin(classes, eq(classes.id, students.class_id))
      .where(and(eq(classes.class_id, 'ROBINS4'), eq(students.privacy_preference, 'public'), eq(students.archived, false)))
      .limit(1);
    author = { id: found!.id, tenant_id: found!.tenant_id, class_id: found!.class_id! };
  }, 120_000);
  afterAll(() => server?.close());

  it('lands exactly one of two decisions made at once, and the story shows that one', async () => {
    const story = await waiting();
    const db = server.database.db;
    const results = await Promise.all([
      decideStory(db, story.id, { decision: 'publish' }, who.teacher.id, new Date()),
      decideStory(db, story.id, { decision: 'return', comment: 'Check the owls.' }, who.head.id, new Date()),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const after = await row(story.id);
    if (results[0]) expect(after).toMatchObject({ status: 'published', reviewed_by: who.teacher.id, review_comment: null });
    else expect(after).toMatchObject({ status: 'returned', reviewed_by: who.head.id, review_comment: 'Check the owls.' });
    // Decided: a later decision finds nothing waiting.
    expect(await decideStory(db, story.id, { decision: 'publish' }, who.head.id, new Date())).toBe(false);
    expect(await row(story.id)).toEqual(after);
  });

  it("publishes once when two teachers and a moderator approve at once: the winner's approval stands", async () => {
    const story = await waiting();
    const [teacher, head, moderator] = await Promise.all([
      server.call('POST', `/api/teacher/stories/${story.id}/approve/`, { host: GREENFIELD, token: who.teacher.token }),
      server.call('POST', `/api/teacher/stories/${story.id}/approve/`, { host: GREENFIELD, token: who.head.token }),
      server.call('POST', `/api/api-super-admin/book-monitoring/story/${story.id}/`, {
        host: 'localhost',
        token: who.admin.token,
        json: { action: 'approve' },
      }),
    ]);
    // The moderator's approval also means "it stays", so it answers 200 even when it came second.
    expect(moderator!.status).toBe(200);
    const after = await row(story.id);
    expect(after.status).toBe('published');
    const winner = [
      { res: teacher!, id: who.teacher.id },
      { res: head!, id: who.head.id },
    ].filter((a) => a.res.status === 200);
    expect(winner.length).toBeLessThanOrEqual(1);
    for (const a of [teacher!, head!]) expect([200, 409]).toContain(a.status);
    expect(after.reviewed_by).toBe(winner[0]?.id ?? who.admin.id);
  });
});
