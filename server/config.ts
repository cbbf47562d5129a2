// Server configuration, read once from the environment. Every setting has a default that
// runs the whole product on one machine with nothing else installed.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';

export type SeedScale = 'demo' | 'bench';

export interface Config {
  port: number;
  /** Folder for the embedded database and the generated secret key. */
  dataDir: string;
  /** When set, PostgreSQL is used instead of the embedded PGlite database. */
  databaseUrl: string | undefined;
  /** Master secret: JWT signing and the at-rest key for student passwords derive from it. */
  secretKey: string;
  /** Hosts that are the platform itself rather than a tenant (DEMO_DATA.md, Hosts). */
  platformHosts: string[];
  /**
   * The platform's public address. School sites are <subdomain>.<its host name>, and links in
   * e-mails are built from it, never from a request's Host header (which anyone can forge).
   */
  publicUrl: URL;
  /** Folder holding the built PWA, served at `/`. */
  staticDir: string;
  seedScale: SeedScale;
  /** SMTP server URL; when absent, e-mails stay in the database's email outbox. */
  smtpUrl: string | undefined;
}

function readSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  // Without SECRET_KEY, keep a generated key beside the data so tokens and encrypted
  // passwords survive restarts. Production sets SECRET_KEY explicitly.
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  }
  const seedScale = env.SEED_SCALE === 'bench' ? 'bench' : 'demo';
  const publicUrl = new URL(env.PUBLIC_URL || `http://localhost:${port}`);
  if (!/^https?:$/.test(publicUrl.protocol)) throw new Error(`PUBLIC_URL must be an http(s) URL, got "${env.PUBLIC_URL}"`);
  return {
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    secretKey: readSecret(dataDir, env.SECRET_KEY),
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
    seedScale,
    smtpUrl: env.SMTP_URL || undefined,
  };
}
