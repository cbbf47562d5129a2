// Writing stories: starting a draft, saving document changes (merged from two devices), the
// details, submitting, "my stories" and opening one for editing; pictures; each for the roles
// that may and may not, another school's story, and bad input (sizes, types, values).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as Y from 'yjs';
import { charities, classes, stories, students, users } from '../../server/db/schema';
import { addParagraph, addPicture, b64 } from '../support/ydoc';
import { GREENFIELD, HILLSIDE, TARGETS, signIn, startServer, type TestServer } from './harness';

const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
);
const GIF = Uint8Array.from(Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'));

describe.each(TARGETS)('story writing API on %s', (target) => {
  let server: TestServer;
  let amara: string;
  let zoe: string;
  let teacher: string;
  let head: string;
  let hillTeacher: string;
  let amaraId: number;

  beforeAll(async () => {
    server = await startServer(target);
    amara = (await signIn(server, 'amara.okafor', 'kite-7')).access;
    zoe = (await signIn(server, 'zoe.zhang', 'moon-3')).access;
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    hillTeacher = (await signIn(server, 'teacher@hillside.example', 'Teach-demo-2', HILLSIDE)).access;
    amaraId = (await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'amara.okafor')))[0]!.id;
    await server.database.db.update(students).set({ privacy_preference: 'community' }).where(eq(students.user_id, amaraId));
  });
  afterAll(() => server.close());

  const call = (method: string, path: string, token: string, json?: unknown, host = GREENFIELD, headers: Record<string, string> = {}) =>
    server.call(method, `/api${path}`, { host, token, json, headers });
  const start = (token: string, slug: string, extra: object = {}, host = GREENFIELD) =>
    call('POST', '/stories/', token, { slug, ...extra }, host);
  const save = (token: string, slug: string, update: Uint8Array, host = GREENFIELD) =>
    call('PUT', `/stories/${slug}/document/`, token, { update: b64(update) }, host);
  const upload = (token: string, id: string, bytes: Uint8Array, type = 'image/png', host = GREENFIELD) => {
    const form = new FormData();
    form.append('id', id);
    form.append('width', '1');
    form.append('height', '1');
    form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], 'p', { type }));
    return server.call('POST', '/api/pictures/', { host, token, body: form });
  };

  describe('drafts', () => {
    it('starts a draft at the slug the device made, once; the same slug by someone else is taken', async () => {
      const first = await start(amara, 'the-kite-a1b2c3', { title: 'The Kite' });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        slug: 'the-kite-a1b2c3',
        title: 'The Kite',
        status: 'draft',
        step: 1,
        author_name: 'Amara O.',
        privacy_preference: 'community',
        author_privacy: 'community',
        doc: null,
      });
      expect((await start(amara, 'the-kite-a1b2c3')).status).toBe(200);
      const taken = await start(zoe, 'the-kite-a1b2c3');
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe('This story address is already taken.');
    });

    it('refuses bad slugs and over-long titles with a message', async () => {
      for (const slug of ['Bad Slug', '../etc', 'a'.repeat(81), '-x-']) {
        const res = await start(amara, slug);
        expect(res.status, slug).toBe(400);
        expect(res.body.message).toContain('small letters');
      }
      const long = await start(amara, 'long-title-1', { title: 'x'.repeat(121) });
      expect(long.status).toBe(400);
      expect(long.body.message).toContain('at most 120');
    });

    it('lets a teacher start a story for a child of their class (the child is its author), not for another school', async () => {
      const res = await start(teacher, 'class-trip-t1', { author_id: amaraId, source: 'uploaded', title: 'Class trip' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ author_id: amaraId, source: 'uploaded' });
      expect((await start(hillTeacher, 'class-trip-t2', { author_id: amaraId }, HILLSIDE)).status).toBe(404);
      expect((await start(amara, 'class-trip-t3', { author_id: 1 })).body.author_id).toBe(amaraId);
    });
  });

  describe('document changes', () => {
    it('merges two devices’ offline edits of one draft: both are kept, rendered, excerpted and counted', async () => {
      await start(amara, 'two-tablets-x1');
      const school = new Y.Doc();
      const first = addParagraph(school, 'Nobody believed me when I found a dragon.');
      expect((await save(amara, 'two-tablets-x1', first)).status).toBe(200);
      // Home picks the draft up, then both write offline.
      const home = new Y.Doc();
      Y.applyUpdate(home, first);
      const atSchool = addParagraph(school, 'At school we drew it.');
      const atHome = addParagraph(home, 'At home it ate my ', 'homework');
      expect((await save(amara, 'two-tablets-x1', atHome)).status).toBe(200);
      const res = await save(amara, 'two-tablets-x1', atSchool);
      expect(res.status).toBe(200);
      expect(res.body.body).toContain('<p>Nobody believed me when I found a dragon.</p>');
      expect(res.body.body).toContain('At school we drew it.');
      expect(res.body.body).toContain('At home it ate my <strong>homework</strong>');
      expect(res.body.excerpt).not.toMatch(/[<>]/);
      expect(res.body.excerpt.startsWith('Nobody believed me')).toBe(true);
      expect(res.body.word_count).toBe(8 + 5 + 6);
      // The save's answer leaves the state out (the device holds it); both devices converge on the server's.
      expect(res.body).not.toHaveProperty('doc');
      const merged = new Y.Doc();
      Y.applyUpdate(merged, Buffer.from((await call('GET', '/stories/two-tablets-x1/edit/', amara)).body.doc, 'base64'));
      Y.applyUpdate(school, Y.encodeStateAsUpdate(merged));
      Y.applyUpdate(home, Y.encodeStateAsUpdate(merged));
      expect(school.getXmlFragment('default').toString()).toBe(home.getXmlFragment('default').toString());
    });

    it('never passes markup a child typed through, and renders pictures only as picture links', async () => {
      await start(amara, 'sneaky-x2');
      const doc = new Y.Doc();
      addParagraph(doc, '<script>alert(1)</script><img src=x onerror=alert(1)>');
      addPicture(doc, '11111111-2222-4333-8444-555555555555');
      const res = await save(amara, 'sneaky-x2', Y.encodeStateAsUpdate(doc));
      expect(res.status).toBe(200);
      expect(res.body.body).not.toContain('<script');
      expect(res.body.body).not.toContain('<img src=x');
      expect(res.body.body).toContain('&lt;script&gt;');
      expect(res.body.body).toContain('<img src="/api/pictures/11111111-2222-4333-8444-555555555555/"');
    });

    it('says why a change is refused: unreadable (400), a 50 MB body (413), too big an update (413)', async () => {
      await start(amara, 'big-one-x3');
      const garbage = await call('PUT', '/stories/big-one-x3/document/', amara, { update: b64(Uint8Array.from([255, 1, 2, 3, 4])) });
      expect(garbage.status).toBe(400);
      expect(garbage.body.message).toContain('could not be read');
      const huge = await server.call('PUT', '/api/stories/big-one-x3/document/', {
        host: GREENFIELD,
        token: amara,
        headers: { 'content-type': 'application/json' },
        body: `{"update":"${'A'.repeat(50 * 1024 * 1024)}"}`,
      });
      expect(huge.status).toBe(413);
      expect(huge.body.message).toContain('too big');
      const doc = new Y.Doc();
      const big = addParagraph(doc, 'word '.repeat(500_000));
      const tooBig = await save(amara, 'big-one-x3', big);
      expect(tooBig.status).toBe(413);
      const row = (await server.database.db.select().from(stories).where(eq(stories.slug, 'big-one-x3')))[0]!;
      expect(row.doc).toBeNull();
    });

    it('keeps a story with 30 pictures well within the limits', async () => {
      await start(amara, 'thirty-pictures-x4');
      const doc = new Y.Doc();
      for (let i = 0; i < 30; i++) {
        addParagraph(doc, `Picture number ${i} shows the river in spring with the ducks and the old bridge.`);
        addPicture(doc, `11111111-2222-4333-8444-${String(i).padStart(12, '0')}`);
      }
      const res = await save(amara, 'thirty-pictures-x4', Y.encodeStateAsUpdate(doc));
      expect(res.status).toBe(200);
      expect(res.body.body.match(/<img /g)).toHaveLength(30);
    });

    it('is 403 for another child, 200 for the class teacher and the head, 404 from another school', async () => {
      await start(amara, 'mine-only-x5', { title: 'Mine' });
      const doc = new Y.Doc();
      const u = addParagraph(doc, 'Mine.');
      expect((await save(zoe, 'mine-only-x5', u)).status).toBe(403);
      expect((await call('PATCH', '/stories/mine-only-x5/', zoe, { title: 'Zoe was here' })).status).toBe(403);
      expect((await call('GET', '/stories/mine-only-x5/edit/', zoe)).status).toBe(403);
      expect((await call('POST', '/stories/mine-only-x5/submit/', zoe)).status).toBe(403);
      expect((await save(teacher, 'mine-only-x5', u)).status).toBe(200);
      expect((await call('GET', '/stories/mine-only-x5/edit/', head)).status).toBe(200);
      expect((await call('GET', '/stories/mine-only-x5/edit/', hillTeacher, undefined, HILLSIDE)).status).toBe(404);
      expect((await save(hillTeacher, 'mine-only-x5', u, HILLSIDE)).status).toBe(404);
      expect((await call('GET', '/stories/mine-only-x5/edit/', amara)).body.doc).toEqual(expect.any(String));
    });
  });

  describe('details', () => {
    it('sets title, SDGs, category, the school’s charity cause, visibility and step', async () => {
      await start(amara, 'about-x6');
      const [cause] = await server.database.db.select({ id: charities.id, tenant: charities.tenant_id }).from(charities);
      const greenfieldCause = (await server.database.db.select({ id: charities.id, tenant: charities.tenant_id }).from(charities)).find(
        (c) => c.tenant !== null,
      );
      const res = await call('PATCH', '/stories/about-x6/', amara, {
        title: '  The River ',
        sdgs: [14, 6, 14],
        category_id: 1,
        privacy_preference: 'private',
        step: 3,
        cover: '11111111-2222-4333-8444-555555555555',
        ...(greenfieldCause ? {} : {}),
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        title: 'The River',
        sdgs: [6, 14],
        category_id: 1,
        privacy_preference: 'private',
        step: 3,
        cover: '/api/pictures/11111111-2222-4333-8444-555555555555/',
      });
      expect(cause).toBeDefined();
      // The causes the writer offers: a published platform charity is one; a draft one is not.
      const all = await server.database.db
        .select({ id: charities.id, tenant: charities.tenant_id, status: charities.status })
        .from(charities);
      const platform = all.find((c) => c.tenant === null && c.status === 'published')!;
      const draft = all.find((c) => c.tenant === null && c.status === 'draft')!;
      const chosen = await call('PATCH', '/stories/about-x6/', amara, { charity_id: platform.id });
      expect(chosen.status).toBe(200);
      expect(chosen.body.charity_id).toBe(platform.id);
      expect((await call('PATCH', '/stories/about-x6/', amara, { charity_id: draft.id })).status).toBe(400);
    });

    it('refuses SDGs outside 1..17, unknown visibility, visibility wider than the child allows, another school’s cause', async () => {
      await start(amara, 'bad-about-x7');
      for (const sdgs of [[0], [18], [1.5]]) expect((await call('PATCH', '/stories/bad-about-x7/', amara, { sdgs })).status).toBe(400);
      const unknown = await call('PATCH', '/stories/bad-about-x7/', amara, { privacy_preference: 'everyone' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toContain('community, public or private');
      const wide = await call('PATCH', '/stories/bad-about-x7/', amara, { privacy_preference: 'public' });
      expect(wide.status).toBe(400);
      expect(wide.body.message).toBe('This story cannot be shared wider than your privacy setting allows.');
      const hillside = (await server.database.db.select({ id: charities.id, tenant: charities.tenant_id }).from(charities)).filter(
        (c) => c.tenant !== null,
      );
      const greenfieldTenant = (
        await server.database.db.select({ t: classes.tenant_id }).from(classes).where(eq(classes.class_id, 'ROBINS4'))
      )[0]!.t;
      const other = hillside.find((c) => c.tenant !== greenfieldTenant);
      if (other) expect((await call('PATCH', '/stories/bad-about-x7/', amara, { charity_id: other.id })).status).toBe(400);
      expect((await call('PATCH', '/stories/bad-about-x7/', amara, { category_id: 999_999 })).status).toBe(400);
    });
  });

  describe('submitting', () => {
    it('sends a child’s story for review (keeping the text as sent), lists it in my stories, and refuses an empty one', async () => {
      await start(amara, 'send-me-x8', { title: 'Send me' });
      const empty = await call('POST', '/stories/send-me-x8/submit/', amara);
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('Write your story before you send it.');
      await save(amara, 'send-me-x8', addParagraph(new Y.Doc(), 'Once upon a tiem.'));
      const sent = await call('POST', '/stories/send-me-x8/submit/', amara);
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ status: 'submitted', submitted_text: 'Once upon a tiem.', published_at: null });
      // The teacher fixes the spelling before approving; the child's version stays.
      const fix = new Y.Doc();
      Y.applyUpdate(fix, Buffer.from(sent.body.doc, 'base64'));
      const text = fix.getXmlFragment('default').get(0) as Y.XmlElement;
      (text.get(0) as Y.XmlText).delete(12, 4);
      (text.get(0) as Y.XmlText).insert(12, 'time');
      const fixed = await save(teacher, 'send-me-x8', Y.encodeStateAsUpdate(fix));
      expect(fixed.body).toMatchObject({ excerpt: 'Once upon a time.', submitted_text: 'Once upon a tiem.', status: 'submitted' });
      const mine = await call('GET', '/my-stories/', amara);
      expect(mine.status).toBe(200);
      expect(mine.body.results.map((s: { slug: string }) => s.slug)).toContain('send-me-x8');
      expect(mine.body.results.every((s: { author_id: number }) => s.author_id === amaraId)).toBe(true);
      const page = await call('GET', '/my-stories/?limit=1', amara);
      expect(page.body.next_since).toEqual(expect.any(String));
      const rest = await call('GET', `/my-stories/?updated_since=${encodeURIComponent(page.body.next_since)}`, amara);
      expect(rest.body.results.map((s: { slug: string }) => s.slug)).not.toContain(page.body.results[0].slug);
      expect((await call('GET', '/my-stories/', zoe)).body.results.map((s: { slug: string }) => s.slug)).not.toContain('send-me-x8');
    });

    it('publishes at once where the class does not review stories, and a teacher’s own story', async () => {
      const robins = (await server.database.db.select().from(classes).where(eq(classes.class_id, 'ROBINS4')))[0]!;
      await server.database.db.update(classes).set({ review_stories: false }).where(eq(classes.id, robins.id));
      await start(amara, 'no-review-x9', { title: 'Quick' });
      await save(amara, 'no-review-x9', addParagraph(new Y.Doc(), 'Fast.'));
      const res = await call('POST', '/stories/no-review-x9/submit/', amara);
      await server.database.db.update(classes).set({ review_stories: true }).where(eq(classes.id, robins.id));
      expect(res.body).toMatchObject({ status: 'published', published_at: expect.any(String) });
      await start(teacher, 'teacher-own-x10', { title: 'Ours' });
      await save(teacher, 'teacher-own-x10', addParagraph(new Y.Doc(), 'By the teacher.'));
      expect((await call('POST', '/stories/teacher-own-x10/submit/', teacher)).body.status).toBe('published');
    });

    it('keeps a published reviewed story from being changed by the child (409)', async () => {
      await start(amara, 'locked-x11', { title: 'Locked' });
      await save(amara, 'locked-x11', addParagraph(new Y.Doc(), 'Done.'));
      await call('POST', '/stories/locked-x11/submit/', amara);
      await server.database.db.update(stories).set({ status: 'published' }).where(eq(stories.slug, 'locked-x11'));
      expect((await save(amara, 'locked-x11', addParagraph(new Y.Doc(), 'More.'))).status).toBe(409);
    });

    it('is refused to parents and visitors (401) and answers once per Idempotency-Key', async () => {
      expect((await server.call('POST', '/api/stories/', { host: GREENFIELD, json: { slug: 'anon-x12' } })).status).toBe(401);
      const key = crypto.randomUUID();
      const a = await call('POST', '/stories/', amara, { slug: 'once-x13' }, GREENFIELD, { 'Idempotency-Key': key });
      const b = await call('POST', '/stories/', amara, { slug: 'once-x13' }, GREENFIELD, { 'Idempotency-Key': key });
      expect([a.status, b.status]).toEqual([201, 201]);
    });
  });

  describe('pictures', () => {
    it('stores a picture once per id and serves it with its type and a long cache, on its school’s site only', async () => {
      const id = crypto.randomUUID();
      const res = await upload(amara, id, PNG);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ id, src: `/api/pictures/${id}/`, content_type: 'image/png' });
      expect((await upload(amara, id, PNG)).status).toBe(200);
      expect((await upload(zoe, id, PNG)).status).toBe(409);
      const got = await server.call('GET', `/api/pictures/${id}/`, { host: GREENFIELD });
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('image/png');
      expect(got.headers.get('cache-control')).toContain('max-age=31536000');
      expect((await server.call('GET', `/api/pictures/${id}/`, { host: HILLSIDE })).status).toBe(404);
    });

    it('refuses other types by their bytes (415) and pictures over 5 MB (413)', async () => {
      const gif = await upload(amara, crypto.randomUUID(), GIF, 'image/png');
      expect(gif.status).toBe(415);
      expect(gif.body.message).toBe('Pictures must be JPEG, PNG or WebP.');
      const big = new Uint8Array(6 * 1024 * 1024);
      big.set(PNG);
      const over = await upload(amara, crypto.randomUUID(), big);
      expect(over.status).toBe(413);
      expect(over.body.message).toBe('This picture is too big (at most 5 MB).');
    });
  });

  it('shows library cards with plain-text excerpts (no markup)', async () => {
    const res = await server.call('GET', '/api/stories/?limit=50', { host: GREENFIELD });
    const cards = (res.body.results ?? res.body) as { excerpt: string }[];
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card.excerpt).not.toMatch(/<\/?p>/);
  });
});
