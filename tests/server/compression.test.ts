// Compression: built files are sent as the brotli or gzip copy the browser accepts (made at build
// time), with Vary, the file's own type and the copy's length; API answers are compressed per
// request unless tiny; hashed assets are immutable and HTML is revalidated.
import { mkdtempSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { pickEncoding } from '../../server/http/static-files';
import { compressFiles } from '../../build/compress-plugin';
import { GREENFIELD, startServer, type TestServer } from './harness';

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;
const HTML = `<!doctype html><html lang="en"><head><title>StoryNest</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

describe('pickEncoding', () => {
  it('prefers brotli, honours q-values and refusals', () => {
    expect(pickEncoding('gzip, deflate, br, zstd', ['br', 'gzip'])).toBe('br');
    expect(pickEncoding('gzip', ['br', 'gzip'])).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip;q=0.9', ['br', 'gzip'])).toBe('gzip');
    expect(pickEncoding('br;q=0, *', ['br', 'gzip'])).toBe('gzip');
    expect(pickEncoding(undefined, ['br', 'gzip'])).toBe('identity');
    expect(pickEncoding('identity', ['br', 'gzip'])).toBe('identity');
  });
});

describe('compressed answers', () => {
  let server: TestServer;
  let dir: string;
  let app: ReturnType<typeof createApp>;
  const get = (path: string, encoding?: string, host = GREENFIELD) =>
    app.request(path, { headers: { host, ...(encoding === undefined ? {} : { 'accept-encoding': encoding }) } });

  beforeAll(async () => {
    server = await startServer('pglite');
    dir = mkdtempSync(join(tmpdir(), 'storynest-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets/app-abc123.js'), SCRIPT);
    writeFileSync(join(dir, 'index.html'), HTML);
    writeFileSync(join(dir, 'tiny.js'), 'export {};\n');
    compressFiles(dir);
    app = createApp({ ...server.deps, config: { ...server.deps.config, staticDir: dir } });
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await server.close();
  });

  it('sends the brotli copy of a hashed asset to a browser that takes it, cached for a year', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(body.length));
    expect(body.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a gzip-only client and the file itself to one that accepts nothing', async () => {
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(SCRIPT);
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(SCRIPT);
    expect(plain.headers.get('content-length')).toBe(String(SCRIPT.length));
  });

  it('never sends a compressed copy older than its file (the file was replaced after the build)', async () => {
    const path = join(dir, 'assets/app-abc123.js');
    writeFileSync(path, `${SCRIPT}// next build\n`);
    const later = new Date(Date.now() + 60_000);
    utimesSync(path, later, later);
    const res = await get('/assets/app-abc123.js', 'br, gzip');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toContain('// next build');
  });

  it('sends small files as they are, and the app shell compressed with no-cache for any page', async () => {
    const tiny = await get('/tiny.js', 'br');
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(tiny.headers.get('cache-control')).toBe('no-cache');
    const page = await get('/library', 'br');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await page.arrayBuffer())).toString()).toContain('<div id="root">');
  });

  it('never serves files outside the build', async () => {
    const res = await get('/..%2Fpackage.json', 'br');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('compresses large API answers and leaves small ones alone', async () => {
    const big = await get('/api/books/?limit=100', 'gzip, deflate, br');
    expect(big.status).toBe(200);
    expect(big.headers.get('content-encoding')).toBe('br');
    expect(big.headers.get('vary')).toMatch(/Accept-Encoding/);
    const body = Buffer.from(await big.arrayBuffer());
    expect(big.headers.get('content-length')).toBe(String(body.length));
    expect(JSON.parse(brotliDecompressSync(body).toString()).results.length).toBeGreaterThan(0);
    const gz = await get('/api/books/?limit=100', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const small = await get('/api/health', 'br');
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  // Reading an answer's body turns it into a web stream on the Node server: a JSON answer is
  // compressed from the text c.json made, and one sent as it is is never read at all.
  it('compresses a JSON answer from its text, and sends it as made (never read) when nothing is accepted', async () => {
    const { Hono } = await import('hono');
    const { compressAnswers } = await import('../../server/http/compress');
    const { rememberJsonText } = await import('../../server/http/json-text');
    const made: Response[] = [];
    const rows = Array.from({ length: 100 }, (_, i) => ({ id: i, title: `Book ${i}` }));
    const json = new Hono().use(rememberJsonText, compressAnswers).get('/rows', (c) => {
      made.push(c.json({ rows }));
      return made.at(-1)!;
    });
    const plain = await json.request('/rows');
    expect(plain).toBe(made[0]);
    expect(plain.bodyUsed).toBe(false);
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual({ rows });
    const br = await json.request('/rows', { headers: { 'accept-encoding': 'br' } });
    expect(made[1]!.bodyUsed).toBe(false);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString())).toEqual({ rows });
  });
});

// A CSV export of 100,000 rows streams from the database batch by batch. The compression
// middleware used to read every streamed answer to its end before sending a byte, so the whole
// export sat in memory. A streamed answer (marked X-Accel-Buffering: no, as the exports are) is
// now compressed as it streams.
describe('a streamed answer', () => {
  const streamingApp = async () => {
    const { Hono } = await import('hono');
    const { compressAnswers } = await import('../../server/http/compress');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const app = new Hono().use(compressAnswers).get('/stream', () => {
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode(`${'first batch,'.repeat(200)}\r\n`));
          await released; // the rest comes only once the first batch has reached the reader
          controller.enqueue(new TextEncoder().encode(`${'second batch,'.repeat(200)}\r\n`));
          controller.close();
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/csv; charset=utf-8', 'X-Accel-Buffering': 'no' } });
    });
    return { app, release };
  };

  it.each(['gzip', 'identity'])('reaches the reader before it has ended (%s)', async (encoding) => {
    const { app, release } = await streamingApp();
    const res = await app.request('/stream', { headers: { 'Accept-Encoding': encoding } });
    expect(res.headers.get('Content-Encoding')).toBe(encoding === 'gzip' ? 'gzip' : null);
    const reader = res.body!.pipeThrough(encoding === 'gzip' ? new DecompressionStream('gzip') : new TransformStream()).getReader();
    const first = await Promise.race([reader.read(), new Promise<'held'>((r) => setTimeout(() => r('held'), 2000))]);
    expect(first).not.toBe('held');
    release();
    let text = new TextDecoder().decode((first as ReadableStreamReadResult<Uint8Array>).value);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain('first batch');
    expect(text).toContain('second batch');
  });
});
