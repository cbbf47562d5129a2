// Before the server takes its first request it runs a class's start many times: a school of its
// own, made inside one transaction that is then rolled back, whose children look their class up,
// find their names, sign in and send three changes each through the outbox batch, through the
// whole app (the same code every real request runs). A fresh process runs JavaScript that V8 has
// not yet compiled for speed, and spent about 1.5 times the CPU per request of a process that
// has served a while: a bell right after a restart (a deploy at five to nine) met a server that
// could not keep up (bench:load, 2 processes on PostgreSQL: p99 440-1,117 ms on the first bell,
// 25-59 ms on the next). Production services do the same (a readiness that waits for warm-up).
//
// Nothing of it stays: the school, its children, their sign-ins and carts are rolled back; the
// app it ran through is its own (its own tenant cache and metrics), its log is silent, and the
// sign-ins it made are forgotten.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { TransactionRollbackError } from 'drizzle-orm';
import pino from 'pino';
import { createApp } from './app';
import { POOL_SIZE, type Tx } from './db/client';
import { books, classes, students, tenants, users } from './db/schema';
import { forgetSessions } from './http/context';
import type { Deps } from './http/env';
import { encryptText } from './lib/crypto';

/** Children in the warm-up's class; the runs go round them. */
const CLASS_SIZE = 30;
/** Books on sale at the warm-up's school: each run adds two and takes one out. */
const BOOKS = 4;

interface WarmSchool {
  /** What makes its names its own (its subdomain, class code, usernames, change keys). */
  tag: string;
  host: string;
  code: string;
  children: { id: number; username: string; first_name: string; password: string }[];
  books: number[];
}

/** A school with one class of CLASS_SIZE children and BOOKS books on sale, in `tx`. */
async function makeSchool(tx: Tx, dataKey: Buffer, siteDomain: string): Promise<WarmSchool> {
  // Its own names, so processes starting together on one PostgreSQL never wait on each other.
  const tag = randomBytes(6).toString('hex');
  const [tenant] = await tx
    .insert(tenants)
    .values({ subdomain: `warm-up-${tag}`, school_name: 'Warm-up', school_email: 'warm-up@example.invalid', is_organization: false })
    .returning({ id: tenants.id });
  const tenant_id = tenant!.id;
  const code = `WARM${tag}`.toUpperCase();
  const [cls] = await tx.insert(classes).values({ tenant_id, class_id: code, name: 'Warm-up' }).returning({ id: classes.id });
  const names = Array.from({ length: CLASS_SIZE }, (_, i) => ({
    first_name: `Child${i}`,
    username: `child${i}-${tag}`,
    password: `warm-${i}`,
  }));
  const ids = await tx
    .insert(users)
    .values(names.map((n) => ({ tenant_id, role: 'student' as const, username: n.username, first_name: n.first_name, last_name: 'Warm' })))
    .returning({ id: users.id });
  await tx
    .insert(students)
    .values(
      ids.map(({ id }, i) => ({ user_id: id, tenant_id, class_id: cls!.id, password_encrypted: encryptText(dataKey, names[i]!.password) })),
    );
  const onSale = await tx
    .insert(books)
    .values(
      Array.from({ length: BOOKS }, (_, i) => ({
        tenant_id,
        title: `Warm-up ${i}`,
        author: 'Warm-up',
        price_cents: 100,
        cover: '',
        published: true,
      })),
    )
    .returning({ id: books.id });
  return {
    tag,
    host: `warm-up-${tag}.${siteDomain}`,
    code,
    children: names.map((n, i) => ({ ...n, id: ids[i]!.id })),
    books: onSale.map((b) => b.id),
  };
}

/**
 * Runs `runs` children's class starts (at least one) and returns how many requests
 * were answered; a request that fails stops the warm-up with an error (the server would fail its
 * children too). On PostgreSQL they run in POOL_SIZE lanes at once, each its own school and
 * transaction, so every pooled connection (a PostgreSQL backend, with its own caches and named
 * statements) has served a class start too; PGlite has one connection, and one lane.
 */
