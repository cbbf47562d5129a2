// `npm run bench:load`: a class-start burst against two API processes on one PostgreSQL (a fresh
// database made for the run) behind one port (a small Node proxy, round robin), then the same
// burst while one process is killed, then the burst against one process on PGlite. Prints one
// JSON object; a missed target makes the exit code 1.
//
// Each server meets two bells: the first right after it starts (`…ColdStart`: its code not yet
// compiled by V8's optimiser), and a later one after QUIET_SECONDS with no request (the bell of a
// server that has been running, over pooled connections that waited through the quiet). The
// targets hold for both.
//
// The burst: 30 children of each of 20 classes (SEED_SCALE=load: LOAD01..LOAD20 at Greenfield)
// arrive over BURST_SECONDS; each child looks the class code up (the roster's first page), finds
// their name (the roster searched), signs in with their class password, and sends three changes
// through POST /api/outbox/batch/, each with its own Idempotency-Key: add book X, add book Y,
// take X out again. Afterwards every child's cart must hold Y and not X: a lost change leaves Y
// out or X in; a change applied twice (an add replayed after its removal) puts X back.
// A request that fails (a lost connection, 502/503) is retried with the same key, as the PWA's
// outbox does. The children's addresses are realistic: each class's tablets sit behind their
// school's address (X-Forwarded-For, believed with TRUST_PROXY=1), and each tablet sends its
// X-Device-Id; all sign-ins are correct, so no sign-in throttle ever counts them.
//
// Targets: p99 < 250 ms; no errors but the killed process's in-flight requests; 0 lost; 0 doubled;
// each server's resident memory under 300 MB once ready and at its peak over the run (VmHWM).
// LOAD_NODE_ARGS: more Node options for the servers, space-separated (to try a V8 setting).
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { startFreshServer, type FreshServer } from '../scripts/serve-fresh';
import { memoryMB, requestOver, type HttpAnswer } from './harness';

const ADMIN_URL = process.env.LOAD_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLASSES = Number(process.env.LOAD_CLASSES ?? 20);
const CHILDREN = 30;
/** Which parts to run (comma-separated): postgres, killed, pglite; all three by default. */
const PHASES = new Set((process.env.LOAD_PHASES ?? 'postgres,killed,pglite').split(','));
/** A folder for each server's V8 CPU profile (--cpu-prof), written when the server stops. */
const PROFILE_DIR = process.env.LOAD_PROFILE_DIR;
const BURST_SECONDS = Number(process.env.BURST_SECONDS ?? 6);
/** The quiet between a server's first bell and the next (longer than pg-pool's 10 s idle timeout). */
const QUIET_SECONDS = Number(process.env.QUIET_SECONDS ?? 15);
const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_SECONDS * 1000));
const SECRET = 'load-bench-secret';
const HOST = 'greenfield.localhost';

