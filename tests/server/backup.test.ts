// Backups restore: a seeded PGlite folder is backed up (its SQL dump and its key file) and
// restored into a fresh PGlite folder and into a fresh PostgreSQL database, and on each the demo
// teacher and a demo child (whose class password only the restored key decrypts) sign in through
// the app. A PostgreSQL backup (pg_dump) restores with pg_restore. A restore never writes over a
// database, and a folder a server has open is not backed up.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSecret } from '../../server/config';
import { createBackup, restoreBackup } from '../../server/db/backup';
import { openDatabase } from '../../server/db/client';
import { sharedSecret } from '../../server/db/secret';
import { seed } from '../../server/db/seed';
import { deriveKeys } from '../../server/lib/crypto';
import { freshPostgres, GREENFIELD, serveDatabase, signIn } from './harness';

const PG = process.env.DATABASE_URL;
const HAS_PG_DUMP = spawnSync('pg_dump', ['--version']).status === 0;
const folders: string[] = [];
const folder = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `storynest-${name}-`));
  folders.push(dir);
  return dir;
};

/** The demo teacher and a demo child sign in on the restored database (the child needs the key). */
async function signsIn(database: Awaited<ReturnType<typeof openDatabase>>, secret: string) {
  const server = serveDatabase(database, secret);
  try {
    const teacher = await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1');
    expect(teacher.user.role).toBeTruthy();
    const child = await signIn(server, 'amara.okafor', 'kite-7', GREENFIELD);
    expect((await server.call('GET', '/api/user/profile/', { host: GREENFIELD, token: child.access })).status).toBe(200);
  } finally {
    await server.close();
  }
}

let source = '';
let backup = '';

beforeAll(async () => {
  // A development PGlite folder as `npm start` leaves it: seeded, its key in secret.key.
  source = folder('source');
  const database = await openDatabase({ dataDir: source });
  await seed(database.db, deriveKeys(fileSecret(source)).data, 'demo');
  await database.close();
  backup = join(folder('backups'), 'today');
  expect(await createBackup({ dataDir: source }, backup)).toEqual(['storynest.sql', 'secret.key']);
}, 120_000);

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('a PGlite backup', () => {
  it('restores into a fresh PGlite folder, key included, and the demo users sign in', async () => {
    const target = join(folder('restored'), 'data');
    await restoreBackup(backup, { dataDir: target });
    expect(readFileSync(join(target, 'secret.key'), 'utf8')).toBe(readFileSync(join(source, 'secret.key'), 'utf8'));
    const database = await openDatabase({ dataDir: target });
    await signsIn(database, fileSecret(target));
  }, 120_000);

  it.skipIf(!PG)(
    'restores into a fresh PostgreSQL database, where its key becomes the shared one',
    async () => {
      const pg = await freshPostgres();
      try {
        await restoreBackup(backup, { dataDir: '/nonexistent', databaseUrl: pg.url });
        const database = await openDatabase({ url: pg.url });
        const secret = await sharedSecret(database.db);
        expect(secret).toBe(fileSecret(source));
        await signsIn(database, secret);
      } finally {
        await pg.drop();
      }
    },
    120_000,
  );

  it('is never restored over a database, nor taken of a folder a server has open', async () => {
    await expect(restoreBackup(backup, { dataDir: source })).rejects.toThrow(/already holds a database/);
    const open = await openDatabase({ dataDir: source });
    try {
      await expect(createBackup({ dataDir: source }, join(folder('busy'), 'b'))).rejects.toThrow(/is already open in this process/);
    } finally {
      await open.close();
    }
    await expect(createBackup({ dataDir: source }, backup)).rejects.toThrow(/is not empty/);
  }, 60_000);
});

describe.skipIf(!PG || !HAS_PG_DUMP)('a PostgreSQL backup (pg_dump)', () => {
  it('restores with pg_restore into a fresh database, and the demo users sign in', async () => {
    const [from, to] = [await freshPostgres(), await freshPostgres()];
    try {
      const source = await openDatabase({ url: from.url });
      await seed(source.db, deriveKeys('pg-backup-secret').data, 'demo');
      await source.close();
      const dumped = join(folder('pg-backups'), 'today');
      expect(await createBackup({ dataDir: '/nonexistent', databaseUrl: from.url }, dumped)).toEqual(['storynest.dump']);
      await restoreBackup(dumped, { dataDir: '/nonexistent', databaseUrl: to.url });
      await expect(restoreBackup(dumped, { dataDir: '/nonexistent', databaseUrl: to.url })).rejects.toThrow(/not empty/);
      await signsIn(await openDatabase({ url: to.url }), 'pg-backup-secret');
    } finally {
      await from.drop();
      await to.drop();
    }
  }, 120_000);
});
