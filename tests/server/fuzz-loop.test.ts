// The contract fuzz, measuring the event loop. Every operation of openapi/openapi.json gets the
// largest input its limits allow, in the shapes known to be expensive: a JSON body filled to just
// under the operation's body limit with deep nesting, with many small elements, or with one long
// run of one token; a multipart form whose file is at the limit (a PDF of many small objects, a
// CSV of many short rows, an SVG of many or deeply nested elements); a document change (a Yjs
// update) of many paragraphs, one long paragraph or deep nesting; the largest value of every text
// field and query parameter. Each is sent as the demo user whose role the operation lets in (so it
// reaches the real work) and anonymously.
//
// The server runs in this process (harness.ts calls the app directly), so the event loop that
// `monitorEventLoopDelay` watches here is the server's own: every request's work, its body's
// reading and parsing and its database calls run on it. Per request the histogram is reset, and
// its largest delay read once the request is answered: no request may hold the loop more than
// 100 ms, and /api/health, asked every 20 ms meanwhile (withHealth), answers within 250 ms.
//
// Timing on a shared machine: with other programs running, a wall-clock delay mostly measures
// them (a load average of 8 on two cores made a 401 that never read its body "hold" the loop
// 400 ms). So the figures the test holds are taken by ownClock (harness.ts): wall time less the
// time the kernel kept this thread waiting for a core. A timer every 5 ms notes the longest gap
// in the loop's turns by that clock (loopOwnMs); the histogram's wall figure is printed beside it
// (loopMaxMs), and on an idle machine the two agree.
//
// It prints one JSON line: the ten worst requests, with the load average.
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { asc, eq } from 'drizzle-orm';
import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, charities, classes, orders, pages, stories, students } from '../../server/db/schema';
import { DOCUMENT_FIELD, DOCUMENT_LIMITS } from '../../src/contract/document';
import { b64 } from '../support/ydoc';
import {
  OPERATIONS,
  answerProblems,
  callerFor,
  callerHeaders,
  deref,
  signInEveryone,
  type Caller,
  type JsonSchema,
  type Operation,
} from './contract';
import { asText, largest } from './fuzz-arbitraries';
import { GREENFIELD, TARGETS, ownClock, parsedAnswer, startServer, withHealth, within, type TestServer } from './harness';

/** How often the histogram samples the loop; a sample's delay is its interval less this. */
const RESOLUTION_MS = 5;
/** How often the own-time watch looks at the loop. */
const WATCH_MS = 5;
const LOOP_MAX_MS = 100;
const HEALTH_MAX_MS = 250;
/** Tries more for a request over a limit whose sending again repeats its work (see the test). */
const RETRIES = 2;
/**
 * Changes whose sending again does the same work: the same articles put in the same order again.
 * (POST /faqs/reorder/ with a 1 MB body once measured 181 ms at load average 9, beside the
 * end-to-end journeys; alone it takes a few milliseconds.)
 */
const REPEATABLE = new Set(['POST /faqs/reorder/']);

type Shape = 'largest' | 'deep' | 'many' | 'run' | 'doc-many' | 'doc-deep' | 'doc-run';

interface Sent {
  shape: Shape;
  caller: Caller;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Uint8Array<ArrayBuffer>;
}

