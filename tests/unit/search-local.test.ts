// The header search: the device's word-prefix index (every term must start a word of the title
// or author), and the fall-back from the server to the device when offline, failing or slow.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { searchCatalogue, searchStories, searchWords } from '@/data/catalogue-index';
import { db, type BookRecord } from '@/data/db';
import { searchEverywhere, SLOW_SERVER_MS } from '@/features/search/search-everywhere';
import { i18n } from '@/i18n/i18n';

const book = (id: number, title: string, author: string, category_id = 1): BookRecord => ({
  id,
  title,
  author,
  description: '',
  price_cents: 500,
  currency: 'USD',
  cover: `/api/covers/${id}.svg`,
  category_id,
  kind: 'book',
  words: searchWords(title, author),
  updated_at: '2026-01-01T00:00:00Z',
});

beforeAll(async () => {
  await db.books.clear();
  await db.stories.clear();
  await db.stories.put({
    id: 7,
    title: 'My Castle Dream',
    slug: 'my-castle-dream-7',
    author: 'Amara O.',
    excerpt: '',
    cover: null,
    is_featured: false,
    created_at: '2026-01-01T00:00:00Z',
    words: searchWords('My Castle Dream', 'Amara O.'),
    updated_at: '2026-01-01T00:00:00Z',
  });
  await db.books.bulkPut([
    book(1, 'A Dragon Called Tiny', 'Theo Khan'),
    book(2, 'The Dragonfly Garden', 'Maya Quinn', 2),
    book(3, 'Castle of Drums', 'Ruby Murphy'),
    book(4, 'Sleepy Forest', 'Kofi Gupta', 2),
    book(5, 'Über Mountains', 'Zoë Adams'),
    book(6, 'Ñandú Dreams', 'Ana Sol'),
    book(7, 'Nube Tales', 'Ana Sol'),
    ...Array.from({ length: 60 }, (_, i) => book(100 + i, `Another Story ${i}`, 'Ann Author')),
  ]);
});
afterEach(() => vi.restoreAllMocks());

const titles = (books: BookRecord[]) => books.map((b) => b.title);

describe('the device search', () => {
  it('matches word prefixes of title and author, case-insensitively, every term', async () => {
    expect(titles(await searchCatalogue('DRAG', 10))).toEqual(['A Dragon Called Tiny', 'The Dragonfly Garden']);
    expect(titles(await searchCatalogue('drag maya', 10))).toEqual(['The Dragonfly Garden']);
    expect(titles(await searchCatalogue('gupta', 10))).toEqual(['Sleepy Forest']);
    expect(titles(await searchCatalogue('ragon', 10))).toEqual([]);
    expect(titles(await searchCatalogue('über zoë', 10))).toEqual(['Über Mountains']);
  });

  it('stops at the limit, filters by category, and lists by title with no query', async () => {
    expect(await searchCatalogue('another', 12)).toHaveLength(12);
    expect(titles(await searchCatalogue('drag', 10, 2))).toEqual(['The Dragonfly Garden']);
    expect(titles(await searchCatalogue('', 2))).toEqual(['A Dragon Called Tiny', 'Another Story 0']);
    expect(titles(await searchCatalogue('  ', 10, 2))).toEqual(['Sleepy Forest', 'The Dragonfly Garden']);
  });
});

describe("the device search in the reader's language", () => {
  afterEach(() => i18n.activate('en'));

  it("lists titles in the language's order: in Spanish, Ñ comes after N", async () => {
    expect(titles(await searchCatalogue('sol', 10))).toEqual(['Ñandú Dreams', 'Nube Tales']);
    i18n.load('es', {});
    i18n.activate('es');
    expect(titles(await searchCatalogue('sol', 10))).toEqual(['Nube Tales', 'Ñandú Dreams']);
  });
});

describe('search everywhere', () => {
  it('uses the device when offline, without asking the server', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const answer = await searchEverywhere('castle', new AbortController().signal, false);
    expect(answer).toMatchObject({
      source: 'device',
      results: [
        { kind: 'book', id: 3, title: 'Castle of Drums' },
        { kind: 'story', id: 7, title: 'My Castle Dream' },
      ],
    });
    expect((await searchStories('amara cast', 5)).map((s) => s.id)).toEqual([7]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('uses the server when it answers, and the device when it fails or is slow', async () => {
    const reply = {
      query: 'x',
      books: [{ id: 9, title: 'From the Server', author: 'S', price_cents: 1, currency: 'USD', cover: '/c', category_id: null }],
      stories: [{ id: 4, title: 'A Story', slug: 's', author: 'Amara O.', excerpt: '', cover: null, is_featured: false, created_at: '' }],
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } }),
    );
    const online = await searchEverywhere('x', new AbortController().signal, true);
    expect(online.source).toBe('server');
    expect(online.results.map((r) => [r.kind, r.title])).toEqual([
      ['book', 'From the Server'],
      ['story', 'A Story'],
    ]);

    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('{"message":"down"}', { status: 503 }));
    expect(await searchEverywhere('sleepy', new AbortController().signal, true)).toMatchObject({ source: 'device', results: [{ id: 4 }] });

    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (input) =>
        new Promise((_, reject) =>
          (input as Request).signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const started = Date.now();
    const slow = await searchEverywhere('sleepy', new AbortController().signal, true);
    expect(slow.source).toBe('device');
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_SERVER_MS - 50);
  });
});
