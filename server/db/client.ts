// Opens the database: embedded PGlite in a data folder by default, PostgreSQL when a URL is
// given. Both are Drizzle databases of the same schema; the rest of the server sees only `Db`.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction on the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: what a function takes that may run inside a caller's transaction or on its own. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * `location` is a PostgreSQL URL, a folder for PGlite, or `memory://` for a throwaway PGlite.
 * Migrations run on open, so a fresh location is always ready to use.
 */
export async function openDatabase(location: { url: string } | { dataDir: string }): Promise<Database> {
  if ('url' in location) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: location.url, max: 10 });
    const db = drizzle({ client: pool, schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (!location.dataDir.startsWith('memory://')) mkdirSync(location.dataDir, { recursive: true });
  const client = await PGlite.create(location.dataDir);
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
