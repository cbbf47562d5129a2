// PGlite's statements run named, one call each (server/db/pglite-statements.ts): the answers are
// PGlite's own, statements outlive a rolled-back transaction, failures keep their code and leave
// the session usable, at most `limit` stay open, and the server's database uses them.
import * as pglite from '@electric-sql/pglite';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { namedStatements } from '../../server/db/pglite-statements';
import { tenants } from '../../server/db/schema';

const preparedNames = async (client: PGlite) =>
  (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name);

describe('named statements on PGlite', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create('memory://');
    await client.exec(`create table things (
      id serial primary key, name text unique not null, flag boolean, doc jsonb, tags int[], bytes bytea, at timestamptz)`);
  });
  afterAll(() => client.close());

  it('answers as PGlite itself does, for each kind of parameter and both row modes', async () => {
    const { run } = namedStatements(client, pglite);
    const insert = `insert into things (name, flag, doc, tags, bytes, at) values ($1, $2, $3, $4, $5, $6) returning *`;
    const values = ['kite', true, { a: [1, 'two'] }, [3, 4], new Uint8Array([0, 255, 7]), '2026-11-28T10:00:00Z'];
    const ours = await run(insert, values);
    const theirs = await client.query(insert, ['moon', ...values.slice(1)]);
    expect(ours.rows).toEqual([{ ...(theirs.rows[0] as object), id: 1, name: 'kite' }]);
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.affectedRows).toBe(1);
    expect((ours.rows[0] as { bytes: Uint8Array }).bytes).toEqual(new Uint8Array([0, 255, 7]));
    expect((ours.rows[0] as { doc: unknown }).doc).toEqual({ a: [1, 'two'] });

    const select = 'select id, name, flag from things where flag = $1 and name <> $2 order by id';
    const arrays = await run(select, [true, 'nobody'], { rowMode: 'array' });
    expect(arrays.rows).toEqual((await client.query(select, [true, 'nobody'], { rowMode: 'array' })).rows);
    expect(arrays.rows).toEqual([
      [1, 'kite', true],
      [2, 'moon', true],
    ]);
    // Null parameters, and the same statement again (now only bound and run).
    expect((await run('select $1::text is null as missing', [null])).rows).toEqual([{ missing: true }]);
    expect((await run('select $1::text is null as missing', ['x'])).rows).toEqual([{ missing: false }]);
    expect((await run('update things set flag = $1 where id > $2', [false, 0])).affectedRows).toBe(2);
  });

  it('keeps a statement first parsed in a transaction that was rolled back', async () => {
    const { run } = namedStatements(client, pglite);
    const count = 'select count(*)::int as n from things where name = $1';
    await client
      .transaction(async (tx) => {
        await tx.exec('select 1');
        expect((await run(count, ['kite'])).rows).toEqual([{ n: 1 }]);
        await tx.rollback();
      })
      .catch(() => undefined);
    expect((await run(count, ['kite'])).rows).toEqual([{ n: 1 }]);
  });

  it('reports a failure with its code and statement, and the session goes on', async () => {
    const { run } = namedStatements(client, pglite);
    const insert = 'insert into things (name) values ($1)';
    const failure = await run(insert, ['kite']).catch((err: unknown) => err);
    expect(failure).toMatchObject({ code: '23505', query: insert, params: ['kite'] });
    expect((await run('select name from things where id = $1', [1])).rows).toEqual([{ name: 'kite' }]);
    // In a transaction the failure aborts it, as any statement's would; the rollback ends it.
    await expect(
      client.transaction(async () => {
        await run(insert, ['kite']).catch(() => undefined);
        await run('select 1 as one', []);
      }),
    ).rejects.toMatchObject({ code: '25P02' });
    expect((await run('select 1 as one', [])).rows).toEqual([{ one: 1 }]);
  });

  it('keeps at most `limit` statements, closing the one used longest ago', async () => {
    await client.exec('deallocate all');
    const { run, size } = namedStatements(client, pglite, 2);
    await run('select 1 as a', []);
    await run('select 2 as b', []);
    await run('select 1 as a', []); // used again: "select 2" is now the oldest
    await run('select 3 as c', []);
    expect(size()).toBe(2);
    expect(await preparedNames(client)).toHaveLength(2);
    expect((await run('select 2 as b', [])).rows).toEqual([{ b: 2 }]);
    expect((await run('select 1 as a', [])).rows).toEqual([{ a: 1 }]);
    expect(await preparedNames(client)).toHaveLength(2);
  });
});

describe("the server's PGlite database", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => database.close());

  it('runs its statements named, on the client and in transactions', async () => {
    const { db } = database;
    // On the handle given: in a transaction, a statement on the database would wait for its end.
    const named = async (handle: Pick<typeof db, 'execute'> = db) =>
      ((await handle.execute(sql`select statement from pg_prepared_statements`)) as unknown as { rows: { statement: string }[] }).rows.map(
        (r) => r.statement,
      );
    const bySubdomain = () => db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subdomain, 'nowhere'));
    expect(await bySubdomain()).toEqual([]);
    expect((await named()).some((s) => s.includes('from "tenants"'))).toBe(true);
    const inside = await db.transaction(async (tx) => {
      await tx.execute(sql`select 41 + 1 as answer`);
      return named(tx);
    });
    expect(inside.some((s) => s.includes('select 41 + 1'))).toBe(true);
  });
});
