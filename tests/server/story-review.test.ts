// Review and publishing on the real API, per role and tenant: a teacher lists the stories waiting
// in their classes, reads one (as submitted and as now), approves it (it reaches the library at
// its visibility) or sends it back with a comment; bulk feature, privacy and archive; a student
// is refused (403), another school's story is a 404; the organization lists and pins the stories
// its linked schools share by content_share_id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { classes, stories, students, users } from '../../server/db/schema';
import { GREENFIELD, HILLSIDE, signIn, startServer, TARGETS, type TestServer } from './harness';

const RIVERBEND = 'riverbend.localhost';

describe.each(TARGETS)('story review on %s', (target) => {
  let server: TestServer;
  let teacher: string;
  let head: string;
  let amara: string;
  let amaraId: number;
  let hillside: string;
  let org: string;
  let author: { id: number; tenant_id: number; class_id: number };
  let n = 0;

  /** A story handed in by a public child of ROBINS4, made straight in the database. */
  async function submitted(over: Partial<typeof stories.$inferInsert> = {}) {
    n++;
    const [row] = await server.database.db
      .insert(stories)
      .values({
        tenant_id: author.tenant_id,
        author_id: author.id,
        class_id: author.class_id,
        title: `The Brave Kite ${n}`,
        slug: `the-brave-kite-review-${n}`,
        body: '<p>The kite flew over the hill.</p>',
        excerpt: 'The kite flew over the hill.',
        submitted_text: 'The kite flw over the hill.',
        status: 'submitted',
        privacy_preference: 'public',
        submitted_at: new Date(),
        ...over,
      })
      .returning();
    return row!;
  }
  const call = (method: string, path: string, token: string, json?: unknown, host = GREENFIELD) =>
    server.call(method, `/api${path}`, { host, token, json });

  beforeAll(async () => {
    server = await startServer(target);
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    const signedIn = await signIn(server, 'amara.okafor', 'kite-7');
    amara = signedIn.access;
    amaraId = signedIn.user.id;
    hillside = (await signIn(server, 'teacher@hillside.example', 'Teach-demo-2', HILLSIDE)).access;
    org = (await signIn(server, 'org@riverbend.example', 'Org-demo-1', RIVERBEND)).access;
    const [row] = await server.database.db
      .select({ id: users.id, tenant_id: students.tenant_id, class_id: students.class_id })
      .from(students)
      .innerJoin(users, eq(users.id, students.user_id))
      .innerJoin(classes, eq(classes.id, students.class_id))
      .where(and(eq(classes.class_id, 'ROBINS4'), eq(students.privacy_preference, 'public'), eq(students.archived, false)))
      .limit(1);
    author = { id: row!.id, tenant_id: row!.tenant_id, class_id: row!.class_id! };
  }, 60_000);
  afterAll(() => server?.close());

  it('lists waiting stories first, shows the text as submitted and as now, and approves into the library', async () => {
    const story = await submitted();
    const list = await call('GET', '/teacher/stories/?status=submitted', teacher);
    expect(list.status).toBe(200);
    expect(list.body.results.map((s: { id: number }) => s.id)).toContain(story.id);
    expect(list.body.results.every((s: { status: string }) => s.status === 'submitted')).toBe(true);
    const detail = await call('GET', `/teacher/stories/${story.id}/`, teacher);
    expect(detail.body).toMatchObject({
      submitted_text: 'The kite flw over the hill.',
      current_text: 'The kite flew over the hill.',
      status: 'submitted',
    });
    expect((await server.call('GET', `/api/reading/stories/${story.slug}/`, { host: GREENFIELD })).status).toBe(404);

    const ok = await server.call('POST', `/api/teacher/stories/${story.id}/approve/`, {
      host: GREENFIELD,
      token: teacher,
      headers: { 'idempotency-key': `approve-${story.id}-x` },
    });
    expect(ok.body).toEqual({ message: 'Story approved and published.' });
    const library = await server.call('GET', '/api/stories/?limit=100', { host: GREENFIELD });
    expect(library.body.results.map((s: { id: number }) => s.id)).toContain(story.id);
    expect((await call('POST', `/teacher/stories/${story.id}/approve/`, teacher)).status).toBe(409);
  });

  it('sends a story back with a comment, which needs words', async () => {
    const story = await submitted();
    expect((await call('POST', `/teacher/stories/${story.id}/return/`, teacher, { comment: '   ' })).status).toBe(400);
    expect((await call('POST', `/teacher/stories/${story.id}/return/`, teacher, { comment: 'x'.repeat(501) })).status).toBe(400);
    const res = await call('POST', `/teacher/stories/${story.id}/return/`, teacher, { comment: 'Lovely! Check the spelling of "flew".' });
    expect(res.status).toBe(200);
    const [row] = await server.database.db.select().from(stories).where(eq(stories.id, story.id));
    expect(row).toMatchObject({ status: 'returned', review_comment: 'Lovely! Check the spelling of "flew".' });
  });

  it('closes the loop: after a comment and a resubmission the teacher sees what the child changed since the comment', async () => {
    const story = await submitted({ author_id: amaraId, body: '<p>The kite flew.</p>', submitted_text: 'The kite flew.' });
    const comment = 'Where did it go?';
    expect((await call('POST', `/teacher/stories/${story.id}/return/`, teacher, { comment })).status).toBe(200);
    // The child revises (on any device: the server's copy) and sends it again.
    await server.database.db.update(stories).set({ body: '<p>The kite flew over the sea.</p>' }).where(eq(stories.id, story.id));
    expect((await call('POST', `/stories/${story.slug}/submit/`, amara)).status).toBe(200);
    const detail = await call('GET', `/teacher/stories/${story.id}/`, teacher);
    expect(detail.body).toMatchObject({
      status: 'submitted',
      review_comment: comment,
      returned_text: 'The kite flew.',
      submitted_text: 'The kite flew over the sea.',
      current_text: 'The kite flew over the sea.',
    });
    // Her dashboard does not show the comment of a story no longer sent back; approval clears it.
    const mine = (await call('GET', '/student/stories/', amara)).body.results.find((s: { id: number }) => s.id === story.id);
    expect(mine).toMatchObject({ status: 'submitted', returned_text: 'The kite flew.' });
    expect((await call('POST', `/teacher/stories/${story.id}/approve/`, teacher)).status).toBe(200);
    expect((await call('GET', `/teacher/stories/${story.id}/`, teacher)).body.review_comment).toBeNull();
  });

  it('puts a pinned story at the top of the class page and the library while the pin lasts', async () => {
    const a = await submitted({
      status: 'published',
      published_at: new Date(Date.now() - 86_400_000 * 400),
      created_at: new Date(2020, 0, 1),
    });
    const top = (path: string, token?: string) =>
      server.call('GET', `/api${path}`, { host: GREENFIELD, ...(token ? { token } : {}) }).then((r) => r.body.results[0]?.id as number);
    expect(await top(`/teacher/stories/?class_id=${author.class_id}&limit=5`, teacher)).not.toBe(a.id);
    expect(await top('/stories/?limit=5')).not.toBe(a.id);
    const expiry_date = new Date(Date.now() + 3_600_000).toISOString();
    expect(
      (await call('POST', '/content/pin/', teacher, { content_type: 'story', object_id: a.id, is_pinned: true, expiry_date })).status,
    ).toBe(200);
    expect(await top(`/teacher/stories/?class_id=${author.class_id}&limit=5`, teacher)).toBe(a.id);
    expect(await top('/stories/?limit=5')).toBe(a.id);
    // Readers' cards carry the pin's end (devices sort their catalogue by it).
    const card = (await server.call('GET', '/api/stories/?limit=5', { host: GREENFIELD })).body.results[0];
    expect(card).toMatchObject({ id: a.id, pinned_until: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect((await call('POST', '/content/pin/', teacher, { content_type: 'story', object_id: a.id, is_pinned: false })).status).toBe(200);
    expect(await top('/stories/?limit=5')).not.toBe(a.id);
  });

  it("refuses students (403), other schools (404) and drafts (404: they stay the child's)", async () => {
    const story = await submitted();
    expect((await call('GET', '/teacher/stories/', amara)).status).toBe(403);
    expect((await call('POST', `/teacher/stories/${story.id}/approve/`, amara)).status).toBe(403);
    expect((await call('GET', `/teacher/stories/${story.id}/`, hillside, undefined, HILLSIDE)).status).toBe(404);
    expect((await call('POST', `/teacher/stories/${story.id}/approve/`, hillside, undefined, HILLSIDE)).status).toBe(404);
    expect((await call('PATCH', '/v1/teacher/stories/feature/', hillside, { ids: [story.id], action: 'feature' }, HILLSIDE)).status).toBe(
      404,
    );
    const draft = await submitted({ status: 'draft' });
    expect((await call('GET', `/teacher/stories/${draft.id}/`, teacher)).status).toBe(404);
    expect(
      (await call('GET', '/teacher/stories/', hillside, undefined, HILLSIDE)).body.results.map((s: { id: number }) => s.id),
    ).not.toContain(story.id);
  });

  it('applies the bulk actions and the content filters', async () => {
    const a = await submitted({ status: 'published' });
    const b = await submitted({ status: 'published' });
    expect((await call('PATCH', '/v1/teacher/stories/feature/', teacher, { ids: [a.id, b.id], action: 'feature' })).body.message).toBe(
      'Stories featured.',
    );
    const featured = await call('GET', `/teacher/stories/?is_featured=true&class_id=${author.class_id}&limit=500`, head);
    expect(featured.body.results.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await call('PATCH', '/v1/teacher/stories/privacy/', teacher, { ids: [a.id], privacy_preference: 'community' })).status).toBe(
      200,
    );
    expect(
      (await call('GET', '/teacher/stories/?privacy_preference=community&limit=500', teacher)).body.results.map(
        (s: { id: number }) => s.id,
      ),
    ).toContain(a.id);
    expect((await call('POST', '/v1/teacher/stories/archive/', teacher, { story_ids: [b.id] })).body).toEqual({
      success: true,
      message: 'Stories archived.',
    });
    expect(
      (await call('GET', '/teacher/stories/?is_archived=true&limit=500', teacher)).body.results.map((s: { id: number }) => s.id),
    ).toContain(b.id);
    const library = (await server.call('GET', '/api/stories/?limit=100', { host: GREENFIELD })).body.results.map(
      (s: { id: number }) => s.id,
    );
    expect(library).not.toContain(a.id);
    expect(library).not.toContain(b.id);
    expect((await call('GET', '/teacher/stories/?created_at__gte=2026-02-01&created_at__lte=2026-01-01', teacher)).status).toBe(400);
    expect((await call('PATCH', '/v1/teacher/stories/feature/', teacher, { ids: [], action: 'feature' })).status).toBe(400);
    // Pinning a story of the school: the spec's payload with content_type story.
    const pin = await call('POST', '/content/pin/', teacher, {
      content_type: 'story',
      object_id: a.id,
      is_pinned: true,
      expiry_date: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(pin.status).toBe(200);
    expect(
      (await call('GET', '/teacher/stories/?is_pinned=true&limit=500', teacher)).body.results.map((s: { id: number }) => s.id),
    ).toEqual([a.id]);
  });

  it("lists the linked schools' shared stories for the organization, which pins them by content_share_id", async () => {
    const shared = await submitted({ status: 'published', privacy_preference: 'public' });
    const list = await call('GET', '/organization/stories/?limit=500', org, undefined, RIVERBEND);
    expect(list.status).toBe(200);
    const mine = list.body.results.find((s: { id: number }) => s.id === shared.id);
    expect(mine).toMatchObject({ content_share_id: shared.id, school: 'Greenfield Primary', is_pinned: false });
    expect(JSON.stringify(mine)).not.toMatch(/Okafor/);
    const expiry = new Date(Date.now() + 3_600_000).toISOString();
    const pinned = await call(
      'POST',
      '/organization/content/pin/',
      org,
      { content_type: 'story', content_share_id: shared.id, is_pinned: true, expiry_date: expiry },
      RIVERBEND,
    );
    expect(pinned.status).toBe(200);
    expect(
      (await call('GET', '/organization/stories/?is_pinned=true', org, undefined, RIVERBEND)).body.results.map((s: { id: number }) => s.id),
    ).toEqual([shared.id]);
    const privateOne = await submitted({ status: 'published', privacy_preference: 'private' });
    expect(
      (
        await call(
          'POST',
          '/organization/content/bulk-pin/',
          org,
          { content_type: 'story', content_share_ids: [privateOne.id], is_pinned: true, expiry_date: expiry },
          RIVERBEND,
        )
      ).status,
    ).toBe(404);
    expect((await call('GET', '/organization/stories/', teacher)).status).toBe(403);
  });
});