/** CPU seconds (user + system) of each process whose name is `name` (or of the given pids). */
function cpuSeconds(which: { name: string } | { pids: number[] }): Map<number, number> {
  const pids =
    'pids' in which
      ? which.pids
      : readdirSync('/proc')
          .filter((d) => /^\d+$/.test(d))
          .map(Number);
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if ('name' in which && !stat.startsWith(`${pid} (${which.name})`)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** The CPU milliseconds per request spent by the API processes, by PostgreSQL and by this benchmark (client and proxy) over `run`. */
async function cpuPerRequest<T extends { requests: number }>(serverPids: number[], run: () => Promise<T>) {
  const groups = () => ({
    api: cpuSeconds({ pids: serverPids }),
    postgres: cpuSeconds({ name: 'postgres' }),
    bench: cpuSeconds({ pids: [process.pid] }),
  });
  const before = groups();
  const result = await run();
  const after = groups();
  const spent = (name: keyof typeof before) => [...after[name]].reduce((sum, [pid, s]) => sum + s - (before[name].get(pid) ?? 0), 0);
  const perRequest = (name: keyof typeof before) => Math.round((spent(name) * 1000 * 100) / result.requests) / 100;
  return { ...result, cpuMsPerRequest: { api: perRequest('api'), postgres: perRequest('postgres'), bench: perRequest('bench') } };
}

interface Answer extends HttpAnswer {
  /** The proxy lost the backend while this request was in flight (it may have been applied), or the connection failed. */
  lost: boolean;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One request to the school's site (through the proxy); `lost` when the backend or the connection went. */
async function request(port: number, method: string, path: string, headers: Record<string, string>, json?: unknown): Promise<Answer> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  const answer = await requestOver(
    agent,
    port,
    HOST,
    method,
    path,
    { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body,
  );
  return { ...answer, ...(answer.failed ? { status: 0 } : {}), lost: answer.failed || answer.headers['x-proxy'] === 'backend-lost' };
}

/**
 * One port in front of the API processes, round robin. A backend that refuses the connection is
 * skipped from then on (the request never reached it, so it is safe to send elsewhere); a backend
 * lost while a request was in flight answers 502 marked `x-proxy: backend-lost`, and the client retries.
 */
async function startProxy(backends: number[]) {
  const port = await freePort();
  const alive = backends.map(() => true);
  const upstream = new http.Agent({ keepAlive: true, maxSockets: 128 });
  let next = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tries: number) => {
        const candidates = backends.map((_, i) => i).filter((i) => alive[i]);
        if (!candidates.length || tries > backends.length) {
          res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'No API process answers.' }));
          return;
        }
        const i = candidates[next++ % candidates.length]!;
        const up = http.request(
          { host: '127.0.0.1', port: backends[i], method: req.method, path: req.url, headers: req.headers, agent: upstream },
          (r) => {
            res.writeHead(r.statusCode ?? 502, r.headers);
            r.pipe(res);
          },
        );
        up.on('error', (err: NodeJS.ErrnoException) => {
          if (res.headersSent) return res.destroy();
          // Refused: the connection was never made, so the request cannot have been applied.
          if (err.code === 'ECONNREFUSED') {
            alive[i] = false;
            return attempt(tries + 1);
          }
          // Lost mid-request (reset, hang-up): answered as lost, and the client retries with the same
          // key. The backend is not given up for it: a reused keep-alive connection the server had
          // just closed fails this way too, and only a refused connection says the process is gone.
          res
            .writeHead(502, { 'content-type': 'application/json', 'x-proxy': 'backend-lost' })
            .end(JSON.stringify({ message: 'The API process went away.' }));
        });
        up.end(body);
      };
      attempt(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

interface Child {
  code: string;
  classIndex: number;
  index: number;
  username: string;
  first_name: string;
  password: string;
}

/** The children of the load classes and their class passwords, as the teacher's login cards show them. */
async function children(port: number): Promise<Child[]> {
  const teacher = await request(port, 'POST', '/api/auth/token/', {}, { username: 'teacher@greenfield.example', password: 'Teach-demo-1' });
  if (teacher.status !== 200) throw new Error(`teacher sign-in: ${teacher.status} ${JSON.stringify(teacher.body)}`);
  const auth = { authorization: `Bearer ${teacher.body.access}` };
  const classes = await request(port, 'GET', '/api/v1/teacher/school-classes/?limit=100', auth);
  const list = (classes.body.results ?? classes.body.data ?? classes.body) as { id: number; class_id: string }[];
  const out: Child[] = [];
  for (let c = 1; c <= CLASSES; c++) {
    const code = `LOAD${String(c).padStart(2, '0')}`;
    const cls = list.find((k) => k.class_id === code);
    if (!cls) throw new Error(`class ${code} is missing: was the server seeded with SEED_SCALE=load?`);
    const cards = await request(port, 'GET', `/api/v1/teacher/student-login-info/${cls.id}/?limit=100`, auth);
    const rows = cards.body.results as { username: string; first_name: string; password: string }[];
    rows
      .slice(0, CHILDREN)
      .forEach((r, i) => out.push({ code, classIndex: c, index: i, username: r.username, first_name: r.first_name, password: r.password }));
  }
  return out;
}

async function publishedBooks(port: number): Promise<number[]> {
  const res = await request(port, 'GET', '/api/books/?limit=1000', {});
  const rows = (res.body.results ?? res.body.data ?? res.body) as { id: number }[];
  return rows.map((b) => b.id);
}

interface BurstResult {
  children: number;
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** p50 and p99 of each step of a child's start: roster, search, sign-in, write. */
  byStep: Record<string, { p50Ms: number; p99Ms: number }>;
  errors: number;
  /** The errors by status and message ("503 The server is busy…"): a refusal a user would see, never unnamed. */
  errorsBy: Record<string, number>;
  killedInFlight: number;
  retries: number;
  lost: number;
  doubled: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

/**
 * The burst. `round` keeps each burst's keys and books apart; `onProgress` sees how many children
 * have finished (the kill is triggered from it).
 */
async function burst(
  port: number,
  kids: Child[],
  books: number[],
  round: number,
  onProgress?: (done: number) => void,
): Promise<BurstResult> {
  const latencies: number[] = [];
  const byStep: Record<string, number[]> = {};
  let errors = 0;
  const errorsBy: Record<string, number> = {};
  let killedInFlight = 0;
  let retries = 0;
  let done = 0;
  const runId = randomBytes(4).toString('hex');
  const tokens = new Map<string, string>();
  const bookOf = (kid: Child, which: 0 | 1) =>
    books[(((kid.classIndex - 1) * CHILDREN + kid.index) * 4 + round * 2 + which) % books.length]!;

  /** Sends until the answer is not a lost connection or 502/503 (the PWA retries with the same key). */
  async function send(step: string, method: string, path: string, headers: Record<string, string>, json?: unknown): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const answer = await request(port, method, path, headers, json);
      if (answer.lost) killedInFlight++;
      else if (answer.status >= 400 || answer.status === 0) {
        errors++;
        const why = `${answer.status} ${String((answer.body as { message?: unknown } | undefined)?.message ?? '').slice(0, 80)}`.trim();
        errorsBy[why] = (errorsBy[why] ?? 0) + 1;
      } else {
        latencies.push(answer.ms);
        (byStep[step] ??= []).push(answer.ms);
      }
      const retry = answer.lost || answer.status === 0 || answer.status === 502 || answer.status === 503;
      if (!retry || attempt >= 5) return answer;
      retries++;
      await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }

  async function child(kid: Child) {
    const school = `10.${20 + (kid.classIndex % 5)}.0.1`;
    const device = { 'x-forwarded-for': school, 'x-device-id': `tablet-${kid.classIndex}-${kid.index}` };
    await send('roster', 'GET', `/api/list-student-in-class/${kid.code}/?limit=20&offset=0`, device);
    await send(
      'search',
      'GET',
      `/api/list-student-in-class/${kid.code}/?limit=20&offset=0&search=${encodeURIComponent(kid.first_name)}`,
      device,
    );
    const signIn = await send('sign-in', 'POST', '/api/auth/token/', device, { username: kid.username, password: kid.password });
    if (signIn.status !== 200) return;
    const { access, user } = signIn.body as { access: string; user: { id: number } };
    tokens.set(kid.username, access);
    const auth = { ...device, authorization: `Bearer ${access}` };
    const [x, y] = [bookOf(kid, 0), bookOf(kid, 1)];
    const changes = [
      { method: 'POST', path: '/data/cart/items/', body: { book_id: x } },
      { method: 'POST', path: '/data/cart/items/', body: { book_id: y } },
      { method: 'DELETE', path: `/data/cart/items/${x}/`, body: null },
    ];
    for (const [i, change] of changes.entries()) {
      const key = `load-${runId}-${kid.username.replace(/[^A-Za-z0-9_-]/g, '_')}-${i}`.slice(0, 100);
      await send('write', 'POST', '/api/outbox/batch/', auth, { owner: user.id, entries: [{ key, ...change }] });
    }
  }

  const started = performance.now();
  const spacing = (BURST_SECONDS * 1000) / kids.length;
  await Promise.all(
    kids.map(async (kid, i) => {
      await new Promise((r) => setTimeout(r, i * spacing));
      await child(kid);
      onProgress?.(++done);
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  // Every child's cart, read back: Y in it and X not (see the header).
  let lost = 0;
  let doubled = 0;
  for (const kid of kids) {
    const token = tokens.get(kid.username);
    if (!token) {
      lost += 3; // never signed in: none of their three changes arrived
      continue;
    }
    const cart = await request(port, 'GET', '/api/data/cart/', { authorization: `Bearer ${token}` });
    const items = new Set<number>((cart.body?.cart ?? []) as number[]);
    if (!items.has(bookOf(kid, 1))) lost++;
    if (items.has(bookOf(kid, 0))) doubled++;
  }
  latencies.sort((a, b) => a - b);
  const requests = latencies.length + errors + killedInFlight;
  return {
    children: kids.length,
    requests,
    seconds: Math.round(seconds * 100) / 100,
    requestsPerSecond: Math.round(requests / seconds),
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    byStep: Object.fromEntries(
      Object.entries(byStep).map(([step, ms]) => {
        ms.sort((a, b) => a - b);
        return [step, { p50Ms: percentile(ms, 50), p99Ms: percentile(ms, 99) }];
      }),
    ),
    errors,
    errorsBy,
    killedInFlight,
    retries,
    lost,
    doubled,
  };
}

async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `storynest_load_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Keys recorded in the database for this run's changes, and how many of them answered 2xx. */
async function recordedKeys(url: string): Promise<{ keys: number; applied: number }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query(
    `select count(*)::int as keys, count(*) filter (where status_code between 200 and 299)::int as applied from idempotency_keys where key like 'load-%'`,
  );
  await c.end();
  return rows[0] as { keys: number; applied: number };
}

const profile = (name: string): string[] => [
  ...(process.env.LOAD_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}/${name}`] : []),
];
const env = { SEED_SCALE: 'load', SECRET_KEY: SECRET, TRUST_PROXY: '1' };
const servers: FreshServer[] = [];
// The machine's load when the run began: on a shared box the latencies mean little without it.
const loadBefore = loadavg().map((l) => Math.round(l * 10) / 10);
const db = await freshDatabase();
let exit = 0;

/** Each server's memory: resident once ready (at rest) and its peak over the run (VmHWM), in MB. */
const memory: Record<string, { restMB: number | null; peakMB: number | null }> = {};
const atRest = (name: string, s: FreshServer) => (memory[name] = { restMB: memoryMB(s.pid, 'VmRSS'), peakMB: null });
const atPeak = (name: string, s: FreshServer) => (memory[name]!.peakMB = memoryMB(s.pid, 'VmHWM'));

try {
  const result: Record<string, unknown> = {};
  const targets: Record<string, boolean> = {};
  const expectedKeys = (PHASES.has('postgres') ? 2 : 0) + (PHASES.has('killed') ? 1 : 0);
  /** Each target met by every one of `bursts`. */
  const meets = (bursts: BurstResult[]) => ({
    p99Under250Ms: bursts.every((r) => r.p99Ms < 250),
    noErrors: bursts.every((r) => r.errors === 0),
    noneLost: bursts.every((r) => r.lost === 0),
    noneDoubled: bursts.every((r) => r.doubled === 0),
  });
  if (PHASES.has('postgres') || PHASES.has('killed')) {
    // The first process migrates and seeds; the second starts on the ready database.
    const a = await startFreshServer({ ...env, DATABASE_URL: db.url }, profile('postgres-a'));
    servers.push(a);
    const b = await startFreshServer({ ...env, DATABASE_URL: db.url }, profile('postgres-b'));
    servers.push(b);
    atRest('postgresA', a);
    atRest('postgresB', b);
    const proxy = await startProxy([a.port, b.port]);
    const kids = await children(proxy.port);
    const books = await publishedBooks(proxy.port);
    if (books.length < 4) throw new Error(`only ${books.length} books on sale`);

    if (PHASES.has('postgres')) {
      const cold = await cpuPerRequest([a.pid, b.pid], () => burst(proxy.port, kids, books, 0));
      await quiet();
      // Round 2: each child's X and Y are books no round before put in that child's cart.
      const later = await cpuPerRequest([a.pid, b.pid], () => burst(proxy.port, kids, books, 2));
      result.postgres2ProcessesColdStart = cold;
      result.postgres2Processes = later;
      Object.assign(targets, meets([cold, later]));
    }
    if (PHASES.has('killed')) {
      let killedAt = 0;
      const killed = await burst(proxy.port, kids, books, 1, (done) => {
        if (!killedAt && done >= kids.length / 3) {
          killedAt = done;
          atPeak('postgresB', b);
          process.kill(b.pid, 'SIGKILL');
        }
      });
      result.postgres2ProcessesOneKilled = { ...killed, killedAfterChildren: killedAt };
      targets.p99Under250Ms = (targets.p99Under250Ms ?? true) && killed.p99Ms < 250;
      targets.noErrors = (targets.noErrors ?? true) && killed.errors === 0;
      targets.noneLost = (targets.noneLost ?? true) && killed.lost === 0;
      targets.noneDoubled = (targets.noneDoubled ?? true) && killed.doubled === 0;
    }
    const keys = await recordedKeys(db.url);
    const expected = kids.length * 3 * expectedKeys;
    result.keys = { recorded: keys.keys, applied: keys.applied, expected };
    targets.noneLost &&= keys.applied === expected;
    targets.noneDoubled &&= keys.keys === expected;
    atPeak('postgresA', a);
    memory.postgresB!.peakMB ??= memoryMB(b.pid, 'VmHWM');
    await proxy.close();
    for (const s of servers.splice(0)) await s.stop();
  }

  if (PHASES.has('pglite')) {
    const lite = await startFreshServer({ ...env }, profile('pglite'));
    servers.push(lite);
    atRest('pglite', lite);
    const liteKids = await children(lite.port);
    const liteBooks = await publishedBooks(lite.port);
    const cold = await cpuPerRequest([lite.pid], () => burst(lite.port, liteKids, liteBooks, 0));
    await quiet();
    const later = await cpuPerRequest([lite.pid], () => burst(lite.port, liteKids, liteBooks, 2));
    atPeak('pglite', lite);
    result.pglite1ProcessColdStart = cold;
    result.pglite1Process = later;
    const met = meets([cold, later]);
    targets.pgliteP99Under250Ms = met.p99Under250Ms;
    targets.pgliteNoErrorsLostOrDoubled = met.noErrors && met.noneLost && met.noneDoubled;
  }

  targets.memoryUnder300MB = Object.values(memory).every((m) => (m.restMB ?? Infinity) < 300 && (m.peakMB ?? Infinity) < 300);
  console.log(
    JSON.stringify(
      {
        benchmark: 'load',
        machine: { cores: cpus().length, loadAverageBefore: loadBefore, loadAverageAfter: loadavg().map((l) => Math.round(l * 10) / 10) },
        burst: { classes: CLASSES, childrenPerClass: CHILDREN, arrivalSeconds: BURST_SECONDS, requestsPerChild: 6, writesPerChild: 3 },
        ...result,
        serverMemoryMB: memory,
        targets,
      },
      null,
      2,
    ),
  );
  if (Object.values(targets).includes(false)) exit = 1;
} finally {
  for (const s of servers) await s.stop().catch(() => undefined);
  await db.drop();
  agent.destroy();
}
process.exit(exit);
