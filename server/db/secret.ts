// The development master secret when SECRET_KEY is unset and the database is PostgreSQL: kept
// in the database (app_meta), so every API process on it signs and reads the same tokens and
// student passwords. The first process to start creates it; the rest read that one. Production
// refuses to start without SECRET_KEY (config.ts), so this never guards real data.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { appMeta } from './schema';

/** Its row in app_meta (a restore from PGlite puts the backup's key file there). */
export const SHARED_SECRET_KEY = 'development_secret_key';

export async function sharedSecret(db: Db): Promise<string> {
  await db
    .insert(appMeta)
    .values({ key: SHARED_SECRET_KEY, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, SHARED_SECRET_KEY)).limit(1);
  if (!row) throw new Error('The shared development secret could not be stored.');
  return row.value;
}
