// The library: the catalogue for pull sync (GET /books/?updated_since=&limit=; platform books
// and this site's own; with updated_since, books withdrawn since then come back as deletions:
// their id, never their content),
// one book's page, the categories, and published student stories.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { books, categories, classes, pins, stories, students, users, type TenantRow } from '../../db/schema';
import { BOOK_KINDS } from '../../../src/contract/domain';
import type { Queryable } from '../../db/client';
import type { AppEnv } from '../../http/env';
import { after, cursorTs, nextSince, parseSince, UpdatedSince } from '../../http/cursor';
import { fail } from '../../http/errors';
import { defineRoute, jsonBody, notFoundAnswer } from '../../http/route';
import { Paging, Id } from '../../http/schemas';
import { ANONYMOUS, onTheShelf, storyViewer, type ServerViewer } from '../stories/visibility';

/** Platform rows and this site's own (a platform host sees only the platform's). */
export function onSite(column: typeof books.tenant_id | typeof categories.tenant_id, tenant: TenantRow | null): SQL | undefined {
  return tenant ? or(isNull(column), eq(column, tenant.id)) : isNull(column);
}

/** Books a visitor of this site can see and buy. */
export function onSale(tenant: TenantRow | null): SQL | undefined {
  return and(onSite(books.tenant_id, tenant), eq(books.published, true), isNull(books.deleted_at));
}

/**
 * Stories on this site's shelves for this viewer (server/domains/stories/visibility.ts): out for
 * readers and visible to them, the author's current privacy, archived and active state
 * included. A school site shows its own children's, the platform site every school's.
 */
export function readableStories(tenant: TenantRow | null, viewer: ServerViewer): SQL | undefined {
  return and(onTheShelf(viewer), tenant ? eq(stories.tenant_id, tenant.id) : undefined);
}

/**
 * When a story last changed for readers: its own row, or its author's (privacy, archived,
 * active) or its class's review setting. The catalogue pull runs on this, so a child set to
 * private reaches every device as deletions of their stories.
 */
const storyChangedAt = sql`greatest(${stories.updated_at}, ${users.updated_at}, coalesce(${students.updated_at}, ${stories.updated_at}), coalesce(${classes.updated_at}, ${stories.updated_at}))`;
const changedTs = sql<string>`to_char(${storyChangedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A pull-sync list's query: changes after a cursor, a page at a time. */
const PullQuery = z.object({
  updated_since: UpdatedSince,
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});
const pullPage = <T extends z.ZodType>(item: T, name: string) =>
  jsonBody(z.object({ results: z.array(item), next_since: z.string().nullable() }).openapi(name));

const BookSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    author: z.string(),
    description: z.string(),
    price_cents: z.number().int(),
    currency: z.string(),
    cover: z.string(),
    category_id: z.number().int().nullable(),
    is_featured: z.boolean(),
    /** catalogue (a publisher's book), made (in the book maker: it has a reader) or uploaded. */
    book_kind: z.enum(BOOK_KINDS),
    updated_at: z.string(),
    deleted: z.literal(false),
  })
  .openapi('Book');

/** A book that left this site's shelf (unpublished or deleted): its id only, never its content. */
const BookDeletionSchema = z.object({ id: z.number().int(), updated_at: z.string(), deleted: z.literal(true) }).openapi('BookDeletion');

const listBooks = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/books/',
    summary: 'The catalogue, page by page in change order (pull sync)',
    description:
      'Without updated_since, the books on sale on this site. With it, every change since: books on sale in full, and books that left the shelf (unpublished or deleted) as deletions, with their id only.',
    request: { query: PullQuery },
    responses: {
      200: pullPage(z.union([BookSchema, BookDeletionSchema]), 'BookPage'),
    },
  },
);

const BookDetailSchema = BookSchema.omit({ category_id: true, updated_at: true, deleted: true })
  .extend({ category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }).nullable() })
  .openapi('BookDetail');

const getBook = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/books/{id}/',
    summary: "One book's page",
    request: { params: z.object({ id: Id }) },
    responses: { 200: jsonBody(BookDetailSchema), ...notFoundAnswer('No such book on this site') },
  },
);

const CategorySchema = z
  .object({ id: z.number().int(), name: z.string(), slug: z.string(), description: z.string(), book_count: z.number().int() })
  .openapi('Category');

const listCategories = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/categories/',
    summary: 'Book categories of the platform and this site, with how many books each holds',
    responses: { 200: jsonBody(z.object({ count: z.number().int(), results: z.array(CategorySchema) }).openapi('CategoryList')) },
  },
);

export const StoryCardSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    author: z.string(),
    excerpt: z.string(),
    cover: z.string().nullable(),
    is_featured: z.boolean(),
    pinned_until: z
      .string()
      .nullable()
      .openapi({ description: 'While pinned by the school: when the pin ends (the story shows first until then)' }),
    created_at: z.string(),
  })
  .openapi('StoryCard');

export const storyCardColumns = {
  id: stories.id,
  title: stories.title,
  slug: stories.slug,
  author: sql<string>`${users.first_name} || ' ' || left(${users.last_name}, 1) || '.'`,
  excerpt: stories.excerpt,
  cover: stories.cover,
  is_featured: stories.is_featured,
  pinned_until: sql<string | null>`(select to_char(${pins.expiry_date} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') from ${pins}
    where ${pins.tenant_id} = ${stories.tenant_id} and ${pins.content_type} = 'story' and ${pins.object_id} = ${stories.id}
      and ${pins.is_pinned} and ${pins.expiry_date} > now())`,
  created_at: sql<string>`to_char(${stories.created_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
};
/** Pinned stories first while their pin lasts, then featured, then newest. */
const storyShelfOrder = [
  sql`${storyCardColumns.pinned_until} is not null desc`,
  desc(stories.is_featured),
  desc(stories.created_at),
  desc(stories.id),
];

const listStories = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/stories/',
    summary: 'Published student stories this reader may see on this site, pinned, then featured, then newest first',
    description:
      'Anonymous visitors get public stories; parents with the community password and signed-in users of the school also get its community stories.',
    request: { query: Paging(100, 24) },
    responses: { 200: jsonBody(z.object({ count: z.number().int(), results: z.array(StoryCardSchema) }).openapi('StoryList')) },
  },
);

