// Opens the database: embedded PGlite in a data folder by default, PostgreSQL when a URL is
// given. Both are Drizzle databases of the same schema; the rest of the server sees only `Db`.
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { logger } from '../log';
import { lockDataDir } from './data-lock';
import { namedStatements, type PGliteProtocol } from './pglite-statements';
import * as schema from './schema';

/**
 * Drizzle is given no schema: its relational queries (`db.query.*`) are not used here, and with a
 * schema every transaction built a query builder for each of the tables (a handle per request).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
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

/** PostgreSQL's type id of bytea (PGlite's `types.BYTEA`, without loading PGlite to read it). */
const BYTEA_OID = 17;

/** PGlite's buffer cache (see openDatabase). */
const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * A new PGlite data folder, initdb's and migrated, made once by `npm run build` beside the built
 * server (scripts/build.mjs): a first start copies it instead of running initdb, whose own
 * WebAssembly memory took the process to about 800 MB and 3.6 s, and the migrations. (Loaded as
 * a tarball, PGlite held the whole folder in memory: a first start rested at 440 MB against
 * 270 MB for a restart.) Run from the sources (tsx, the tests) there is none: PGlite runs initdb.
 */
const newDataFolder = join(fileURLToPath(new URL('.', import.meta.url)), 'pgdata');

/** How many connections a process keeps to PostgreSQL by default. */
export const POOL_SIZE = 10;

/** Any number that names this application's migration lock (pg_advisory_lock takes a bigint). */
const MIGRATION_LOCK = 20261124;

export interface PostgresOptions {
  /**
   * statement_timeout and idle_in_transaction_session_timeout of every pooled connection, in ms
   * (the server passes its request deadline: no statement or idle transaction outlives the
   * request that started it). Unset: PostgreSQL's defaults (none).
   */
  timeoutMs?: number;
  /** Pool size (default POOL_SIZE). */
  max?: number;
  /**
   * Open every pooled connection at once and keep them open when idle (the server's own pool).
   * Unset, a connection opens when first needed and closes after 10 s unused (tests, tools).
   */
  keepOpen?: boolean;
}

/**
 * `location` is a PostgreSQL URL, a folder for PGlite, or `memory://` for a throwaway PGlite
 * (optionally started from a dumped data folder, as the tests do to skip migrating and seeding).
 * Migrations run on open, so a fresh location is always ready to use. On PostgreSQL they run on
 * one connection holding an advisory lock, so processes starting together migrate one at a time
 * (the later ones find nothing left to do). A PGlite folder is locked to the process that opens
 * it (data-lock.ts): a second process gets a DataDirInUseError.
 */
export async function openDatabase(
  location: { url: string } | { dataDir: string; loadDataDir?: Blob },
  options: PostgresOptions = {},
): Promise<Database> {
  if ('url' in location) {
    const { Pool, Client } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const migrator = new Client({ connectionString: location.url });
    await migrator.connect();
    try {
      await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(drizzle({ client: migrator }), { migrationsFolder });
    } finally {
      // Ending the session releases its lock too, even if the unlock is never reached.
      await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      await migrator.end();
    }
    const timeouts = options.timeoutMs
      ? { statement_timeout: options.timeoutMs, idle_in_transaction_session_timeout: options.timeoutMs }
      : {};
    const max = options.max ?? POOL_SIZE;
    const pool = new Pool({ connectionString: location.url, max, ...(options.keepOpen ? { min: max } : {}), ...timeouts });
    // An idle connection the server ends (a restart, a dropped database) must not crash the
    // process: the pool replaces it on the next query.
    pool.on('error', (err) => logger.warn({ err: err.message }, 'an idle database connection was closed'));
    if (options.keepOpen) {
      // A new connection is a new PostgreSQL backend, slow for its first statements (its caches
      // are empty). Closed after 10 s unused, every bell after a quiet minute met a cold pool:
      // bench:load after 15 s of quiet, p99 1,162 ms with the pool emptied and 460 ms kept open.
      const opened = await Promise.all(Array.from({ length: max }, () => pool.connect()));
      for (const client of opened) client.release();
    }
    const db = drizzle({ client: pool });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const pglite = await import('@electric-sql/pglite');
  const { PGlite } = pglite;
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let release = () => {};
  const loadDataDir = location.loadDataDir;
  if (!location.dataDir.startsWith('memory://')) {
    mkdirSync(location.dataDir, { recursive: true });
    // One process per folder (data-lock.ts): a second one refuses here, before PGlite opens it.
    release = lockDataDir(location.dataDir);
    if (!loadDataDir && !existsSync(join(location.dataDir, 'PG_VERSION')) && existsSync(join(newDataFolder, 'PG_VERSION'))) {
      logger.info({ from: newDataFolder }, 'a new data folder: starting it from the one the build made');
      cpSync(newDataFolder, location.dataDir, { recursive: true });
    }
  }
  try {
    // `loadDataDir`: a PGlite data folder dumped as a tarball (dumpDataDir) to start from.
    // shared_buffers at 16 MB, not PostgreSQL's 128 MB: PGlite keeps them in its WebAssembly
    // memory, which only grows, while the data folder's files are cached by the host anyway (a
    // class start's CPU a request was the same at 16 and 32 MB, its peak memory 14 MB lower).
    const client = await PGlite.create(location.dataDir, {
      ...(loadDataDir ? { loadDataDir } : {}),
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      // Stored files (bytea): sent as they are (PGlite binds a byte array as a binary parameter)
      // and read through Buffer's native hex codec. PGlite's own serializer writes one string per
      // byte (a 5 MB picture held the event loop for half a second, a 50 MB PDF for seconds) and
      // its parser one parseInt per byte. The decoded Buffer's memory is viewed, not copied again.
      serializers: { [BYTEA_OID]: (bytes: Uint8Array) => bytes as unknown as string },
      parsers: { [BYTEA_OID]: (hex: string) => schema.viewOf(Buffer.from(hex.slice(2), 'hex')) },
    });
    const statements = wrapStatements(client, pglite);
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder });
    statements.nameStatements();
    // PGlite runs no autovacuum, so nothing else gathers the planner's statistics: a folder's
    // tables are analyzed at each start (a throwaway memory:// database is left as it is).
    if (!location.dataDir.startsWith('memory://')) await client.exec('analyze');
    const close = async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    };
    return { db: db as unknown as Db, kind: 'pglite', close };
  } catch (err) {
    release();
    throw err;
  }
}

