// Production as an operator runs it: the tree `npm run build` made (reused when current), copied
// to a folder outside the repository whose node_modules holds only the packages package-lock.json
// marks as runtime (no devDependency can be found from there, and no NODE_PATH), started with
// `npm start` and NODE_ENV=production. Two processes share one fresh PostgreSQL database and both
// serve a school's site; PGlite is refused without ALLOW_PGLITE=1, and with it a second process
// on the same data folder refuses to start. Production takes no free orders: no demo sign-in
// without SEED, no provider and no sandbox without keys, and with keys (pointed at the local
// stand-ins of Stripe and PayPal) checkout goes to the provider's page and only its word pays.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildState, SERVER_OUT } from '../../scripts/build-state.mjs';
import pg from 'pg';
import { translate } from '../../server/http/language';
import { DELIVERY_ADDRESS, freshPostgres } from '../server/harness';
import { parsePrometheus, sampleValue } from '../support/prometheus';
import { freePort, killStarted, send, signalGroup, spawnProcess, untilHealthy, type Proc } from '../support/processes';
import { startPayPal } from '../server/stand-ins/paypal';
import { startStripe } from '../server/stand-ins/stripe';

const PG = process.env.DATABASE_URL;
const repo = resolve('.');
let tree = '';
const folders: string[] = [];

/** The built tree with runtime dependencies only, as `npm ci --omit=dev` would leave it. */
function productionTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'storynest-prod-'));
  folders.push(dir);
  for (const path of ['package.json', 'package-lock.json', 'scripts/start.mjs', 'scripts/build-state.mjs', 'dist', SERVER_OUT]) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    cpSync(path, join(dir, path), { recursive: true });
  }
  // Each top-level runtime package, linked (its own dependencies are runtime ones too).
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { dev?: boolean }> };
  for (const [path, info] of Object.entries(lock.packages)) {
    if (!/^node_modules\/(@[^/]+\/)?[^/]+$/.test(path) || info.dev || !existsSync(path)) continue;
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    symlinkSync(join(repo, path), join(dir, path), 'dir');
  }
  return dir;
}

/**
 * The start script in the production tree, with nothing from this environment but PATH and HOME:
 * `npm start` for a start that is refused, and the script's own command (what the Dockerfile
 * runs) for a server the test stops, because npm does not pass SIGTERM on to the server.
 */
async function start(env: Record<string, string>, via: 'npm' | 'node' = 'node'): Promise<Proc> {
  const port = await freePort();
  const [command, ...args] = via === 'npm' ? ['npm', 'start', '--silent'] : START_COMMAND;
  return spawnProcess(command!, args, {
    cwd: tree,
    port,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', LOG_LEVEL: 'info', PORT: String(port), ...env },
  });
}

const START_COMMAND = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start.split(' ');
const PRODUCTION = { SECRET_KEY: 'production-test-secret', PUBLIC_URL: 'http://localhost' };
const METRICS_TOKEN = 'production-test-metrics';

