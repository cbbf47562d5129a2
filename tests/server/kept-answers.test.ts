// Answers kept by version (server/http/kept-answers.ts): readers at once share one making of the
// answer, a new version is made anew, a failed making is not kept, and each reader gets the
// encoding it asked for.
import { brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { keptJson } from '../../server/http/kept-answers';

describe('keptJson', () => {
  let made = 0;
  let version = 'v1';
  let failing = false;
  const app = new Hono().get('/page', (c) =>
    keptJson(c, `test ${version}`, async () => {
      made++;
      await new Promise((r) => setTimeout(r, 20));
      if (failing) throw new Error('the database is gone');
      return { version, body: 'words '.repeat(2000) };
    }),
  );
  const read = (encoding = 'br') => app.request('/page', { headers: { 'accept-encoding': encoding } });

  it('makes the answer once for ten readers at once, and again for a new version', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => read()));
    expect(made).toBe(1);
    for (const res of answers) {
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(JSON.parse(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).version).toBe('v1');
    }
    const plain = await read('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.json()).version).toBe('v1');
    expect(made).toBe(1);
    version = 'v2';
    expect((await (await read('identity')).json()).version).toBe('v2');
    expect(made).toBe(2);
  });

  it('keeps no failed making: the next reader tries again', async () => {
    version = 'v3';
    failing = true;
    expect((await read()).status).toBe(500);
    failing = false;
    expect(await (await read('gzip')).headers.get('content-encoding')).toBe('gzip');
    expect(made).toBe(4);
  });
});
