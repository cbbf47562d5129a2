// Compresses the API's answers for browsers that accept it: brotli at a fast level (the answers
// are made per request, so speed matters more than the last percent), else gzip. Small bodies
// (under 1 KiB, where the saving is less than a packet), already-encoded answers, partial
// answers and anything that is not text or JSON are sent as they are. A streamed answer (a CSV
// export, marked `X-Accel-Buffering: no`) is gzipped as it streams, never gathered in memory.
import { promisify } from 'node:util';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { brotliCompress, constants, createGzip, gzip } from 'node:zlib';
import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import type { AppEnv } from './env';
import { jsonText } from './json-text';
import { pickEncoding } from './static-files';

const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(?:application\/(?:json|problem\+json|xml)|text\/|image\/svg\+xml)/i;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const compressAnswers = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const res = c.res;
  const type = res.headers.get('Content-Type') ?? '';
  // A JSON answer's text is known without reading the answer (json-text.ts).
  const text = jsonText(res);
  if (
    c.req.method === 'HEAD' ||
    (text === undefined && !res.body) ||
    res.status === 206 ||
    res.status === 204 ||
    res.headers.has('Content-Encoding') ||
    !COMPRESSIBLE.test(type)
  )
    return;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')) return;
  const declared = text === undefined ? Number(res.headers.get('Content-Length') ?? NaN) : Buffer.byteLength(text);
  if (declared < MIN_BYTES) return;
  const vary = res.headers.get('Vary');
  const varied = !vary || !/accept-encoding/i.test(vary) ? (vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding') : vary;
  const encoding = pickEncoding(c.req.header('accept-encoding'), ['br', 'gzip']);
  if (text !== undefined && encoding === 'identity') {
    // Sent as it is: only the answer's Vary changes.
    res.headers.set('Vary', varied);
    return;
  }
  const headers = new Headers(res.headers);
  headers.set('Vary', varied);
  if (res.headers.get('X-Accel-Buffering') === 'no') {
    if (pickEncoding(c.req.header('accept-encoding'), ['gzip']) === 'identity') return;
    headers.set('Content-Encoding', 'gzip');
    headers.delete('Content-Length');
    // Each batch is flushed as it comes, so the reader gets it at once, compressed.
    const gzipped = Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>).pipe(createGzip({ flush: constants.Z_SYNC_FLUSH }));
    remake(
      c,
      new Response(Readable.toWeb(gzipped) as ReadableStream<Uint8Array>, {
        status: res.status,
        statusText: res.statusText,
        headers,
      }),
    );
    return;
  }
  const body = text === undefined ? Buffer.from(await res.arrayBuffer()) : Buffer.from(text);
  let sent: Buffer = body;
  if (body.length >= MIN_BYTES && encoding !== 'identity') {
    sent =
      encoding === 'br'
        ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : await gzipAsync(body, { level: 6 });
    headers.set('Content-Encoding', encoding);
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  }
  headers.set('Content-Length', String(sent.length));
  // (No statusText: reading it would turn the answer into a stream; Node sends the standard one.)
  remake(c, new Response(new Uint8Array(sent), { status: res.status, headers }));
});

/** A body in each encoding a browser may ask for (compressed once, sent many times). */
export type Encoded = { br?: Buffer; gzip?: Buffer; identity: Buffer };

export async function encodedOnce(body: Buffer, brotliQuality: number): Promise<Encoded> {
  const [br, gzipped] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { identity: body, br, gzip: gzipped };
}

/** The answer for this request from a body kept in each encoding (already encoded: compressAnswers leaves it). */
export function encodedAnswer(c: Context, body: Encoded, type: string): Response {
  const encoding = pickEncoding(c.req.header('accept-encoding'), ['br', 'gzip']);
  const sent = body[encoding] ?? body.identity;
  const headers = new Headers({ 'Content-Type': type, 'Content-Length': String(sent.length), Vary: 'Accept-Encoding' });
  if (sent !== body.identity) headers.set('Content-Encoding', encoding);
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(sent), { status: 200, headers });
}

/**
 * Puts an answer remade from the current one in its place. Hono's setter copies the current
 * answer's headers over a new one (for headers set before there was an answer), which would undo
 * what the remade answer changed (Vary, Content-Length, ETag); the remade one already carries
 * every header it keeps.
 */
export function remake(c: Context, res: Response) {
  c.res = undefined;
  c.res = res;
}
