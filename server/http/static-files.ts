// The built PWA's files. Every compressible file has a brotli and a gzip copy made at build time
// (build/compress-plugin.ts); the server picks the one the browser accepts (Accept-Encoding with
// its q-values), so a static file is never compressed per request. Hashed assets are cached for
// a year (their names change with their content); everything else is revalidated. Files are
// kept in memory while their modification time stays the same; a compressed copy older than
// its file (the file was replaced after the build) is ignored.
import { readFileSync, statSync } from 'node:fs';
import { join, normalize, resolve, sep } from 'node:path';
import { createMiddleware } from 'hono/factory';
import { getMimeType } from 'hono/utils/mime';
import type { AppEnv } from './env';

export type Encoding = 'br' | 'gzip' | 'identity';
const SUFFIX: Record<Exclude<Encoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

/** The best of `available` the Accept-Encoding header allows (br before gzip at equal q). */
export function pickEncoding(accept: string | undefined, available: readonly Exclude<Encoding, 'identity'>[]): Encoding {
  if (!accept) return 'identity';
  const q = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  let best: Encoding = 'identity';
  let bestQ = 0;
  for (const encoding of available) {
    const value = q.get(encoding) ?? q.get('*') ?? 0;
    if (value > bestQ) {
      best = encoding;
      bestQ = value;
    }
  }
  return best;
}

interface StaticFile {
  type: string;
  version: string;
  variants: Partial<Record<Encoding, Buffer>>;
}

export function cacheControlFor(path: string): string {
  // Hashed build assets never change; everything else is revalidated so updates arrive.
  return path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function stat(path: string) {
  try {
    const s = statSync(path);
    return s.isFile() ? s : undefined;
  } catch {
    return undefined;
  }
}

/** The file a URL path names inside root, or undefined (traversal, compressed copies, folders). */
function filePath(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.endsWith('/')) return undefined;
  const full = normalize(join(root, decoded));
  if (!full.startsWith(normalize(root) + sep)) return undefined;
  return /\.(?:br|gz)$/.test(full) ? undefined : full;
}

const versionOf = (s: { mtimeMs: number; size: number }) => `${s.mtimeMs}:${s.size}`;

/** Reads a built file and its up-to-date compressed copies, reusing `cached` when unchanged. */
export function loadStaticFile(full: string, cached?: StaticFile): StaticFile | undefined {
  const info = stat(full);
  if (!info) return undefined;
  const version = versionOf(info);
  if (cached?.version === version) return cached;
  const variants: StaticFile['variants'] = { identity: readFileSync(full) };
  for (const encoding of ['br', 'gzip'] as const) {
    const copy = stat(full + SUFFIX[encoding]);
    if (copy && copy.mtimeMs >= info.mtimeMs) variants[encoding] = readFileSync(full + SUFFIX[encoding]);
  }
  const type = getMimeType(full) ?? 'application/octet-stream';
  return { type: type.startsWith('text/') && !type.includes('charset') ? `${type}; charset=utf-8` : type, version, variants };
}

/** An answer with the variant the request accepts, headers included. */
export function sendVariant(
  c: { req: { header(name: string): string | undefined; method: string } },
  file: StaticFile,
  cacheControl: string,
): Response {
  const available = (['br', 'gzip'] as const).filter((e) => file.variants[e]);
  const encoding = pickEncoding(c.req.header('accept-encoding'), available);
  const body = file.variants[encoding] ?? file.variants.identity!;
  const headers = new Headers({ 'Content-Type': file.type, 'Content-Length': String(body.length), 'Cache-Control': cacheControl });
  if (available.length) headers.set('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') headers.set('Content-Encoding', encoding);
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
}

export function staticFiles(root: string) {
  const base = resolve(root);
  const cache = new Map<string, StaticFile>();
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const full = filePath(base, c.req.path);
    const file = full ? loadStaticFile(full, cache.get(full)) : undefined;
    if (!full || !file) return next();
    // Only files that exist are remembered (any path could be asked for).
    cache.set(full, file);
    c.res = sendVariant(c, file, cacheControlFor(c.req.path));
  });
}
