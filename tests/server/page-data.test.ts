// The library's first books, sent with its page (server/site/page-data.ts): drawn as cards into
// the HTML and as JSON beside it, this site's books on sale only, in the device's order, with
// every title escaped in both.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Sanitize from '../../server/lib/sanitize';
import { createApp } from '../../server/app';
import { FIRST_BOOKS } from '../../server/site/page-data';
import { books, pages, stories, tenants } from '../../server/db/schema';
import { GREENFIELD, HILLSIDE, TARGETS, startServer, type TestServer } from './harness';

// Cleanings on the request's thread (the worker pool's threads load the module unmocked).
const mainThread = vi.hoisted(() => ({ cleanings: 0 }));
vi.mock('../../server/lib/sanitize', async (original) => {
  const real = await original<typeof Sanitize>();
  return {
    ...real,
    sanitizeHtml: (html: string) => {
      mainThread.cleanings++;
      return real.sanitizeHtml(html);
    },
  };
});

const page = (content: string) =>
  `<!doctype html><html lang="en"><head><title>Library</title></head><body><div id="root"><main><h1>Online Library</h1>${content}</main></div><!--/root--></body></html>`;
const LIBRARY = page('<!--books--><ul class="book-grid skeleton"></ul><!--/books-->');

describe.each(TARGETS)('public pages with what their first screen shows (%s)', (target) => {
  let server: TestServer;
  let dir: string;
  let app: ReturnType<typeof createApp>;
  let ids: number[];
  const get = async (path: string, host = GREENFIELD) => (await app.request(path, { headers: { host } })).text();
  const sentData = (html: string) => {
    const match = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
    return match ? (JSON.parse(match[1]!) as { path: string; data: { books: { id: number; title: string }[] } }) : null;
  };
  const cardIds = (html: string) =>
    [...html.matchAll(/<li class="book-card"><a class="book-link" href="\/library\/(\d+)">/g)].map((m) => Number(m[1]));

  beforeAll(async () => {
    server = await startServer(target);
    dir = mkdtempSync(join(tmpdir(), 'storynest-page-data-'));
    mkdirSync(join(dir, 'pages'));
    writeFileSync(join(dir, 'index.html'), page(''));
    writeFileSync(join(dir, 'pages', 'library.html'), LIBRARY);
    writeFileSync(join(dir, 'pages', 'book.html'), page('<!--book--><article aria-busy="true"></article><!--/book-->'));
    writeFileSync(join(dir, 'pages', 'charities.html'), page('<!--charities--><p role="status">Loading charities…</p><!--/charities-->'));
    writeFileSync(join(dir, 'pages', 'login.html'), page('<!--login--><p role="status">Loading…</p><!--/login-->'));
    writeFileSync(join(dir, 'pages', 'story.html'), page('<!--story--><p class="page">Loading the story…</p><!--/story-->'));
    const contentPage = (title: string) =>
      `<!doctype html><html lang="en"><head><title>${title} · Greenfield Primary</title><meta name="description" content="${title}: read, write and share stories"></head><body><div id="root"><main><!--page--><section class="page"><h1 id="page-title">${title}</h1></section><!--/page--></main></div><!--/root--></body></html>`;
    writeFileSync(join(dir, 'pages', 'about.html'), contentPage('About us'));
    writeFileSync(join(dir, 'pages', 'global-reach.html'), contentPage('Global reach'));
    writeFileSync(
      join(dir, 'pages', 'pages.json'),
      JSON.stringify({
        '/library': 'library.html',
        '/library/:id': 'book.html',
        '/charities': 'charities.html',
        '/login': 'login.html',
        '/stories/:slug': 'story.html',
        '/about': 'about.html',
        '/global-reach': 'global-reach.html',
      }),
    );
    app = createApp({ ...server.deps, config: { ...server.deps.config, staticDir: dir } });
    const db = server.database.db;
    const site = async (subdomain: string) => (await db.select().from(tenants).where(eq(tenants.subdomain, subdomain)))[0]!.id;
    const book = { author: 'Test Author', price_cents: 499, cover: '/api/covers/1.svg' };
    const inserted = await db
      .insert(books)
      .values([
        { ...book, tenant_id: await site('greenfield'), title: '!!! </script><b>Greenfield only</b>', published: true },
        { ...book, tenant_id: await site('greenfield'), title: '!!! Draft of Greenfield', published: false },
        { ...book, tenant_id: await site('hillside'), title: '!!! Hillside only', published: true },
      ])
      .returning({ id: books.id });
    ids = inserted.map((b) => b.id);
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await server.close();
  });

  it("draws this site's books on sale as cards, and sends the same books as data, in the device's order", async () => {
    const html = await get('/library');
    expect(html).not.toContain('skeleton');
    const sent = sentData(html);
    expect(sent?.path).toBe('/library');
    const titles = sent!.data.books.map((b) => b.title);
    expect(titles.length).toBe(FIRST_BOOKS);
    expect(cardIds(html)).toEqual(sent!.data.books.map((b) => b.id));
    // IndexedDB orders strings by code unit, as JavaScript's < does.
    expect([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(titles);
    expect(titles[0]).toBe('!!! </script><b>Greenfield only</b>');
    expect(titles.join('|')).not.toMatch(/Draft of Greenfield|Hillside only/);
    // The title is text in the card and cannot close the data's script element.
    expect(html).toContain('<span class="book-title">!!! &lt;/script&gt;&lt;b&gt;Greenfield only&lt;/b&gt;</span>');
    expect(html).not.toContain('</script><b>');
    expect(html).toContain('fetchpriority="high"');
    // Until the script takes over, a click on a drawn button waits rather than being lost.
    expect(html.match(/<button [^>]*>/g)?.every((b) => b.includes(' disabled '))).toBe(true);
  });

  it('gives another site its own books', async () => {
    const hillside = sentData(await get('/library', HILLSIDE))!.data.books.map((b) => b.title);
    expect(hillside[0]).toBe('!!! Hillside only');
    expect(hillside.join('|')).not.toContain('Greenfield only');
  });

  it("draws a book's page with its book, and nothing for a book that is not on sale on this site", async () => {
    const [own, draft, hillsideBook] = ids;
    const page = await get(`/library/${own}`);
    expect(page).toContain('<h1 id="book-title">!!! &lt;/script&gt;&lt;b&gt;Greenfield only&lt;/b&gt;</h1>');
    expect(page).not.toContain('</script><b>');
    const sent = sentData(page) as unknown as { path: string; data: { book: { id: number; title: string } } };
    expect(sent.path).toBe(`/library/${own}`);
    expect(sent.data.book).toMatchObject({ id: own, title: '!!! </script><b>Greenfield only</b>' });
    expect(cardIds(page)).toEqual([]);
    for (const other of [draft, hillsideBook]) {
      const empty = await get(`/library/${other}`);
      expect(sentData(empty)).toBeNull();
      expect(empty).toContain('<article aria-busy="true"></article>');
      expect(empty).not.toMatch(/Hillside only|Draft of Greenfield/);
    }
  });

  it('lists the charities of this site as its API does', async () => {
    for (const host of [GREENFIELD, HILLSIDE]) {
      const html = await get('/charities', host);
      const api = await server.call('GET', '/api/charities/', { host });
      const sent = sentData(html) as unknown as { data: { charities: { id: number; name: string }[] } };
      expect(api.body.results.length).toBeGreaterThan(0);
      expect(sent.data.charities).toEqual(
        api.body.results.map(({ id, slug, name, description }: Record<string, unknown>) => ({ id, slug, name, description })),
      );
      expect(html).not.toContain('Loading charities');
      expect(html.match(/<li class="charity-card">/g)?.length).toBe(api.body.results.length);
    }
  });

  it("draws sign-in's first step with the roles this site offers", async () => {
    const roles = (html: string) => [...html.matchAll(/class="role-tile role-(\w+) awaiting-script" disabled>/g)].map((m) => m[1]);
    const school = await get('/login');
    expect(roles(school)).toEqual(expect.arrayContaining(['student', 'teacher']));
    expect(school).not.toContain('Loading…');
    expect(school).not.toContain('auth-note');
    const platform = await get('/login', 'localhost');
    expect(roles(platform)).toEqual(['teacher']);
    expect(platform).toContain('please open your school&#39;s own site');
    expect(sentData(platform)).toBeNull();
  });

  it('draws a story anyone may read, and nothing of one shown to its community only', async () => {
    const listed = await server.call('GET', '/api/catalogue/stories/?limit=1', { host: GREENFIELD });
    const { id, slug } = listed.body.results[0] as { id: number; slug: string };
    const reading = await server.call('GET', `/api/reading/stories/${slug}/`, { host: GREENFIELD });
    const html = await get(`/stories/${slug}`);
    const sent = sentData(html) as unknown as { data: { story: Record<string, unknown> } };
    expect(sent.data.story).toEqual(reading.body);
    expect(html).toContain(`<h1 id="story-title">${reading.body.title}</h1>`);
    expect(html).not.toContain('Loading the story');

    await server.database.db.update(stories).set({ privacy_preference: 'community' }).where(eq(stories.id, id));
    const hidden = await get(`/stories/${slug}`);
    expect(sentData(hidden)).toBeNull();
    expect(hidden).toContain('Loading the story');
    expect(hidden).not.toContain(reading.body.title);
  });

  it('draws a content page as this site shows it (its own version, cleaned), names the page, and leaves pages with live figures to the app', async () => {
    const platform = await server.call('GET', '/api/pages/about/', { host: GREENFIELD });
    mainThread.cleanings = 0;
    const html = await get('/about');
    await get('/about');
    // Stored clean: a view never cleans on the event loop (a 200 KB page took 1.5 s each view).
    expect(mainThread.cleanings).toBe(0);
    const sent = sentData(html) as unknown as { data: { page: Record<string, unknown> } };
    expect(sent.data.page).toMatchObject({ slug: 'about', title: platform.body.title, updated_at: platform.body.updated_at });
    expect(html).toContain(`<h1 id="page-title">${platform.body.title}</h1>`);
    expect(html).toMatch(/Last updated <time datetime="[^"]+">[A-Z][a-z]+ \d{1,2}, \d{4}<\/time>/);
    expect(html).toContain(`<title>${platform.body.title} · Greenfield Primary</title>`);

    const hillside = (await server.database.db.select().from(tenants).where(eq(tenants.subdomain, 'hillside')))[0]!.id;
    await server.database.db.insert(pages).values({
      tenant_id: hillside,
      slug: 'about',
      title: 'About <Hillside>',
      description: 'Our school "library"',
      body: '<p>Hello</p><script>alert(1)</script><img src=x onerror="alert(2)">',
    });
    const own = await get('/about', HILLSIDE);
    expect(own).toContain('<h1 id="page-title">About &lt;Hillside&gt;</h1>');
    expect(own).toContain('<title>About &lt;Hillside&gt; · ');
    expect(own).toContain('<meta name="description" content="Our school &quot;library&quot;"');
    expect(own).toContain('<p>Hello</p>');
    expect(own).not.toMatch(/<script>alert|onerror/);
    expect((sentData(own) as unknown as { data: { page: { body: string } } }).data.page.body).not.toMatch(/<script|onerror/);
    expect(await get('/about')).not.toContain('Hillside');

    const reach = await get('/global-reach');
    expect(sentData(reach)).toBeNull();
    expect(reach).toContain('<h1 id="page-title">Global reach</h1>');
  });
});
