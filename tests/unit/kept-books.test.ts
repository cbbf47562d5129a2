// Books kept for offline reading: read back only when they parse, and at sign-out only the
// published ones stay (a class's unpublished book must not be left for the next child).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceDatabase } from '@/data/db';
import { keepBook, keptBook, type KeptBook } from '@/data/kept-books';
import { forgetSessionBooks } from '@/data/personal-data';

const book = (id: number, status: KeptBook['status']): KeptBook => ({
  id,
  kind: 'made',
  status,
  page_count: 1,
  content: {
    title: `Book ${id}`,
    trim: 'a5',
    cover: { authors: 'Year 4' },
    pages: [{ id: 'p1', layout: 'text-only', html: '<p>Hi</p>', text: 'Hi', pictures: [] }],
  },
});

describe('kept books', () => {
  let db: DeviceDatabase;
  beforeEach(() => {
    db = new DeviceDatabase(`kept-books-${Math.random()}`);
  });
  afterEach(() => db.delete());

  it('reads back a kept book and drops one that does not parse', async () => {
    await keepBook(book(1, 'published'), db);
    expect((await keptBook(1, db))?.content.title).toBe('Book 1');
    await db.meta.put({ key: 'book-reading:2', value: { id: 2, content: { pages: 'nope' } } });
    expect(await keptBook(2, db)).toBeUndefined();
    expect(await db.meta.get('book-reading:2')).toBeUndefined();
  });

  it('keeps only published books at sign-out', async () => {
    await keepBook(book(1, 'published'), db);
    await keepBook(book(2, 'submitted'), db);
    await forgetSessionBooks(db);
    expect(await keptBook(1, db)).toBeDefined();
    expect(await keptBook(2, db)).toBeUndefined();
  });
});