const StorySyncSchema = StoryCardSchema.extend({ updated_at: z.string(), deleted: z.boolean() }).openapi('StorySync');

const storyChanges = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/catalogue/stories/',
    summary: "Readable stories for the device's catalogue, page by page in change order (pull sync)",
    description:
      "The device's catalogue is shared by everyone who uses the device, so it holds public stories only. With updated_since, stories that stopped being readable (unpublished, archived, made private, or their author made private, archived or deactivated) come back as deletions, with no content.",
    request: { query: PullQuery },
    responses: {
      200: pullPage(StorySyncSchema, 'StoryPage'),
    },
  },
);

const getStory = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/stories/{id}/',
    summary: 'One published story this reader may see',
    request: { params: z.object({ id: Id }) },
    responses: {
      200: jsonBody(StoryCardSchema.extend({ body: z.string() }).openapi('Story')),
      ...notFoundAnswer('No such story on this site'),
    },
  },
);

/** What every book answer holds, straight from its row. */
const bookColumns = {
  id: books.id,
  title: books.title,
  author: books.author,
  description: books.description,
  price_cents: books.price_cents,
  currency: books.currency,
  cover: books.cover,
  is_featured: books.is_featured,
  book_kind: books.kind,
};

/** One book on sale on this site, with its category: its page's content (also sent with the page). */
export async function bookDetail(db: Queryable, tenant: TenantRow | null, id: number) {
  const [row] = await db
    .select({
      ...bookColumns,
      category_id: categories.id,
      category_name: categories.name,
      category_slug: categories.slug,
    })
    .from(books)
    .leftJoin(categories, eq(categories.id, books.category_id))
    .where(and(eq(books.id, id), onSale(tenant)))
    .limit(1);
  if (!row) return null;
  const { category_id, category_name, category_slug, ...book } = row;
  const category = category_id !== null ? { id: category_id, name: category_name!, slug: category_slug! } : null;
  return { ...book, category };
}

