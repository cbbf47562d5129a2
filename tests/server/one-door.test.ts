// One door to the database per request. A request that carries an Idempotency-Key once froze the
// whole API: the idempotency transaction was open while the handler queried around it (PGlite
// waited on its own lock forever; PostgreSQL ran out of connections). Every write operation of
// the contract is sent here with a key, as each kind of caller, and the API must still answer.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLER_NAMES, callerHeaders, signInEveryone, type Caller } from './contract';
import { GREENFIELD, TARGETS, signIn, startServer, within, type TestServer } from './harness';

const doc = JSON.parse(readFileSync('openapi/openapi.json', 'utf8')) as { paths: Record<string, Record<string, unknown>> };
const WRITES = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.keys(item)
    .filter((m) => m !== 'get')
    .map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1') })),
);

describe.each(TARGETS)('one door to the database on %s', (target) => {
  let server: TestServer;
  let student: { access: string };
  let callers: Caller[];
  beforeAll(async () => {
    server = await startServer(target);
    student = await signIn(server, 'amara.okafor', 'kite-7');
    callers = await signInEveryone(server);
  });
  afterAll(() => server.close());

  const health = async () => (await within(1000, server.call('GET', '/api/health', { host: GREENFIELD }), 'GET /api/health')).status;

  it('answers a signed-in sign-in that carries an Idempotency-Key, and the API stays up', async () => {
    const res = await within(
      5000,
      server.call('POST', '/api/auth/token/', {
        host: GREENFIELD,
        token: student.access,
        json: { username: 'amara.okafor', password: 'kite-7' },
        headers: { 'idempotency-key': `freeze-${crypto.randomUUID()}` },
      }),
      'POST /api/auth/token/ with a key',
    );
    expect(res.status).toBe(200);
    expect(await health()).toBe(200);
  });

  it('still counts a wrong password sent with a key (the key never rolls a failure back)', async () => {
    const wrong = () =>
      server.call('POST', '/api/auth/token/', {
        host: GREENFIELD,
        token: student.access,
        json: { username: 'head@greenfield.example', password: 'not-it' },
        headers: { 'idempotency-key': `guess-${crypto.randomUUID()}` },
      });
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await wrong()).status);
    expect(answers.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it.each(CALLER_NAMES)('answers every write operation sent with a key as %s, and /api/health after each', async (who) => {
    const caller = callers.find((c) => c.name === who)!;
    for (const op of WRITES) {
      const res = await within(
        5000,
        server.call(op.method, `/api${op.path}`, {
          host: caller.host,
          token: caller.token,
          json: {},
          headers: { ...callerHeaders(caller), 'idempotency-key': `door-${crypto.randomUUID()}` },
        }),
        `${op.method} ${op.path}`,
      );
      expect(res.status, `${op.method} ${op.path}`).toBeLessThan(500);
      expect(await health(), `health after ${op.method} ${op.path}`).toBe(200);
    }
  });

  it('refuses batch entries that name the batch itself, however the path is spelled', async () => {
    const me = await signIn(server, 'zoe.zhang', 'moon-3');
    for (const path of [
      '/outbox/batch/',
      '/./outbox/batch/',
      '/x/%2e%2e/outbox/batch/',
      '/x/%2E%2E/outbox/batch/',
      '//outbox//batch/',
      '/auth/token/',
      '/../health',
    ]) {
      const res = await within(
        5000,
        server.call('POST', '/api/outbox/batch/', {
          host: GREENFIELD,
          token: me.access,
          json: {
            owner: me.user.id,
            entries: [{ key: `nest-${crypto.randomUUID()}`, method: 'POST', path, body: { owner: me.user.id, entries: [] } }],
          },
        }),
        `batch naming ${path}`,
      );
      expect(res.status, path).toBeLessThan(500);
      if (res.status === 200) expect(res.body.results[0].status, path).toBe(400);
      expect(await health()).toBe(200);
    }
  });

  it('normalises an entry path before sending it', async () => {
    const me = await signIn(server, 'zoe.zhang', 'moon-3');
    const res = await server.call('POST', '/api/outbox/batch/', {
      host: GREENFIELD,
      token: me.access,
      json: {
        owner: me.user.id,
        entries: [{ key: `norm-${crypto.randomUUID()}`, method: 'POST', path: '/data/./cart/x/%2e%2e/items/', body: { book_id: 31 } }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.results[0].status).toBe(200);
  });
});
