// The catalogue's pull sync (GET /books/?updated_since=) answers only what the caller may see: a
// first sync the books on sale on this site; later syncs also the books that left the shelf
// (unpublished, deleted), as deletions holding their id and nothing of their content. Each book
// says its kind (catalogue, made, uploaded).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { books, tenants } from '../../server/db/schema';
import { GREENFIELD, HILLSIDE, TARGETS, startServer, type TestServer } from './harness';

describe.each(TARGETS)('the catalogue pull on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(() => server.close());

  /** Every page from `since` on, as the PWA pulls them. */
  async function pullAll(host: string, since?: string) {
    const results: any[] = [];
    let cursor = since;
    for (;;) {
      const query = `/api/books/?limit=1000${cursor ? `&updated_since=${encodeURIComponent(cursor)}` : ''}`;
      const page = await server.call('GET', query, { host });
      expect(page.status).toBe(200);
      results.push(...page.body.results);
      if (!page.body.next_since) return { results, text: JSON.stringify(results), last: results.at(-1) };
      cursor = page.body.next_since;
    }
  }

  it('sends books that left the shelf as deletions only, never their content', async () => {
    const db = server.database.db;
    const first = await pullAll(GREENFIELD);
    expect(first.results.length).toBeGreaterThan(2);
    expect(first.results.every((b) => b.deleted === false && typeof b.title === 'string')).toBe(true);
    const cursor = `${first.last.updated_at}~${first.last.id}`;

    const [withdrawn, removed] = first.results.slice(0, 2);
    await db.update(books).set({ published: false, title: 'Withdrawn secret title' }).where(eq(books.id, withdrawn.id));
    await db.update(books).set({ deleted_at: new Date(), title: 'Removed secret title' }).where(eq(books.id, removed.id));
    const [greenfield] = await db.select().from(tenants).where(eq(tenants.subdomain, 'greenfield'));
    const [draft] = await db
      .insert(books)
      .values({
        tenant_id: greenfield!.id,
        title: 'Unreleased draft title',
        author: 'Hidden Author',
        price_cents: 100,
        cover: '/x.svg',
        published: false,
      })
      .returning({ id: books.id });

    const later = await pullAll(GREENFIELD, cursor);
    const byId = new Map(later.results.map((b) => [b.id, b]));
    for (const id of [withdrawn.id, removed.id, draft!.id]) {
      expect(Object.keys(byId.get(id)).sort()).toEqual(['deleted', 'id', 'updated_at']);
      expect(byId.get(id).deleted).toBe(true);
    }
    expect(later.text).not.toMatch(/secret title|Unreleased|Hidden Author/);

    // A first sync (a new device) does not list them at all; nor does another site.
    const fresh = await pullAll(GREENFIELD);
    expect(fresh.results.map((b) => b.id)).not.toEqual(expect.arrayContaining([withdrawn.id]));
    expect(fresh.text).not.toMatch(/secret title|Unreleased|Hidden Author/);
    expect((await pullAll(HILLSIDE, cursor)).text).not.toMatch(/Unreleased|Hidden Author/);

    // Nor does the book's page or its drawn cover (which shows the title).
    expect((await server.call('GET', `/api/books/${draft!.id}/`, { host: GREENFIELD })).status).toBe(404);
    expect((await server.call('GET', `/api/covers/${draft!.id}.svg`, { host: GREENFIELD })).status).toBe(404);
    expect((await server.call('GET', `/api/covers/${withdrawn.id}.svg`, { host: GREENFIELD })).status).toBe(404);

    // Back on the shelf: it comes back in full.
    await db
      .update(books)
      .set({ published: true, title: 'Back again' })
      .where(inArray(books.id, [withdrawn.id]));
    const back = (await pullAll(GREENFIELD, cursor)).results.find((b) => b.id === withdrawn.id);
    expect(back).toMatchObject({ id: withdrawn.id, title: 'Back again', deleted: false });
  });

  it("says each book's kind, so the book page asks for reader pages only for a made or uploaded book", async () => {
    const db = server.database.db;
    const [greenfield] = await db.select().from(tenants).where(eq(tenants.subdomain, 'greenfield'));
    const [made] = await db
      .insert(books)
      .values({
        tenant_id: greenfield!.id,
        title: 'Our class book',
        author: 'Robins',
        price_cents: 500,
        cover: '/x.svg',
        published: true,
        kind: 'made',
        status: 'published',
      })
      .returning({ id: books.id });
    const shelf = (await pullAll(GREENFIELD)).results;
    expect(shelf.find((b) => b.id === made!.id)).toMatchObject({ book_kind: 'made' });
    expect(shelf.filter((b) => b.id !== made!.id).map((b) => b.book_kind)).toContain('catalogue');
    const page = await server.call('GET', `/api/books/${made!.id}/`, { host: GREENFIELD });
    expect(page.body).toMatchObject({ id: made!.id, book_kind: 'made' });
  });
});
