// Starts the whole product in one process: opens (and migrates, and seeds) the database, then
// serves the API and the built PWA on one port.
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { fileSecret, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seed, seedContent } from './db/seed';
import { sharedSecret } from './db/secret';
import { DEMO_ACCOUNTS, DEMO_CLASSES, LATER_ACCOUNTS } from './db/seed-data';
import { deriveKeys } from './services/crypto';
import { startMailer } from './services/email';
import { startPruning } from './services/prune';

const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
const secret = config.secretKey ?? (database.kind === 'pglite' ? fileSecret(config.dataDir) : await sharedSecret(database.db));
const keys = deriveKeys(secret);
// Demo data only where it is asked for: always in development, in production only with SEED=demo.
const seeded = config.seedDemo ? await seed(database.db, keys.data, config.seedScale) : await seedContent(database.db);

const deps = { database, config, keys, now: () => new Date() };
const app = createApp(deps);
const stopMailer = startMailer(deps);
const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  const base = (host: string) => `http://${host}:${info.port}`;
  const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const lines = [
    '',
    `StoryNest is running (${config.mode}) on ${where}${seeded.length ? `; seeded ${seeded.join(' and ')}` : ''}.`,
    `  Platform site:     ${base('localhost')}`,
    `  Greenfield school: ${base('greenfield.localhost')}`,
    `  Hillside school:   ${base('hillside.localhost')}`,
    `  Riverbend Trust:   ${base('riverbend.localhost')}`,
    `  API:               ${base('localhost')}/api (OpenAPI: openapi/openapi.json)`,
    '',
  ];
  // Demo passwords are printed only in development, where they are the demo data's own.
  const demo = [
    'Demo sign-ins (Login, then "Teacher or Administrator"):',
    ...[...DEMO_ACCOUNTS, ...LATER_ACCOUNTS].map((a) => `  ${a.role.padEnd(19)} ${a.email.padEnd(28)} ${a.password.padEnd(13)} at ${base(a.tenant ? `${a.tenant}.localhost` : 'localhost')}`),
    'Students (Login, then "Student", at the Greenfield site):',
    `  class ${DEMO_CLASSES[0]!.code}, Amara Okafor, password kite-7; class ${DEMO_CLASSES[1]!.code}, Zoe Zhang, password moon-3`,
    'Parents ("Parent"): community password greenfield-parents at the Greenfield site.',
    '',
  ];
  console.log([...lines, ...(config.mode === 'development' && config.seedDemo ? demo : [])].join('\n'));
});

// Expired tokens, sessions, counters, links and sent mail bodies go: at start, then daily.
const stopPruning = startPruning(deps);

const shutdown = () => {
  stopPruning();
  void stopMailer();
  server.close();
  void database.close().finally(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