type Statement = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

/**
 * The types Drizzle's PGlite session reads as text (date, timestamp, timestamptz, interval, and
 * the arrays of those and of numeric): it passes parsers that return them unchanged with every
 * statement, and PGlite merges a statement's parsers into its own table of about 320 each time
 * (0.4 ms a statement here, half of a cart's insert). They are set in the client's table once.
 */
const KEPT_AS_TEXT = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);
const asText = (value: string) => value;

/** `options` without its parsers when they only keep the KEPT_AS_TEXT types as text. */
function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const oid in options.parsers) if (!KEPT_AS_TEXT.has(Number(oid))) return options;
  const { parsers: _, ...rest } = options;
  return rest;
}

/**
 * How every statement reaches PGlite (Drizzle's `query`, on the client and in its transactions):
 *
 * - PGlite runs each statement on this thread and answers through promises that are already
 *   settled, so a request's run of statements (a thousand updates one after another, a roster's
 *   inserts) never let the event loop turn: every other school's request, and /api/health, waited
 *   for the whole run (1,000 updates held it 0.7 to 3 s). Each statement, in a transaction or
 *   not, first waits for the loop's next turn. (PostgreSQL needs none of this: its answers come
 *   by socket.)
 * - Each statement leaves out the parsers the client already has (KEPT_AS_TEXT).
 * - Once `nameStatements` is called (after migrating), statements run as named ones, one call
 *   each (pglite-statements.ts): a cart's insert 0.12-0.19 -> 0.04 ms, a row by its key 0.08 ->
 *   0.035 ms. They take PGlite's own locks as its `query` does: outside a transaction, the
 *   transaction lock and then the statement lock (and the files are synced after); inside one,
 *   the statement lock.
 */
function wrapStatements(client: PGlite, pglite: PGliteProtocol): { nameStatements: () => void } {
  for (const oid of KEPT_AS_TEXT) client.parsers[oid] = asText;
  let named: ReturnType<typeof namedStatements> | undefined;
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  /** Whether a statement may run named: PGlite's blob (COPY) and typed parameters keep its own path. */
  const nameable = (options: QueryOptions | undefined) => named !== undefined && !options?.blob && !options?.paramTypes;

  const query = client.query.bind(client) as Statement;
  client.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
    await nextTurn();
    const opts = withoutTextParsers(options);
    if (!nameable(opts)) return query(text, params, opts);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const result = await named!.run(text, params, opts);
        await client.syncToFs();
        return result;
      }),
    );
  }) as PGlite['query'];
  const exec = client.exec.bind(client);
  client.exec = async (...args) => {
    await nextTurn();
    return exec(...args);
  };

  const transaction = client.transaction.bind(client);
  client.transaction = (fn) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx) as Statement;
      tx.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
        await nextTurn();
        const opts = withoutTextParsers(options);
        if (!nameable(opts) || tx.closed) return txQuery(text, params, opts);
        return client._runExclusiveQuery(() => named!.run(text, params, opts));
      }) as Transaction['query'];
      const txExec = tx.exec.bind(tx);
      tx.exec = async (...args) => {
        await nextTurn();
        return txExec(...args);
      };
      return fn(tx);
    });
  return { nameStatements: () => (named = namedStatements(client, pglite)) };
}
