// Publishing and keeping the catalogue on the real API (issue 13): publishing a submitted book
// with price, category, description and cause (and its bad input), the teachers' setting (403),
// another school's book (404), feature and archive, categories per scope (duplicates refused, a
// deleted category's books uncategorised), book stats, a paid sale crediting the book's cause,
// and the moderation queue (reports, hide, approve, reply). Roles, paging, sorts, dates and CSV
// of every list are checked by admin-lists.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, max } from 'drizzle-orm';
import { books, emailOutbox, orderItems, orders } from '../../server/db/schema';
import { GREENFIELD, HILLSIDE, signIn, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('books administration on %s', (target) => {
  let server: TestServer;
  let head: string;
  let teacher: string;
  let admin: string;
  let hillTeacher: string;
  let greenBook: number;
  let hillBook: number;

  const bookId = async (title: string) =>
    (await server.database.db.select({ id: books.id }).from(books).where(eq(books.title, title)))[0]!.id;
  const library = async (id: number, host = GREENFIELD) => (await server.call('GET', `/api/books/${id}/`, { host })).status;
  const publish = (id: number, json: Record<string, unknown>, token = head, host = GREENFIELD) =>
    server.call('POST', `/api/api-admin/books/${id}/publish/`, {
      host,
      token,
      json: { status: 'published', price: '4.99', currency: 'GBP', ...json },
    });

  beforeAll(async () => {
    server = await startServer(target);
    [head, teacher, admin, hillTeacher] = await Promise.all([
      signIn(server, 'head@greenfield.example', 'Head-demo-1').then((s) => s.access),
      signIn(server, 'teacher@greenfield.example', 'Teach-demo-1').then((s) => s.access),
      signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost').then((s) => s.access),
      signIn(server, 'teacher@hillside.example', 'Teach-demo-2', HILLSIDE).then((s) => s.access),
    ]);
    greenBook = await bookId('The Robins Grow a Garden');
    hillBook = await bookId('Hill Class Goes to the Sea');
  }, 60_000);
  afterAll(() => server?.close());

  it("lists the school's books for its staff, with the books filters, and never another school's", async () => {
    const res = await server.call('GET', '/api/api-admin/books/?status=submitted', { host: GREENFIELD, token: head });
    expect(res.status).toBe(200);
    expect(res.body.results.map((b: { id: number }) => b.id)).toEqual([greenBook]);
    expect(res.body.results[0]).toMatchObject({ kind: 'made', status: 'submitted', published: false, class_name: 'Year 4 Robins' });
    const mine = await server.call('GET', '/api/api-admin/books/', { host: GREENFIELD, token: teacher });
    expect(mine.body.results.map((b: { id: number }) => b.id)).toContain(greenBook);
    const hill = await server.call('GET', '/api/api-admin/books/', { host: HILLSIDE, token: hillTeacher });
    expect(hill.body.results.map((b: { id: number }) => b.id)).toEqual([hillBook]);
    // The organization admin sees the linked schools' books, and may not publish them.
    const org = (await signIn(server, 'org@riverbend.example', 'Org-demo-1', 'riverbend.localhost')).access;
    const linked = await server.call('GET', '/api/api-admin/books/?status=submitted', { host: 'riverbend.localhost', token: org });
    expect(linked.body.results.map((b: { id: number }) => b.id).sort()).toEqual([greenBook, hillBook].sort());
    expect((await publish(greenBook, {}, org, 'riverbend.localhost')).status).toBe(403);
    const all = await server.call('GET', '/api/api-super-admin/books/?status=submitted', { token: admin });
    expect(all.body.count).toBe(2);
    expect((await server.call('GET', '/api/api-admin/books/?status=nonsense', { host: GREENFIELD, token: head })).status).toBe(400);
  });

  it('refuses bad prices, currencies, categories and causes with a message, and saves nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ price: '-1' }, 'The price cannot be negative.'],
      [{ price: '1000.01' }, 'The price can be at most 1000.00.'],
      [{ price: '99999999' }, 'Enter the price as a number, e.g. 4.99.'],
      [{ price: 'free' }, 'Enter the price as a number, e.g. 4.99.'],
      [{ currency: 'XYZ' }, 'Choose a currency from the list.'],
    ];
    for (const [json, message] of cases) {
      const res = await publish(greenBook, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    const badCategory = await publish(greenBook, { category_id: '999999' });
    expect(badCategory.status).toBe(400);
    expect(badCategory.body.message).toBe('Choose a category from the list.');
    const draftCause = await publish(greenBook, { charity_id: '999999' });
    expect(draftCause.status).toBe(400);
    const [row] = await server.database.db.select().from(books).where(eq(books.id, greenBook));
    expect(row).toMatchObject({ status: 'submitted', published: false, price_cents: 0 });
  });

  it("answers 404 for another school's book and 403 for a teacher where the school does not allow it", async () => {
    expect((await publish(hillBook, {})).status).toBe(404);
    expect((await server.call('POST', `/api/api-admin/books/${hillBook}/archive/`, { host: GREENFIELD, token: head })).status).toBe(404);
    const denied = await publish(greenBook, {}, teacher);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Your school does not let teachers publish books. Ask your school admin.');
    expect(
      (
        await server.call('PUT', '/api/api-admin/book-settings/', {
          host: GREENFIELD,
          token: teacher,
          json: { teachers_publish_books: true },
        })
      ).status,
    ).toBe(403);
    // Hillside's teacher, where Hillside allows it, publishes... only after the setting.
    expect((await publish(hillBook, { status: 'class' }, hillTeacher, HILLSIDE)).status).toBe(403);
  });

  /** The catalogue's newest change so far: a pull from there holds only what the test changes next. */
  const lastChange = async () => {
    const [row] = await server.database.db.select({ at: max(books.updated_at) }).from(books);
    return row!.at!.toISOString();
  };

  it('publishes a submitted book with price, category, description and cause: it appears in the library and the catalogue pull', async () => {
    const since = await lastChange();
    const cats = await server.call('GET', '/api/categories/', { host: GREENFIELD });
    const category = cats.body.results[0].id;
    const charities = await server.call('GET', '/api/charities/', { host: GREENFIELD });
    const cause = charities.body.results[0].id;
    expect(await library(greenBook)).toBe(404);
    const res = await publish(greenBook, {
      price: '7.50',
      currency: 'GBP',
      category_id: String(category),
      charity_id: String(cause),
      description: 'Our garden, page by page.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'published',
      published: true,
      price_cents: 750,
      currency: 'GBP',
      category_id: category,
      charity_id: cause,
      description: 'Our garden, page by page.',
    });
    expect(await library(greenBook)).toBe(200);
    expect(await library(greenBook, HILLSIDE)).toBe(404);
    const pull = await server.call('GET', `/api/books/?updated_since=${encodeURIComponent(since)}`, { host: GREENFIELD });
    expect(pull.body.results).toContainEqual(expect.objectContaining({ id: greenBook, deleted: false }));
    const search = await server.call('GET', '/api/combined/?search=Robins%20Grow', { host: GREENFIELD });
    expect(JSON.stringify(search.body)).toContain('The Robins Grow a Garden');
  });

  it('lets teachers publish once the school allows it', async () => {
    const hillHead = await server.call('PUT', '/api/api-admin/book-settings/', {
      host: GREENFIELD,
      token: head,
      json: { teachers_publish_books: true },
    });
    expect(hillHead.status).toBe(200);
    const kept = await publish(greenBook, { status: 'class', price: '7.50' }, teacher);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ status: 'class', published: false });
    expect(await library(greenBook)).toBe(404);
    expect((await publish(greenBook, { price: '7.50' }, teacher)).body.published).toBe(true);
    await server.call('PUT', '/api/api-admin/book-settings/', { host: GREENFIELD, token: head, json: { teachers_publish_books: false } });
  });

  it('features and unfeatures in bulk, only within reach', async () => {
    const on = await server.call('PATCH', '/api/api-admin/books/feature/', {
      host: GREENFIELD,
      token: head,
      json: { ids: [greenBook], action: 'feature' },
    });
    expect(on.body.message).toBe('Books featured successfully!');
    expect(
      (await server.call('GET', '/api/api-admin/books/?is_featured=true', { host: GREENFIELD, token: head })).body.results.map(
        (b: { id: number }) => b.id,
      ),
    ).toEqual([greenBook]);
    const mixed = await server.call('PATCH', '/api/api-admin/books/feature/', {
      host: GREENFIELD,
      token: head,
      json: { ids: [greenBook, hillBook], action: 'unfeature' },
    });
    expect(mixed.status).toBe(404);
    const [row] = await server.database.db.select({ f: books.is_featured }).from(books).where(eq(books.id, greenBook));
    expect(row!.f).toBe(true); // nothing half-saved
    expect(
      (
        await server.call('PATCH', '/api/api-admin/books/feature/', {
          host: GREENFIELD,
          token: teacher,
          json: { ids: [greenBook], action: 'unfeature' },
        })
      ).status,
    ).toBe(403);
  });

  it('keeps categories unique per scope, with slugs, and a deleted category leaves its books uncategorised', async () => {
    const add = (name: string, token = head, host = GREENFIELD, path = '/api/api-admin/book-categories/') =>
      server.call('POST', path, { host, token, json: { name } });
    const first = await add('Class Books');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: 'Class Books', slug: 'class-books', book_count: 0 });
    const dup = await add('class books');
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A category with this name already exists.');
    // The platform's scope is another: the same name is free there, and taken twice is refused.
    expect((await add('Class Books', admin, 'localhost', '/api/api-super-admin/book-categories/')).status).toBe(201);
    expect((await add('Class Books', admin, 'localhost', '/api/api-super-admin/book-categories/')).status).toBe(409);
    expect((await add('', head)).status).toBe(400);
    const list = await server.call('GET', '/api/api-admin/book-categories/', { host: GREENFIELD, token: head });
    expect(list.body.results.map((c: { name: string }) => c.name)).toEqual(['Class Books']);
    const id = first.body.id as number;
    expect((await publish(greenBook, { price: '7.50', category_id: String(id) })).body.category_name).toBe('Class Books');
    const renamed = await server.call('PATCH', `/api/api-admin/book-categories/${id}/`, {
      host: GREENFIELD,
      token: head,
      json: { name: 'Our Class Books' },
    });
    expect(renamed.body).toMatchObject({ slug: 'our-class-books', book_count: 1 });
    const gone = await server.call('DELETE', `/api/api-admin/book-categories/${id}/`, { host: GREENFIELD, token: head });
    expect(gone.status).toBe(200);
    const book = await server.call('GET', `/api/books/${greenBook}/`, { host: GREENFIELD });
    expect(book.status).toBe(200);
    expect(book.body.category).toBeNull();
    expect((await server.call('GET', `/api/api-admin/book-categories/${id}/`, { host: GREENFIELD, token: head })).status).toBe(404);
    expect((await server.call('GET', '/api/api-admin/book-categories/', { host: GREENFIELD, token: teacher })).status).toBe(403);
  });

  it("credits a paid sale to the book's cause, and counts it in the book stats", async () => {
    const cause = (await server.call('GET', '/api/charities/', { host: GREENFIELD })).body.results[1].id;
    const book = (await publish(greenBook, { price: '7.50', charity_id: String(cause) })).body;
    expect(book.charity_id).toBe(cause);
    const charity = await server.call('GET', `/api/charities/${book.charity_id}/`, { host: GREENFIELD });
    const before = charity.body.raised_cents as number;
    const db = server.database.db;
    const [order] = await db
      .insert(orders)
      .values({ kind: 'books', status: 'success', total_cents: 750, currency: 'GBP' })
      .returning({ id: orders.id });
    await db.insert(orderItems).values({ order_id: order!.id, book_id: greenBook, title: book.title, price_cents: 750 });
    const after = await server.call('GET', `/api/charities/${book.charity_id}/`, { host: GREENFIELD });
    expect(after.body.raised_cents).toBe(before + 375);
    expect(after.body.books_sold).toBe(1);
    const mine = await server.call('GET', '/api/donations/mine/', { host: GREENFIELD, token: teacher });
    expect(mine.body.books_raised_cents).toBe(375);
    for (const path of ['/api/book-stats', '/api/teacher/book-stats/']) {
      const stats = await server.call('GET', path, { host: GREENFIELD, token: head });
      expect(stats.status).toBe(200);
      expect(stats.body.book_stats).toMatchObject({
        all_book: 1,
        featured_book: 1,
        published_book: 1,
        sold_book: 1,
        sales_cents: 750,
        raised_cents: 375,
      });
      expect(stats.body.results[0]).toEqual({ title: 'All Books', value: 'all_book', number: 1 });
    }
    expect((await server.call('GET', '/api/teacher/book-stats/', { host: HILLSIDE, token: hillTeacher })).body.book_stats.sold_book).toBe(
      0,
    );
    expect((await server.call('GET', '/api/book-stats', { host: GREENFIELD })).status).toBe(401);
    const dash = await server.call('GET', '/api/api-super-admin/books-dashboard/', { token: admin });
    expect(dash.body).toMatchObject({ copies: 1, sales_cents: 750, raised_cents: 375 });
    expect(dash.body.top_books[0]).toMatchObject({ id: greenBook, copies: 1 });
    expect(dash.body.months).toHaveLength(12);
  });

  it('queues reported books and stories for moderation; hide takes them off every shelf, approve brings them back, reply e-mails the reporters', async () => {
    const report = await server.call('POST', '/api/forms/report/', {
      host: GREENFIELD,
      json: {
        name: 'Pat Parent',
        email: 'pat@example.com',
        item_type: 'book',
        item_id: greenBook,
        reason: 'broken',
        details: 'Page 3 is blank.',
      },
    });
    expect(report.status).toBe(201);
    const queue = await server.call('GET', '/api/api-super-admin/book-monitoring/books/?state=reported', { token: admin });
    expect(queue.body.results).toEqual([expect.objectContaining({ id: greenBook, reports: 1, hidden: false })]);
    expect(queue.body.results[0].last_report).toBe('It does not open or looks broken: Page 3 is blank.');
    const waiting = await server.call('GET', '/api/api-super-admin/book-monitoring/books/?state=waiting', { token: admin });
    expect(waiting.body.results.map((b: { id: number }) => b.id)).toEqual([hillBook]);
    expect((await server.call('GET', '/api/api-super-admin/book-monitoring/books/', { host: GREENFIELD, token: head })).status).toBe(403);

    const reply = await server.call('POST', `/api/api-super-admin/book-monitoring/book/${greenBook}/reply/`, {
      token: admin,
      json: { message: 'We are fixing page 3.' },
    });
    expect(reply.status).toBe(200);
    const mail = await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'pat@example.com'));
    expect(mail[0]!.text).toContain('We are fixing page 3.');
    expect(
      (await server.call('POST', `/api/api-super-admin/book-monitoring/book/${hillBook}/reply/`, { token: admin, json: { message: 'x' } }))
        .status,
    ).toBe(409);
    expect(
      (await server.call('POST', `/api/api-super-admin/book-monitoring/book/${greenBook}/reply/`, { token: admin, json: { message: ' ' } }))
        .status,
    ).toBe(400);

    const since = await lastChange();
    const hide = await server.call('POST', `/api/api-super-admin/book-monitoring/book/${greenBook}/`, {
      token: admin,
      json: { action: 'hide' },
    });
    expect(hide.body.message).toBe('Hidden: it leaves every library at the next sync.');
    expect(await library(greenBook)).toBe(404);
    const pull = await server.call('GET', `/api/books/?updated_since=${encodeURIComponent(since)}`, { host: GREENFIELD });
    expect(pull.body.results).toContainEqual(expect.objectContaining({ id: greenBook, deleted: true }));
    expect((await server.call('GET', '/api/api-super-admin/book-monitoring/books/?state=reported', { token: admin })).body.count).toBe(0);
    expect(
      (await server.call('GET', '/api/api-super-admin/book-monitoring/books/?state=hidden', { token: admin })).body.results[0].id,
    ).toBe(greenBook);
    // Publishing again keeps a hidden book off the shelf; the moderator's approval brings it back.
    expect((await publish(greenBook, { price: '7.50' })).body.published).toBe(false);
    await server.call('POST', `/api/api-super-admin/book-monitoring/book/${greenBook}/`, { token: admin, json: { action: 'approve' } });
    expect(await library(greenBook)).toBe(200);

    // A story: reported, hidden (off the shelf), approved (back).
    const stories = await server.call('GET', '/api/stories/?limit=1', { host: GREENFIELD });
    const story = stories.body.results[0];
    await server.call('POST', '/api/forms/report/', {
      host: GREENFIELD,
      json: {
        name: 'Pat',
        email: 'pat@example.com',
        item_type: 'story',
        item_id: story.id,
        reason: 'personal',
        details: 'It names a street.',
      },
    });
    expect(
      (await server.call('GET', '/api/api-super-admin/book-monitoring/stories/?state=reported', { token: admin })).body.results[0].id,
    ).toBe(story.id);
    await server.call('POST', `/api/api-super-admin/book-monitoring/story/${story.id}/`, { token: admin, json: { action: 'hide' } });
    expect((await server.call('GET', `/api/stories/${story.id}/`, { host: GREENFIELD })).status).toBe(404);
    await server.call('POST', `/api/api-super-admin/book-monitoring/story/${story.id}/`, { token: admin, json: { action: 'approve' } });
    expect((await server.call('GET', `/api/stories/${story.id}/`, { host: GREENFIELD })).status).toBe(200);
    expect(
      (await server.call('POST', '/api/api-super-admin/book-monitoring/story/99999999/', { token: admin, json: { action: 'hide' } }))
        .status,
    ).toBe(404);
    expect(
      (await server.call('POST', `/api/api-super-admin/book-monitoring/shelf/${story.id}/`, { token: admin, json: { action: 'hide' } }))
        .status,
    ).toBe(400);
  });

  it('lets the platform admin add and edit any book, and archive unpublishes', async () => {
    const bad = await server.call('POST', '/api/api-super-admin/books/', {
      token: admin,
      json: { title: 'New', author: 'A', price: '-3', currency: 'USD' },
    });
    expect(bad.status).toBe(400);
    const made = await server.call('POST', '/api/api-super-admin/books/', {
      token: admin,
      json: { title: 'A Platform Book', author: 'Ann Author', price: '3.00', currency: 'USD', description: 'New.' },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      status: 'published',
      published: true,
      kind: 'catalogue',
      tenant_id: null,
      cover: `/api/covers/${made.body.id}.svg`,
    });
    expect(await library(made.body.id, HILLSIDE)).toBe(200);
    const edit = await server.call('PATCH', `/api/api-super-admin/books/${made.body.id}/`, {
      token: admin,
      json: { title: 'A Platform Book, Revised', published: 'false' },
    });
    expect(edit.body).toMatchObject({
      title: 'A Platform Book, Revised',
      description: 'New.',
      price_cents: 300,
      status: 'archived',
      published: false,
    });
    expect(await library(made.body.id)).toBe(404);
    expect((await server.call('PATCH', '/api/api-super-admin/books/99999999/', { token: admin, json: { title: 'x' } })).status).toBe(404);
    const archived = await server.call('POST', `/api/api-admin/books/${greenBook}/archive/`, { host: GREENFIELD, token: head });
    expect(archived.body).toMatchObject({ status: 'archived', published: false });
    const filtered = await server.call('GET', `/api/api-admin/books/?is_archived=true&class_id=${archived.body.class_id}`, {
      host: GREENFIELD,
      token: head,
    });
    expect(filtered.body.results.map((b: { id: number }) => b.id)).toEqual([greenBook]);
    expect((await server.call('GET', '/api/api-admin/books/?is_archived=false', { host: GREENFIELD, token: head })).body.count).toBe(0);
    expect(await library(greenBook)).toBe(404);
    const [still] = await server.database.db
      .select({ id: books.id })
      .from(books)
      .where(and(eq(books.id, greenBook), eq(books.status, 'archived')));
    expect(still).toBeDefined();
  });
});
