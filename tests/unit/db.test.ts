// The device database: its tables, keys and indexes, under fake-indexeddb.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceDatabase } from '@/data/db';

let db: DeviceDatabase;
let n = 0;
beforeEach(async () => {
  db = new DeviceDatabase(`test-${++n}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('device database', () => {
  it('has the tables of the schema, each with its primary key', () => {
    const keys = Object.fromEntries(db.tables.map((t) => [t.name, t.schema.primKey.keyPath]));
    expect(keys).toEqual({
      tenant: 'key',
      user: 'id',
      classes: 'id',
      students: 'id',
      books: 'id',
      cart: 'item_id',
      categories: 'id',
      stories: 'id',
      faqs: 'id',
      outbox: 'id',
      meta: 'key',
      credentials: 'owner_id',
      logins: 'id',
      documents: 'key',
      pictures: 'id',
      adminPages: 'key',
      pages: 'slug',
      tablet: 'key',
      tabletClasses: 'class_code',
      offlineSessions: 'owner_id',
      throttles: 'key',
    });
  });

  it("keeps each owner's documents apart: one owner's query never returns another's draft", async () => {
    const doc = (owner_id: number, id: string) => ({
      key: `${owner_id}:story:${id}`,
      owner_id,
      kind: 'story' as const,
      id,
      state: new ArrayBuffer(2),
      meta: {},
      saved_at: 1,
    });
    await db.documents.bulkPut([doc(1, 'a'), doc(2, 'b'), doc(1, 'c')]);
    const mine = await db.documents.where('[owner_id+kind]').equals([1, 'story']).toArray();
    expect(mine.map((d) => d.id).sort()).toEqual(['a', 'c']);
  });

  it('upgrades a database written by version 1 without losing what it holds', async () => {
    const name = `upgrade-${n}`;
    const { default: Dexie } = await import('dexie');
    const old = new Dexie(name);
    old.version(1).stores({ outbox: '&id, status, created_at, [owner_id+created_at]', cart: '&item_id, added_at' });
    await old.table('cart').put({ item_id: 5, added_at: 'then' });
    await old.table('outbox').put({ id: 'old-entry', owner_id: 1, created_at: 1, status: 'pending' });
    old.close();
    const upgraded = new DeviceDatabase(name);
    expect(await upgraded.cart.get(5)).toEqual({ item_id: 5, added_at: 'then' });
    expect(await upgraded.outbox.get('old-entry')).toMatchObject({ status: 'pending' });
    expect(await upgraded.credentials.count()).toBe(0);
    upgraded.close();
    await upgraded.delete();
  });

  it('finds books by a word prefix through the multi-entry index', async () => {
    const book = (id: number, title: string) => ({
      id,
      title,
      author: 'A. Writer',
      description: '',
      price_cents: 100,
      currency: 'USD',
      cover: '',
      category_id: 1,
      kind: 'book' as const,
      words: title.toLowerCase().split(' '),
      updated_at: '2026-01-01',
    });
    await db.books.bulkPut([book(1, 'The Brave Dragon'), book(2, 'Dragonfly Summer'), book(3, 'The Quiet River')]);
    const hits = await db.books.where('words').startsWith('drag').distinct().primaryKeys();
    expect(hits.sort()).toEqual([1, 2]);
  });

  it("reads one owner's outbox in creation order through the compound index", async () => {
    const entry = (id: string, owner_id: number, created_at: number) => ({
      id,
      schema_version: 1,
      owner_id,
      tenant: 'greenfield',
      kind: 'test',
      label: 'A test change',
      method: 'POST' as const,
      path: '/x/',
      body: {},
      files: [],
      entity_keys: [],
      undo: [],
      on_success: [],
      created_at,
      attempts: 0,
      next_attempt_at: 0,
      status: 'pending' as const,
      last_error: null,
    });
    await db.outbox.bulkAdd([entry('c', 7, 30), entry('a', 7, 10), entry('x', 8, 5), entry('b', 7, 20)]);
    const mine = await db.outbox.where('[owner_id+created_at]').between([7, -Infinity], [7, Infinity]).toArray();
    expect(mine.map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the current tenant under one key', async () => {
    await db.tenant.put({ key: 'current', school_name: 'A' } as never);
    await db.tenant.put({ key: 'current', school_name: 'B' } as never);
    expect(await db.tenant.count()).toBe(1);
    expect((await db.tenant.get('current'))?.school_name).toBe('B');
  });
});
