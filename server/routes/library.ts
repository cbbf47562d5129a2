// The catalogue for pull sync: GET /books/?updated_since=&limit=. Platform books and this
// site's own; with updated_since, books withdrawn since then come back as deletions.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { books } from '../db/schema';
import type { AppEnv } from '../http/env';
import { after, cursorTs, nextSince, parseSince, UpdatedSince } from '../http/cursor';
import { defineRoute, jsonBody } from '../http/route';

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
    updated_at: z.string(),
    deleted: z.boolean(),
  })
  .openapi('Book');

const listBooks = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/books/',
    summary: 'The catalogue, page by page in change order (pull sync)',
    request: {
      query: z.object({
        updated_since: UpdatedSince,
        limit: z.coerce.number().int().min(1).max(1000).default(500),
      }),
    },
    responses: {
      200: jsonBody(z.object({ results: z.array(BookSchema), next_since: z.string().nullable() }).openapi('BookPage')),
    },
  },
);

export const libraryRoutes = new OpenAPIHono<AppEnv>().openapi(listBooks, async (c) => {
  const { updated_since, limit } = c.req.valid('query');
  const since = parseSince(updated_since);
  const tenant = c.var.tenant;
  const rows = await c.var.db
    .select({
      id: books.id,
      title: books.title,
      author: books.author,
      description: books.description,
      price_cents: books.price_cents,
      currency: books.currency,
      cover: books.cover,
      category_id: books.category_id,
      is_featured: books.is_featured,
      published: books.published,
      deleted_at: books.deleted_at,
      ts: cursorTs(books.updated_at),
    })
    .from(books)
    .where(
      and(
        tenant ? or(isNull(books.tenant_id), eq(books.tenant_id, tenant.id)) : isNull(books.tenant_id),
        after(books.updated_at, books.id, since),
        // A first sync needs only what is on the shelf; later syncs also learn what left it.
        since ? undefined : and(eq(books.published, true), isNull(books.deleted_at)),
      ),
    )
    .orderBy(asc(books.updated_at), asc(books.id))
    .limit(limit);
  const results = rows.map(({ published, deleted_at, ts, ...book }) => ({
    ...book,
    updated_at: ts,
    deleted: !published || deleted_at !== null,
  }));
  return c.json({ results, next_since: nextSince(rows, limit) }, 200);
});

