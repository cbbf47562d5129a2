// A story's reading page (GET /reading/stories/{slug}/): everything the page shows in one answer,
// for whoever may see it (server/domains/stories/visibility.ts): cover, title, the author as first
// name and initial, the school, SDGs, category, the sanitised body and the reactions. The
// answer says how widely the story is shown, so the PWA keeps only public stories on a shared
// device once the reader signs out.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, eq, sql } from 'drizzle-orm';
import { PRIVACY_PREFERENCES, STORY_STATUSES } from '../../../src/contract/domain';
import type { Queryable } from '../../db/client';
import { categories, charities, stories, students, tenants, users, type TenantRow } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, jsonBody, notFoundAnswer } from '../../http/route';
import { storyViewer, storyVisibleTo, type ServerViewer } from './visibility';
import { reactionSummary, ReactionSummarySchema, readerOf } from './reaction-routes';

export const Slug = z
  .string()
  .min(1)
  .max(160)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug must be lower-case letters, digits and hyphens');

const StoryReadingSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    author: z.string(),
    school: z.string(),
    cover: z.string().nullable(),
    body: z.string(),
    excerpt: z.string(),
    word_count: z.number().int(),
    sdgs: z.array(z.number().int()),
    category: z.string().nullable(),
    charity: z.string().nullable(),
    status: z.enum(STORY_STATUSES),
    is_featured: z.boolean(),
    /** How widely the story is shown now: the narrower of the story's and its author's setting. */
    shown_to: z.enum(PRIVACY_PREFERENCES),
    published_at: z.string().nullable(),
    reactions: ReactionSummarySchema,
  })
  .openapi('StoryReading');

const readStory = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/reading/stories/{slug}/',
    summary: "A story's reading page: for whoever may see it (public, the school's community, the author and their teachers)",
    request: { params: z.object({ slug: Slug }) },
    responses: {
      200: jsonBody(StoryReadingSchema),
      ...notFoundAnswer('No such story for this reader on this site'),
    },
  },
);

const iso = (column: typeof stories.published_at) =>
  sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** A story on this site for this viewer, as its reading page shows it (reactions apart). */
export async function readableStory(db: Queryable, tenant: TenantRow | null, viewer: ServerViewer, slug: string) {
  const [row] = await db
    .select({
      id: stories.id,
      slug: stories.slug,
      title: stories.title,
      author: sql<string>`${users.first_name} || ' ' || left(${users.last_name}, 1) || '.'`,
      school: tenants.school_name,
      cover: stories.cover,
      body: stories.body,
      excerpt: stories.excerpt,
      word_count: stories.word_count,
      sdgs: stories.sdgs,
      category: categories.name,
      charity: charities.name,
      status: stories.status,
      is_featured: stories.is_featured,
      shown_to: sql<'public' | 'community' | 'private'>`case
        when ${stories.privacy_preference} = 'private' or coalesce(${students.privacy_preference}, 'public') = 'private' then 'private'
        when ${stories.privacy_preference} = 'community' or coalesce(${students.privacy_preference}, 'public') = 'community' then 'community'
        else 'public' end`,
      published_at: iso(stories.published_at),
    })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.author_id))
    .innerJoin(tenants, eq(tenants.id, stories.tenant_id))
    .leftJoin(students, eq(students.user_id, stories.author_id))
    .leftJoin(categories, eq(categories.id, stories.category_id))
    .leftJoin(charities, eq(charities.id, stories.charity_id))
    .where(and(eq(stories.slug, slug), tenant ? eq(stories.tenant_id, tenant.id) : undefined, storyVisibleTo(viewer)))
    // Slugs are unique per school; the platform site shows every school's, so pick one steadily.
    .orderBy(asc(stories.id))
    .limit(1);
  return row ?? null;
}

export const storyReadingRoutes = new OpenAPIHono<AppEnv>().openapi(readStory, async (c) => {
  const tenant = c.get('tenant');
  const row = await readableStory(c.get('db'), tenant, await storyViewer(c), c.req.valid('param').slug);
  if (!row) fail(404, 'This story is not in the library.');
  const reader = tenant ? await readerOf(c) : null;
  return c.json({ ...row, reactions: await reactionSummary(c.get('db'), row.id, reader?.reader ?? null) }, 200);
});