export const libraryRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getBook, async (c) => {
    const book = await bookDetail(c.get('db'), c.get('tenant'), c.req.valid('param').id);
    if (!book) fail(404, 'This book is not in the library.');
    return c.json(book, 200);
  })
  .openapi(listCategories, async (c) => {
    const rows = await c
      .get('db')
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        description: categories.description,
        book_count: sql<number>`count(${books.id})::int`,
      })
      .from(categories)
      .leftJoin(books, and(eq(books.category_id, categories.id), onSale(c.get('tenant'))))
      .where(onSite(categories.tenant_id, c.get('tenant')))
      .groupBy(categories.id)
      .orderBy(asc(categories.name));
    return c.json({ count: rows.length, results: rows }, 200);
  })
  .openapi(listStories, async (c) => {
    const { limit, offset } = c.req.valid('query');
    const where = readableStories(c.get('tenant'), await storyViewer(c));
    const [rows, [total]] = await Promise.all([
      c
        .get('db')
        .select(storyCardColumns)
        .from(stories)
        .innerJoin(users, eq(users.id, stories.author_id))
        .where(where)
        .orderBy(...storyShelfOrder)
        .limit(limit)
        .offset(offset),
      c
        .get('db')
        .select({ n: sql<number>`count(*)::int` })
        .from(stories)
        .where(where),
    ]);
    return c.json({ count: total?.n ?? 0, results: rows }, 200);
  })
  .openapi(storyChanges, async (c) => {
    const { updated_since, limit } = c.req.valid('query');
    const since = parseSince(updated_since);
    const tenant = c.get('tenant');
    const rows = await c
      .get('db')
      .select({ ...storyCardColumns, readable: sql<boolean>`coalesce(${readableStories(tenant, ANONYMOUS)}, false)`, ts: changedTs })
      .from(stories)
      .innerJoin(users, eq(users.id, stories.author_id))
      .leftJoin(students, eq(students.user_id, stories.author_id))
      .leftJoin(classes, eq(classes.id, stories.class_id))
      .where(
        and(
          tenant ? eq(stories.tenant_id, tenant.id) : undefined,
          since ? sql`(${storyChangedAt}, ${stories.id}) > (${since.ts}::timestamptz, ${since.id})` : undefined,
          // A first sync needs only what can be read; later syncs also learn what left.
          since ? undefined : readableStories(tenant, ANONYMOUS),
        ),
      )
      .orderBy(asc(storyChangedAt), asc(stories.id))
      .limit(limit);
    const results = rows.map(({ readable, ts, ...story }) =>
      readable
        ? { ...story, updated_at: ts, deleted: false }
        : {
            id: story.id,
            title: '',
            slug: '',
            author: '',
            excerpt: '',
            cover: null,
            is_featured: false,
            pinned_until: null,
            created_at: story.created_at,
            updated_at: ts,
            deleted: true,
          },
    );
    return c.json({ results, next_since: nextSince(rows, limit) }, 200);
  })
  .openapi(getStory, async (c) => {
    const { id } = c.req.valid('param');
    const [row] = await c
      .get('db')
      .select({ ...storyCardColumns, body: stories.body })
      .from(stories)
      .innerJoin(users, eq(users.id, stories.author_id))
      .where(and(eq(stories.id, id), readableStories(c.get('tenant'), await storyViewer(c))))
      .limit(1);
    if (!row) fail(404, 'This story is not in the library.');
    return c.json(row, 200);
  })
  .openapi(listBooks, async (c) => {
    const { updated_since, limit } = c.req.valid('query');
    const since = parseSince(updated_since);
    const tenant = c.get('tenant');
    const rows = await c
      .get('db')
      .select({
        ...bookColumns,
        category_id: books.category_id,
        published: books.published,
        deleted_at: books.deleted_at,
        ts: cursorTs(books.updated_at),
      })
      .from(books)
      .where(
        and(
          onSite(books.tenant_id, tenant),
          after(books.updated_at, books.id, since),
          // A first sync needs only what is on the shelf; later syncs also learn what left it.
          since ? undefined : and(eq(books.published, true), isNull(books.deleted_at)),
        ),
      )
      .orderBy(asc(books.updated_at), asc(books.id))
      .limit(limit);
    const results = rows.map(({ published, deleted_at, ts, ...book }) =>
      published && deleted_at === null
        ? { ...book, updated_at: ts, deleted: false as const }
        : { id: book.id, updated_at: ts, deleted: true as const },
    );
    return c.json({ results, next_since: nextSince(rows, limit) }, 200);
  });
