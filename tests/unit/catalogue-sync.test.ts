// The device's catalogue sync takes the server's deletions (a book that left the shelf comes
// as its id only) and removes the book and its search words from the device.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchCatalogue } from '@/data/catalogue-index';
import { db } from '@/data/db';
import { syncCatalogue } from '@/features/library/catalogue';

const book = (id: number, title: string, updated_at: string) => ({
  id,
  title,
  author: 'Ada Author',
  description: '',
  price_cents: 500,
  currency: 'USD',
  cover: `/api/covers/${id}.svg`,
  category_id: null,
  is_featured: false,
  book_kind: id === 2 ? 'made' : 'catalogue',
  updated_at,
  deleted: false,
});

describe('catalogue sync', () => {
  let bookPages: Record<string, unknown>;
  beforeEach(async () => {
    await Promise.all([db.books.clear(), db.stories.clear(), db.meta.clear()]);
    vi.stubGlobal('fetch', async (input: Request | string) => {
      const url = new URL(typeof input === 'string' ? input : input.url, 'http://device');
      if (url.pathname === '/api/categories/') return Response.json({ count: 0, results: [] });
      if (url.pathname === '/api/catalogue/stories/') return Response.json({ results: [], next_since: null });
      return Response.json(bookPages[url.searchParams.get('updated_since') ?? 'start']);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('removes a book the server sends as a deletion (its id only) and forgets its words', async () => {
    bookPages = {
      start: {
        results: [book(1, 'Moon Garden', '2026-01-01T00:00:00Z'), book(2, 'Secret Lighthouse', '2026-01-02T00:00:00Z')],
        next_since: null,
      },
      '2026-01-02T00:00:00Z~2': { results: [{ id: 2, updated_at: '2026-01-03T00:00:00Z', deleted: true }], next_since: null },
    };
    await syncCatalogue();
    expect((await searchCatalogue('lighthouse', 10)).map((b) => b.id)).toEqual([2]);
    // Each record keeps the book's kind: the book page asks for reader pages only for a made one.
    expect((await db.books.toArray()).map((b) => b.book_kind)).toEqual(['catalogue', 'made']);
    await syncCatalogue();
    expect((await db.books.toArray()).map((b) => b.id)).toEqual([1]);
    expect(await searchCatalogue('lighthouse', 10)).toEqual([]);
    expect((await db.meta.get('cursor:books'))?.value).toBe('2026-01-03T00:00:00Z~2');
  });
});
