// No upload or book can stall every school (the rest of stall.test.ts): a picture is refused by
// the size its header declares before a pixel is decoded; a book's pages are rendered when they
// change and kept, within a cap of pages per book and nodes per page; the print-ready PDF is made
// in the worker pool while /api/health keeps answering.
import { deflateSync, crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addPage, pageField } from '../../src/contract/book-document';
import { WORK_LIMITS, WORK_MSG } from '../../src/contract/limits';
import { books } from '../../server/db/schema';
import { addTextPage } from '../support/book-doc';
import { b64 } from '../support/ydoc';
import { GREENFIELD, signIn, startServer, TARGETS, withHealth, type TestServer } from './harness';

/** A real PNG of `width` × `height` one-bit grey pixels, all black: a few KB that decode to `width × height` pixels. */
function blackPng(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit, greyscale, deflate, no filter method, no interlace
  const row = Math.ceil(width / 8) + 1; // the filter byte, then the bits
  const pixels = deflateSync(Buffer.alloc(row * height), { level: 9 });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]));
}

describe.each(TARGETS)('heavy uploads and books on %s', (target) => {
  let server: TestServer;
  let amara: string;
  let teacher: string;
  beforeAll(async () => {
    server = await startServer(target);
    amara = (await signIn(server, 'amara.okafor', 'kite-7')).access;
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
  }, 180_000);
  afterAll(() => server.close());

  const uploadPicture = (bytes: Uint8Array, width = 64, height = 48) => {
    const form = new FormData();
    form.append('id', crypto.randomUUID());
    form.append('width', String(width));
    form.append('height', String(height));
    form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], 'p.png', { type: 'image/png' }));
    return server.call('POST', '/api/pictures/', { host: GREENFIELD, token: amara, body: form });
  };
  const call = (method: string, path: string, token: string, json?: unknown) =>
    server.call(method, `/api${path}`, { host: GREENFIELD, token, json });
  const save = (token: string, slug: string, update: Uint8Array) =>
    call('PUT', `/book-drafts/${slug}/document/`, token, { update: b64(update) });

  it('refuses a small PNG that declares 16,383 × 16,383 pixels by its header, before decoding it', async () => {
    const bomb = blackPng(16_383, 16_383);
    expect(bomb.byteLength).toBeLessThan(300 * 1024);
    const t = performance.now();
    const res = await uploadPicture(bomb);
    const ms = performance.now() - t;
    console.log(JSON.stringify({ bombBytes: bomb.byteLength, refusedInMs: Math.round(ms) }));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(WORK_MSG.pictureTooManyPixels);
    // Decoding it took 6 s and 1.5 GB; reading its header takes milliseconds (a loaded machine: well under 3 s).
    expect(ms).toBeLessThan(3000);
    // Just under the limit is a picture like any other.
    const fine = await uploadPicture(blackPng(2000, 1500));
    expect(fine.status).toBe(201);
    expect(fine.body).toMatchObject({ width: 2000, height: 1500, content_type: 'image/png' });
  }, 60_000);

  it('refuses a book of more than 300 pages, and a page of more than 100,000 nodes, before rendering', async () => {
    expect((await call('POST', '/book-drafts/', amara, { slug: 'too-long-book', title: 'Long' })).status).toBe(201);
    const ydoc = new Y.Doc();
    for (let i = 0; i <= WORK_LIMITS.bookPages; i++) addPage(ydoc, { layout: 'text-only' });
    const many = await save(amara, 'too-long-book', Y.encodeStateAsUpdate(ydoc));
    expect(many.status).toBe(413);
    expect(many.body.message).toBe(WORK_MSG.tooManyPages);

    const wide = new Y.Doc();
    const page = addPage(wide, { layout: 'text-only' });
    wide.getXmlFragment(pageField(page)).insert(
      0,
      Array.from({ length: WORK_LIMITS.documentNodes + 1 }, () => new Y.XmlElement('paragraph')),
    );
    const big = await save(amara, 'too-long-book', Y.encodeStateAsUpdate(wide));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(WORK_MSG.pageTooBig);
    // Nothing was kept: the book still has no pages.
    expect((await call('GET', '/book-drafts/too-long-book/', amara)).body.page_count).toBe(0);
  }, 120_000);

  it('renders pages when they are saved and keeps them: a read renders nothing; a book saved before is rendered once, then kept', async () => {
    expect((await call('POST', '/book-drafts/', amara, { slug: 'kept-pages', title: 'Kept' })).status).toBe(201);
    const ydoc = new Y.Doc();
    const saved = await save(amara, 'kept-pages', addTextPage(ydoc, 'Once upon a time <script>x()</script>'));
    expect(saved.status).toBe(200);
    const db = server.database.db;
    const [row] = await db.select({ id: books.id, rendered: books.rendered }).from(books).where(eq(books.slug, 'kept-pages'));
    expect(row!.rendered!.pages).toHaveLength(1);
    expect(row!.rendered!.pages[0]!.html).toBe('<p>Once upon a time &lt;script&gt;x()&lt;/script&gt;</p>');

    // A read answers what was kept (changed here behind the server's back), not a new rendering.
    const kept = structuredClone(row!.rendered!);
    kept.pages[0]!.html = '<p>kept</p>';
    await db.update(books).set({ rendered: kept }).where(eq(books.id, row!.id));
    expect((await call('GET', '/book-drafts/kept-pages/', amara)).body.content.pages[0].html).toBe('<p>kept</p>');

    // A book saved before renderings were kept is rendered on its first read, and kept.
    await db.update(books).set({ rendered: null }).where(eq(books.id, row!.id));
    expect((await call('GET', '/book-drafts/kept-pages/', amara)).body.content.pages[0].text).toBe('Once upon a time <script>x()</script>');
    const [again] = await db.select({ rendered: books.rendered }).from(books).where(eq(books.id, row!.id));
    expect(again!.rendered!.pages[0]!.html).toBe('<p>Once upon a time &lt;script&gt;x()&lt;/script&gt;</p>');
  }, 60_000);

  it('makes the print-ready PDF of a long book in the worker pool while /api/health answers at once', async () => {
    expect((await call('POST', '/book-drafts/', teacher, { slug: 'longest-book', title: 'The Longest Book' })).status).toBe(201);
    const ydoc = new Y.Doc();
    const before = Y.encodeStateVector(ydoc);
    const words = 'The fox ran over the hill and down to the river, where the ducks were singing. '.repeat(8);
    // 64 pages, the longest picture book, each full of text: drawing it takes seconds (a
    // 300-page book of text takes about 20 s on a loaded machine, past the request's deadline).
    for (let i = 0; i < 64; i++) addTextPage(ydoc, `${i + 1}. ${words}`);
    expect((await save(teacher, 'longest-book', Y.encodeStateAsUpdate(ydoc, before))).body.page_count).toBe(64);
    expect((await call('POST', '/book-drafts/', teacher, { slug: 'shortest-book', title: 'Short' })).status).toBe(201);
    const id = async (slug: string) => (await server.database.db.select({ id: books.id }).from(books).where(eq(books.slug, slug)))[0]!.id;
    // A short book first: the first PDF's start (fonts, HarfBuzz) is not what is measured.
    expect((await call('GET', `/books/${await id('shortest-book')}/print.pdf`, teacher)).status).toBe(200);
    const longest = await id('longest-book');
    const t = performance.now();
    const { answer, healthMaxMs, healthCalls } = await withHealth(server, call('GET', `/books/${longest}/print.pdf`, teacher));
    console.log(JSON.stringify({ printPages: 64, printMs: Math.round(performance.now() - t), healthMaxMs, healthCalls }));
    expect(answer.status).toBe(200);
    // Drawn on the event loop it held health for the whole drawing (about 9 s); the 250 ms budget
    // is bench:stall's, measured on an idle machine; here a loaded one must not make it fail.
    expect(healthMaxMs).toBeLessThan(1000);
  }, 180_000);
});
