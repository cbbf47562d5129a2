// Fuzzing the whole contract. Every operation of openapi/openapi.json gets requests generated
// from its own schemas (fast-check): valid bodies, near misses, wrong types, malformed JSON, huge
// strings, unicode, null bytes, path tricks, odd content types and multipart garbage, with path
// parameters and query strings to match, as every demo role and anonymously, on school sites,
// the platform host and hosts that are no site at all. The API must never answer 5xx, every 4xx
// carries a JSON message, and /api/health answers within a second after each request.
//
// FUZZ_RUNS sets the number of requests per database (default 2,100 on PGlite, 700 on
// PostgreSQL); FUZZ_SEED replays a run (the seed is printed). Each file has its own fresh
// server, so the demo data this mutates is nobody else's.
import fc from 'fast-check';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, charities, classes, orders, pins, stories, students } from '../../server/db/schema';
import { TASK_MS } from '../../server/lib/cpu-pool';
import { OPERATIONS, answerProblems, callerHeaders, signInEveryone, type Caller, type Operation } from './contract';
import { anyString, asText, bodyText, contentTypes, formData, headerValue, mutated, nasty, valid } from './fuzz-arbitraries';
import { GREENFIELD, HILLSIDE, TARGETS, signIn, startServer, within, type TestServer } from './harness';

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20_261_124;
const runsFor = (target: string) => (process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : target === 'pglite' ? 2_100 : 700);

const HOSTS = [
  GREENFIELD,
  HILLSIDE,
  'riverbend.localhost',
  'localhost',
  '127.0.0.1:8080',
  'nowhere.localhost',
  'greenfield.evil.example',
  'GREENFIELD.localhost:8080',
];

interface FuzzRequest {
  caller: string;
  host: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
}

function encode(value: string, raw: boolean): string {
  if (raw) return value;
  try {
    return encodeURIComponent(value);
  } catch {
    return value; // a lone surrogate: send it as it is and let the URL parser cope
  }
}

function describeBody(body: FuzzRequest['body']): string {
  if (body === undefined) return '';
  if (typeof body === 'string') return body.slice(0, 200);
  return `form(${[...body.keys()].join(',')})`;
}

