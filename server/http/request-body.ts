// A request's body, read once and kept for everyone who needs it: the route's `prepare` (cleaning
// or inspecting what was sent), the idempotency hash and the validator. Before, a 50 MB upload was
// parsed on the event loop twice (the hash read a clone through undici's multipart parser, the
// route another) and every school's requests waited meanwhile. Here:
//
// - the bytes are gathered as they stream in, and copied into one buffer a megabyte per turn of
//   the event loop;
// - a form is split into its parts by lib/multipart.ts (native search, no copies) and handed to
//   Hono's validator ready made, so nothing parses it again;
// - the hash covers the raw bytes, a multipart body's boundary replaced by a constant (each send of
//   a queued file builds a new one), hashed a megabyte per turn of the event loop.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { boundaryOf, parseMultipart, type FormPart } from '../lib/multipart';
import type { AppEnv } from './env';
import { batchEntryOf } from './batch-entry';
import { fail } from './errors';

/** Bytes handled per turn of the event loop (copied or hashed) before letting other work run. */
const SLICE = 1024 * 1024;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Hono's cache of a request's body as it really holds it: each reading as a promise (its type says otherwise). */
type BodyCache = { arrayBuffer?: Promise<ArrayBuffer>; text?: Promise<string>; formData?: Promise<FormData> };
const cacheOf = (c: Context<AppEnv>) => c.req.bodyCache as unknown as BodyCache;

const bodies = new WeakMap<Request, Promise<Uint8Array>>();
const forms = new WeakMap<Request, FormPart[] | null>();
/** Where each part's bytes lie in the body (a view's place is lost when its buffer is transferred). */
const spans = new WeakMap<Request, [offset: number, length: number][]>();

/** A body this small is read whole at once (Node's server gathers it without a web stream). */
const AT_ONCE = 64 * 1024;
const utf8 = new TextDecoder();

async function readAll(request: Request): Promise<Uint8Array> {
  // A batch's entry brings its body's text: encoded, with no stream to read.
  const sent = batchEntryOf(request)?.bodyText;
  if (sent !== undefined) return new TextEncoder().encode(sent);
  // A small body (a sign-in, a change) in one read: reading a web stream costs more than the copy.
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared <= AT_ONCE) return new Uint8Array(await request.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      chunks.push(chunk);
      total += chunk.byteLength;
    }
  }
  // Its own ArrayBuffer, of exactly its size: Hono derives text and JSON from it, and a form's
  // file can be moved to the worker pool and back without a copy.
  const bytes = new Uint8Array(new ArrayBuffer(total));
  let at = 0;
  let sinceTurn = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
    sinceTurn += chunk.byteLength;
    if (sinceTurn >= SLICE) {
      sinceTurn = 0;
      await nextTurn();
    }
  }
  return bytes;
}

/** The request's body (read once; Hono's own readers, `c.req.json()` and the validator, read the same bytes). */
export function bodyOf(c: Context<AppEnv>): Promise<Uint8Array> {
  const raw = c.req.raw;
  let body = bodies.get(raw);
  if (body) return body;
  const cache = cacheOf(c);
  if (raw.bodyUsed) {
    // Read before this (by Hono's own readers): the bytes they kept.
    if (cache.arrayBuffer) body = cache.arrayBuffer.then((b) => new Uint8Array(b));
    else if (cache.text) body = cache.text.then((t) => new TextEncoder().encode(t));
    else body = Promise.resolve(new Uint8Array(0));
  } else {
    const read = readAll(raw);
    body = read;
    cache.arrayBuffer = read.then((b) => b.buffer as ArrayBuffer);
    // Hono reads JSON from the text: decoded from the same bytes when first asked (UTF-8, a byte
    // order mark dropped, as a Response would), not through a Response made to convert them.
    // Not enumerable: Hono converts from the first enumerable reading it finds, the bytes.
    let text: Promise<string> | undefined;
    Object.defineProperty(cache, 'text', {
      configurable: true,
      enumerable: false,
      get: () => (text ??= read.then((b) => utf8.decode(b))),
      set: (value: Promise<string>) => (text = value),
    });
  }
  bodies.set(raw, body);
  return body;
}

/**
 * Puts back a body whose buffer went to the worker pool and came back (`buffer` is the whole
 * body): its form's parts are views into it again, where they were.
 */
