// Request body limits (server/http/route.ts): every route refuses a body over its limit with a
// 413 and a message before anything parses it: 1 MiB for JSON, 6 MiB on the two uploads, 4 MiB
// for an outbox batch. Over a real socket, a streamed body is refused while it is still arriving.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BODY_LIMITS } from '../../src/contract/limits';
import { createApp } from '../../server/app';
import { classes } from '../../server/db/schema';
import { GREENFIELD, TARGETS, signIn, startServer, type TestServer } from './harness';

const MiB = 1024 * 1024;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngOf(bytes: number): File {
  const data = new Uint8Array(bytes);
  data.set(PNG);
  return new File([data], 'logo.png', { type: 'image/png' });
}

describe.each(TARGETS)('body limits on %s', (target) => {
  let server: TestServer;
  let teacher: string;
  let zoe: { access: string; user: { id: number } };
  beforeAll(async () => {
    server = await startServer(target);
    teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    zoe = await signIn(server, 'zoe.zhang', 'moon-3');
  });
  afterAll(() => server.close());

  it('refuses a JSON body over 1 MiB with a 413 and a message, streamed or declared', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(BODY_LIMITS.json), password: 'y' });
    const streamed = await server.call('POST', '/api/auth/token/', {
      host: GREENFIELD,
      body: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(streamed.status).toBe(413);
    expect(streamed.body.message).toBe('This request is too large: at most 1 MB can be sent here.');
    const declared = await server.call('POST', '/api/auth/token/', {
      host: GREENFIELD,
      body: big,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(big)) },
    });
    expect(declared.status).toBe(413);
    // Just under the limit it is an ordinary (refused) sign-in.
    const fits = await server.call('POST', '/api/auth/token/', {
      host: GREENFIELD,
      json: { username: 'x'.repeat(BODY_LIMITS.json - 100), password: 'y' },
    });
    expect(fits.status).not.toBe(413);
    expect(fits.status).toBeLessThan(500);
  });

  it('lets a registration carry a logo up to 6 MiB (a 5.5 MB one is the spec\'s "File too large"), not more', async () => {
    const form = (logo: File) => {
      const f = new FormData();
      for (const [k, v] of Object.entries({
        school_name: 'Big Logo School',
        school_email: 'big@logo.example',
        first_name: 'B',
        last_name: 'L',
      }))
        f.set(k, v);
      f.set('logo', logo);
      return f;
    };
    const over5 = await server.call('POST', '/api/tenants/create/', { body: form(pngOf(5.5 * MiB)) });
    expect(over5.status).toBe(400);
    expect(over5.body.errors.logo).toEqual(['File too large']);
    const over6 = await server.call('POST', '/api/tenants/create/', { body: form(pngOf(6.5 * MiB)) });
    expect(over6.status).toBe(413);
    expect(over6.body.message).toBe('This request is too large: at most 6 MB can be sent here.');
  });

  it('lets a CSV import carry 6 MiB, not more', async () => {
    const [owls] = await server.database.db.select({ id: classes.id }).from(classes).where(eq(classes.class_id, 'OWLS5'));
    const upload = (bytes: number) => {
      const form = new FormData();
      form.set('file', new File(['First Name,Last Name\n' + 'a'.repeat(bytes)], 'class.csv', { type: 'text/csv' }));
      return server.call('POST', `/api/add-bulk-student-without-mail-to-class/${owls!.id}/`, {
        host: GREENFIELD,
        token: teacher,
        body: form,
      });
    };
    const over5 = await upload(5.5 * MiB);
    expect(over5.status).toBe(400);
    expect(over5.body.message).toMatch(/File size exceeds 5MB limit\./);
    expect((await upload(6.5 * MiB)).status).toBe(413);
  });

  it("takes a batch up to 4 MiB, whose entries still meet their own routes' limits", async () => {
    const entry = (bytes: number) => ({
      key: crypto.randomUUID(),
      method: 'POST',
      path: '/data/cart/items/',
      body: { book_id: 21, note: 'n'.repeat(bytes) },
    });
    const batch = (entries: object[]) =>
      server.call('POST', '/api/outbox/batch/', { host: GREENFIELD, token: zoe.access, json: { owner: zoe.user.id, entries } });
    const fits = await batch([entry(900_000), entry(900_000), entry(900_000)]);
    expect(fits.status).toBe(200);
    expect(fits.body.results).toHaveLength(3);
    expect((await batch([entry(1.5 * MiB), entry(1.5 * MiB), entry(1.5 * MiB)])).status).toBe(413);
    // One entry over the JSON limit inside a batch under its own: that entry alone is refused.
    const inner = await batch([entry(1.2 * MiB)]);
    expect(inner.status).toBe(200);
    expect(inner.body.results[0].status).toBe(413);
  });
});

describe('a streamed body over the limit, on a real socket', () => {
  let server: TestServer;
  let http: ReturnType<typeof serve>;
  let port: number;
  beforeAll(async () => {
    server = await startServer('pglite');
    http = serve({ fetch: createApp(server.deps).fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => http.once('listening', resolve));
    port = (http.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => http.close(() => resolve()));
    await server.close();
  });

  it('is answered 413 while the client is still sending, and the connection is closed', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const outcome = await new Promise<{ status: number; body: string; sent: number; connection: string | undefined }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/auth/token/',
        headers: { host: 'greenfield.localhost', 'content-type': 'application/json' },
      });
      req.on('response', (res) => {
        answered = true;
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body, sent, connection: res.headers.connection }));
      });
      req.on('error', (err) => (answered ? undefined : reject(err)));
      // Send up to 1 GiB unless the server answers first (it must, long before).
      const pump = () => {
        while (!answered && sent < 1024 * MiB) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (!answered) req.end();
      };
      pump();
    });
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body).message).toMatch(/too large/);
    expect(outcome.connection).toBe('close');
    expect(outcome.sent).toBeLessThan(64 * MiB);
  });
});