describe.each(TARGETS)('fuzzing every operation on %s', (target) => {
  let server: TestServer;
  let callers: Caller[];
  /** Real ids and codes of the demo data, so requests reach real rows, not only 404s. */
  let real: string[];
  const counts = { requests: 0, statuses: {} as Record<string, number> };
  const started = Date.now();
  const perOperation = Math.ceil(runsFor(target) / OPERATIONS.length);

  beforeAll(async () => {
    server = await startServer(target);
    callers = await signInEveryone(server);
    const db = server.database.db;
    const ids = await Promise.all([
      db.select({ v: classes.id }).from(classes).orderBy(asc(classes.id)).limit(5),
      db.select({ v: students.user_id }).from(students).orderBy(asc(students.user_id)).limit(8),
      db.select({ v: stories.id }).from(stories).orderBy(asc(stories.id)).limit(5),
      db.select({ v: books.id }).from(books).orderBy(asc(books.id)).limit(5),
      db.select({ v: orders.id }).from(orders).orderBy(asc(orders.id)).limit(5),
      db.select({ v: pins.id }).from(pins).orderBy(asc(pins.id)).limit(5),
    ]);
    const words = await Promise.all([
      db.select({ v: classes.class_id }).from(classes),
      db.select({ v: charities.slug }).from(charities),
      db.select({ v: stories.slug }).from(stories).limit(3),
    ]);
    real = [...ids.flat().map((r) => String(r.v)), ...words.flat().map((r) => String(r.v))];
  });

  afterAll(async () => {
    console.log(
      JSON.stringify({
        fuzz: {
          target,
          seed: SEED,
          requests: counts.requests,
          operations: OPERATIONS.length,
          seconds: (Date.now() - started) / 1000,
          statuses: counts.statuses,
        },
      }),
    );
    await server?.close();
  });

  /** A value for one path or query parameter: from its schema, a real id, or a nasty string. */
  function parameter(schema: Record<string, unknown>): fc.Arbitrary<{ value: string; raw: boolean }> {
    return fc.oneof(
      { weight: 3, arbitrary: valid(schema).map((v) => ({ value: asText(v), raw: false })) },
      { weight: 3, arbitrary: fc.constantFrom(...real).map((value) => ({ value, raw: false })) },
      { weight: 1, arbitrary: mutated(schema).map((v) => ({ value: asText(v), raw: false })) },
      { weight: 2, arbitrary: fc.tuple(nasty, fc.boolean()).map(([value, raw]) => ({ value, raw })) },
      { weight: 1, arbitrary: anyString.map((value) => ({ value, raw: false })) },
    );
  }

  /** The path of an operation with its parameters filled in. */
  function pathOf(op: Operation): fc.Arbitrary<string> {
    const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const schemas = names.map((n) => op.parameters.find((p) => p.in === 'path' && p.name === n)?.schema ?? { type: 'string' });
    if (!names.length) return fc.constant(op.path);
    return fc
      .tuple(...schemas.map(parameter))
      .map((values) => names.reduce((path, name, i) => path.replace(`{${name}}`, encode(values[i]!.value, values[i]!.raw) || ''), op.path));
  }

  function queryOf(op: Operation): fc.Arbitrary<string> {
    const params = op.parameters.filter((p) => p.in === 'query');
    const pairs = params.map((p) =>
      fc.option(
        parameter(p.schema).map(({ value, raw }) => `${encodeURIComponent(p.name)}=${encode(value, raw)}`),
        { nil: undefined, freq: 2 },
      ),
    );
    const extra = fc.array(
      fc.tuple(anyString, anyString).map(([k, v]) => `${encode(k.slice(0, 40), false)}=${encode(v, false)}`),
      { maxLength: 2 },
    );
    const repeated = params.length
      ? fc.option(fc.constantFrom(...params.map((p) => `${p.name}=1&${p.name}=2`)), { nil: undefined, freq: 4 })
      : fc.constant(undefined);
    return fc.tuple(fc.tuple(...pairs), extra, repeated).map(([given, more, twice]) => {
      const all = [...given, ...more, twice].filter((s): s is string => !!s);
      return all.length ? `?${all.join('&')}` : '';
    });
  }

  /** The outbox batch fuzzed from the inside: entries built from the outbox routes' own schemas. */
  function batchOfOutboxRoutes(owner: number | undefined): fc.Arbitrary<string> {
    const routes = OPERATIONS.filter((o) => o.outbox);
    const entry = fc.constantFrom(...routes).chain((route) =>
      fc.record({
        key: fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/),
        method: fc.constant(route.method),
        path: pathOf(route),
        body: route.body ? fc.oneof(valid(route.body.schema), mutated(route.body.schema)) : fc.constant(undefined),
      }),
    );
    return fc.array(entry, { minLength: 1, maxLength: 6 }).map((entries) => JSON.stringify({ owner: owner ?? 1, entries }));
  }

  function bodyOf(op: Operation, caller: Caller): fc.Arbitrary<{ body?: string | FormData; type?: string }> {
    if (op.method === 'GET' || op.method === 'HEAD') return fc.constant({});
    const schema = op.body?.schema ?? { type: 'object' };
    const json = op.path === '/outbox/batch/' ? fc.oneof(bodyText(schema), batchOfOutboxRoutes(caller.userId)) : bodyText(schema);
    const variants: fc.Arbitrary<{ body?: string | FormData; type?: string }>[] = [
      json.map((body) => ({ body, type: 'application/json' })),
      fc.tuple(json, contentTypes).map(([body, type]) => ({ body, type })),
      fc.constant({}),
      fc
        .constantFrom('--zzz\r\nContent-Disposition: form-data; name="file"\r\n\r\nx\r\n', '--zzz--', '\u0000\u0001\u0002', '--\r\n\r\n')
        .map((body) => ({ body, type: 'multipart/form-data; boundary=zzz' })),
    ];
    const form = formData(schema).map((body) => ({ body }));
    if (op.body?.type === 'multipart/form-data') variants.push(form, form, form);
    else variants.push(form);
    return fc.oneof(...variants);
  }

  function requestOf(op: Operation): fc.Arbitrary<FuzzRequest> {
    return fc.constantFrom(...callers).chain((caller) =>
      fc
        .record({
          host: fc.oneof({ weight: 6, arbitrary: fc.constant(caller.host) }, { weight: 2, arbitrary: fc.constantFrom(...HOSTS) }),
          path: pathOf(op),
          query: queryOf(op),
          body: bodyOf(op, caller),
          key: fc.option(headerValue, { nil: undefined, freq: 2 }),
          device: fc.option(headerValue, { nil: undefined, freq: 3 }),
          odd: fc.option(
            fc.constantFrom<[string, string]>(
              ['accept', 'application/xml'],
              ['x-forwarded-proto', 'https'],
              ['x-request-id', '../../x'],
              ['cookie', 'community_session=forged'],
              ['authorization', 'Bearer garbage'],
            ),
            { nil: undefined, freq: 5 },
          ),
          method: fc.oneof(
            { weight: 19, arbitrary: fc.constant(op.method) },
            { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') },
          ),
        })
        .map(({ host, path, query, body, key, device, odd, method }) => {
          const headers: Record<string, string> = { ...callerHeaders(caller) };
          if (caller.token) headers.authorization = `Bearer ${caller.token}`;
          if (key !== undefined) headers['idempotency-key'] = key;
          if (device !== undefined) headers['x-device-id'] = device;
          if (odd) headers[odd[0]] = odd[1];
          if (body.type) headers['content-type'] = body.type;
          const sendsBody = method !== 'GET' && method !== 'HEAD';
          return { caller: caller.name, host, method, url: `/api${path}${query}`, headers, body: sendsBody ? body.body : undefined };
        }),
    );
  }

  it.each(OPERATIONS.map((op, i) => [`${op.method} ${op.path}`, op, i] as const))(
    '%s',
    async (_name, op, index) => {
      const failures: string[] = [];
      const requests = fc.sample(requestOf(op), { numRuns: perOperation, seed: SEED + index });
      for (const req of requests) {
        const what = `${req.method} ${req.url.slice(0, 300)} as ${req.caller} on ${req.host} [${req.headers['content-type'] ?? '-'}] ${describeBody(req.body)}`;
        let res: Awaited<ReturnType<TestServer['call']>>;
        try {
          // Unanswered past the server's own cap on a worker's task (then it refuses): a hang. A
          // page's cleaning on a cold worker thread, beside the journeys on a slow machine, took 10 s.
          res = await within(
            TASK_MS + 5_000,
            server.call(req.method, req.url, { host: req.host, headers: req.headers, body: req.body }),
            what,
          );
        } catch (err) {
          // The HTTP client itself refusing a URL or header is not a request the API ever saw.
          if (err instanceof TypeError) continue;
          throw err;
        }
        counts.requests++;
        counts.statuses[res.status] = (counts.statuses[res.status] ?? 0) + 1;
        failures.push(...answerProblems(res, what));
        const health = await within(1_000, server.call('GET', '/api/health', { host: GREENFIELD }), `GET /api/health after ${what}`);
        if (health.status !== 200) failures.push(`health ${health.status} after ${what}`);
      }
      expect(failures.slice(0, 10), `seed ${SEED + index}, ${failures.length} failures`).toEqual([]);
    },
    300_000,
  );

  it('sent the requests it was asked for (the HTTP client refused hardly any)', () => {
    expect(counts.requests).toBeGreaterThanOrEqual(Math.floor(runsFor(target) * 0.95));
  });
});

