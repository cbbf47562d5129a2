// Runs the real API in-process on a real database: PGlite always, and PostgreSQL too when
// DATABASE_URL answers (each test file gets its own fresh database, dropped afterwards). Each
// file's database starts as a copy of one migrated and seeded once per run (global-setup.ts).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { seed } from '../../server/db/seed';
import { deriveKeys } from '../../server/lib/crypto';
import { startCpuPool } from '../../server/lib/cpu-pool';
import type { Deps } from '../../server/http/env';

export type Target = 'pglite' | 'postgres';

/** The databases this run tests against. */
export const TARGETS: Target[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A new empty PostgreSQL database on DATABASE_URL's server, or a copy of `template`. */
export async function freshPostgres(template?: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL!;
  const name = `storynest_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestServer {
  deps: Deps;
  database: Database;
  /** Moves the server's clock (token expiry, rate-limit windows). */
  clock: { now: Date };
  call(
    method: string,
    path: string,
    options?: {
      host?: string;
      token?: string;
      json?: unknown;
      body?: BodyInit;
      headers?: Record<string, string>;
      /** The socket's remote address the request comes from (default TEST_ADDRESS). */
      address?: string;
    },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  /** The same request, answered as the Response itself (its body not yet read). */
  fetch(method: string, path: string, options?: Parameters<TestServer['call']>[2]): Promise<Response>;
  close(): Promise<void>;
}

/** How much of a long body arrives at once: about what a socket hands over. */
const ARRIVING = 64 * 1024;

/**
 * A body of bytes as it reaches the server over a network, a piece at a time (views, no copy):
 * given whole, the Request copies it on this thread first (62 MB: 200 ms of the event loop on a
 * machine slow to hand out fresh memory), which a server never does for what its socket receives.
 */
function asSent(body: BodyInit | undefined): { body?: BodyInit; duplex?: 'half' } {
  if (!(body instanceof Uint8Array) || body.byteLength <= ARRIVING) return { body };
  let at = 0;
  const pieces = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= body.byteLength) return controller.close();
      controller.enqueue(body.subarray(at, (at += ARRIVING)));
    },
  });
  return { body: pieces, duplex: 'half' };
}

/** What a test may put in: services (a print provider, a book content source, payment adapters) and environment settings. */
export type Extra = Pick<Deps, 'printProvider' | 'bookContent' | 'paymentAdapters' | 'resolveTxt'> & { env?: Record<string, string> };

export async function startServer(target: Target, extra: Extra = {}): Promise<TestServer> {
  // The worker pool's threads start while the database opens (a request's deadline never waits on them).
  const pool = startCpuPool();
  const seeded = await seededStart();
  const pgDb = target === 'postgres' ? await freshPostgres(seeded?.postgresTemplate) : undefined;
  const snapshot = target === 'pglite' && seeded ? new Blob([await readFile(seeded.pgliteSnapshot)]) : undefined;
  const database = await openDatabase(pgDb ? { url: pgDb.url } : { dataDir: 'memory://', loadDataDir: snapshot });
  // Opening still migrates, so a copy behind the migrations folder is brought up to date.
  if (target === 'pglite' ? !snapshot : !seeded?.postgresTemplate) await seedTestDatabase(database);
  const server = serveDatabase(database, 'test-secret', extra);
  await pool;
  return {
    ...server,
    async close() {
      await server.close();
      await pgDb?.drop();
    },
  };
}

/** The demo data every test file starts from. */
export async function seedTestDatabase(database: Database) {
  await seed(database.db, deriveKeys('test-secret').data, 'demo');
}

/**
 * What the suite's global setup made (undefined when the harness runs outside the server suite,
 * as in a benchmark: then each database is migrated and seeded on its own).
 */
async function seededStart() {
  try {
    const { inject } = await import('vitest');
    return { pgliteSnapshot: inject('pgliteSnapshot'), postgresTemplate: inject('postgresTemplate') };
  } catch {
    return undefined;
  }
}

/** The API in-process over a database that is already there (a restored backup), with its secret. */
export function serveDatabase(database: Database, secret: string, { env, ...extra }: Extra = {}): TestServer {
  const config = loadConfig({ SECRET_KEY: secret, DATA_DIR: '/nonexistent', ...env });
  const keys = deriveKeys(secret);
  const clock = { now: new Date() };
  const deps: Deps = { database, config, keys, now: () => clock.now, ...extra };
  const app = createApp(deps);
  const fetch: TestServer['fetch'] = (method, path, options = {}) => {
    const headers: Record<string, string> = { host: options.host ?? 'localhost', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    // What @hono/node-server gives the app: the incoming message and its socket.
    const env = { incoming: { socket: { remoteAddress: options.address ?? TEST_ADDRESS } } };
    return Promise.resolve(app.request(path, { method, headers, ...asSent(body) }, env));
  };
  return {
    deps,
    database,
    clock,
    fetch,
    async call(method, path, options = {}) {
      const res = await fetch(method, path, options);
      return { status: res.status, body: parsedAnswer(await res.text()), headers: res.headers };
    },
    async close() {
      await database.close();
    },
  };
}

export const GREENFIELD = 'greenfield.localhost';
/** Every test request's network address unless it names one (a documentation range). */
export const TEST_ADDRESS = '192.0.2.1';
export const HILLSIDE = 'hillside.localhost';
export const RIVERBEND = 'riverbend.localhost';

export async function signIn(server: TestServer, username: string, password: string, host = GREENFIELD) {
  const res = await server.call('POST', '/api/auth/token/', { host, json: { username, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { access: string; refresh: string; user: { id: number; role: string; language: string | null } };
}

/** A delivery address every country rule accepts, for book orders (printed copies). */
export const DELIVERY_ADDRESS = {
  name: 'Ada Parent',
  line1: '12 Garden Lane',
  city: 'Springfield',
  region: 'IL',
  postcode: '62704',
  country: 'US',
};

/** Resolves to the answer, or rejects when it takes longer than `ms` (a frozen API). */
export function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Runs `request` while asking /api/health every 20 ms (in-process, so a held event loop shows as
 * a slow answer); answers the request's answer and health's slowest answer, timed by `clock`
 * (milliseconds; ownClock leaves out the time a loaded machine did not run this thread).
 */
export async function withHealth<T>(
  server: TestServer,
  request: Promise<T>,
  clock: () => number = () => performance.now(),
): Promise<{ answer: T; healthMaxMs: number; healthCalls: number }> {
  let done = false;
  void request.finally(() => (done = true));
  const health: number[] = [];
  while (!done) {
    const t = clock();
    const res = await server.call('GET', '/api/health');
    if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
    health.push(clock() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { answer: await request, healthMaxMs: Math.max(0, ...health), healthCalls: health.length };
}

/**
 * Milliseconds of this thread's own time: the wall clock less the time the thread was ready to run
 * but waited for a core (Linux's /proc/thread-self/schedstat). On a shared, loaded machine a wall
 * figure mostly measures the other programs; this one is what the code took. Where the file cannot
 * be read it is the wall clock.
 */
export function ownClock(): number {
  let waitedNs = 0;
  try {
    waitedNs = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]);
  } catch {
    /* not Linux: wall time */
  }
  return performance.now() - waitedNs / 1e6;
}

/** An answer's text as JSON, or the text itself when it is not JSON (null when empty). */
export function parsedAnswer(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}
