// A story approved and published cannot be changed by its child without going back to review:
// not its words, nor its title, cover, category, causes, charity or a wider visibility.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { stories, students } from '../../server/db/schema';
import { GREENFIELD, signIn, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('a published story on %s', (target) => {
  let server: TestServer;
  let amara: { access: string; user: { id: number } };
  let teacher: string;
  let n = 0;

  async function published(privacy: 'private' | 'community' | 'public' = 'community') {
    n++;
    const [me] = await server.database.db.select().from(students).where(eq(students.user_id, amara.user.id));
    const [row] = await server.database.db
      .insert(stories)
      .values({
        tenant_id: me!.tenant_id,
        author_id: amara.user.id,
        class_id: me!.class_id,
        title: `Approved ${n}`,
        slug: `approved-story-${n}`,
        body: '<p>Approved words.</p>',
        excerpt: 'Approved words.',
        status: 'published',
        privacy_preference: privacy,
        published_at: new Date(),
      })
      .returning();
    return row!;
  }
  const patch = (slug: string, json: unknown, token = amara.access) =>
    server.call('PATCH', `/api/stories/${slug}/`, { host: GREENFIELD, token, json });

  beforeAll(async () => {
    server = await startServer(target);
    amara = await signIn(server, 'amara.okafor', 'kite-7');
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    await server.database.db.update(students).set({ privacy_preference: 'public' }).where(eq(students.user_id, amara.user.id));
  }, 180_000);
  afterAll(() => server.close());

  it.each([
    ['title', { title: 'Something else entirely' }],
    ['cover', { cover: '00000000-0000-4000-8000-000000000001' }],
    ['category', { category_id: 1 }],
    ['causes', { sdgs: [3] }],
    ['charity', { charity_id: 1 }],
    ['a wider visibility', { privacy_preference: 'public' }],
  ])("refuses the child's change of its %s", async (_what, change) => {
    const story = await published();
    const res = await patch(story.slug, change);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/published/);
    const [after] = await server.database.db.select().from(stories).where(eq(stories.id, story.id));
    expect(after).toMatchObject({ title: story.title, cover: null, category_id: null, charity_id: null, privacy_preference: 'community' });
  });

  it('lets the child resend the same details, and make the story more private', async () => {
    const story = await published();
    expect((await patch(story.slug, { title: story.title, privacy_preference: 'community' })).status).toBe(200);
    const narrower = await patch(story.slug, { privacy_preference: 'private' });
    expect(narrower.status).toBe(200);
    expect(narrower.body.privacy_preference).toBe('private');
  });

  it('still lets the teacher change it', async () => {
    const story = await published();
    const res = await patch(story.slug, { title: 'Fixed by the teacher' }, teacher);
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Fixed by the teacher');
  });
});