interface Measured {
  operation: string;
  shape: Shape;
  caller: string;
  /** The loop's longest hold by ownClock (what the test holds to LOOP_MAX_MS). */
  loopOwnMs: number;
  /** The histogram's longest delay, wall clock. */
  loopMaxMs: number;
  healthMs: number;
  status: number;
  bytes: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A full garbage collection, run before a request when the one before sent megabytes (outside any
 * measured window): its garbage, and the test's copy of its body, are otherwise collected during
 * whichever request comes next, and the pause counted against that one.
 */
const collectGarbage = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();
const BIG_BODY = 2 * 1024 * 1024;

/** The longest the event loop went without turning, by ownClock: a timer notes each gap past its interval. */
function loopWatch() {
  let last = ownClock();
  let max = 0;
  const timer = setInterval(() => {
    const now = ownClock();
    max = Math.max(max, now - last - WATCH_MS);
    last = now;
  }, WATCH_MS);
  return {
    reset: () => ((last = ownClock()), (max = 0)),
    maxMs: () => max,
    stop: () => clearInterval(timer),
  };
}

// ---- JSON bodies at the limit ----------------------------------------------------------------

type Path = (string | number)[];
/** Where in `value` (made from `schema`) a field wanted by `wants` sits, if anywhere. */
function slotOf(input: JsonSchema, value: unknown, wants: (s: JsonSchema) => boolean, depth = 0): Path | undefined {
  const schema = deref(input);
  if (depth > 6) return undefined;
  if (wants(schema)) return [];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const option of (schema[key] ?? []) as JsonSchema[]) {
      const path = slotOf(option, value, wants, depth + 1);
      if (path) return path;
    }
  }
  if (schema.properties && value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [name, prop] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
      const path = name in value ? slotOf(prop, (value as Record<string, unknown>)[name], wants, depth + 1) : undefined;
      if (path) return [name, ...path];
    }
  }
  if (schema.items && Array.isArray(value) && value.length) {
    const path = slotOf(schema.items, value[0], wants, depth + 1);
    if (path) return [0, ...path];
  }
  return undefined;
}

const isFree = (s: JsonSchema) =>
  !s.type && !s.properties && !s.items && !s.anyOf && !s.oneOf && !s.allOf && !s.enum && s.const === undefined;
const isArray = (s: JsonSchema) => s.type === 'array';
const isText = (s: JsonSchema) => s.type === 'string' && !s.enum && !s.format && !s.pattern;

const MARK = '\u0001slot';
/** `value` with the field at `path` (or a new top-level field) marked, as JSON split around the mark. */
function around(value: unknown, path: Path | undefined): { before: string; after: string; at: unknown } {
  const copy = structuredClone(value) as any;
  let at: unknown;
  if (!path || !path.length) {
    if (copy && typeof copy === 'object' && !Array.isArray(copy) && !path) copy._ = MARK;
    else return { before: '', after: '', at: copy };
  } else {
    let parent = copy;
    for (const key of path.slice(0, -1)) parent = parent[key];
    at = parent[path.at(-1)!];
    parent[path.at(-1)!] = MARK;
  }
  const [before, after] = JSON.stringify(copy).split(JSON.stringify(MARK)) as [string, string];
  return { before, after, at };
}

async function piecesOf(res: Response): Promise<Uint8Array[]> {
  const pieces: Uint8Array[] = [];
  const reader = res.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) pieces.push(read.value);
  return pieces;
}

/** A buffer of exactly `bytes` bytes of `unit` repeated (whole units only). */
const repeat = (unit: string, bytes: number) => Buffer.alloc(Math.max(0, Math.floor(bytes / unit.length)) * unit.length, unit);

/** A JSON body of the shape asked, just under `limit` bytes. */
function jsonBody(op: Operation, shape: Shape, limit: number): Buffer {
  const schema = op.body!.schema;
  if (shape === 'largest') {
    for (let budget = limit; budget > 64; budget /= 2) {
      const text = JSON.stringify(largest(schema, budget));
      if (Buffer.byteLength(text) <= limit) return Buffer.from(text);
    }
    return Buffer.from('{}');
  }
  const base = largest(schema, 4_096);
  const wants = shape === 'deep' ? isFree : shape === 'many' ? isArray : isText;
  const { before, after, at } = around(base, slotOf(schema, base, wants));
  const room = limit - Buffer.byteLength(before) - Buffer.byteLength(after);
  let middle: Buffer[];
  if (shape === 'deep') middle = [repeat('[', room / 2), repeat(']', room / 2)];
  else if (shape === 'run') middle = [Buffer.from('"'), repeat('a', room - 2), Buffer.from('"')];
  else {
    const item = (Array.isArray(at) && at.length ? JSON.stringify(at[0]) : undefined) ?? '0';
    middle = [Buffer.from(`[${item}`), repeat(`,${item}`, room - item.length - 2), Buffer.from(']')];
  }
  return Buffer.concat([Buffer.from(before), ...middle, Buffer.from(after)]);
}

