// Several real API processes (server/main.ts): two starting at once on a fresh PostgreSQL
// database both migrate (under the advisory lock), seed once and share one secret; a process
// told to stop finishes the request it is serving before it exits; PostgreSQL connections carry
// the statement and idle-in-transaction timeouts.
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { freePort, killStarted, send, spawnProcess, untilHealthy, type Proc } from '../support/processes';
import { freshPostgres, startServer, type TestServer } from './harness';

const PG = process.env.DATABASE_URL;

const folders: string[] = [];

async function startProcess(env: Record<string, string>): Promise<Proc> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'storynest-proc-'));
  folders.push(dataDir);
  return spawnProcess(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    port,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', SECRET_KEY: '', LOG_LEVEL: 'info', ...env },
  });
}

afterAll(async () => {
  await killStarted();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(!PG)('two processes on one fresh PostgreSQL', () => {
  it('both start (migrations under the lock, one seed), and share the secret key from the database', async () => {
    const database = await freshPostgres();
    try {
      const [a, b] = await Promise.all([startProcess({ DATABASE_URL: database.url }), startProcess({ DATABASE_URL: database.url })]);
      await Promise.all([untilHealthy(a!), untilHealthy(b!)]);
      // A token signed by one process is good on the other, and a student's class password
      // (encrypted with the shared key) checks out on both.
      const signedIn = await send(a!.port, 'POST', '/api/auth/token/', {
        host: 'greenfield.localhost',
        json: { username: 'amara.okafor', password: 'kite-7' },
      });
      expect(signedIn.status).toBe(200);
      expect(
        (
          await send(b!.port, 'POST', '/api/auth/token/', {
            host: 'greenfield.localhost',
            json: { username: 'amara.okafor', password: 'kite-7' },
          })
        ).status,
      ).toBe(200);
      const onB = await send(b!.port, 'POST', '/api/auth/token/refresh/', {
        host: 'greenfield.localhost',
        json: { refresh: signedIn.body.refresh },
      });
      expect(onB.status).toBe(200);
      for (const proc of [a!, b!]) {
        process.kill(-proc.child.pid!, 'SIGTERM');
        expect(await proc.exited).toBe(0);
      }
      // Seeded once: the demo head teacher exists exactly once.
      const db = await openDatabase({ url: database.url });
      const counted = (await db.db.execute(
        sql`select count(*)::int as n from users where email = 'head@greenfield.example'`,
      )) as unknown as { rows: { n: number }[] };
      const [row] = counted.rows;
      expect(row!.n).toBe(1);
      await db.close();
    } finally {
      await database.drop();
    }
  }, 180_000);

  it('gives every pooled connection the statement and idle-in-transaction timeouts', async () => {
    const database = await freshPostgres();
    const db = await openDatabase({ url: database.url }, { timeoutMs: 300 });
    try {
      const shown = (await db.db.execute(
        sql`select current_setting('statement_timeout') as s, current_setting('idle_in_transaction_session_timeout') as i`,
      )) as unknown as {
        rows: object[];
      };
      expect(shown.rows[0]).toEqual({ s: '300ms', i: '300ms' });
      const failure = await db.db.execute(sql`select pg_sleep(2)`).then(
        () => null,
        (err: Error) => (err.cause as Error | undefined)?.message ?? err.message,
      );
      expect(failure).toMatch(/statement timeout/);
    } finally {
      await db.close();
      await database.drop();
    }
  });
});

describe('readiness', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterAll(() => server.close());

  it('answers 503 while the process drains, on any host, while liveness stays 200', async () => {
    let draining = false;
    const app = createApp({ ...server.deps, draining: () => draining });
    const probe = (path: string) => app.request(path, { headers: { host: '10.0.0.7:8080' } });
    expect((await probe('/api/ready')).status).toBe(200);
    draining = true;
    const ready = await probe('/api/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ message: 'Shutting down.' });
    expect((await probe('/api/health')).status).toBe(200);
  });
});

describe('stopping a process', () => {
  it('finishes the request it is serving, refuses new ones meanwhile, then exits cleanly', async () => {
    const proc = await startProcess({ SECRET_KEY: 'shutdown-test-secret', SHUTDOWN_GRACE_MS: '30000' });
    await untilHealthy(proc);
    // A sign-in whose body is still on its way: the server is serving it when told to stop.
    const body = JSON.stringify({ username: 'amara.okafor', password: 'kite-7' });
    let req!: ClientRequest;
    const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
      req = httpRequest(
        {
          host: '127.0.0.1',
          port: proc.port,
          method: 'POST',
          path: '/api/auth/token/',
          headers: { host: 'greenfield.localhost', 'content-type': 'application/json', 'content-length': String(body.length) },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
    });
    req.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 300));
    process.kill(-proc.child.pid!, 'SIGTERM');
    // Wait until the process says it is draining, then check it takes no new connection.
    for (let i = 0; i < 100 && !proc.output().includes('shutting down'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(proc.output()).toContain('shutting down');
    // Refused, or reset when the connection was already waiting in the listener's queue as it closed
    // (seen on a loaded machine): either way it is not served.
    await expect(send(proc.port, 'GET', '/api/health')).rejects.toThrow(/ECONNREFUSED|ECONNRESET/);
    expect(proc.child.exitCode).toBeNull();

    req.end(body.slice(10));
    const res = await answer;
    const answeredAt = Date.now();
    expect(res.status).toBe(200);
    expect(res.body.access).toEqual(expect.any(String));
    expect(await proc.exited).toBe(0);
    // It did not sit out the 30 s grace period once the request was answered.
    expect(Date.now() - answeredAt).toBeLessThan(15_000);
    const lines = proc
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    expect(lines.find((l) => l.msg === 'request' && l.path === '/api/auth/token/')).toMatchObject({
      status: 200,
      method: 'POST',
      tenant: 'greenfield',
    });
    expect(lines.at(-1)).toMatchObject({ msg: 'stopped' });
  }, 180_000);
});

describe.skipIf(!PG)("the server's pool on PostgreSQL", () => {
  // A new connection is a new PostgreSQL backend, slow for its first statements: the server opens
  // its pool at start and keeps it through a quiet spell (pg-pool closes idle ones after 10 s).
  it('opens every connection at start and keeps them open while idle', async () => {
    const database = await freshPostgres();
    const opened = await openDatabase({ url: database.url }, { max: 4, keepOpen: true });
    const connections = async () => {
      const others = (await opened.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      )) as unknown as { rows: { n: number }[] };
      return others.rows[0]!.n + 1;
    };
    try {
      expect(await connections()).toBe(4);
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      expect(await connections()).toBe(4);
    } finally {
      await opened.close();
      await database.drop();
    }
  }, 60_000);
});
