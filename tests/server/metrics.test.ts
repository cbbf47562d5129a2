// GET /metrics: Prometheus text with the request durations by route and status, the event-loop
// delay, the e-mail and print queues, outbox batch sizes and refused sign-ins by kind; readable
// only with METRICS_TOKEN, or without it only from this machine straight to the process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { emailOutbox } from '../../server/db/schema';
import { parsePrometheus, sampleValue } from '../support/prometheus';
import { GREENFIELD, TARGETS, signIn, startServer, type TestServer } from './harness';

const LOCAL = '127.0.0.1';

describe.each(TARGETS)('metrics on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  }, 300_000);
  afterAll(() => server.close());

  const scrape = async () => {
    const res = await server.call('GET', '/metrics', { address: LOCAL });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheus(res.body as string);
  };

  it('counts requests by route pattern and status', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/api/current-tenant', status: '200' };
    const was = sampleValue(before, 'storynest_http_request_duration_seconds_count', route) ?? 0;
    for (let i = 0; i < 3; i++) expect((await server.call('GET', '/api/current-tenant', { host: GREENFIELD })).status).toBe(200);
    expect((await server.call('GET', '/api/current-tenant', { host: 'nowhere.localhost' })).status).toBe(404);
    const after = await scrape();
    expect(sampleValue(after, 'storynest_http_request_duration_seconds_count', route)).toBe(was + 3);
    // A request refused before any route (no school at this address) is counted too.
    const refused = after.filter((s) => s.name === 'storynest_http_request_duration_seconds_count' && s.labels.status === '404');
    expect(refused.reduce((n, s) => n + s.value, 0)).toBeGreaterThanOrEqual(1);
    // A path with an id is counted under its pattern, never its own series.
    await server.call('GET', '/api/stories/123456/', { host: GREENFIELD });
    const series = parsePrometheus((await server.call('GET', '/metrics', { address: LOCAL })).body as string);
    expect(series.some((s) => s.labels.route?.includes('123456'))).toBe(false);
  });

  it('reports the event-loop delay', async () => {
    const samples = await scrape();
    expect(sampleValue(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });

  it("reports the e-mail and print queues' depth and age", async () => {
    const db = server.deps.database.db;
    const before = await scrape();
    const depth = sampleValue(before, 'storynest_queue_depth', { queue: 'email' })!;
    expect(depth).toBeGreaterThanOrEqual(0);
    expect(sampleValue(before, 'storynest_queue_depth', { queue: 'print' })).toBeGreaterThanOrEqual(0);
    const created = new Date(server.clock.now.getTime() - 3_600_000);
    await db.insert(emailOutbox).values({ to: 'someone@example.org', subject: 'Waiting', text: 'Hello', created_at: created });
    const after = await scrape();
    expect(
      sampleValue(after, 'storynest_queue_depth', { queue: 'email' }),
      JSON.stringify(after.filter((s) => s.name.startsWith('storynest_queue'))),
    ).toBe(depth + 1);
    expect(sampleValue(after, 'storynest_queue_oldest_age_seconds', { queue: 'email' })).toBeGreaterThanOrEqual(3_600);
  });

  it('counts refused sign-ins by kind, and outbox batch sizes', async () => {
    const kind = (samples: ReturnType<typeof parsePrometheus>, k: string) =>
      sampleValue(samples, 'storynest_sign_in_failures_total', { kind: k }) ?? 0;
    const before = await scrape();
    await server.call('POST', '/api/auth/token/', {
      host: GREENFIELD,
      json: { username: 'teacher@greenfield.example', password: 'wrong' },
    });
    await server.call('POST', '/api/generic-password-login', { host: GREENFIELD, json: { password: 'wrong' } });
    await server.call('POST', '/api/auth/token/refresh/', { host: GREENFIELD, json: { refresh: 'not-a-token' } });
    const teacher = await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1');
    const entries = ['a', 'b'].map((k) => ({ key: `metrics-batch-${k}`, method: 'POST', path: '/nowhere/', body: {} }));
    const batch = await server.call('POST', '/api/outbox/batch/', {
      host: GREENFIELD,
      token: teacher.access,
      json: { owner: teacher.user.id, entries },
    });
    expect(batch.status).toBe(200);
    const after = await scrape();
    expect(kind(after, 'staff_password')).toBe(kind(before, 'staff_password') + 1);
    expect(kind(after, 'community_password')).toBe(kind(before, 'community_password') + 1);
    expect(kind(after, 'refresh_refused')).toBe(kind(before, 'refresh_refused') + 1);
    expect(sampleValue(after, 'storynest_outbox_batch_entries_count')).toBe(
      (sampleValue(before, 'storynest_outbox_batch_entries_count') ?? 0) + 1,
    );
    expect(sampleValue(after, 'storynest_outbox_batch_entries_sum')).toBe(
      (sampleValue(before, 'storynest_outbox_batch_entries_sum') ?? 0) + 2,
    );
  });

  it('without METRICS_TOKEN answers only this machine, never through the proxy', async () => {
    const far = await server.call('GET', '/metrics', { address: '192.0.2.9' });
    expect(far.status).toBe(403);
    expect(far.body.message).toContain('METRICS_TOKEN');
    const proxied = await server.call('GET', '/metrics', { address: LOCAL, headers: { 'x-forwarded-for': '198.51.100.4' } });
    expect(proxied.status).toBe(403);
    expect((await server.call('GET', '/metrics', { address: '::1' })).status).toBe(200);
  });

  it('with METRICS_TOKEN answers that bearer token from anywhere, and nothing else', async () => {
    const app = createApp({ ...server.deps, config: { ...server.deps.config, metricsToken: 'scrape-secret-1' } });
    const get = (address: string, authorization?: string) =>
      app.request('/metrics', { headers: authorization ? { authorization } : {} }, { incoming: { socket: { remoteAddress: address } } });
    expect((await get('192.0.2.9', 'Bearer scrape-secret-1')).status).toBe(200);
    expect((await get('192.0.2.9', 'Bearer scrape-secret-2')).status).toBe(401);
    expect((await get(LOCAL)).status).toBe(401);
  });
});
