// The database as a file store (the default): bytes in one table, keyed like the bucket, so
// a backup of the database (pg_dump, the PGlite dump) holds every upload too.
import { eq, inArray } from 'drizzle-orm';
import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { FileStore } from './storage';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

/** Declared here (the store's own table) and exported by server/db/schema.ts for migrations. */
export const storedFiles = pgTable('stored_files', {
  key: text().primaryKey(),
  content_type: text().notNull(),
  data: bytea().notNull(),
  created_at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const databaseStore: FileStore = {
  kind: 'database',
  async put(db, key, bytes, contentType) {
    await db
      .insert(storedFiles)
      .values({ key, content_type: contentType, data: bytes })
      .onConflictDoUpdate({ target: storedFiles.key, set: { content_type: contentType, data: bytes, created_at: new Date() } });
  },
  async get(db, key) {
    const [row] = await db.select({ data: storedFiles.data }).from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
    return row?.data ?? null;
  },
  async remove(db, keys) {
    if (keys.length) await db.delete(storedFiles).where(inArray(storedFiles.key, keys));
  },
};
