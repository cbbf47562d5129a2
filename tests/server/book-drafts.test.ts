// Making books: starting a draft at the device's slug, merging two devices' offline pages of a
// class book (each credited to its child), the books I may work on, submitting, uploading a
// finished book (PDF or page pictures) with its bad inputs, and reading a book page by page;
// each for the roles that may and may not, and another school's book (404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as Y from 'yjs';
import { setInfo } from '../../src/contract/book-document';
import { books, classes, students, users } from '../../server/db/schema';
import { bookContent } from '../../server/domains/books/content';
import { addTextPage, tinyPdf } from '../support/book-doc';
import { b64 } from '../support/ydoc';
import { GREENFIELD, HILLSIDE, TARGETS, signIn, startServer, type TestServer } from './harness';

const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
);

describe.each(TARGETS)('book making API on %s', (target) => {
  let server: TestServer;
  let amara: string;
  let classmate: string;
  let zoe: string;
  let teacher: string;
  let head: string;
  let hillTeacher: string;
  let amaraId: number;
  let classmateId: number;
  let robins: number;

  beforeAll(async () => {
    server = await startServer(target);
    const db = server.database.db;
    [{ id: robins }] = (await db.select({ id: classes.id }).from(classes).where(eq(classes.class_id, 'ROBINS4'))) as [{ id: number }];
    amaraId = (await db.select({ id: users.id }).from(users).where(eq(users.username, 'amara.okafor')))[0]!.id;
    const [mate] = await db
      .select({ id: users.id, username: users.username, sealed: students.password_encrypted })
      .from(students)
      .innerJoin(users, eq(users.id, students.user_id))
      .where(and(eq(students.class_id, robins), eq(users.is_active, true)));
    const others = await db
      .select({ id: users.id, username: users.username, sealed: students.password_encrypted })
      .from(students)
      .innerJoin(users, eq(users.id, students.user_id))
      .where(eq(students.class_id, robins));
    const other = others.find((o) => o.id !== amaraId && o.username) ?? mate!;
    classmateId = other.id;
    const { decryptText } = await import('../../server/lib/crypto');
    amara = (await signIn(server, 'amara.okafor', 'kite-7')).access;
    classmate = (await signIn(server, other.username!, decryptText(server.deps.keys.data, other.sealed!))).access;
    zoe = (await signIn(server, 'zoe.zhang', 'moon-3')).access;
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    hillTeacher = (await signIn(server, 'teacher@hillside.example', 'Teach-demo-2', HILLSIDE)).access;
  });
  afterAll(() => server.close());

  const call = (
    method: string,
    path: string,
    token: string | undefined,
    json?: unknown,
    host = GREENFIELD,
    headers: Record<string, string> = {},
  ) => server.call(method, `/api${path}`, { host, ...(token ? { token } : {}), json, headers });
  const start = (token: string, slug: string, extra: object = {}, host = GREENFIELD) =>
    call('POST', '/book-drafts/', token, { slug, ...extra }, host);
  const save = (token: string, slug: string, update: Uint8Array, host = GREENFIELD) =>
    call('PUT', `/book-drafts/${slug}/document/`, token, { update: b64(update) }, host);
  /** A device's copy of the book as the server has it now. */
  const deviceCopy = async (token: string, slug: string) => {
    const res = await call('GET', `/book-drafts/${slug}/`, token);
    expect(res.status).toBe(200);
    const d = new Y.Doc();
    if (res.body.doc) Y.applyUpdate(d, Buffer.from(res.body.doc, 'base64'));
    return d;
  };
  const uploadPdf = (token: string, slug: string, bytes: Uint8Array, type = 'application/pdf', extra: Record<string, string> = {}) => {
    const form = new FormData();
    form.append('slug', slug);
    form.append('title', 'Our scanned book');
    for (const [k, v] of Object.entries(extra)) form.append(k, v);
    form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], 'book.pdf', { type }));
    return server.call('POST', '/api/book-uploads/pdf/', { host: GREENFIELD, token, body: form });
  };

  describe('drafts', () => {
    it('starts a book at the slug the device made, once; the same slug by someone else is taken; bad slugs are refused', async () => {
      const first = await start(amara, 'my-dragon-a1b2c3d4', { title: 'My Dragon', trim: 'square' });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        slug: 'my-dragon-a1b2c3d4',
        title: 'My Dragon',
        kind: 'made',
        status: 'draft',
        class_id: null,
        page_count: 0,
      });
      expect(first.body.content).toMatchObject({ title: 'My Dragon', trim: 'square', pages: [] });
      expect((await start(amara, 'my-dragon-a1b2c3d4')).status).toBe(200);
      const taken = await start(zoe, 'my-dragon-a1b2c3d4');
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe('This book address is already taken.');
      for (const slug of ['Bad Slug', '../x', 'a'.repeat(81)]) expect((await start(amara, slug)).status, slug).toBe(400);
      expect((await start(amara, 'trim-x1', { trim: 'poster' })).status).toBe(400);
      // A made book is never on sale before the school publishes it.
      const [row] = await server.database.db.select({ published: books.published }).from(books).where(eq(books.slug, 'my-dragon-a1b2c3d4'));
      expect(row!.published).toBe(false);
    });

    it('saves pages exactly once per Idempotency-Key and counts them', async () => {
      const d = await deviceCopy(amara, 'my-dragon-a1b2c3d4');
      const update = addTextPage(d, 'Once there was a dragon.', { id: amaraId, name: 'Amara O.' }, 'picture-above');
      const key = { 'Idempotency-Key': 'book-save-1' };
      const a = await call('PUT', '/book-drafts/my-dragon-a1b2c3d4/document/', amara, { update: b64(update) }, GREENFIELD, key);
      const b = await call('PUT', '/book-drafts/my-dragon-a1b2c3d4/document/', amara, { update: b64(update) }, GREENFIELD, key);
      expect(a.status).toBe(200);
      expect(b.body).toEqual(a.body);
      expect(a.body.page_count).toBe(1);
      // The state is left out of a save's answer: the device that sent the change holds it.
      expect(a.body).not.toHaveProperty('doc');
      expect(a.body.content.pages[0]).toMatchObject({
        layout: 'picture-above',
        html: '<p>Once there was a dragon.</p>',
        text: 'Once there was a dragon.',
        author: { id: amaraId, name: 'Amara O.' },
      });
    });

    it('refuses a change that is not a book, and another child, and another school', async () => {
      const bad = await call('PUT', '/book-drafts/my-dragon-a1b2c3d4/document/', amara, { update: b64(new Uint8Array([1, 2, 3, 4, 5])) });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBeTruthy();
      const d = new Y.Doc();
      expect((await save(zoe, 'my-dragon-a1b2c3d4', addTextPage(d, 'Mine now'))).status).toBe(403);
      expect((await call('GET', '/book-drafts/my-dragon-a1b2c3d4/', zoe)).status).toBe(403);
      expect((await call('GET', '/book-drafts/my-dragon-a1b2c3d4/', hillTeacher, undefined, HILLSIDE)).status).toBe(404);
      expect((await save(hillTeacher, 'my-dragon-a1b2c3d4', addTextPage(d, 'x'), HILLSIDE)).status).toBe(404);
      // A forged credit never shows a name the school does not know on this site.
      const forged = await save(
        amara,
        'my-dragon-a1b2c3d4',
        addTextPage(await deviceCopy(amara, 'my-dragon-a1b2c3d4'), 'Forged', { id: 1, name: 'Someone Else' }),
      );
      expect(forged.body.content.pages.at(-1).author).toBeUndefined();
    });

    it('lets only the class (its children, teacher, the school admins) start a class book', async () => {
      expect((await start(zoe, 'not-my-class-1', { class_id: robins })).status).toBe(404);
      // A child asks for "my class's book" and never names a class.
      expect((await start(amara, 'amara-class-book-1', { class_book: true })).body.class_id).toBe(robins);
      expect((await start(hillTeacher, 'not-my-school-1', { class_id: robins }, HILLSIDE)).status).toBe(404);
      const res = await start(teacher, 'robins-seaside-book', { title: 'At the Seaside', class_id: robins });
      expect(res.status).toBe(201);
      expect(res.body.class_id).toBe(robins);
    });
  });

  describe('a class book made offline on two tablets', () => {
    it('merges both children’s pages, each credited to its child, in any order of arrival', async () => {
      const slug = 'robins-seaside-book';
      // Both tablets opened the book online, then lost the network.
      const tabletA = await deviceCopy(amara, slug);
      const tabletB = await deviceCopy(classmate, slug);
      const a1 = addTextPage(tabletA, 'Amara page one', { id: amaraId, name: 'Amara' });
      const a2 = addTextPage(tabletA, 'Amara page two', { id: amaraId, name: 'Amara' });
      const b1 = addTextPage(tabletB, 'Classmate page one', { id: classmateId, name: 'Kid' });
      const b2 = addTextPage(tabletB, 'Classmate page two', { id: classmateId, name: 'Kid' });
      for (const [token, u] of [
        [classmate, b1],
        [amara, a1],
        [classmate, b2],
        [amara, a2],
      ] as const)
        expect((await save(token, slug, u)).status).toBe(200);
      const merged = await call('GET', `/book-drafts/${slug}/`, teacher);
      expect(merged.body.page_count).toBe(4);
      const texts = merged.body.content.pages.map((p: { text: string }) => p.text);
      expect(texts).toEqual(expect.arrayContaining(['Amara page one', 'Amara page two', 'Classmate page one', 'Classmate page two']));
      // Each tablet keeps its own pages in its own order.
      expect(texts.indexOf('Amara page one')).toBeLessThan(texts.indexOf('Amara page two'));
      expect(texts.indexOf('Classmate page one')).toBeLessThan(texts.indexOf('Classmate page two'));
      const credits = Object.fromEntries(
        merged.body.content.pages.map((p: { text: string; author?: { id: number } }) => [p.text, p.author?.id]),
      );
      expect(credits['Amara page one']).toBe(amaraId);
      expect(credits['Classmate page two']).toBe(classmateId);
      expect(merged.body.content.cover.authors).toContain('Amara O.');
    });

    it('lists the class book for its children and teacher, not for another class or school', async () => {
      const slugs = async (token: string, host = GREENFIELD) =>
        (await call('GET', '/book-drafts/', token, undefined, host)).body.results?.map((b: { slug: string }) => b.slug) ?? [];
      expect(await slugs(amara)).toEqual(expect.arrayContaining(['robins-seaside-book', 'my-dragon-a1b2c3d4']));
      expect(await slugs(classmate)).toContain('robins-seaside-book');
      expect(await slugs(classmate)).not.toContain('my-dragon-a1b2c3d4');
      expect(await slugs(teacher)).toContain('robins-seaside-book');
      expect(await slugs(zoe)).not.toContain('robins-seaside-book');
      // Hillside's teacher sees Hillside's own class book (the demo's), never Greenfield's.
      const hillside = await slugs(hillTeacher, HILLSIDE);
      expect(hillside).not.toContain('robins-seaside-book');
      expect(hillside).not.toContain('my-dragon-a1b2c3d4');
    });

    it('submits once it has a title and pages; a child can no longer change it, its teacher can', async () => {
      expect((await start(amara, 'empty-book-1', { title: 'Empty' })).status).toBe(201);
      const empty = await call('POST', '/book-drafts/empty-book-1/submit/', amara);
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('Add at least one page before you send the book.');
      expect((await call('POST', '/book-drafts/robins-seaside-book/submit/', zoe)).status).toBe(403);
      const sent = await call('POST', '/book-drafts/robins-seaside-book/submit/', teacher);
      expect(sent.status).toBe(200);
      expect(sent.body.status).toBe('submitted');
      expect(sent.body.submitted_at).toBeTruthy();
      const late = await save(amara, 'robins-seaside-book', addTextPage(await deviceCopy(amara, 'robins-seaside-book'), 'Too late'));
      expect(late.status).toBe(409);
      expect(late.body.message).toBe('This book has been sent and can no longer be changed here.');
      expect(
        (await save(teacher, 'robins-seaside-book', addTextPage(await deviceCopy(teacher, 'robins-seaside-book'), 'Teacher fix'))).status,
      ).toBe(200);
    });
  });

  describe('reading', () => {
    it('shows an unpublished book to its class only; once published to everyone on its site; never on another site', async () => {
      const [row] = await server.database.db.select({ id: books.id }).from(books).where(eq(books.slug, 'robins-seaside-book'));
      const id = row!.id;
      expect((await call('GET', `/book-reading/${id}/`, undefined)).status).toBe(404);
      expect((await call('GET', `/book-reading/${id}/`, zoe)).status).toBe(404);
      const mine = await call('GET', `/book-reading/${id}/`, classmate);
      expect(mine.status).toBe(200);
      expect(mine.body.content.pages.length).toBe(5);
      await server.database.db.update(books).set({ status: 'published', published: true }).where(eq(books.id, id));
      const guest = await call('GET', `/book-reading/${id}/`, undefined);
      expect(guest.status).toBe(200);
      expect(guest.body).toMatchObject({ id, kind: 'made', status: 'published', page_count: 5 });
      expect((await call('GET', `/book-reading/${id}/`, undefined, undefined, HILLSIDE)).status).toBe(404);
      expect((await call('GET', '/book-reading/999999/', undefined)).status).toBe(404);
      // The server function the print-ready PDF uses answers the same content.
      expect(await bookContent(server.database.db, id)).toEqual(guest.body.content);
      await server.database.db.update(books).set({ hidden_at: new Date() }).where(eq(books.id, id));
      expect((await call('GET', `/book-reading/${id}/`, undefined)).status).toBe(404);
    });
  });

  describe('uploading a finished book', () => {
    it('takes a PDF as an uploaded book and serves it to its maker', async () => {
      const res = await uploadPdf(teacher, 'scanned-pdf-1', tinyPdf(3), 'application/pdf', { class_id: String(robins) });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ kind: 'uploaded', status: 'draft', page_count: 3, class_id: robins });
      expect(res.body.content.file).toBe(`/api/book-files/${res.body.id}/`);
      const file = await call('GET', `/book-files/${res.body.id}/`, teacher);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect((await call('GET', `/book-files/${res.body.id}/`, undefined)).status).toBe(404);
      expect((await call('GET', `/book-files/${res.body.id}/`, hillTeacher, undefined, HILLSIDE)).status).toBe(404);
      expect((await call('POST', '/book-drafts/scanned-pdf-1/submit/', teacher)).body.status).toBe('submitted');
    });

    it('refuses a file that is not a PDF, whatever it claims, and a PDF with a password', async () => {
      const png = await uploadPdf(teacher, 'fake-pdf-1', PNG, 'application/pdf');
      expect(png.status).toBe(415);
      expect(png.body.message).toBe('Upload a PDF, or pictures of the pages (JPEG, PNG or WebP).');
      const locked = await uploadPdf(teacher, 'locked-pdf-1', tinyPdf(2, true));
      expect(locked.status).toBe(422);
      expect(locked.body.message).toBe('This PDF is protected with a password. Save it again without a password, then upload it.');
      const missing = await server.call('POST', '/api/book-uploads/pdf/', {
        host: GREENFIELD,
        token: teacher,
        body: (() => {
          const f = new FormData();
          f.append('slug', 'no-file-1');
          f.append('title', 'x');
          return f;
        })(),
      });
      expect(missing.status).toBe(400);
      const none = await server.database.db.select({ id: books.id }).from(books).where(eq(books.slug, 'locked-pdf-1'));
      expect(none).toEqual([]);
    });

    it('refuses a PDF over 50 MB with its message', async () => {
      const big = new Uint8Array(50 * 1024 * 1024 + 10);
      big.set(tinyPdf(1));
      const res = await uploadPdf(teacher, 'big-pdf-1', big);
      expect(res.status).toBe(413);
      expect(res.body.message).toBe('This PDF is too big (at most 50 MB).');
    });

    it('takes page pictures sent before, one full picture a page; refuses pictures it does not have', async () => {
      const pic = crypto.randomUUID();
      const before = await call('POST', '/book-uploads/', teacher, { slug: 'scanned-pics-1', title: 'Scans', pictures: [pic] });
      expect(before.status).toBe(400);
      const form = new FormData();
      form.append('id', pic);
      form.append('width', '1');
      form.append('height', '1');
      form.append('file', new File([PNG as Uint8Array<ArrayBuffer>], 'p.png', { type: 'image/png' }));
      expect((await server.call('POST', '/api/pictures/', { host: GREENFIELD, token: teacher, body: form })).status).toBe(201);
      const res = await call('POST', '/book-uploads/', teacher, { slug: 'scanned-pics-1', title: 'Scans', pictures: [pic] });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ kind: 'uploaded', page_count: 1 });
      expect(res.body.content.pages[0]).toMatchObject({ layout: 'full-picture', pictures: [pic] });
      expect(res.body.content.cover.picture).toBe(pic);
      expect((await call('POST', '/book-uploads/', teacher, { slug: 'scanned-pics-2', title: 'Scans', pictures: [] })).status).toBe(400);
      expect((await call('POST', '/book-uploads/', head, { slug: 'scanned-pics-3', title: 'Scans', pictures: [pic] })).status).toBe(400);
    });
  });

  it('renders a title set in the document', async () => {
    const d = await deviceCopy(amara, 'empty-book-1');
    const before = Y.encodeStateVector(d);
    setInfo(d, { title: 'A new title' });
    const res = await save(amara, 'empty-book-1', Y.encodeStateAsUpdate(d, before));
    expect(res.body.title).toBe('A new title');
  });
});
