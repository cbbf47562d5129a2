// The idempotency store: a repeated key returns the first answer without applying again,
// even when two requests with one key arrive at once; on PGlite and on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { count, eq, sql } from 'drizzle-orm';
import { cartItems, emailOutbox, idempotencyAnswerParts, idempotencyKeys } from '../../server/db/schema';
import { authenticate, provideDeps, resolveTenant } from '../../server/http/context';
import type { AppEnv } from '../../server/http/env';
import { errorAnswer } from '../../server/http/errors';
import { idempotency, pruneIdempotencyKeys } from '../../server/http/idempotency';
import { GREENFIELD, TARGETS, signIn, startServer, type TestServer } from './harness';

describe.each(TARGETS)('idempotency on %s', (target) => {
  let server: TestServer;
  let teacher: { access: string; user: { id: number } };
  let student: { access: string; user: { id: number } };
  beforeAll(async () => {
    server = await startServer(target);
    teacher = await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1');
    student = await signIn(server, 'amara.okafor', 'kite-7');
  });
  afterAll(() => server.close());

  const key = () => `k-${crypto.randomUUID()}`;
  const add = (bookId: number, k: string, token = teacher.access, headers: Record<string, string> = {}) =>
    server.call('POST', '/api/data/cart/items/', {
      host: GREENFIELD,
      token,
      json: { book_id: bookId },
      headers: { 'idempotency-key': k, ...headers },
    });
  const cartRows = async (userId: number) =>
    (await server.database.db.select().from(cartItems).where(eq(cartItems.user_id, userId))).map((r) => r.book_id);

  /** A tiny app with the real middleware, for effects the product's routes cannot show. */
  function effectApp(handler: (c: any) => Promise<Response>) {
    const app = new Hono<AppEnv>();
    app.use('*', provideDeps(server.deps), resolveTenant, authenticate, idempotency);
    app.post('/effect', handler);
    app.onError(errorAnswer);
    return (k: string, body: BodyInit = '{}') =>
      app.request('/effect', {
        method: 'POST',
        body,
        // A FormData body sets its own multipart content type, with a fresh boundary each time.
        headers: {
          host: GREENFIELD,
          authorization: `Bearer ${teacher.access}`,
          'idempotency-key': k,
          ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        },
      });
  }
  const mail = (subject: string) => server.database.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.subject, subject));

  it('answers a repeated key with the first answer and does not apply it again', async () => {
    const k = key();
    const first = await add(11, k);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ book_id: 11, in_cart: true });
    await server.call('DELETE', '/api/data/cart/items/11/', { host: GREENFIELD, token: teacher.access });
    const again = await add(11, k);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await cartRows(teacher.user.id)).not.toContain(11);
  });

  it('refuses the same key with a different body, or from another user', async () => {
    const k = key();
    expect((await add(12, k)).status).toBe(200);
    const other = await add(13, k);
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/different request/);
    expect((await add(12, k, student.access)).status).toBe(422);
    expect(await cartRows(teacher.user.id)).not.toContain(13);
    expect(await cartRows(student.user.id)).not.toContain(12);
  });

  it("refuses a change whose outbox owner is not the token's user", async () => {
    const res = await add(14, key(), student.access, { 'x-outbox-owner': String(teacher.user.id) });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/another user/);
    expect(await cartRows(student.user.id)).not.toContain(14);
    expect((await add(14, key(), student.access, { 'x-outbox-owner': String(student.user.id) })).status).toBe(200);
  });

  it('stores a refusal too, with its effects rolled back', async () => {
    const k = key();
    const first = await add(99_999_999, k);
    expect(first.status).toBe(404);
    expect(first.body.message).toBe('This book is no longer available.');
    const again = await add(99_999_999, k);
    expect(again.status).toBe(404);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('rolls back the effect and forgets the key when the handler fails with a 5xx', async () => {
    let calls = 0;
    const send = effectApp(async (c) => {
      calls++;
      await c.var.db.insert(emailOutbox).values({ to: 'x@example.com', subject: 'five-hundred', text: 'x' });
      if (calls === 1) throw new Error('database went away');
      return c.json({ ok: true }, 201);
    });
    const k = key();
    expect((await send(k)).status).toBe(500);
    expect((await mail('five-hundred'))[0]!.n).toBe(0);
    const retry = await send(k);
    expect(retry.status).toBe(201);
    expect((await mail('five-hundred'))[0]!.n).toBe(1);
  });

  it('applies once when two requests with one key arrive together', async () => {
    let calls = 0;
    const send = effectApp(async (c) => {
      calls++;
      await c.var.db.insert(emailOutbox).values({ to: 'x@example.com', subject: 'concurrent', text: 'x' });
      await c.var.db.execute(sql`select pg_sleep(0.2)`);
      return c.json({ applied: calls }, 201);
    });
    const k = key();
    const answers = await Promise.all([send(k), send(k), send(k)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const bodies = await Promise.all(answers.map((a) => a.json()));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
    expect((await mail('concurrent'))[0]!.n).toBe(1);
  });

  it('treats a re-sent file upload as the same request although its multipart boundary differs', async () => {
    const send = effectApp(async (c) => {
      await c.var.db.insert(emailOutbox).values({ to: 'x@example.com', subject: 'upload', text: 'x' });
      return c.json({ ok: true }, 201);
    });
    const form = () => {
      const f = new FormData();
      f.append('file', new Blob(['first_name,last_name\nAda,Lovelace\n'], { type: 'text/csv' }), 'class.csv');
      return f;
    };
    const k = key();
    expect((await send(k, form())).status).toBe(201);
    expect((await send(k, form())).status).toBe(201);
    expect((await mail('upload'))[0]!.n).toBe(1);
  });

  it('replays an answer of megabytes, kept in parts, byte for byte', async () => {
    // An effect that answers 3 MB of JSON (a document's answer is that long), of text that gzip
    // cannot make much shorter: kept in 1 MiB parts.
    const long = randomBytes(2_400_000).toString('base64');
    let runs = 0;
    const send = effectApp(async (c) => {
      runs++;
      return c.json({ long, runs }, 201);
    });
    const k = key();
    const first = await send(k);
    const again = await send(k);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.status).toBe(201);
    expect(await again.text()).toBe(await first.text());
    expect(runs).toBe(1);
    const [parts] = await server.database.db.select({ n: count() }).from(idempotencyAnswerParts).where(eq(idempotencyAnswerParts.key, k));
    expect(parts!.n).toBeGreaterThan(0);
  });

  it('keeps keys for at least 30 days, then forgets them', async () => {
    const k = key();
    await add(15, k);
    const now = new Date();
    await server.database.db
      .update(idempotencyKeys)
      .set({ created_at: new Date(now.getTime() - 31 * 86_400_000) })
      .where(eq(idempotencyKeys.key, k));
    await pruneIdempotencyKeys(server.database.db, now);
    expect(await server.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, k))).toHaveLength(1);
    await server.database.db
      .update(idempotencyKeys)
      .set({ created_at: new Date(now.getTime() - 40 * 86_400_000) })
      .where(eq(idempotencyKeys.key, k));
    await pruneIdempotencyKeys(server.database.db, now);
    expect(await server.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, k))).toHaveLength(0);
  });
});