// What the fuzzer found, kept as plain regressions (each failed before its fix).
describe.each(TARGETS)('inputs the fuzzer found on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(() => server.close());

  it('refuses a keyed change whose path holds a null character (%00) with a 400, alone or in a batch', async () => {
    const teacher = await signInEveryone(server).then((all) => all.find((c) => c.name === 'teacher')!);
    const alone = await server.call('POST', '/api/class/a%00b/bulk-add-students/', {
      host: GREENFIELD,
      token: teacher.token,
      json: { students: [] },
      headers: { 'idempotency-key': 'nul-path-alone' },
    });
    expect(alone.status).toBe(400);
    expect(alone.body.message).toBeTruthy();
    const batch = await server.call('POST', '/api/outbox/batch/', {
      host: GREENFIELD,
      token: teacher.token,
      json: {
        owner: teacher.userId,
        entries: [
          { key: 'nul-path-one', method: 'POST', path: '/class/a%00b/bulk-add-students/', body: {} },
          { key: 'nul-path-two', method: 'POST', path: '/data/cart/items/', body: { book_id: 31 } },
        ],
      },
    });
    expect(batch.status).toBe(200);
    expect(batch.body.results[0].status).toBe(400);
    expect(batch.body.results[0].body.message).toBeTruthy();
    expect(batch.body.results[1].status).toBe(200);
    expect((await server.call('GET', '/api/health', { host: GREENFIELD })).status).toBe(200);
  });

  it('refuses an updated_since the database cannot read (month 62, second 70, an id past the integer range) with a 400', async () => {
    const teacher = await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1');
    for (const path of ['/catalogue/stories/', '/books/', '/v1/teacher/school-classes/', '/api-admin/student/']) {
      for (const since of [
        '6067-07-62T18:30:70.47Z',
        '1931-21-45T40:17:12+12:40',
        '2026-02-30T00:00:00Z',
        '2026-01-01T00:00:00Z~9999999999',
      ]) {
        const res = await server.call('GET', `/api${path}?updated_since=${encodeURIComponent(since)}`, {
          host: GREENFIELD,
          token: teacher.access,
        });
        expect(res.status, `${path} ${since}`).toBe(400);
        expect(res.body.message).toMatch(/updated_since/);
      }
    }
    const fine = await server.call('GET', `/api/catalogue/stories/?updated_since=${encodeURIComponent('2024-02-29T23:59:59.5+01:00~7')}`, {
      host: GREENFIELD,
    });
    expect(fine.status).toBe(200);
  });
});
