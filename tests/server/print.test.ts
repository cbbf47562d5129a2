// Printing on the real API and database: the print-ready PDF (read back: pages, sizes, bleed,
// embedded fonts and pictures; who may have it), and a paid order's way through the print
// provider: the sandbox's signed callbacks, and forged, replayed, out-of-order and other-order
// ones, a provider failure recorded for the platform admin and retried.
import { databaseStore } from '../../server/providers/storage/database';
import { storageKey } from '../../server/providers/storage/storage';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookContent } from '../../src/contract/book-pages';
import { books, pictures, printJobs, tenants } from '../../server/db/schema';
import { schoolPictures } from '../../server/domains/books/print-content';
import { printerIdle, runPrintJobs } from '../../server/domains/commerce/print-jobs';
import { signCallback, type PrintProvider } from '../../server/providers/print/provider';
import { sandboxPrinter } from '../../server/providers/print/sandbox';
import { GREENFIELD, HILLSIDE, signIn, startServer, TARGETS, type TestServer, DELIVERY_ADDRESS } from './harness';

const mmToPt = (mm: number) => (mm * 72) / 25.4;
const location = (res: { headers: Headers }) => res.headers.get('location') ?? '';

describe.each(TARGETS)('printing on %s', (target) => {
  let server: TestServer;
  let teacher: string;
  let head: string;
  let admin: string;
  let hillsideTeacher: string;
  let madeBookId: number;
  let catalogueBookId: number;
  const content: BookContent = { title: 'Our Seaside Trip', trim: 'square', cover: { authors: 'Robins class' }, pages: [] };
  const contents = new Map<number, BookContent>();
  /** The server's print provider: the sandbox, failing while `failures` is above zero. */
  let failures = 0;
  let submits = 0;

  async function picture(tenantId: number, format: 'jpeg' | 'png' | 'webp', width: number, height: number) {
    const id = randomUUID();
    const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } }).composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="orange"/></svg>`,
        ),
      },
    ]);
    const data = await image.toFormat(format).toBuffer();
    await databaseStore.put(server.database.db, storageKey.picture(id), data, `image/${format}`);
    await server.database.db.insert(pictures).values({ id, tenant_id: tenantId, content_type: `image/${format}`, width, height });
    return id;
  }

  beforeAll(async () => {
    const sandbox = sandboxPrinter('test-secret');
    const provider: PrintProvider = {
      ...sandbox,
      async submit(order) {
        submits++;
        if (failures > 0) {
          failures--;
          throw new Error('Printer API answered 503 Service Unavailable');
        }
        return sandbox.submit(order);
      },
    };
    server = await startServer(target, {
      printProvider: provider,
      bookContent: async (_db, id) => contents.get(id) ?? fail(`no fixture for book ${id}`),
    });
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    admin = (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access;
    hillsideTeacher = (await signIn(server, 'teacher@hillside.example', 'Teach-demo-2', HILLSIDE)).access;
    const db = server.database.db;
    const [greenfield] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subdomain, 'greenfield'));
    const [hillside] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subdomain, 'hillside'));
    const [made] = await db
      .insert(books)
      .values({
        tenant_id: greenfield!.id,
        title: content.title,
        author: 'Robins class',
        price_cents: 900,
        cover: '',
        kind: 'made',
        status: 'draft',
        published: false,
        doc: new Uint8Array([0]),
      })
      .returning({ id: books.id });
    madeBookId = made!.id;
    const [cover, png, webp, jpeg, other] = await Promise.all([
      picture(greenfield!.id, 'jpeg', 1600, 1600),
      picture(greenfield!.id, 'png', 800, 600),
      picture(greenfield!.id, 'webp', 1000, 1400),
      picture(greenfield!.id, 'jpeg', 1200, 900),
      // Another school's picture named in the book is left out.
      picture(hillside!.id, 'jpeg', 400, 400),
    ]);
    const page = (layout: BookContent['pages'][number]['layout'], pics: string[], text: string, author?: { id: number; name: string }) => ({
      id: randomUUID(),
      layout,
      html: `<p>${text}</p>`,
      text,
      pictures: pics,
      ...(author ? { author } : {}),
    });
    content.cover.picture = cover;
    content.pages = [
      page('picture-above', [png], 'We went to the sea. The water was cold and the sand was warm.', { id: 1, name: 'Amara' }),
      page('text-only', [], "Then we ate our lunch.\n\nA seagull took Zoe's sandwich! ".repeat(12), { id: 2, name: 'Zoe' }),
      page('full-picture', [webp], 'The big wave.'),
      page('two-pictures', [jpeg, other], 'Shells and a crab.'),
    ];
    contents.set(madeBookId, content);
    const list = await server.call('GET', '/api/books/?limit=1', { host: 'localhost' });
    catalogueBookId = list.body.results[0].id;
  }, 90_000);
  afterAll(() => server?.close());

  describe('the print-ready PDF', () => {
    it('has the cover and every page at the trim size plus 3 mm bleed, with fonts and pictures embedded', async () => {
      const res = await fetchPdf(`/api/books/${madeBookId}/print.pdf`, teacher, GREENFIELD);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toContain('Our-Seaside-Trip.pdf');
      const pdf = await PDFDocument.load(res.bytes);
      expect(pdf.getPageCount()).toBe(1 + content.pages.length);
      for (const page of pdf.getPages()) {
        const { width, height } = page.getSize();
        expect(width).toBeCloseTo(mmToPt(210 + 6), 1);
        expect(height).toBeCloseTo(mmToPt(210 + 6), 1);
        const trim = page.getTrimBox();
        expect(trim.x).toBeCloseTo(mmToPt(3), 1);
        expect(trim.width).toBeCloseTo(mmToPt(210), 1);
      }
      expect(pdf.getTitle()).toBe('Our Seaside Trip');
      const objects = pdf.context.enumerateIndirectObjects().map(([, o]) => o);
      const dicts = objects
        .map((o) => (o instanceof PDFDict ? o : 'dict' in o ? (o as { dict: PDFDict }).dict : null))
        .filter((d): d is PDFDict => d !== null);
      // Fonts: embedded TrueType programs (the regular and the bold), not references to the printer's fonts.
      expect(dicts.filter((d) => d.has(PDFName.of('FontFile2'))).length).toBe(2);
      // Pictures: the four of this school, at their stored size; the other school's is not there.
      const images = dicts.filter((d) => d.get(PDFName.of('Subtype')) === PDFName.of('Image'));
      expect(images.map((d) => `${d.get(PDFName.of('Width'))}x${d.get(PDFName.of('Height'))}`).sort()).toEqual([
        '1000x1400',
        '1200x900',
        '1600x1600',
        '800x600',
      ]);
    });

    it('takes the JPEG copy made when a WebP or PNG picture was stored through POST /pictures/, and makes none of a JPEG', async () => {
      const upload = async (format: 'webp' | 'png' | 'jpeg') => {
        const id = randomUUID();
        const data = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 80, b: 40 } } })
          .toFormat(format)
          .toBuffer();
        const form = new FormData();
        form.append('id', id);
        form.append('width', '300');
        form.append('height', '200');
        form.append('file', new File([data as Uint8Array<ArrayBuffer>], `p.${format}`, { type: `image/${format}` }));
        expect((await server.call('POST', '/api/pictures/', { host: GREENFIELD, token: teacher, body: form })).status).toBe(201);
        return id;
      };
      const [webp, png, jpeg] = await Promise.all([upload('webp'), upload('png'), upload('jpeg')]);
      const db = server.database.db;
      const rows = await db
        .select({ id: pictures.id, tenant_id: pictures.tenant_id })
        .from(pictures)
        .where(inArray(pictures.id, [webp, png, jpeg]));
      const copy = new Map(
        await Promise.all(rows.map(async (r) => [r.id, await databaseStore.get(db, storageKey.picturePrint(r.id))] as const)),
      );
      for (const id of [webp, png]) {
        const meta = await sharp(copy.get(id)!).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 300, 200]);
      }
      expect(copy.get(jpeg)).toBeNull();
      const loaded = await schoolPictures(db, databaseStore, rows[0]!.tenant_id)([webp, jpeg]);
      expect(loaded.get(webp)).toEqual({ content_type: 'image/jpeg', data: copy.get(webp) });
      expect(loaded.get(jpeg)!.content_type).toBe('image/jpeg');
    });

    it('prints a book without made pages as its cover and description, A5 with bleed, for the platform admin', async () => {
      const res = await fetchPdf(`/api/books/${catalogueBookId}/print.pdf`, admin, 'localhost');
      const pdf = await PDFDocument.load(res.bytes);
      expect(pdf.getPageCount()).toBe(2);
      const { width, height } = pdf.getPage(0).getSize();
      expect([width, height].map((n) => Math.round(n * 100) / 100)).toEqual([
        Math.round(mmToPt(154) * 100) / 100,
        Math.round(mmToPt(216) * 100) / 100,
      ]);
    });

    it("is the school's staff's and the platform admin's only; another school's book is a 404", async () => {
      const path = `/api/books/${madeBookId}/print.pdf`;
      expect((await server.call('GET', path, { host: GREENFIELD, token: head })).status).toBe(200);
      expect((await server.call('GET', path, { host: GREENFIELD, token: admin })).status).toBe(200);
      expect((await server.call('GET', path, { host: 'localhost', token: admin })).status).toBe(200);
      expect((await server.call('GET', path, { host: GREENFIELD })).status).toBe(401);
      const student = (await signIn(server, 'amara.okafor', 'kite-7')).access;
      expect((await server.call('GET', path, { host: GREENFIELD, token: student })).status).toBe(403);
      const other = await server.call('GET', path, { host: HILLSIDE, token: hillsideTeacher });
      expect(other.status).toBe(404);
      expect(other.body.message).toBe('We could not find this book.');
      // A platform catalogue book is not a school's to print.
      expect((await server.call('GET', `/api/books/${catalogueBookId}/print.pdf`, { host: GREENFIELD, token: teacher })).status).toBe(404);
      expect((await server.call('GET', '/api/books/999999/print.pdf', { host: 'localhost', token: admin })).status).toBe(404);
      expect((await server.call('GET', '/api/books/abc/print.pdf', { host: 'localhost', token: admin })).status).toBe(400);
    });
  });

  async function fetchPdf(path: string, token: string, host: string) {
    const res = await server.call('GET', path, { host, token });
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(200);
    // The harness reads answers as text; ask again for the bytes.
    const raw = await rawCall(path, token, host);
    return { headers: res.headers, bytes: raw };
  }

  async function rawCall(path: string, token: string, host: string) {
    const { createApp } = await import('../../server/app');
    const res = await createApp(server.deps).request(
      path,
      { headers: { host, authorization: `Bearer ${token}` } },
      { incoming: { socket: { remoteAddress: '192.0.2.1' } } },
    );
    return new Uint8Array(await res.arrayBuffer());
  }

  describe('a paid order through the print provider', () => {
    /** A parent's guest checkout of the catalogue book, paid at the card sandbox. */
    async function paidOrder() {
      const order = await server.call('POST', '/api/orders/', {
        host: GREENFIELD,
        json: { book_ids: [catalogueBookId], provider: 'stripe', email: 'parent@example.com', delivery_address: DELIVERY_ADDRESS },
      });
      expect(order.status).toBe(201);
      const decided = await server.call('POST', order.body.redirect_url, {
        host: GREENFIELD,
        body: 'decision=approve',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const paid = await server.call('GET', location(decided), { host: GREENFIELD });
      expect(paid.status).toBe(303);
      // The payment started a printer run in the background: let it finish.
      await printerIdle(server.database);
      return order.body as { order_id: number; key: string };
    }
    const track = async (o: { order_id: number; key: string }) =>
      (await server.call('GET', `/api/orders/${o.order_id}/?key=${o.key}`, { host: GREENFIELD })).body.print_status;
    const job = async (orderId: number) => (await server.database.db.select().from(printJobs).where(eq(printJobs.order_id, orderId)))[0]!;
    const advance = async (orderId: number, host = GREENFIELD) =>
      server.call('POST', `/api/print/sandbox/${orderId}/advance/`, {
        host,
        token: (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access,
      });

    function callback(event: Record<string, unknown>, options: { key?: Buffer; at?: Date; signature?: string } = {}) {
      const body = JSON.stringify({ event_id: `evt_${randomUUID()}`, ...event });
      const t = Math.floor((options.at ?? server.clock.now).getTime() / 1000);
      const signature = options.signature ?? signCallback(options.key ?? server.deps.printProvider!.callbackKey, t, body);
      return {
        body,
        send: (b = body) =>
          server.call('POST', '/api/print/callback/', {
            host: 'localhost',
            body: b,
            headers: { 'content-type': 'application/json', 'x-print-timestamp': String(t), 'x-print-signature': signature },
          }),
      };
    }

    it("moves paid → queued for processing → printed → shipped on the sandbox's signed callbacks", async () => {
      const o = await paidOrder();
      expect(await track(o)).toBe('paid');
      // Handed to the printer by the run the payment started.
      expect((await job(o.order_id)).provider_ref).toMatch(/^sbx_/);
      for (const step of ['queued_for_processing', 'printed', 'shipped']) {
        const res = await advance(o.order_id);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(await track(o)).toBe(step);
      }
      const done = await advance(o.order_id);
      expect(done.status).toBe(409);
      expect(done.body.message).toBe('This copy has already been shipped.');
      // Another school's site does not know the order.
      expect((await advance(o.order_id, HILLSIDE)).status).toBe(404);
    });

    it('refuses forged, stale, replayed, out-of-order and other-order callbacks, changing nothing', async () => {
      const a = await paidOrder();
      const b = await paidOrder();
      const refA = (await job(a.order_id)).provider_ref!;
      const refB = (await job(b.order_id)).provider_ref!;
      const queued = { provider_ref: refA, order_id: a.order_id, status: 'queued_for_processing' };

      const forged = callback(queued, { key: Buffer.alloc(32, 7) });
      expect((await forged.send()).status).toBe(401);
      const unsigned = callback(queued, { signature: 'v1=' + '0'.repeat(64) });
      expect((await unsigned.send()).status).toBe(401);
      const stale = callback(queued, { at: new Date(server.clock.now.getTime() - 10 * 60_000) });
      expect((await stale.send()).status).toBe(401);
      // The body changed after signing (another status) is not the body that was signed.
      const tampered = callback(queued);
      expect((await tampered.send(tampered.body.replace('queued_for_processing', 'shipped'))).status).toBe(401);
      expect(await track(a)).toBe('paid');

      const outOfOrder = await callback({ ...queued, status: 'printed' }).send();
      expect(outOfOrder.status).toBe(409);
      expect(outOfOrder.body.message).toBe('This step cannot follow paid: steps arrive in order.');
      const otherOrder = await callback({ ...queued, order_id: b.order_id }).send();
      expect(otherOrder.status).toBe(409);
      expect(otherOrder.body.message).toBe('This callback names another order than its print job.');
      expect((await callback({ ...queued, provider_ref: 'sbx_nobody' }).send()).status).toBe(404);
      expect((await callback({ ...queued, status: 'lost' }).send()).status).toBe(400);
      expect(await track(a)).toBe('paid');
      expect(await track(b)).toBe('paid');

      const good = callback(queued);
      expect((await good.send()).status).toBe(200);
      expect(await track(a)).toBe('queued_for_processing');
      const replay = await good.send();
      expect(replay.status).toBe(409);
      expect(replay.body.message).toBe('This event was already processed.');
      // Going back is out of order too.
      expect((await callback({ ...queued }).send()).status).toBe(409);
      expect(await track(a)).toBe('queued_for_processing');
      // The step refused earlier is taken once its turn comes (its event was not spent).
      expect((await callback({ ...queued, status: 'printed' }).send()).status).toBe(200);
      expect((await callback({ provider_ref: refB, order_id: b.order_id, status: 'queued_for_processing' }).send()).status).toBe(200);
    });

    it('records a failure at the provider for the platform admin and retries it later, with backoff', async () => {
      failures = 2;
      const o = await paidOrder();
      const deps = server.deps;
      let j = await job(o.order_id);
      expect((await advance(o.order_id)).status).toBe(409); // not with the printer yet
      expect(j).toMatchObject({ attempts: 1, last_error: 'Printer API answered 503 Service Unavailable', provider_ref: null });
      expect(j.next_attempt_at!.getTime() - server.clock.now.getTime()).toBe(60_000);

      const detail = await server.call('GET', `/api/api-super-admin/orders/${o.order_id}/`, { host: 'localhost', token: admin });
      expect(detail.status).toBe(200);
      expect(detail.body.print_job).toMatchObject({
        attempts: 1,
        last_error: 'Printer API answered 503 Service Unavailable',
        provider_ref: null,
      });
      const list = await server.call('GET', '/api/api-super-admin/orders/?print_status=paid', { host: 'localhost', token: admin });
      expect(list.body.results.find((r: { id: number }) => r.id === o.order_id)?.print_error).toBe(
        'Printer API answered 503 Service Unavailable',
      );

      // Not before its time.
      const before = submits;
      expect(await runPrintJobs(deps)).toBe(0);
      expect(submits).toBe(before);
      server.clock.now = new Date(server.clock.now.getTime() + 61_000);
      await runPrintJobs(deps);
      j = await job(o.order_id);
      expect(j).toMatchObject({ attempts: 2, provider_ref: null });
      expect(j.next_attempt_at!.getTime() - server.clock.now.getTime()).toBe(4 * 60_000);
      server.clock.now = new Date(server.clock.now.getTime() + 4 * 60_000 + 1000);
      await runPrintJobs(deps);
      j = await job(o.order_id);
      expect(j).toMatchObject({ attempts: 3, last_error: null });
      expect(j.provider_ref).toMatch(/^sbx_/);
      expect(await track(o)).toBe('paid');
    });
  });
});

function fail(message: string): never {
  throw new Error(message);
}
