// Answers kept by version (server/http/kept-answers.ts): readers at once share one making of the
// answer, a new version is made anew, a failed making is not kept, and each reader gets the
// encoding it asked for.
import { brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { keptJson, oneLookUp } from '../../server/http/kept-answers';

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

describe('oneLookUp', () => {
  it('shares one look-up among the callers asking while it runs, and looks again after it', async () => {
    let looks = 0;
    const look = async () => {
      looks++;
      await new Promise((r) => setTimeout(r, 20));
      return `version ${looks}`;
    };
    const first = await Promise.all(Array.from({ length: 200 }, () => oneLookUp('page a', look)));
    expect(looks).toBe(1);
    expect(new Set(first)).toEqual(new Set(['version 1']));
    // Another key is looked up on its own; the same key, once done, is looked up again.
    expect(await oneLookUp('page b', look)).toBe('version 2');
    expect(await oneLookUp('page a', look)).toBe('version 3');
  });

  it('gives a failed look-up to those who shared it, and does not keep it', async () => {
    let fail = true;
    const look = async () => {
      await new Promise((r) => setTimeout(r, 5));
      if (fail) throw new Error('the database is gone');
      return 'found';
    };
    const shared = await Promise.allSettled([oneLookUp('page c', look), oneLookUp('page c', look)]);
    expect(shared.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await oneLookUp('page c', look)).toBe('found');
  });
});