export function bodyReturned(c: Context<AppEnv>, buffer: ArrayBuffer): void {
  bodies.set(c.req.raw, Promise.resolve(new Uint8Array(buffer)));
  cacheOf(c).arrayBuffer = Promise.resolve(buffer);
  const parts = forms.get(c.req.raw);
  spans.get(c.req.raw)?.forEach(([offset, length], i) => (parts![i]!.data = new Uint8Array(buffer, offset, length)));
}

/**
 * The parts of a multipart/form-data request, read once (see the header); null for another
 * content type. A malformed form is answered 400. The validator (`c.req.valid('form')`) gets the
 * same parts as a FormData, so it never parses the body itself.
 */
export async function formOf(c: Context<AppEnv>): Promise<FormPart[] | null> {
  const raw = c.req.raw;
  if (forms.has(raw)) return forms.get(raw)!;
  const boundary = boundaryOf(c.req.header('content-type'));
  if (!boundary) {
    forms.set(raw, null);
    return null;
  }
  const parts = parseMultipart(await bodyOf(c), boundary);
  if (!parts) fail(400, 'Malformed FormData request: send the form as a browser does (multipart/form-data).');
  forms.set(raw, parts);
  spans.set(
    raw,
    parts.map((p) => [p.data.byteOffset, p.data.byteLength]),
  );
  // Hono's readers (the route's validator) get a FormData made from the parts when they first ask:
  // each file is copied into it, so a file the route's `prepare` refuses first (a PDF over 50 MB)
  // is never copied.
  let form: Promise<FormData> | undefined;
  Object.defineProperty(cacheOf(c), 'formData', {
    configurable: true,
    enumerable: true,
    get: () => (form ??= Promise.resolve(formDataOf(parts))),
    set: (value: Promise<FormData>) => (form = value),
  });
  return parts;
}

function formDataOf(parts: FormPart[]): FormData {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename === undefined) form.append(part.name, new TextDecoder().decode(part.data));
    else form.append(part.name, new File([part.data as Uint8Array<ArrayBuffer>], part.filename, { type: part.type }));
  }
  return form;
}

/**
 * How deep a JSON body may nest its arrays and objects. The contract's deepest body is a batch
 * entry's (about six levels); parsing 500,000 levels (a 1 MB body of brackets) held the event loop
 * 120 to 240 ms, and 1.5 million (a story's 3 MB) over 2 s.
 */
export const JSON_MAX_DEPTH = 64;

/**
 * How many values a JSON body may hold. The contract's fullest bodies hold a few thousand (500
 * children of a class, about 1,500; a batch of changes); a 3 MB body of a million tiny values took
 * 70 to 100 ms of the event loop only to be parsed, before its refusal.
 */
export const JSON_MAX_VALUES = 100_000;

/**
 * What of JSON text passes its limits: nested deeper than `maxDepth`, or more than `maxValues`
 * values (counted by their separators and openings; brackets and commas inside strings do not
 * count). A byte scan, far cheaper than parsing.
 */
export function jsonBeyond(bytes: Uint8Array, maxDepth: number, maxValues: number): 'depth' | 'values' | undefined {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      // After a backslash, the next byte never ends the string.
      if (b === 0x5c) i++;
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x2c) {
      if (++values > maxValues) return 'values';
    } else if (b === 0x5b || b === 0x7b) {
      if (++depth > maxDepth) return 'depth';
      if (++values > maxValues) return 'values';
    } else if (b === 0x5d || b === 0x7d) depth--;
  }
  return undefined;
}

/** The first file sent under `name`, if any. */
export function filePart(parts: FormPart[] | null, name: string): FormPart | undefined {
  return parts?.find((p) => p.name === name && p.filename !== undefined);
}

/**
 * What identifies "the same request": `prefix` (method and path), then the body's raw bytes, a
 * multipart boundary replaced by a constant. Hashed a slice at a time, letting other requests run
 * between slices.
 */
export async function requestBodyHash(c: Context<AppEnv>, prefix: string): Promise<string> {
  const hash = createHash('sha256').update(prefix);
  const bytes = await bodyOf(c);
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boundary = boundaryOf(c.req.header('content-type'));
  const marker = boundary ? Buffer.from(`--${boundary}`) : null;
  let from = 0;
  while (from < buf.length) {
    const at = marker ? buf.indexOf(marker, from) : -1;
    const end = at < 0 ? buf.length : at;
    for (let i = from; i < end; i += SLICE) {
      hash.update(buf.subarray(i, Math.min(end, i + SLICE)));
      if (end - i > SLICE) await nextTurn();
    }
    if (at < 0) break;
    hash.update('--boundary');
    from = at + marker!.length;
  }
  return hash.digest('hex');
}