// ---- Multipart forms at the limit --------------------------------------------------------------

/** A file of the kind the operation reads, its content in the shape asked, of `bytes` bytes. */
function fileOf(op: Operation, shape: Shape, bytes: number): { type: string; name: string; content: Buffer } {
  const kind = op.path.includes('pdf')
    ? {
        type: 'application/pdf',
        name: 'book.pdf',
        head: '%PDF-1.7\n',
        tail: '\n%%EOF\n',
        many: '1 0 obj <<>> endobj\n',
        open: '[',
        shut: ']',
      }
    : op.path.includes('bulk-student')
      ? { type: 'text/csv', name: 'roster.csv', head: 'first_name,last_name\n', tail: '\n', many: 'Ada,Lo\n', open: ',', shut: ',' }
      : {
          type: 'image/svg+xml',
          name: 'logo.svg',
          head: '<svg xmlns="http://www.w3.org/2000/svg">',
          tail: '</svg>',
          many: '<rect/>',
          open: '<g>',
          shut: '</g>',
        };
  const room = bytes - kind.head.length - kind.tail.length;
  const middle =
    shape === 'deep'
      ? [repeat(kind.open, room / 2), repeat(kind.shut, room / 2)]
      : shape === 'run'
        ? [repeat('a', room)]
        : [repeat(kind.many, room)];
  return { type: kind.type, name: kind.name, content: Buffer.concat([Buffer.from(kind.head), ...middle, Buffer.from(kind.tail)]) };
}

