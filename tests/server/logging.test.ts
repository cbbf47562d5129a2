// Structured logs (server/log.ts, server/http/context.ts): one JSON access line per API request
// with its request id (the caller's X-Request-Id when it is plainly an id, else a new one,
// returned in the answer), method, path without query or link tokens, status, time, tenant and
// user; one line per outbox batch entry with its key and status under the batch's request id.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/log';
import { GREENFIELD, signIn, startServer, type TestServer } from './harness';

describe('request logs', () => {
  let server: TestServer;
  let app: ReturnType<typeof createApp>;
  const lines: Record<string, any>[] = [];
  beforeAll(async () => {
    server = await startServer('pglite');
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = createApp({ ...server.deps, log: createLogger(sink, 'info') });
  });
  afterAll(() => server.close());

  const call = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    app.request(path, { ...init, headers: { host: GREENFIELD, ...init.headers } });

  it("writes one access line per request carrying the caller's request id, and answers it", async () => {
    const me = await signIn(server, 'zoe.zhang', 'moon-3');
    lines.length = 0;
    const res = await call('/api/data/cart/?secret=never-logged', {
      headers: { authorization: `Bearer ${me.access}`, 'x-request-id': 'lb-7f3a.42' },
    });
    expect(res.headers.get('x-request-id')).toBe('lb-7f3a.42');
    const access = lines.filter((l) => l.msg === 'request');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      level: 'info',
      request_id: 'lb-7f3a.42',
      method: 'GET',
      path: '/api/data/cart/',
      status: res.status,
      tenant: 'greenfield',
      user_id: me.user.id,
    });
    expect(typeof access[0]!.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('never-logged');
  });

  it('makes its own id when the given one is not plainly an id, and masks link tokens in paths', async () => {
    lines.length = 0;
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abc';
    const res = await call(`/api/invitations/${token}/`, { headers: { 'x-request-id': 'no spaces allowed {}' } });
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({
      request_id: id,
      path: '/api/invitations/:redacted/',
      tenant: 'greenfield',
      user_id: null,
    });
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it("logs each outbox batch entry with its key and status under the batch's request id", async () => {
    const me = await signIn(server, 'amara.okafor', 'kite-7');
    lines.length = 0;
    const entries = [
      { key: 'log-entry-0001', method: 'POST', path: '/data/cart/items/', body: { book_id: 21 } },
      { key: 'log-entry-0002', method: 'POST', path: '/data/cart/items/', body: { book_id: 99_999_999 } },
    ];
    const res = await call('/api/outbox/batch/', {
      method: 'POST',
      headers: { authorization: `Bearer ${me.access}`, 'content-type': 'application/json', 'x-request-id': 'batch-req-1' },
      body: JSON.stringify({ owner: me.user.id, entries }),
    });
    expect(res.status).toBe(200);
    // The last line of each entry is its answer (a group that stops at a refusal logs its try too).
    const answered = new Map(lines.filter((l) => l.msg === 'outbox entry').map((l) => [l.outbox_key, l.status]));
    expect([...answered]).toEqual([
      ['log-entry-0001', 200],
      ['log-entry-0002', 404],
    ]);
    expect(lines.every((l) => l.request_id === 'batch-req-1')).toBe(true);
    expect(lines.filter((l) => l.msg === 'request' && l.path === '/api/outbox/batch/')).toHaveLength(1);
  });
});
