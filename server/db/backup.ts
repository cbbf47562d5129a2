// Backups and restores of the whole database, with the key that opens its student passwords.
// A backup is a folder:
//   storynest.sql   from PGlite: a plain SQL dump (PGlite's own pg_dump, INSERT statements), which
//                   restores into a fresh PGlite folder and into PostgreSQL alike, so it is also the
//                   way from the embedded database to PostgreSQL
//   storynest.dump  from PostgreSQL: pg_dump's custom format (the pg_dump on PATH), for pg_restore
//   secret.key      DATA_DIR/secret.key when there is one (development without SECRET_KEY); with
//                   SECRET_KEY the key is the operator's to keep, and no backup holds it
// A restore goes into an empty database only, in one transaction: it fails whole or not at all.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lockDataDir } from './data-lock';
import { SHARED_SECRET_KEY } from './secret';

export const DUMP_SQL = 'storynest.sql';
export const DUMP_CUSTOM = 'storynest.dump';
export const KEY_FILE = 'secret.key';

/** Where the database is, as the server decides: PostgreSQL when there is a URL, else PGlite in the folder. */
export interface Location {
  dataDir: string;
  databaseUrl?: string;
}

// Owners and grants name roles of the machine the dump came from; the restoring role owns all.
const PORTABLE = ['--no-owner', '--no-privileges'];

function run(command: string, args: string[], what: string): void {
  const done = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (done.error) throw new Error(`${what}: ${command} could not be run (${done.error.message}). Install the PostgreSQL client tools.`);
  if (done.status !== 0) throw new Error(`${what} failed: ${done.stderr.trim()}`);
}

function emptyFolder(folder: string): void {
  if (existsSync(folder) && readdirSync(folder).length) throw new Error(`${folder} is not empty: a backup goes into a new folder.`);
  mkdirSync(folder, { recursive: true });
}

/** Writes a backup of `from` into the new folder `to`; returns the files written. */
export async function createBackup(from: Location, to: string): Promise<string[]> {
  emptyFolder(to);
  if (from.databaseUrl) {
    run('pg_dump', ['--format=custom', ...PORTABLE, `--file=${join(to, DUMP_CUSTOM)}`, from.databaseUrl], 'pg_dump');
    return [DUMP_CUSTOM];
  }
  const dataDir = from.dataDir;
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`There is no database in ${dataDir}.`);
  // The server's lock: a backup of a folder a running server writes to would not be consistent.
  const release = lockDataDir(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
    const pg = await PGlite.create(dataDir);
    try {
      const dump = await pgDump({ pg, args: PORTABLE });
      writeFileSync(join(to, DUMP_SQL), await dump.text());
    } finally {
      await pg.close();
    }
  } finally {
    release();
  }
  const written = [DUMP_SQL];
  if (existsSync(join(dataDir, KEY_FILE))) {
    copyFileSync(join(dataDir, KEY_FILE), join(to, KEY_FILE));
    written.push(KEY_FILE);
  }
  return written;
}

/** Restores the backup in `from` into the empty database `to`. */
export async function restoreBackup(from: string, to: Location): Promise<void> {
  const sqlFile = join(from, DUMP_SQL);
  const customFile = join(from, DUMP_CUSTOM);
  const keyFile = join(from, KEY_FILE);
  const key = existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : undefined;
  if (!existsSync(sqlFile) && !existsSync(customFile)) throw new Error(`${from} holds no ${DUMP_SQL} or ${DUMP_CUSTOM}.`);

  if (to.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: to.databaseUrl });
    await client.connect();
    try {
      const tables = await client.query(`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`);
      if (tables.rows[0].n > 0)
        throw new Error('The database is not empty: restore into a new database (createdb), then point DATABASE_URL at it.');
      if (existsSync(customFile)) {
        run('pg_restore', [...PORTABLE, '--exit-on-error', '--single-transaction', `--dbname=${to.databaseUrl}`, customFile], 'pg_restore');
      } else {
        let sql = readFileSync(sqlFile, 'utf8');
        // PGlite's pg_dump is PostgreSQL 18's; this setting exists from 17 on and is only there to
        // lift a timeout during the restore.
        const version = await client.query(`select current_setting('server_version_num')::int as n`);
        if (version.rows[0].n < 170000) sql = sql.replace(/^SET transaction_timeout = 0;$/m, '');
        await client.query(`begin;\n${sql}\ncommit;`);
      }
      // A development key from PGlite becomes the key every process on this database shares.
      if (key)
        await client.query(`insert into public.app_meta (key, value) values ($1, $2) on conflict (key) do nothing`, [
          SHARED_SECRET_KEY,
          key,
        ]);
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      await client.end();
    }
    return;
  }

  const dataDir = to.dataDir;
  if (existsSync(customFile)) throw new Error(`${DUMP_CUSTOM} is a PostgreSQL backup: restore it into PostgreSQL (set DATABASE_URL).`);
  if (existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`${dataDir} already holds a database: restore into a new, empty DATA_DIR.`);
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = await PGlite.create(dataDir);
    try {
      const sql = readFileSync(sqlFile, 'utf8');
      await pg.transaction((tx) => tx.exec(sql));
    } finally {
      await pg.close();
    }
    if (key) writeFileSync(join(dataDir, KEY_FILE), key + '\n', { mode: 0o600 });
  } finally {
    release();
  }
}
