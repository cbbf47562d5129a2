// Bad input is a 4xx with a message, never a 5xx: checked on every operation of the OpenAPI
// document, so a route added later is covered without touching this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDocument } from '../../server/app';
import { GREENFIELD, TARGETS, signIn, startServer, type TestServer } from './harness';

const operations = Object.entries(apiDocument().paths ?? {}).flatMap(([path, item]) =>
  (['get', 'post', 'put', 'patch', 'delete'] as const).filter((m) => item?.[m]).map((method) => ({ method, path })),
);

const BAD_BODIES: { label: string; body: string; type: string }[] = [
  { label: 'malformed JSON', body: '{"oops', type: 'application/json' },
  { label: 'a JSON array', body: '[1,2,3]', type: 'application/json' },
  { label: 'wrong types', body: JSON.stringify({ username: 5, password: false, refresh: 7, limit: 'x' }), type: 'application/json' },
  {
    label: 'a huge string',
    body: JSON.stringify({ username: 'x'.repeat(100_000), password: 'y', refresh: 'z'.repeat(5000) }),
    type: 'application/json',
  },
  { label: 'plain text', body: 'hello', type: 'text/plain' },
];
const BAD_PARAMS = ['x', '-1', '99999999999999999999', '%00'];
const BAD_QUERIES = ['?limit=0', '?limit=abc', '?limit=100000', '?offset=-5', '?role=' + 'r'.repeat(500)];

describe.each(TARGETS)('bad input on %s', (target) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(target);
    token = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
  });
  afterAll(() => server.close());

  it('knows the routes it is checking', () => {
    expect(operations.length).toBeGreaterThanOrEqual(8);
  });

  it.each(operations)('$method $path answers bad input with a 4xx and a message', async ({ method, path }) => {
    const urls = BAD_PARAMS.map((p) => path.replace(/\{[^}]+\}/g, p)).flatMap((p) => [p, ...BAD_QUERIES.map((q) => p + q)]);
    for (const url of new Set(urls)) {
      for (const bad of method === 'get' ? [undefined] : BAD_BODIES) {
        for (const auth of [undefined, token]) {
          const res = await server.call(method.toUpperCase(), `/api${url}`, {
            host: GREENFIELD,
            token: auth,
            body: bad?.body,
            headers: bad ? { 'content-type': bad.type } : {},
          });
          const where = `${method} ${url} ${bad?.label ?? ''} ${auth ? 'signed in' : 'guest'}`;
          expect(res.status, where).toBeLessThan(500);
          if (res.status >= 400) expect(typeof res.body?.message, where).toBe('string');
        }
      }
    }
  });

  it('names each invalid field in the answer', async () => {
    const res = await server.call('POST', '/api/auth/token/', { host: GREENFIELD, json: { username: '  ', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.errors.username).toEqual(['Please enter your email/username.']);
    expect(res.body.errors.password).toEqual(['Please enter your password.']);
    expect(res.body.message).toBe('username: Please enter your email/username.; password: Please enter your password.');
  });

  it('says which fields are missing', async () => {
    const res = await server.call('POST', '/api/auth/token/', { host: GREENFIELD, json: {} });
    expect(res.status).toBe(400);
    expect(res.body.errors.username).toEqual(['Please enter your email/username.']);
    expect(res.body.errors.password).toEqual(['Please enter your password.']);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await server.call('GET', '/api/no/such/thing', { host: GREENFIELD });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/No API endpoint/);
  });
});
