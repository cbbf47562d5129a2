// GET /metrics in Prometheus's text format, one registry per app (a process serves one app; tests
// build several in one process). What an operator watches:
//   storynest_http_request_duration_seconds{method,route,status}  every request, by its route's
//                                   pattern (never the raw path: ids would explode the series)
//   nodejs_eventloop_lag_*_seconds  event-loop delay (prom-client's default process metrics)
//   storynest_queue_depth{queue}, storynest_queue_oldest_age_seconds{queue}  the e-mail and print
//                                   queues, read from the database when scraped (they are the
//                                   database's, so every process reports the same numbers)
//   storynest_outbox_batch_entries  how many queued changes each POST /outbox/batch/ carried
//   storynest_sign_in_failures_total{kind}  refused sign-ins: wrong password (staff, student,
//                                   community), another school's account, a school not yet
//                                   confirmed, throttled, a refresh token refused
//
// Who may read it: with METRICS_TOKEN set, a request bearing `Authorization: Bearer <token>`;
// without it, only a request made on this machine straight to the process (a loopback address
// and no X-Forwarded-For, so nothing that came through the reverse proxy).
import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import { and, isNull, lte, or, sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Queryable } from '../db/client';
import { emailOutbox, printJobs } from '../db/schema';
import type { AppEnv, AppMetrics } from './env';

export type { AppMetrics };

export type SignInFailure =
  'staff_password' | 'student_password' | 'community_password' | 'other_site' | 'awaiting_verification' | 'throttled' | 'refresh_refused';

interface QueueNumbers {
  depth: number;
  oldest: Date | null;
}

/** The e-mail still to send (not expired) and the paid print jobs not yet accepted by the provider. */
async function queueNumbers(db: Queryable, now: Date): Promise<Record<'email' | 'print', QueueNumbers>> {
  const [mail] = await db
    .select({ depth: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${emailOutbox.created_at})` })
    .from(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sent_at),
        or(isNull(emailOutbox.expires_at), lte(sql`${now.toISOString()}::timestamptz`, emailOutbox.expires_at)),
      ),
    );
  const [print] = await db
    .select({ depth: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${printJobs.created_at})` })
    .from(printJobs)
    .where(isNull(printJobs.submitted_at));
  const read = (row: { depth: number; oldest: Date | string | null } | undefined): QueueNumbers => ({
    depth: row?.depth ?? 0,
    oldest: row?.oldest ? new Date(row.oldest) : null,
  });
  return { email: read(mail), print: read(print) };
}

// The process's own numbers (event-loop delay, memory, CPU): one set per process, however many
// apps it builds, started with the first app.
let processRegistry: Registry | undefined;

export function createMetrics(db: Queryable, now: () => Date): AppMetrics {
  if (!processRegistry) collectDefaultMetrics({ register: (processRegistry = new Registry()) });
  const registry = new Registry();
  const requests = new Histogram({
    name: 'storynest_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
    registers: [registry],
  });
  const outboxBatch = new Histogram({
    name: 'storynest_outbox_batch_entries',
    help: 'Queued changes carried by each POST /outbox/batch/',
    buckets: [1, 2, 5, 10, 20, 50, 100],
    registers: [registry],
  });
  const signInFailures = new Counter({
    name: 'storynest_sign_in_failures_total',
    help: 'Refused sign-ins, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const numbers = () => queueNumbers(db, now());
  new Gauge({
    name: 'storynest_queue_depth',
    help: 'Items waiting in a background queue (email: mail to send; print: paid orders not yet accepted by the printer)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const n = await numbers();
      for (const queue of ['email', 'print'] as const) this.set({ queue }, n[queue].depth);
    },
  });
  new Gauge({
    name: 'storynest_queue_oldest_age_seconds',
    help: 'Age of the oldest item waiting in a background queue (0 when empty)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const n = await numbers();
      const at = now().getTime();
      for (const queue of ['email', 'print'] as const) {
        const oldest = n[queue].oldest;
        this.set({ queue }, oldest ? Math.max(0, (at - oldest.getTime()) / 1000) : 0);
      }
    },
  });
  return { registry, requests, outboxBatch, signInFailures };
}

/** Times every request and hands the metrics to the routes (they count batches and failed sign-ins). */
export function measureRequests(metrics: AppMetrics) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('metrics', metrics);
    const stop = metrics.requests.startTimer();
    await next();
    // The pattern of the route that answered: '/api/stories/:id/', or '*' for the built app's files.
    stop({ method: c.req.method, route: routePath(c) || 'unmatched', status: String(c.res.status) });
  });
}

/** Counts a refused sign-in (nothing when the app runs without metrics). */
export function signInFailed(c: Context<AppEnv>, kind: SignInFailure): void {
  c.get('metrics')?.signInFailures.inc({ kind });
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** GET /metrics: see the header for who may read it. */
export function metricsEndpoint(metrics: AppMetrics, token: string | undefined) {
  return async (c: Context<AppEnv>) => {
    if (token) {
      const given = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (!given || !sameSecret(given, token)) return c.json({ message: 'Metrics need the METRICS_TOKEN as a bearer token.' }, 401);
    } else {
      const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
      const address = env?.incoming?.socket?.remoteAddress ?? '';
      if (!LOOPBACK.test(address) || c.req.header('x-forwarded-for'))
        return c.json({ message: 'Metrics are served to this machine only; set METRICS_TOKEN to read them from elsewhere.' }, 403);
    }
    const all = Registry.merge([processRegistry!, metrics.registry]);
    return c.body(await all.metrics(), 200, { 'Content-Type': all.contentType, 'Cache-Control': 'no-store' });
  };
}
