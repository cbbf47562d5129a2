// Ids past any row's (past the database's integer) on the image routes answer 404, not 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GREENFIELD, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('out-of-range ids on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  }, 180_000);
  afterAll(() => server.close());

  it.each([
    '/api/covers/99999999999.svg',
    '/api/covers/99999999999999999999999999.svg',
    '/api/tenant-logos/99999999999',
    '/api/tenant-logos/2147483648',
  ])('answers %s with 404 and a message', async (path) => {
    for (const host of [GREENFIELD, 'localhost']) {
      const res = await server.call('GET', path, { host });
      expect(res.status).toBe(404);
      expect(res.body.message).toBeTruthy();
    }
  });
});
