// `npm run backup -- <folder>` and `npm run restore -- <folder>`: the database the server would
// open (DATABASE_URL, else PGlite in DATA_DIR) backed up into a new folder, or a backup restored
// into it while it is empty. See server/db/backup.ts for what a backup holds, README (Deploy).
import { resolve } from 'node:path';
import { loadConfig } from './config';
import { createBackup, restoreBackup, type Location } from './db/backup';

const [command, folder] = process.argv.slice(2);
if (!folder || (command !== 'create' && command !== 'restore')) {
  console.error('Usage: npm run backup -- <new folder>   |   npm run restore -- <backup folder>');
  process.exit(2);
}
try {
  const config = loadConfig();
  const location: Location = { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
  const where = config.databaseUrl ? 'the PostgreSQL database (DATABASE_URL)' : `the PGlite database in ${config.dataDir}`;
  // npm runs scripts in the package's folder; a relative path is the caller's.
  const path = resolve(process.env.INIT_CWD ?? '.', folder);
  if (command === 'create') {
    const files = await createBackup(location, path);
    console.log(`Backed up ${where} into ${path}: ${files.join(', ')}.`);
    if (config.secretKey)
      console.log('The key is SECRET_KEY: keep it safe, apart from this backup (without it no class password can be read).');
  } else {
    await restoreBackup(path, location);
    console.log(`Restored ${path} into ${where}.`);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
