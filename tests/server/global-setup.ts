// Once per run of the server suite: a database migrated and seeded with the demo data, which
// every test file then starts from instead of migrating and seeding its own (the slowest part of
// a file's start). On PGlite it is a dumped data folder that each file loads into memory; on
// PostgreSQL it is a template database that each file's database is created from.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { freshPostgres, seedTestDatabase } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded PGlite data folder as a tarball file. */
    pgliteSnapshot: string;
    /** The seeded PostgreSQL database to create each file's database from (none without DATABASE_URL). */
    postgresTemplate: string | undefined;
  }
}

interface Seeded {
  pgliteSnapshot: string;
  postgresTemplate: string | undefined;
  /** Projects of this run still using it (server and server-isolated share one). */
  users: number;
  remove(): Promise<void>;
}

/** The demo data in a fresh in-memory PGlite, dumped to `file` (a tarball of its data folder). */
async function seedPglite(file: string): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await seedTestDatabase(database);
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // A checkpoint first, so a file that loads the folder has no log to replay.
  await client.query('checkpoint');
  writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
}

/** The demo data in a fresh PostgreSQL database, to be the template of each file's. */
async function seedPostgres(): Promise<Awaited<ReturnType<typeof freshPostgres>>> {
  const template = await freshPostgres();
  const pgDatabase = await openDatabase({ url: template.url });
  await seedTestDatabase(pgDatabase);
  // A template must have no open connection while a database is created from it.
  await pgDatabase.close();
  return template;
}

async function seedOnce(): Promise<Seeded> {
  const dir = mkdtempSync(join(tmpdir(), 'storynest-snapshot-'));
  const file = join(dir, 'pglite.tar');
  // Side by side: PGlite works in this process, PostgreSQL mostly in its own.
  const [lite, postgres] = await Promise.allSettled([seedPglite(file), process.env.DATABASE_URL ? seedPostgres() : undefined]);
  const template = postgres.status === 'fulfilled' ? postgres.value : undefined;
  if (lite.status === 'rejected' || postgres.status === 'rejected') {
    // Nothing left behind by the half that worked.
    rmSync(dir, { recursive: true, force: true });
    await template?.drop();
    throw lite.status === 'rejected' ? lite.reason : (postgres as PromiseRejectedResult).reason;
  }
  return {
    pgliteSnapshot: file,
    postgresTemplate: template?.name,
    users: 0,
    async remove() {
      rmSync(dir, { recursive: true, force: true });
      await template?.drop();
    },
  };
}

// Every server project of a run sets up in this one process: the first seeds, the others share it.
const run = globalThis as { storynestSeeded?: Promise<Seeded> };

export default async function setup(project: TestProject) {
  run.storynestSeeded ??= seedOnce();
  const seeded = await run.storynestSeeded;
  seeded.users++;
  project.provide('pgliteSnapshot', seeded.pgliteSnapshot);
  project.provide('postgresTemplate', seeded.postgresTemplate);
  return async () => {
    if (--seeded.users > 0) return;
    delete run.storynestSeeded;
    await seeded.remove();
  };
}
