// `npm run bench:admin`: the generated admin lists over 100,000 users and 100,000 orders, on the
// real API in-process on PGlite (the embedded database; with DATABASE_URL, on PostgreSQL too).
// Times, as the server sees them (the request from its arrival to its last byte): the first page
// of the users list filtered by role, and of the orders list filtered by status (medians of 7
// after a warm-up), and the CSV export of every user (100,000+ rows), read as a stream, with the
// live heap's growth while it streams (garbage collected as it goes: it must stay far below the
// CSV's size, the rows are never all in memory). Prints one JSON object per database. Targets: first pages ≤ 150 ms; export ≤ 5 s.
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { seed } from '../server/db/seed';
import { deriveKeys } from '../server/lib/crypto';
import { report } from './harness';

const ROWS = 100_000;
const RUNS = 7;

async function fill(database: Database) {
  const db = database.db;
  await db.execute(sql`
    insert into users (tenant_id, role, email, first_name, last_name, country, date_joined)
    select (select min(id) from tenants), (array['teacher','school_admin','teacher_admin','student'])[1 + g % 4],
           'bench' || g || '@bench.example', 'First' || g, 'Last' || g, 'GB', now() - (g || ' minutes')::interval
    from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`
    insert into orders (tenant_id, user_id, kind, email, status, print_status, total_cents, created_at)
    select (select min(id) from tenants), null, (array['books','donation'])[1 + g % 2], 'buyer' || g || '@bench.example',
           (array['success','failed','cancelled','pending'])[1 + g % 4], case when g % 2 = 0 then 'paid' end, 500 + g % 5000,
           now() - (g || ' minutes')::interval
    from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`analyze`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (n: number) => Math.round(n * 10) / 10;

async function measure(target: string, database: Database) {
  const config = { ...loadConfig({ SECRET_KEY: 'bench-secret', DATA_DIR: '/nonexistent' }), requestTimeoutMs: 60_000 };
  const keys = deriveKeys('bench-secret');
  await seed(database.db, keys.data, 'demo');
  await fill(database);
  const app = createApp({ database, config, keys, now: () => new Date() });
  const signIn = await app.request('/api/auth/token/', {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@example.com', password: 'Admin-demo-1' }),
  });
  const { access } = (await signIn.json()) as { access: string };
  const headers = { host: 'localhost', authorization: `Bearer ${access}` };

  async function firstPage(path: string) {
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i <= RUNS; i++) {
      const t0 = performance.now();
      const res = await app.request(path, { headers });
      const body = (await res.json()) as { count: number; results: unknown[] };
      if (res.status !== 200 || body.results.length !== 20) throw new Error(`${path}: ${res.status}`);
      if (i > 0) times.push(performance.now() - t0);
      count = body.count;
    }
    return { ms: round(median(times)), count };
  }

  const users = await firstPage('/api/api-super-admin/users/?role=teacher');
  const orders = await firstPage('/api/api-super-admin/orders/?status=success');
  const usersSearch = await firstPage('/api/api-super-admin/users/?search=first12&ordering=-date_joined');

  /** Reads the export to its end; with `gcEvery`, collects garbage and notes the live heap. */
  async function exportUsers(gcEvery?: number) {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const t0 = performance.now();
    const res = await app.request('/api/api-super-admin/users/export/', { headers });
    const reader = res.body!.getReader();
    let bytes = 0;
    let chunks = 0;
    let lines = 0;
    let firstChunkMs = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!chunks) firstChunkMs = performance.now() - t0;
      chunks++;
      bytes += value.byteLength;
      for (const b of value) if (b === 10) lines++;
      if (gcEvery && gc && chunks % gcEvery === 0) {
        gc();
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      }
    }
    return { ms: performance.now() - t0, firstChunkMs, chunks, lines, bytes, liveHeapGrowth: heapPeak - heapBefore };
  }
  const timed = await exportUsers();
  // A second pass measures what stays alive while streaming (garbage collected every 2 chunks).
  const held = await exportUsers(2);
  const exportMs = timed.ms;
  const { firstChunkMs, chunks, lines, bytes } = timed;
  const csvMiB = bytes / 1024 / 1024;
  const heapGrowthMiB = held.liveHeapGrowth / 1024 / 1024;

  const result = {
    database: target,
    users: users.count,
    orders: orders.count,
    usersFirstPageByRoleMs: users.ms,
    ordersFirstPageByStatusMs: orders.ms,
    usersSearchFirstPageMs: usersSearch.ms,
    exportRows: lines - 1,
    exportMs: Math.round(exportMs),
    exportFirstChunkMs: round(firstChunkMs),
    exportChunks: chunks,
    exportCsvMiB: round(csvMiB),
    exportLiveHeapGrowthMiB: round(heapGrowthMiB),
  };
  report('admin', result, {
    usersFirstPageUnder150Ms: users.ms <= 150,
    ordersFirstPageUnder150Ms: orders.ms <= 150,
    exportOver100kRows: lines - 1 >= ROWS,
    exportUnder5s: exportMs <= 5000,
    exportStreamed: chunks > 10 && firstChunkMs < exportMs / 4,
    exportNotAllInMemory: heapGrowthMiB < csvMiB / 4,
  });
}

const pglite = await openDatabase({ dataDir: 'memory://' });
try {
  await measure('pglite', pglite);
} finally {
  await pglite.close();
}

if (process.env.DATABASE_URL) {
  const name = `storynest_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    await measure('postgres', database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