beforeAll(() => {
  // `npm test` has just built; a run of this file alone builds when the build is not current.
  if (buildState() !== 'current') {
    const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  tree = productionTree();
  expect(existsSync(join(tree, 'node_modules/vite'))).toBe(false);
  expect(existsSync(join(tree, 'node_modules/hono'))).toBe(true);
}, 600_000);

afterAll(async () => {
  await killStarted();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(!PG)('two production processes on one PostgreSQL', () => {
  it('both answer /api/health, serve a school on its subdomain and on its verified own domain, and count requests in /metrics', async () => {
    const database = await freshPostgres();
    try {
      // SEED=demo: production seeds nothing unless asked, and the school must exist to be served.
      const env = { ...PRODUCTION, DATABASE_URL: database.url, SEED: 'demo', METRICS_TOKEN };
      const procs = [await start(env), await start(env)];
      await Promise.all(procs.map((p) => untilHealthy(p, 180_000)));
      for (const proc of procs) {
        expect((await send(proc.port, 'GET', '/api/health')).status).toBe(200);
        const page = await send(proc.port, 'GET', '/library', { host: `greenfield.localhost:${proc.port}` });
        expect(page.status).toBe(200);
        expect(page.text).toContain('Greenfield Primary');
        // The built pages in each language: whoever uses this device chose Arabic, so the first screen is
        // drawn in it, right to left, before any script (issue 26: no shift when the script runs).
        const arabic = await send(proc.port, 'GET', '/library', {
          host: `greenfield.localhost:${proc.port}`,
          raw: { body: '', headers: { cookie: 'language=ar' } },
        });
        expect(arabic.text).toContain('<html lang="ar" dir="rtl">');
        for (const words of ['Online Library', 'Skip to content', 'Add to cart', 'Login'])
          expect(arabic.text, words).toContain(`>${translate(words, 'ar')}<`);
        expect(arabic.text).not.toMatch(/>(Online Library|Skip to content|Add to cart|Login)</);
        // Production: no development banner of demo sign-ins, structured log lines only.
        expect(proc.output()).not.toContain('Demo sign-ins');
        expect(proc.output()).toContain('"mode":"production"');
      }
      // Greenfield's own domain, verified (the DNS check is tests/server/own-domains.test.ts):
      // both processes serve it as Greenfield's site, sign-in included, and let the proxy get it a certificate.
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      await db.query(`update tenants set domain_host = 'greenfield.example' where subdomain = 'greenfield'`);
      await db.end();
      for (const proc of procs) {
        const page = await send(proc.port, 'GET', '/library', { host: 'greenfield.example' });
        expect(page.status).toBe(200);
        expect(page.text).toContain('Greenfield Primary');
        expect((await send(proc.port, 'GET', '/api/current-tenant', { host: 'greenfield.example' })).body.school_name).toBe(
          'Greenfield Primary',
        );
        expect((await send(proc.port, 'GET', '/api/tls/allowed?domain=greenfield.example')).status).toBe(200);
        expect((await send(proc.port, 'GET', '/api/tls/allowed?domain=stranger.example')).status).toBe(404);
        const own = await send(proc.port, 'POST', '/api/auth/token/', {
          host: 'greenfield.example',
          json: { username: 'teacher@greenfield.example', password: 'Teach-demo-1' },
        });
        expect(own.status).toBe(200);
      }
      // /metrics: Prometheus text behind METRICS_TOKEN, counting exactly the requests sent.
      for (const proc of procs) {
        expect((await send(proc.port, 'GET', '/metrics')).status).toBe(401);
        const scrape = async () => {
          const res = await send(proc.port, 'GET', '/metrics', { token: METRICS_TOKEN });
          expect(res.status).toBe(200);
          return parsePrometheus(res.text);
        };
        const route = { method: 'GET', route: '/api/current-tenant', status: '200' };
        const before = sampleValue(await scrape(), 'storynest_http_request_duration_seconds_count', route) ?? 0;
        for (let i = 0; i < 5; i++) await send(proc.port, 'GET', '/api/current-tenant', { host: 'greenfield.localhost' });
        const after = await scrape();
        expect(sampleValue(after, 'storynest_http_request_duration_seconds_count', route)).toBe(before + 5);
        expect(sampleValue(after, 'storynest_queue_depth', { queue: 'email' })).toBeGreaterThanOrEqual(0);
        expect(sampleValue(after, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
      }
      // Both processes share the secret: a token from one works on the other.
      const signedIn = await send(procs[0]!.port, 'POST', '/api/auth/token/', {
        host: 'greenfield.localhost',
        json: { username: 'teacher@greenfield.example', password: 'Teach-demo-1' },
      });
      expect(signedIn.status).toBe(200);
      const me = await send(procs[1]!.port, 'GET', '/api/user/profile/', { host: 'greenfield.localhost', token: signedIn.body.access });
      expect(me.status).toBe(200);
      for (const proc of procs) {
        signalGroup(proc, 'SIGTERM');
        expect(await proc.exited).toBe(0);
      }
    } finally {
      await database.drop();
    }
  }, 300_000);
});

describe('PGlite in production', () => {
  it('is refused without ALLOW_PGLITE=1, saying what to set', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storynest-prod-data-'));
    folders.push(dataDir);
    const proc = await start({ ...PRODUCTION, DATA_DIR: dataDir }, 'npm');
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('set DATABASE_URL to a PostgreSQL database');
    expect(proc.output()).toContain('ALLOW_PGLITE=1');
  }, 120_000);

  it('with ALLOW_PGLITE=1 runs one process; a second on the same data folder refuses', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storynest-prod-data-'));
    folders.push(dataDir);
    const env = { ...PRODUCTION, DATA_DIR: dataDir, ALLOW_PGLITE: '1' };
    const first = await start(env);
    await untilHealthy(first, 180_000);
    // A new folder starts from the one the build made, not from PGlite's initdb (800 MB at its peak).
    expect(existsSync(join(tree, 'dist-server/pgdata/PG_VERSION'))).toBe(true);
    expect(first.output()).toContain('a new data folder: starting it from the one the build made');
    const second = await start(env, 'npm');
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by another StoryNest process`);
    // The first one is untouched, and leaves no lock behind when it stops.
    expect((await send(first.port, 'GET', '/api/health')).status).toBe(200);
    signalGroup(first, 'SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'storynest.lock'))).toBe(false);
  }, 300_000);
});

describe('a production start', () => {
  // An API process's memory at rest: jsdom alone is about 95 MB, and these are loaded where they
  // are used (the worker pool's thread, a school's first card payment, the first mail by SMTP).
  it('loads no drawing, HTML-cleaning, card or mail library before it needs one', () => {
    const main = readFileSync(join(SERVER_OUT, 'main.js'), 'utf8');
    const loaded = [...main.matchAll(/^import\b[^;]*?["']([^"']+)["'];?$/gm)].map((m) => m[1]);
    expect(loaded).toContain('hono');
    // Nor PGlite, which a server on PostgreSQL never opens.
    for (const heavy of ['jsdom', 'dompurify', 'pdf-lib', '@pdf-lib/fontkit', 'sharp', 'stripe', 'nodemailer', '@electric-sql/pglite'])
      expect(loaded).not.toContain(heavy);
  });

  it('never builds: without a finished build it refuses', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'storynest-prod-bare-'));
    folders.push(bare);
    for (const path of ['package.json', 'scripts/start.mjs', 'scripts/build-state.mjs']) {
      mkdirSync(dirname(join(bare, path)), { recursive: true });
      cpSync(path, join(bare, path));
    }
    const proc = spawnProcess('npm', ['start', '--silent'], {
      cwd: bare,
      port: 0,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' },
    });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('No finished build here: run `npm run build` first');
    expect(existsSync(join(bare, 'dist'))).toBe(false);
  }, 60_000);
});

describe('production takes no free orders', () => {
  /** One production process on a fresh PGlite folder (ALLOW_PGLITE=1), with `env` on top. */
  async function server(env: Record<string, string>) {
    const dataDir = mkdtempSync(join(tmpdir(), 'storynest-prod-pay-'));
    folders.push(dataDir);
    const proc = await start({ ...PRODUCTION, DATA_DIR: dataDir, ALLOW_PGLITE: '1', ...env });
    await untilHealthy(proc, 240_000);
    return proc;
  }
  async function stop(proc: Proc) {
    signalGroup(proc, 'SIGTERM');
    expect(await proc.exited).toBe(0);
  }

  it('without SEED: no demo sign-in works, and no provider is offered', async () => {
    const proc = await server({});
    try {
      for (const [username, password, host] of [
        ['admin@example.com', 'Admin-demo-1', 'localhost'],
        ['teacher@greenfield.example', 'Teach-demo-1', 'greenfield.localhost'],
      ] as const) {
        const res = await send(proc.port, 'POST', '/api/auth/token/', { host, json: { username, password } });
        expect(res.status, `${username}: ${res.text}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
      expect((await send(proc.port, 'GET', '/api/current-tenant')).body.payments).toEqual({ sandbox: false, providers: [] });
    } finally {
      await stop(proc);
    }
  }, 300_000);

  it('with SEED=demo and no keys: checkout offers no provider and the sandbox answers 404', async () => {
    const proc = await server({ SEED: 'demo' });
    try {
      const host = 'greenfield.localhost';
      const site = await send(proc.port, 'GET', '/api/current-tenant', { host });
      expect(site.body.payments).toEqual({ sandbox: false, providers: [] });
      const books = await send(proc.port, 'GET', '/api/books/?limit=1', { host });
      const bookId = books.body.results[0].id as number;
      for (const provider of ['paypal', 'phonepe', 'stripe']) {
        const order = await send(proc.port, 'POST', '/api/orders/', {
          host,
          json: { book_ids: [bookId], provider, email: 'buyer@example.org', delivery_address: DELIVERY_ADDRESS },
        });
        expect(order.status, order.text).toBe(409);
        expect(order.body.message).toContain('Payments are not set up on this site yet');
        const page = await send(proc.port, 'GET', `/api/payments/sandbox/${provider}/${provider}_abcdefghijklmnopqrstuvwx/`, { host });
        expect(page.status).toBe(404);
      }
    } finally {
      await stop(proc);
    }
  }, 300_000);

  it("with stand-in keys: checkout sends the buyer to the provider's own page, and nothing is paid until the provider says so", async () => {
    const [stripe, paypal] = await Promise.all([startStripe(), startPayPal()]);
    const proc = await server({
      SEED: 'demo',
      ...stripe.env,
      ...paypal.env,
    });
    try {
      const host = 'greenfield.localhost';
      expect((await send(proc.port, 'GET', '/api/current-tenant', { host })).body.payments).toEqual({
        sandbox: false,
        providers: ['paypal', 'stripe'],
      });
      const bookId = (await send(proc.port, 'GET', '/api/books/?limit=1', { host })).body.results[0].id as number;
      const checkout = async (provider: string) => {
        const res = await send(proc.port, 'POST', '/api/orders/', {
          host,
          json: { book_ids: [bookId], provider, email: 'buyer@example.org', delivery_address: DELIVERY_ADDRESS },
        });
        expect(res.status, res.text).toBe(201);
        return res.body as { order_id: number; key: string; redirect_url: string };
      };
      const status = async (o: { order_id: number; key: string }) =>
        (await send(proc.port, 'GET', `/api/orders/${o.order_id}/?key=${o.key}`, { host })).body.status as string;
      const comeBack = (provider: string, query: string) => send(proc.port, 'GET', `/api/payments/${provider}/return/?${query}`, { host });

      // Stripe: its Checkout page; a forged return and the sandbox pay nothing; its signed webhook does.
      const card = await checkout('stripe');
      expect(card.redirect_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
      const session = stripe.sessions.get(card.redirect_url.split('/').pop()!)!;
      const ref = session.client_reference_id!;
      expect((await comeBack('stripe', `ref=${ref}&session_id=${session.id}&status=complete&paid=true`)).status).toBe(303);
      expect((await send(proc.port, 'POST', `/api/payments/sandbox/stripe/${ref}/`, { host })).status).toBe(404);
      expect(await status(card)).toBe('pending');
      stripe.pay(session.id);
      const hook = stripe.webhook('checkout.session.completed', session);
      const forged = stripe.webhook('checkout.session.completed', session, { secret: 'whsec_forged' });
      expect(
        (await send(proc.port, 'POST', '/api/payments/stripe/webhook/', { raw: { body: forged.rawBody, headers: forged.headers } })).status,
      ).toBe(400);
      expect(await status(card)).toBe('pending');
      expect(
        (await send(proc.port, 'POST', '/api/payments/stripe/webhook/', { raw: { body: hook.rawBody, headers: hook.headers } })).status,
      ).toBe(200);
      expect(await status(card)).toBe('success');

      // PayPal: its approval page; the return before the buyer approved pays nothing, after it PayPal's capture does.
      const wallet = await checkout('paypal');
      const id = new URL(wallet.redirect_url).searchParams.get('token')!;
      expect(wallet.redirect_url).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${id}`);
      const paypalRef = paypal.orders.get(id)!.purchase_units[0]!.custom_id;
      await comeBack('paypal', `ref=${paypalRef}&token=${id}&PayerID=FORGED`);
      expect(await status(wallet)).toBe('pending');
      paypal.approve(id);
      await comeBack('paypal', `ref=${paypalRef}&token=${id}&PayerID=BUYER`);
      expect(await status(wallet)).toBe('success');
      expect(paypal.captures.filter((c) => c.supplementary_data.related_ids.order_id === id)).toHaveLength(1);
    } finally {
      await stop(proc);
      await Promise.all([stripe.close(), paypal.close()]);
    }
  }, 300_000);
});
