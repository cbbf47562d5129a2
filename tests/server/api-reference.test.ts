// The API for integrators: the OpenAPI document served at /api/openapi.json (the committed
// contract, on any host) and a readable reference page at /api/docs drawn from it.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_FILES } from '../../server/openapi';
import { GREENFIELD, startServer, type TestServer } from './harness';

describe('the API reference', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite');
  }, 300_000);
  afterAll(() => server.close());

  it('serves the OpenAPI document, the same as the committed contract, on the platform and on a school site', async () => {
    const committed = JSON.parse(readFileSync(CONTRACT_FILES.json, 'utf8'));
    for (const host of ['localhost', GREENFIELD]) {
      const res = await server.call('GET', '/api/openapi.json', { host });
      expect(res.status, host).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body).toEqual(committed);
      expect(res.body.openapi).toBe('3.1.0');
    }
  });

  it('draws every operation with who may call it, its body and its answers, without a script', async () => {
    const res = await server.call('GET', '/api/docs', { host: 'localhost' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = res.body as string;
    expect(html).not.toMatch(/<script/i);
    const doc = JSON.parse(readFileSync(CONTRACT_FILES.json, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(html.match(/<section class="op"/g)?.length).toBe(operations);
    expect(html).toContain('<code>/api/auth/token/</code>');
    expect(html).toContain('Access: anyone; any site.');
    expect(html).toContain('href="#schema-LoginAnswer"');
    expect(html).toContain('id="schema-LoginAnswer"');
    // Text from the document is escaped, never markup.
    expect(html).not.toContain('<Access');
  });
});
