// A class book is the class's: the cover chosen in the maker is stored on the book and served,
// the library's answer names it, the author line names the class and the children who let their
// names be public, and the book cannot go on sale without a cover.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as Y from 'yjs';
import { setInfo } from '../../src/contract/book-document';
import { classes, students, users } from '../../server/db/schema';
import { addTextPage } from '../support/book-doc';
import { b64 } from '../support/ydoc';
import { GREENFIELD, TARGETS, signIn, startServer, type TestServer } from './harness';

const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
);

describe.each(TARGETS)('a class book’s cover and author on %s', (target) => {
  let server: TestServer;
  let teacher: string;
  let head: string;
  let robins: number;
  let named: { id: number; name: string };
  let unnamed: { id: number; name: string };

  beforeAll(async () => {
    server = await startServer(target);
    const db = server.database.db;
    robins = (await db.select({ id: classes.id }).from(classes).where(eq(classes.class_id, 'ROBINS4')))[0]!.id;
    const kids = await db
      .select({ id: users.id, first: users.first_name, last: users.last_name, privacy: students.privacy_preference })
      .from(students)
      .innerJoin(users, eq(users.id, students.user_id))
      .where(and(eq(students.class_id, robins), eq(users.is_active, true)));
    const who = (k: (typeof kids)[number]) => ({ id: k.id, name: `${k.first} ${k.last.slice(0, 1)}.` });
    named = who(kids.find((k) => k.privacy === 'public')!);
    unnamed = who(kids.find((k) => k.privacy === 'private')!);
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
  }, 600_000);
  afterAll(() => server?.close());

  const call = (method: string, path: string, token: string | undefined, json?: unknown) =>
    server.call(method, `/api${path}`, { host: GREENFIELD, ...(token ? { token } : {}), json });
  const publish = (id: number) =>
    call('POST', `/api-admin/books/${id}/publish/`, head, { status: 'published', price: '6.00', currency: 'USD' });

  async function classBook(slug: string) {
    expect((await call('POST', '/book-drafts/', teacher, { slug, title: 'Our Pond', class_id: robins })).status).toBe(201);
    const ydoc = new Y.Doc();
    const res = await call('GET', `/book-drafts/${slug}/`, teacher);
    Y.applyUpdate(ydoc, Buffer.from(res.body.doc, 'base64'));
    const pages = [addTextPage(ydoc, 'Frogs live here.', named), addTextPage(ydoc, 'So do newts.', unnamed)];
    for (const update of pages)
      expect((await call('PUT', `/book-drafts/${slug}/document/`, teacher, { update: b64(update) })).status).toBe(200);
    return ydoc;
  }

  it('refuses to sell a class book without a cover, and sells it with the cover chosen', async () => {
    const ydoc = await classBook('our-pond');
    const draft = (await call('GET', '/book-drafts/our-pond/', teacher)).body;
    expect((await call('POST', '/book-drafts/our-pond/submit/', teacher)).status).toBe(200);
    const refused = await publish(draft.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Choose a cover picture in the book maker before the book goes on sale.');
    expect((await call('GET', `/books/${draft.id}/`, undefined)).status).toBe(404);

    // The teacher adds the cover picture (sent first, like the maker does) while it waits for the school.
    const pic = crypto.randomUUID();
    const form = new FormData();
    form.append('id', pic);
    form.append('width', '1');
    form.append('height', '1');
    form.append('file', new File([PNG as Uint8Array<ArrayBuffer>], 'cover.png', { type: 'image/png' }));
    expect((await server.call('POST', '/api/pictures/', { host: GREENFIELD, token: teacher, body: form })).status).toBe(201);
    const before = Y.encodeStateVector(ydoc);
    setInfo(ydoc, { cover: pic });
    const saved = await call('PUT', '/book-drafts/our-pond/document/', teacher, { update: b64(Y.encodeStateAsUpdate(ydoc, before)) });
    expect(saved.status).toBe(200);

    const sold = await publish(draft.id);
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    const listed = await call('GET', `/books/${draft.id}/`, undefined);
    expect(listed.status).toBe(200);
    expect(listed.body.cover).toBe(`/api/pictures/${pic}/`);
    // The class, then the child who let their name be public; never the teacher, never the private child.
    expect(listed.body.author).toBe(`Year 4 Robins (${named.name})`);
    expect(listed.body.author).not.toContain(unnamed.name);
    // The cover is served to anyone on the school's site.
    const served = await server.call('GET', listed.body.cover, { host: GREENFIELD });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });
});