const BOUNDARY = 'fuzz-loop-boundary';
/** A multipart form: every text field at its largest, every file field one file filling the rest of `limit`. */
function formBody(op: Operation, shape: Shape, limit: number): Buffer {
  const fields = Object.entries((deref(op.body!.schema).properties ?? {}) as Record<string, JsonSchema>);
  const texts = fields
    .filter(([, prop]) => prop.format !== 'binary')
    .map(([name, prop]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${asText(largest(prop, 1_000))}\r\n`);
  const files = fields.filter(([, prop]) => prop.format === 'binary').map(([name]) => name);
  const end = `--${BOUNDARY}--\r\n`;
  const heads = files.map((name) => ({ name, file: fileOf(op, shape, 0) }));
  const overhead =
    Buffer.byteLength(texts.join('') + end) +
    heads.reduce((n, h) => n + 120 + h.name.length + h.file.name.length + h.file.type.length + h.file.content.length, 0);
  const each = Math.floor((limit - overhead) / Math.max(files.length, 1));
  const parts = files.flatMap((name) => {
    const file = fileOf(op, shape, each);
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
    return [Buffer.from(head), file.content, Buffer.from('\r\n')];
  });
  return Buffer.concat([Buffer.from(texts.join('')), ...parts, Buffer.from(end)]);
}

// ---- Document changes (Yjs updates) at the limit -----------------------------------------------

/** A Yjs update of about `bytes` bytes: many short paragraphs, one long paragraph, or nesting. */
function documentUpdate(shape: Shape, bytes: number): Uint8Array {
  const ydoc = new Y.Doc();
  const fragment = ydoc.getXmlFragment(DOCUMENT_FIELD);
  const paragraph = (text: string) => {
    const p = new Y.XmlElement('paragraph');
    const t = new Y.XmlText();
    t.insert(0, text);
    p.insert(0, [t]);
    return p;
  };
  ydoc.transact(() => {
    if (shape === 'doc-run') fragment.insert(0, [paragraph('a'.repeat(bytes - 64))]);
    else if (shape === 'doc-many')
      fragment.insert(
        0,
        Array.from({ length: Math.floor(bytes / 16) }, () => paragraph('a')),
      );
    else {
      // As deep as Yjs itself can build (it integrates nested types recursively), not as the bytes allow.
      let inner: Y.XmlElement = paragraph('a');
      for (let i = 0; i < Math.min(bytes / 24, DOC_DEPTH); i++) {
        const quote = new Y.XmlElement('blockquote');
        quote.insert(0, [inner]);
        inner = quote;
      }
      fragment.insert(0, [inner]);
    }
  });
  return Y.encodeStateAsUpdate(ydoc);
}

const DOC_DEPTH = 300;
const updates = new Map<Shape, Uint8Array>();
/** The update of a shape, as large as one saved change may be (made once per run). */
function largestUpdate(shape: Shape): Uint8Array {
  let update = updates.get(shape);
  if (update) return update;
  let bytes = DOCUMENT_LIMITS.updateBytes;
  do {
    update = documentUpdate(shape, bytes);
    bytes = Math.floor((bytes * DOCUMENT_LIMITS.updateBytes * 0.97) / update.byteLength);
  } while (update.byteLength > DOCUMENT_LIMITS.updateBytes && shape !== 'doc-deep');
  updates.set(shape, update);
  return update;
}

// ---- The requests ------------------------------------------------------------------------------

/** Real rows of the demo data for path parameters, so requests reach real work and not only 404s. */
type Real = Record<
  | 'classId'
  | 'classCode'
  | 'student'
  | 'story'
  | 'storySlug'
  | 'draftSlug'
  | 'published'
  | 'book'
  | 'order'
  | 'charity'
  | 'charitySlug'
  | 'page',
  string
>;

function pathValue(op: Operation, name: string, real: Real): string {
  const where = op.path.slice(0, op.path.indexOf(`{${name}}`));
  if (name === 'classCode') return real.classCode;
  if (name === 'studentId' || /\/(students|manage_student|student-privacy-update|change-password)\/$/.test(where)) return real.student;
  if (/(classes|class|student-login-info|add-bulk-student-without-mail-to-class)\/$/.test(where)) return real.classId;
  if (/\/(reading|teacher)\/stories\/$/.test(where)) return name === 'slug' ? real.published : real.story;
  if (/\/stories\/$/.test(where)) return name === 'slug' ? real.storySlug : real.story;
  if (/\/book-drafts\/$/.test(where)) return real.draftSlug;
  if (/(books|book-reading|cart\/items)\/$/.test(where)) return real.book;
  if (/orders\/$/.test(where)) return real.order;
  if (/charities\/$/.test(where)) return name === 'charity' ? real.charitySlug : real.charity;
  if (/\/pages\/$/.test(where)) return real.page;
  return '1';
}

function urlOf(op: Operation, real: Real): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(pathValue(op, name, real)));
  const query = op.parameters
    .filter((p) => p.in === 'query')
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(asText(largest(p.schema, 2_000)))}`);
  return `/api${path}${query.length ? `?${query.join('&')}` : ''}`;
}

function shapesOf(op: Operation): Shape[] {
  if (!op.body || op.method === 'GET') return ['largest'];
  if (op.body.type === 'multipart/form-data') return ['many', 'deep', 'run'];
  const json: Shape[] = ['largest', 'deep', 'many', 'run'];
  return op.path.endsWith('/document/') ? [...json, 'doc-many', 'doc-deep', 'doc-run'] : json;
}

function bodyOf(op: Operation, shape: Shape): { body?: Buffer; type?: string } {
  if (!op.body || op.method === 'GET') return {};
  const limit = op.bodyLimit || 1_000_000;
  if (op.body.type === 'multipart/form-data')
    return { body: formBody(op, shape, limit), type: `multipart/form-data; boundary=${BOUNDARY}` };
  if (shape.startsWith('doc-'))
    return { body: Buffer.from(JSON.stringify({ update: b64(largestUpdate(shape)) })), type: 'application/json' };
  return { body: jsonBody(op, shape, limit), type: 'application/json' };
}

/** The requests for one operation: each shape as the caller it lets in, the largest shape anonymously too. */
function requestsOf(op: Operation, callers: Caller[], real: Real): (() => Sent)[] {
  const allowed = callerFor(op, callers);
  const anonymous = callers.find((c) => c.name === 'anonymous')!;
  const shapes = shapesOf(op);
  const plan: [Shape, Caller][] = [
    ...shapes.map((s): [Shape, Caller] => [s, allowed]),
    [shapes.includes('many') ? 'many' : shapes[0]!, anonymous],
  ];
  // Made when sent, so only one body at the limit is held at a time.
  return plan.map(([shape, caller]) => () => {
    const { body, type } = bodyOf(op, shape);
    const headers: Record<string, string> = {
      ...callerHeaders(caller),
      'idempotency-key': `fuzz-loop-${Math.random().toString(36).slice(2)}`,
    };
    if (caller.token) headers.authorization = `Bearer ${caller.token}`;
    if (type) headers['content-type'] = type;
    // As a browser sends it (the body limit reads the header; without it, it counts the stream).
    if (body) headers['content-length'] = String(body.length);
    const bytes = body && new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
    return { shape, caller, method: op.method, url: urlOf(op, real), headers, body: bytes };
  });
}

/** Deletions last: each runs on a real row the other operations still need. */
const ORDERED = [...OPERATIONS].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

/** FUZZ_ONLY=<regular expression>: only the operations ("PUT /book-drafts/{slug}/document/") it matches, to look at them. */
const CHOSEN = process.env.FUZZ_ONLY ? ORDERED.filter((op) => new RegExp(process.env.FUZZ_ONLY!).test(`${op.method} ${op.path}`)) : ORDERED;

describe.each(TARGETS)('the event loop under every operation at its limits on %s', (target) => {
  let server: TestServer;
  let callers: Caller[];
  let real: Real;
  const measured: Measured[] = [];
  let lastBytes = 0;
  /** The requests sent again (see RETRIES), with what their first try measured. */
  const remeasured: string[] = [];
  const started = Date.now();
  const loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  let watch: ReturnType<typeof loopWatch>;

  beforeAll(async () => {
    server = await startServer(target);
    callers = await signInEveryone(server);
    const teacher = callers.find((c) => c.name === 'teacher')!;
    const start = async (path: string, slug: string) => {
      const res = await server.call('POST', `/api${path}`, { host: GREENFIELD, token: teacher.token, json: { slug } });
      if (res.status !== 201) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body as { id: number; slug: string };
    };
    const story = await start('/stories/', 'loop-story-a1b2c3');
    await start('/book-drafts/', 'loop-book-a1b2c3');
    const db = server.database.db;
    const first = async <T>(rows: Promise<T[]>) => (await rows)[0]!;
    const [cls, student, published, book, order, charity, page] = await Promise.all([
      first(db.select({ id: classes.id, code: classes.class_id }).from(classes).where(eq(classes.class_id, 'ROBINS4'))),
      first(db.select({ id: students.user_id }).from(students).orderBy(asc(students.user_id)).limit(2).offset(1)),
      first(db.select({ slug: stories.slug }).from(stories).where(eq(stories.status, 'published')).orderBy(asc(stories.id)).limit(1)),
      first(db.select({ id: books.id }).from(books).orderBy(asc(books.id)).limit(1)),
      first(db.select({ id: orders.id }).from(orders).orderBy(asc(orders.id)).limit(1)),
      first(db.select({ id: charities.id, slug: charities.slug }).from(charities).orderBy(asc(charities.id)).limit(1)),
      first(db.select({ slug: pages.slug }).from(pages).orderBy(asc(pages.id)).limit(1)),
    ]);
    real = {
      classId: String(cls.id),
      classCode: cls.code,
      student: String(student.id),
      story: String(story.id),
      storySlug: story.slug,
      draftSlug: 'loop-book-a1b2c3',
      published: published?.slug ?? story.slug,
      book: String(book?.id ?? 1),
      order: String(order?.id ?? 1),
      charity: String(charity?.id ?? 1),
      charitySlug: charity?.slug ?? 'x',
      page: page?.slug ?? 'about',
    };
    loop.enable();
    watch = loopWatch();
  });

  afterAll(async () => {
    loop.disable();
    watch?.stop();
    const worst = [...measured].sort((a, b) => b.loopOwnMs - a.loopOwnMs || b.healthMs - a.healthMs).slice(0, 10);
    console.log(
      JSON.stringify({
        fuzzLoop: {
          target,
          operations: OPERATIONS.length,
          requests: measured.length,
          seconds: (Date.now() - started) / 1000,
          loadavg: loadavg().map((l) => Math.round(l * 100) / 100),
          remeasured,
          worst,
        },
      }),
    );
    await server?.close();
  });

  /** Sends one request with the loop watched: its answer and what it cost the loop. */
  async function measure(operation: string, req: Sent): Promise<{ answer: { status: number; body: any }; m: Measured }> {
    if (lastBytes >= BIG_BODY) collectGarbage();
    loop.reset();
    // The histogram counts a delay from its previous sample: let it take one before the request.
    await sleep(RESOLUTION_MS + 2);
    watch.reset();
    // The answer's bytes are gathered as they come and read after the measure: a client decoding
    // and parsing megabytes of JSON is not the server's work (this test's client shares its thread).
    const call = server
      .fetch(req.method, req.url, { host: req.caller.host, headers: req.headers, body: req.body })
      .then(async (res) => ({ status: res.status, pieces: await piecesOf(res) }));
    const what = `${operation} (${req.shape}) as ${req.caller.name}`;
    const { answer: sent, healthMaxMs } = await within(60_000, withHealth(server, call, ownClock), what);
    // And one after, so a block at the very end is counted.
    await sleep(RESOLUTION_MS + 5);
    lastBytes = req.body?.length ?? 0;
    const m: Measured = {
      operation,
      shape: req.shape,
      caller: req.caller.name,
      loopOwnMs: Math.round(watch.maxMs()),
      loopMaxMs: Math.round(Math.max(0, loop.max / 1e6 - RESOLUTION_MS)),
      healthMs: Math.round(healthMaxMs),
      status: sent.status,
      bytes: lastBytes,
    };
    return { answer: { status: sent.status, body: parsedAnswer(Buffer.concat(sent.pieces).toString()) }, m };
  }

  const tooSlow = (m: Measured) => m.loopOwnMs > LOOP_MAX_MS || m.healthMs > HEALTH_MAX_MS;

  it.each(CHOSEN.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s',
    async (operation, op) => {
      const failures: string[] = [];
      for (const make of requestsOf(op, callers, real)) {
        let req = make();
        let { answer, m } = await measure(operation, req);
        // A shared machine stalls a thread now and then in ways the kernel's run queue does not
        // show. A request over a limit is sent again, up to twice, where sending it again does
        // the same work (a read, a refusal, a document change: a Yjs update merged again changes
        // nothing, or a REPEATABLE change) and the best of the tries is kept: a real block comes
        // back every time. Each second try is counted in the JSON line.
        const first = m.loopOwnMs;
        const sameWork = op.method === 'GET' || answer.status >= 400 || req.shape.startsWith('doc-') || REPEATABLE.has(operation);
        let again = 0;
        for (; again < RETRIES && tooSlow(m) && sameWork; again++) {
          req = make();
          const next = await measure(operation, req);
          // A try within both limits is the best; between tries over them, the smaller sum.
          if (!tooSlow(next.m) || next.m.loopOwnMs + next.m.healthMs < m.loopOwnMs + m.healthMs) ({ answer, m } = next);
        }
        if (again)
          remeasured.push(`${operation} (${req.shape}) as ${req.caller.name}: ${first} ms, best of ${again + 1} ${m.loopOwnMs} ms`);
        measured.push(m);
        const what = `${operation} (${req.shape}, ${m.bytes} bytes) as ${req.caller.name}`;
        failures.push(...answerProblems(answer, what));
        if (m.loopOwnMs > LOOP_MAX_MS) failures.push(`${what}: held the event loop ${m.loopOwnMs} ms (answered ${answer.status})`);
        if (m.healthMs > HEALTH_MAX_MS) failures.push(`${what}: /api/health took ${m.healthMs} ms meanwhile`);
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );
});
