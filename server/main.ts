// Starts the whole product in one process: opens (and migrates, and seeds) the database, then
// serves the API and the built PWA on one port. On SIGTERM or SIGINT it drains: readiness
// answers 503, no new connection is accepted, running requests finish (up to SHUTDOWN_GRACE_MS),
// then the mailer and the pruning stop and the database closes.
import type { Server } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { fileSecret, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-lock';
import { seed, seedContent } from './db/seed';
import { sharedSecret } from './db/secret';
import { DEMO_ACCOUNTS, DEMO_CLASSES, LATER_ACCOUNTS } from './db/seed-data';
import { logger } from './log';
import { deriveKeys } from './lib/crypto';
import { startJobs } from './jobs/background';
import { closeCpuPool } from './lib/cpu-pool';
import { warmUp } from './warm-up';

/** A start the operator must fix (configuration, a data folder in use): the reason, no stack. */
function refuse(err: unknown): never {
  const message = err instanceof Error ? err.message : String(err);
  logger.fatal(message);
  process.stderr.write(`StoryNest did not start: ${message}\n`);
  process.exit(1);
}

// Memory (bench:load, one PGlite process, a class start of 600 children), set before anything
// runs: V8 grows the old generation to up to four times what a full collection left (a burst's
// promoted garbage took the heap from 100 MB live to 350 MB before the next collection); 20%
// keeps the peak near what is live. The young generation's size can only be set on Node's
// command line: package.json's start command does.
setFlagsFromString('--heap-growing-percent=20');

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  refuse(err);
}
// On PGlite, WebAssembly runs on its baseline code only: the optimizing tier's code and compile
// memory held 30-45 MB of PGlite's, and the burst's CPU a request did not change without it (the
// database's share of a request is small beside the server's). On PostgreSQL the only
// WebAssembly is the print PDFs' text shaping (HarfBuzz, in the worker threads), which keeps it.
if (!config.databaseUrl) setFlagsFromString('--liftoff-only');
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir }, {
  timeoutMs: config.requestTimeoutMs,
  keepOpen: true,
}).catch((err: unknown) => (err instanceof DataDirInUseError ? refuse(err) : Promise.reject(err)));
const secret = config.secretKey ?? (database.kind === 'pglite' ? fileSecret(config.dataDir) : await sharedSecret(database.db));
const keys = deriveKeys(secret);
// Demo data only where it is asked for: always in development, in production only with SEED=demo.
const seeded = config.seedDemo ? await seed(database.db, keys.data, config.seedScale) : await seedContent(database.db);

let draining = false;
const deps = { database, config, keys, now: () => new Date(), draining: () => draining, log: logger };
if (config.warmUpRuns) {
  // A class's start, run before the first real one (warm-up.ts). One that fails is logged, and
  // the server starts anyway: its first bell is slower, not refused.
  const started = performance.now();
  await warmUp(deps, config.warmUpRuns).then(
    (requests) => logger.info({ requests, ms: Math.round(performance.now() - started) }, 'warmed up'),
    (err: unknown) => logger.warn({ err }, 'the warm-up failed'),
  );
}

// Migrating, seeding, warming up and (on a fresh folder) PGlite's initdb leave hundreds of MB of
// garbage that an idle server would hold until its heap grew again: one full collection now,
// compacting every page (a collection compacts only the emptiest, and the pages it left half
// used stayed resident until V8 reduced memory on its own, a minute later: on PostgreSQL a ready
// process held 221-224 MB, with every page compacted 162-168 MB).
setFlagsFromString('--expose-gc');
setFlagsFromString('--compact-on-every-full-gc');
(runInNewContext('gc') as () => void)();
setFlagsFromString('--no-compact-on-every-full-gc');

const app = createApp(deps);
// The mailer, the printer, the pruning and the renewals (jobs/background.ts).
const stopJobs = startJobs(deps);
const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  logger.info({ port: info.port, mode: config.mode, database: database.kind, seeded }, 'listening');
  if (config.mode !== 'development') return;
  // In development a person reads this: the sites and the demo sign-ins, as plain text (the
  // README promises it). Production prints only the structured line above.
  const base = (host: string) => `http://${host}:${info.port}`;
  const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const lines = [
    '',
    `StoryNest is running (${config.mode}) on ${where}${seeded.length ? `; seeded ${seeded.join(' and ')}` : ''}.`,
    `  Platform site:     ${base('localhost')}`,
    `  Greenfield school: ${base('greenfield.localhost')}`,
    `  Hillside school:   ${base('hillside.localhost')}`,
    `  Riverbend Trust:   ${base('riverbend.localhost')}`,
    `  API:               ${base('localhost')}/api (reference: ${base('localhost')}/api/docs)`,
    '',
  ];
  const demo = [
    'Demo sign-ins (Login, then "Teacher or Administrator"):',
    ...[...DEMO_ACCOUNTS, ...LATER_ACCOUNTS].map(
      (a) =>
        `  ${a.role.padEnd(19)} ${a.email.padEnd(28)} ${a.password.padEnd(13)} at ${base(a.tenant ? `${a.tenant}.localhost` : 'localhost')}`,
    ),
    'Students (Login, then "Student", at the Greenfield site):',
    `  class ${DEMO_CLASSES[0]!.code}, Amara Okafor, password kite-7; class ${DEMO_CLASSES[1]!.code}, Zoe Zhang, password moon-3`,
    'Parents ("Parent"): community password greenfield-parents at the Greenfield site.',
    '',
  ];
  process.stdout.write([...lines, ...(config.seedDemo ? demo : [])].join('\n') + '\n');
}) as Server;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) {
    logger.warn({ signal }, 'second signal: stopping at once');
    process.exit(1);
  }
  stopping = true;
  draining = true;
  logger.info({ signal, grace_ms: config.shutdownGraceMs }, 'shutting down: finishing running requests');
  // close() refuses new connections, closes idle keep-alive ones and calls back once the
  // running requests have answered; after the grace period the rest are cut.
  const cap = setTimeout(() => {
    logger.warn('grace period over: closing the remaining connections');
    server.closeAllConnections();
  }, config.shutdownGraceMs);
  // A keep-alive connection whose request has just been answered is idle: close it at once
  // rather than waiting for the client to hang up.
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  clearTimeout(cap);
  clearInterval(idle);
  await stopJobs();
  await closeCpuPool();
  await database.close();
  logger.info('stopped');
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    shutdown(signal).then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
