// Statements prepared once (server/db/prepared.ts): built on the first handle that asks, they run
// on whichever handle asks next (the database or a caller's transaction) without being built
// again, inside that transaction and never outside it, on PGlite and on PostgreSQL.
import { eq, sql } from 'drizzle-orm';
import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { preparedPer } from '../../server/db/prepared';
import { freshPostgres, TARGETS } from './harness';

const notes = pgTable('prepared_notes', { id: serial().primaryKey(), body: text().notNull() });

// Shared by both databases' tests, as a module's statements are by every database a process opens.
let builds = 0;
const addNote = preparedPer((db) => {
  builds++;
  return db
    .insert(notes)
    .values({ body: sql.placeholder('body') })
    .returning({ id: notes.id })
    .prepare('prepared_note_add');
});
const findNote = preparedPer((db) => {
  builds++;
  return db
    .select({ body: notes.body })
    .from(notes)
    .where(eq(notes.body, sql.placeholder('body')))
    .prepare('prepared_note_find');
});

describe.each(TARGETS)('statements prepared once (%s)', (target) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const pg = target === 'postgres' ? await freshPostgres() : undefined;
    drop = pg?.drop;
    database = await openDatabase(pg ? { url: pg.url } : { dataDir: 'memory://' });
    await database.db.execute(sql`create table prepared_notes (id serial primary key, body text not null)`);
  });
  afterAll(async () => {
    await database.close();
    await drop?.();
  });

  it('builds each statement once for each driver, for the database and every transaction', async () => {
    const { db } = database;
    const before = builds;
    await addNote(db).execute({ body: 'kite' });
    for (const body of ['moon', 'star', 'sun']) {
      await db.transaction(async (tx) => {
        await addNote(tx).execute({ body });
        expect(await findNote(tx).execute({ body })).toEqual([{ body }]);
      });
    }
    expect(builds - before).toBe(2);
    expect((await findNote(db).execute({ body: 'sun' })).length).toBe(1);
    expect(builds - before).toBe(2);
  });

  it('runs inside the transaction that asks, and its work goes with a rollback', async () => {
    const { db } = database;
    const rolledBack = new Error('roll back');
    await expect(
      db.transaction(async (tx) => {
        await addNote(tx).execute({ body: 'lost' });
        // Seen inside the transaction only: on PostgreSQL the pool's other connections do not see it.
        expect(await findNote(tx).execute({ body: 'lost' })).toEqual([{ body: 'lost' }]);
        if (target === 'postgres') expect(await findNote(db).execute({ body: 'lost' })).toEqual([]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await findNote(db).execute({ body: 'lost' })).toEqual([]);
  });
});
