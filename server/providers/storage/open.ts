// Which file store this installation uses (storage.ts describes the interface): the bucket when
// S3_BUCKET is set, else the database.
import { databaseStore } from './database';
import { s3Store } from './s3';
import type { FileStore, S3Settings } from './storage';

/** The configured store: the bucket when there is one, the database otherwise. */
export function openFileStore(s3: S3Settings | undefined): FileStore {
  if (!s3) return databaseStore;
  const bucket = s3Store(s3);
  return {
    ...bucket,
    // Files uploaded before the bucket was configured stay in the database and are still served.
    get: async (db, key) => (await bucket.get(db, key)) ?? databaseStore.get(db, key),
    remove: async (db, keys) => {
      await bucket.remove(db, keys);
      await databaseStore.remove(db, keys);
    },
  };
}
