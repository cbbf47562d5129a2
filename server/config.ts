// Server configuration, read once from the environment. Every setting has a default that
// runs the whole product on one machine with nothing else installed.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { smtpSettings } from './providers/mail/smtp';
import type { ProviderKeys } from './providers/payments/adapter';
import type { S3Settings } from './providers/storage/storage';

export type SeedScale = 'demo' | 'bench' | 'load';
export type Mode = 'development' | 'production';

export interface Config {
  /** production (NODE_ENV=production): no demo data, no sandbox payments, secrets required. */
  mode: Mode;
  port: number;
  /** Folder for the embedded database and the generated secret key. */
  dataDir: string;
  /** When set, PostgreSQL is used instead of the embedded PGlite database. */
  databaseUrl: string | undefined;
  /**
   * Master secret (SECRET_KEY): JWT signing and the at-rest key for student passwords derive
   * from it. Unset only in development: then one is generated and kept beside the data (PGlite)
   * or in the database (PostgreSQL), so every process on that database shares it.
   */
  secretKey: string | undefined;
  /** Hosts that are the platform itself rather than a tenant (DEMO_DATA.md, Hosts). */
  platformHosts: string[];
  /**
   * The platform's public address. School sites are <subdomain>.<its host name>, and links in
   * e-mails are built from it, never from a request's Host header (which anyone can forge).
   */
  publicUrl: URL;
  /** Folder holding the built PWA, served at `/`. */
  staticDir: string;
  /** Seed the demo data into an empty database (development default; production: SEED=demo). */
  seedDemo: boolean;
  seedScale: SeedScale;
  /** The payment providers' built-in sandbox pages (development default; production: PAYMENTS_SANDBOX=1). */
  paymentsSandbox: boolean;
  /**
   * The real payment providers' keys: a provider is offered only when all of its keys are set
   * (STRIPE_*, PAYPAL_*, PHONEPE_*; see the README's configuration table).
   */
  paymentKeys: ProviderKeys;
  /** The sandbox print provider and its "next step" control (development default; production: PRINT_SANDBOX=1). */
  printSandbox: boolean;
  /** Development only, TEST_HOOKS=1: the end-to-end tests may run background jobs at a chosen time. */
  testHooks?: boolean;
  /**
   * How many children's class starts the server runs before it listens (warm-up.ts; WARM_UP_RUNS,
   * default 100, 0 for none): a bell right after a start meets code V8 has already compiled.
   */
  warmUpRuns: number;
  /** A request still running after this long is answered 503 (and its transaction rolled back). */
  requestTimeoutMs: number;
  /**
   * How many reverse proxies stand in front of this process (TRUST_PROXY, default 0). With 0
   * the client's address is the socket's; with N, it is the Nth address from the right of
   * X-Forwarded-For (the one the outermost trusted proxy saw). Sign-in throttles key on it.
   */
  trustProxy: number;
  /** Lifetime of an access token in seconds (ACCESS_TOKEN_SECONDS, default 900 = 15 minutes). */
  accessTokenSeconds: number;
  /**
   * Days a registered school has to confirm its e-mail address (REGISTRATION_CONFIRM_DAYS, default
   * 3): then the registration lapses, is removed, and its subdomain is free again.
   */
  registrationConfirmDays: number;
  /**
   * On SIGTERM or SIGINT, running requests get this long to finish before their connections are
   * closed (default: the request deadline and 5 s more, so a request that can finish, does).
   */
  shutdownGraceMs: number;
  /** SMTP server URL; when absent, e-mails stay in the database's email outbox. */
  smtpUrl: string | undefined;
  /**
   * The bearer token that opens GET /metrics (METRICS_TOKEN); without it /metrics answers only
   * requests made on this machine straight to the process.
   */
  metricsToken: string | undefined;
  /** Where uploads keep their bytes: an S3-compatible bucket (S3_BUCKET), or the database when unset. */
  storage: S3Settings | undefined;
}

/** The development secret kept beside an embedded database (created on first start). */
export function fileSecret(dataDir: string): string {
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** The bucket for uploads when S3_BUCKET is set; its keys come as a pair or not at all. */
export function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined;
  const keys = requiredKeys(env, 'The S3 bucket', ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
  return {
    bucket: env.S3_BUCKET,
    endpoint: optional(env, 'S3_ENDPOINT'),
    region: env.S3_REGION || 'us-east-1',
    credentials: keys && { accessKeyId: keys.S3_ACCESS_KEY_ID, secretAccessKey: keys.S3_SECRET_ACCESS_KEY },
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1',
  };
}

/** A provider's required keys: all of them, or none (undefined); a half-configured provider stops the start. */
function requiredKeys<K extends string>(env: NodeJS.ProcessEnv, provider: string, names: readonly K[]) {
  const missing = names.filter((name) => !env[name]);
  if (missing.length === names.length) return undefined;
  if (missing.length) throw new Error(`${provider} is half configured: set ${missing.join(', ')} too, or none of its keys.`);
  return Object.fromEntries(names.map((name) => [name, env[name]!])) as Record<K, string>;
}

/** One of a setting's allowed words, or its default when unset. */
function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const value = env[name] || fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`${name} must be ${allowed.join(' or ')}, got "${value}"`);
  return value as T;
}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  return env[name] || undefined;
}