export async function warmUp(deps: Deps, runs: number): Promise<number> {
  const lanes = deps.database.kind === 'postgres' ? POOL_SIZE : 1;
  const total = Math.max(1, runs);
  try {
    // The runs shared out: a lane with none is not opened.
    const shares = Array.from({ length: lanes }, (_, i) => Math.floor(total / lanes) + (i < total % lanes ? 1 : 0)).filter(Boolean);
    const answered = await Promise.all(shares.map((share) => warmLane(deps, share)));
    return answered.reduce((a, b) => a + b, 0);
  } finally {
    forgetSessions();
  }
}

/** One lane of the warm-up: its own school, transaction, app and loopback port. */
async function warmLane(deps: Deps, runs: number): Promise<number> {
  let answered = 0;
  let stop = async () => {};
  try {
    await deps.database.db.transaction(async (tx) => {
      const school = await makeSchool(tx, deps.keys.data, deps.config.publicUrl.hostname);
      const app = createApp({
        ...deps,
        database: { ...deps.database, db: tx as unknown as Deps['database']['db'] },
        // A configuration of its own: the tenant cache is kept per configuration (context.ts).
        config: { ...deps.config },
        log: pino({ level: 'silent' }),
      });
      // Over HTTP on a loopback port, one request at a time (they share one transaction): the
      // node:http server and its adapter are part of every request, and warmed with the rest.
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
      await once(server, 'listening');
      const { port } = server.address() as AddressInfo;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      stop = async () => {
        agent.destroy();
        await new Promise((resolve) => server.close(resolve));
      };
      const ask = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
        const text = body ? JSON.stringify(body) : undefined;
        const { status, answer } = await new Promise<{ status: number; answer: string }>((resolve, reject) => {
          const request = http.request(
            {
              host: '127.0.0.1',
              port,
              method,
              path: `/api${path}`,
              agent,
              headers: {
                host: school.host,
                ...(text ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } : {}),
                ...headers,
              },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, answer: Buffer.concat(chunks).toString('utf8') }));
              res.on('error', reject);
            },
          );
          request.on('error', reject);
          request.end(text);
        });
        if (status !== 200) throw new Error(`warm-up: ${method} ${path} answered ${status} ${answer}`);
        answered++;
        return JSON.parse(answer) as Record<string, unknown>;
      };
      for (let run = 0; run < runs; run++) {
        const child = school.children[run % CLASS_SIZE]!;
        const device = { 'x-device-id': `warm-up-tablet-${run % CLASS_SIZE}` };
        await ask('GET', `/list-student-in-class/${school.code}/?limit=20&offset=0`, device);
        await ask('GET', `/list-student-in-class/${school.code}/?limit=20&offset=0&search=${child.first_name}`, device);
        const { access } = await ask('POST', '/auth/token/', device, { username: child.username, password: child.password });
        const auth = { ...device, authorization: `Bearer ${String(access)}` };
        const [x, y] = [school.books[run % BOOKS]!, school.books[(run + 1) % BOOKS]!];
        const changes = [
          { method: 'POST', path: '/data/cart/items/', body: { book_id: x } },
          { method: 'POST', path: '/data/cart/items/', body: { book_id: y } },
          { method: 'DELETE', path: `/data/cart/items/${x}/`, body: null },
        ];
        for (const [i, change] of changes.entries()) {
          const { results } = await ask('POST', '/outbox/batch/', auth, {
            owner: child.id,
            entries: [{ key: `warm-up-${school.tag}-${run}-${i}`, ...change }],
          });
          const [result] = results as { status: number; body: unknown }[];
          if (result?.status !== 200) throw new Error(`warm-up: a change answered ${result?.status} ${JSON.stringify(result?.body)}`);
        }
      }
      tx.rollback();
    });
  } catch (err) {
    if (!(err instanceof TransactionRollbackError)) throw err;
  } finally {
    await stop();
  }
  return answered;
}
