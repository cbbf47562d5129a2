// Site search (the Switchboard's search box): GET /combined/?search=. Books and published
// stories this reader may see whose title or author has a word starting with every term of the
// query, the same rule the PWA's offline search applies to its local catalogue. A story's author
// is matched by the public name only (first name and initial), never by surname.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { books, stories, users } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { defineRoute, jsonBody } from '../../http/route';
import { storyViewer } from '../stories/visibility';
import { onSale, readableStories, storyCardColumns, StoryCardSchema } from './routes';

const SearchBook = z
  .object({
    id: z.number().int(),
    title: z.string(),
    author: z.string(),
    price_cents: z.number().int(),
    currency: z.string(),
    cover: z.string(),
    category_id: z.number().int().nullable(),
  })
  .openapi('SearchBook');

const combined = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/combined/',
    summary: 'Search books and stories by word prefixes of title and author',
    request: {
      query: z.object({
        search: z.string().trim().max(200, 'search must be at most 200 characters').default(''),
        limit: z.coerce.number().int().min(1).max(100).default(24),
      }),
    },
    responses: {
      200: jsonBody(
        z.object({ query: z.string(), books: z.array(SearchBook), stories: z.array(StoryCardSchema) }).openapi('CombinedSearch'),
      ),
    },
  },
);

/** Lower-cased words of a query (letters and digits only, so safe inside a regular expression). */
export function searchTerms(query: string): string[] {
  return [
    ...new Set(
      query
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    ),
  ].slice(0, 8);
}

function everyTermStartsAWord(terms: string[], ...columns: SQL[]): SQL | undefined {
  return and(...terms.map((t) => or(...columns.map((col) => sql`${col} ~* ${`\\m${t}`}`))));
}

export const searchRoutes = new OpenAPIHono<AppEnv>().openapi(combined, async (c) => {
  const { search, limit } = c.req.valid('query');
  const terms = searchTerms(search);
  const tenant = c.get('tenant');
  const viewer = await storyViewer(c);
  const [bookRows, storyRows] = await Promise.all([
    c
      .get('db')
      .select({
        id: books.id,
        title: books.title,
        author: books.author,
        price_cents: books.price_cents,
        currency: books.currency,
        cover: books.cover,
        category_id: books.category_id,
      })
      .from(books)
      .where(and(onSale(tenant), everyTermStartsAWord(terms, sql`${books.title}`, sql`${books.author}`)))
      .orderBy(asc(books.title), asc(books.id))
      .limit(limit),
    c
      .get('db')
      .select(storyCardColumns)
      .from(stories)
      .innerJoin(users, eq(users.id, stories.author_id))
      // Only the author's public name is searchable: first name and initial, never the surname.
      .where(
        and(
          readableStories(tenant, viewer),
          everyTermStartsAWord(terms, sql`${stories.title}`, sql`${users.first_name} || ' ' || left(${users.last_name}, 1)`),
        ),
      )
      .orderBy(desc(stories.is_featured), asc(stories.title))
      .limit(limit),
  ]);
  return c.json({ query: search, books: bookRows, stories: storyRows }, 200);
});