/** The keys of each real payment provider whose keys are set (see the README's configuration table). */
export function paymentKeys(env: NodeJS.ProcessEnv): ProviderKeys {
  const keys: ProviderKeys = {};
  const stripe = requiredKeys(env, 'Stripe', ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
  if (stripe)
    keys.stripe = {
      secretKey: stripe.STRIPE_SECRET_KEY,
      webhookSecret: stripe.STRIPE_WEBHOOK_SECRET,
      baseUrl: optional(env, 'STRIPE_BASE_URL'),
    };
  const paypalEnv = oneOf(env, 'PAYPAL_ENV', ['live', 'sandbox'], 'live');
  const paypal = requiredKeys(env, 'PayPal', ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID']);
  if (paypal)
    keys.paypal = {
      clientId: paypal.PAYPAL_CLIENT_ID,
      clientSecret: paypal.PAYPAL_CLIENT_SECRET,
      webhookId: paypal.PAYPAL_WEBHOOK_ID,
      environment: paypalEnv,
      baseUrl: optional(env, 'PAYPAL_BASE_URL'),
    };
  const phonepeEnv = oneOf(env, 'PHONEPE_ENV', ['PRODUCTION', 'SANDBOX'], 'PRODUCTION');
  const phonepe = requiredKeys(env, 'PhonePe', ['PHONEPE_CLIENT_ID', 'PHONEPE_CLIENT_SECRET', 'PHONEPE_CLIENT_VERSION']);
  if (phonepe)
    keys.phonepe = {
      clientId: phonepe.PHONEPE_CLIENT_ID,
      clientSecret: phonepe.PHONEPE_CLIENT_SECRET,
      clientVersion: positiveInt(env, 'PHONEPE_CLIENT_VERSION', 1),
      environment: phonepeEnv,
      callbackUser: optional(env, 'PHONEPE_CALLBACK_USER'),
      callbackPassword: optional(env, 'PHONEPE_CALLBACK_PASSWORD'),
      baseUrl: optional(env, 'PHONEPE_BASE_URL'),
    };
  return keys;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  }
  const mode: Mode = env.NODE_ENV === 'production' ? 'production' : 'development';
  if (mode === 'production') {
    const missing = ['SECRET_KEY', 'PUBLIC_URL'].filter((name) => !env[name]);
    if (missing.length)
      throw new Error(`In production (NODE_ENV=production) set ${missing.join(' and ')}: refusing to start without them.`);
    // The embedded database is one process's: no second process, no load balancer, no failover.
    if (!env.DATABASE_URL && env.ALLOW_PGLITE !== '1')
      throw new Error(
        'In production (NODE_ENV=production) set DATABASE_URL to a PostgreSQL database: refusing to start on the embedded ' +
          'database (PGlite), which serves one process only. To run one process on it anyway, set ALLOW_PGLITE=1.',
      );
  }
  const seedScale: SeedScale = env.SEED_SCALE === 'bench' || env.SEED_SCALE === 'load' ? env.SEED_SCALE : 'demo';
  const publicUrl = new URL(env.PUBLIC_URL || `http://localhost:${port}`);
  if (!/^https?:$/.test(publicUrl.protocol)) throw new Error(`PUBLIC_URL must be an http(s) URL, got "${env.PUBLIC_URL}"`);
  const dev = mode === 'development';
  const requestTimeoutMs = positiveInt(env, 'REQUEST_TIMEOUT_MS', 20_000);
  // A wrong SMTP_URL stops the start, not the first mail an hour later.
  if (env.SMTP_URL) smtpSettings(env.SMTP_URL);
  return {
    mode,
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    secretKey: env.SECRET_KEY || undefined,
    platformHosts: [
      ...new Set([
        publicUrl.hostname,
        ...(env.PLATFORM_HOSTS ?? 'localhost,127.0.0.1')
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      ]),
    ],
    publicUrl,
    staticDir: resolve(env.STATIC_DIR ?? 'dist'),
    seedDemo: dev ? env.SEED !== 'none' : env.SEED === 'demo',
    seedScale,
    paymentsSandbox: dev ? env.PAYMENTS_SANDBOX !== '0' : env.PAYMENTS_SANDBOX === '1',
    paymentKeys: paymentKeys(env),
    printSandbox: dev ? env.PRINT_SANDBOX !== '0' : env.PRINT_SANDBOX === '1',
    testHooks: dev && env.TEST_HOOKS === '1',
    warmUpRuns: env.WARM_UP_RUNS === '0' ? 0 : positiveInt(env, 'WARM_UP_RUNS', 100),
    requestTimeoutMs,
    shutdownGraceMs: positiveInt(env, 'SHUTDOWN_GRACE_MS', requestTimeoutMs + 5_000),
    trustProxy: env.TRUST_PROXY === '0' ? 0 : positiveInt(env, 'TRUST_PROXY', 0),
    accessTokenSeconds: positiveInt(env, 'ACCESS_TOKEN_SECONDS', 15 * 60),
    registrationConfirmDays: positiveInt(env, 'REGISTRATION_CONFIRM_DAYS', 3),
    smtpUrl: env.SMTP_URL || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    storage: s3Settings(env),
  };
}
