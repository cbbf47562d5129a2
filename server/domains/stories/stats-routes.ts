// The numbers around stories (issue 11 "Dashboards and numbers"): story stats for the Teacher
// Dashboard (GET /teacher/blog-stats/), reactions by emoji (GET /reactions/stats/), the impact
// count (GET /v1/impacts/count/: each published story counts one impact per SDG it carries and
// one for a charity cause), reactions per category (GET /categories/reaction-contributions/), and
// a child's own stories for their dashboard (GET /student/stories/). Staff count the stories in
// their care (server/domains/stories/visibility.ts); a child counts their own.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { REACTIONS, STORY_STATUSES } from '../../../src/contract/domain';
import { plainText } from '../../../src/contract/story-review';
import { categories, stories, storyReactions } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { defineRoute, jsonBody, signedInUser } from '../../http/route';
import { inCare, userViewer } from './visibility';
import { siteTenant, SCHOOL_STAFF } from '../../http/access';

const counted = { roles: [...SCHOOL_STAFF, 'student'] as const, site: 'tenant' } as const;

const blogStats = defineRoute(
  { roles: SCHOOL_STAFF, site: 'tenant' },
  {
    method: 'get',
    path: '/teacher/blog-stats/',
    summary: "Story stats of the caller's classes (a school admin's school): all, published, waiting for review, returned, featured",
    responses: {
      200: jsonBody(
        z
          .object({
            blog_stats: z.object({
              all_blog: z.number().int(),
              published_blog: z.number().int(),
              submitted_blog: z.number().int(),
              returned_blog: z.number().int(),
              featured_blog: z.number().int(),
            }),
          })
          .openapi('BlogStats'),
      ),
    },
  },
);

const reactionStats = defineRoute(counted, {
  method: 'get',
  path: '/reactions/stats/',
  summary: "Reactions by emoji to the stories in the caller's care (a child: to their own stories)",
  responses: {
    200: jsonBody(
      z
        .object({ total: z.number().int(), results: z.array(z.object({ reaction: z.enum(REACTIONS), count: z.number().int() })) })
        .openapi('ReactionStats'),
    ),
  },
});

const impactCount = defineRoute(counted, {
  method: 'get',
  path: '/v1/impacts/count/',
  summary: 'The impact count of published stories: one per SDG a story carries and one for a charity cause',
  responses: { 200: jsonBody(z.object({ total_impacts: z.number().int() }).openapi('ImpactCount')) },
});

const contributions = defineRoute(counted, {
  method: 'get',
  path: '/categories/reaction-contributions/',
  summary: 'Published stories and the reactions they received, per category',
  responses: {
    200: jsonBody(
      z
        .object({ results: z.array(z.object({ category: z.string(), stories: z.number().int(), reactions: z.number().int() })) })
        .openapi('ReactionContributions'),
    ),
  },
});

const MyStory = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    status: z.enum(STORY_STATUSES),
    step: z.number().int(),
    review_comment: z.string().nullable(),
    submitted_text: z.string().nullable(),
    returned_text: z.string().nullable().openapi({ description: 'The text when the teacher last sent the story back with a comment' }),
    current_text: z.string(),
    is_featured: z.boolean(),
    reactions: z.number().int(),
    updated_at: z.string(),
  })
  .openapi('MyStory');

const myStories = defineRoute(
  { roles: ['student'], site: 'tenant' },
  {
    method: 'get',
    path: '/student/stories/',
    summary:
      "The signed-in child's own stories for their dashboard: drafts, waiting, returned with a comment, published, with reactions received",
    responses: { 200: jsonBody(z.object({ results: z.array(MyStory), reactions_received: z.number().int() }).openapi('MyStories')) },
  },
);

/** The stories the caller counts: a child's own, staff's in their care, on this site. */
function counting(c: Context<AppEnv>): SQL {
  const user = signedInUser(c);
  const mine = user.role === 'student' ? and(eq(stories.author_id, user.id), isNull(stories.deleted_at)) : inCare(userViewer(user));
  return and(mine, eq(stories.tenant_id, siteTenant(c).id))!;
}

const n = (condition: SQL) => sql<number>`count(*) filter (where ${condition})::int`;

export const storyStatsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(blogStats, async (c) => {
    const [row] = await c
      .get('db')
      .select({
        all_blog: sql<number>`count(*)::int`,
        published_blog: n(sql`${stories.status} = 'published'`),
        submitted_blog: n(sql`${stories.status} = 'submitted'`),
        returned_blog: n(sql`${stories.status} = 'returned'`),
        featured_blog: n(sql`${stories.is_featured}`),
      })
      .from(stories)
      .where(counting(c));
    return c.json({ blog_stats: row! }, 200);
  })
  .openapi(reactionStats, async (c) => {
    const rows = await c
      .get('db')
      .select({ reaction: storyReactions.reaction, count: sql<number>`count(*)::int` })
      .from(storyReactions)
      .innerJoin(stories, eq(stories.id, storyReactions.story_id))
      .where(counting(c))
      .groupBy(storyReactions.reaction);
    const results = REACTIONS.map((reaction) => ({ reaction, count: rows.find((r) => r.reaction === reaction)?.count ?? 0 }));
    return c.json({ total: results.reduce((s, r) => s + r.count, 0), results }, 200);
  })
  .openapi(impactCount, async (c) => {
    const [row] = await c
      .get('db')
      .select({
        total_impacts: sql<number>`coalesce(sum(cardinality(${stories.sdgs}) + case when ${stories.charity_id} is null then 0 else 1 end), 0)::int`,
      })
      .from(stories)
      .where(and(counting(c), eq(stories.status, 'published')));
    return c.json({ total_impacts: row?.total_impacts ?? 0 }, 200);
  })
  .openapi(contributions, async (c) => {
    const rows = await c
      .get('db')
      .select({
        category: sql<string>`coalesce(${categories.name}, 'Uncategorised')`,
        stories: sql<number>`count(distinct ${stories.id})::int`,
        reactions: sql<number>`count(${storyReactions.story_id})::int`,
      })
      .from(stories)
      .leftJoin(categories, eq(categories.id, stories.category_id))
      .leftJoin(storyReactions, eq(storyReactions.story_id, stories.id))
      .where(and(counting(c), eq(stories.status, 'published')))
      .groupBy(sql`coalesce(${categories.name}, 'Uncategorised')`)
      .orderBy(desc(sql`count(${storyReactions.story_id})`), asc(sql`coalesce(${categories.name}, 'Uncategorised')`));
    return c.json({ results: rows }, 200);
  })
  .openapi(myStories, async (c) => {
    const rows = await c
      .get('db')
      .select({
        id: stories.id,
        slug: stories.slug,
        title: stories.title,
        status: stories.status,
        step: stories.step,
        review_comment: stories.review_comment,
        submitted_text: stories.submitted_text,
        returned_text: stories.returned_text,
        body: stories.body,
        is_featured: stories.is_featured,
        reactions: sql<number>`(select count(*)::int from ${storyReactions} where ${storyReactions.story_id} = ${stories.id})`,
        updated_at: sql<string>`to_char(${stories.updated_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      })
      .from(stories)
      .where(counting(c))
      .orderBy(desc(stories.updated_at), desc(stories.id));
    const results = rows.map(({ body, ...s }) => ({ ...s, current_text: plainText(body) }));
    return c.json({ results, reactions_received: results.reduce((sum, s) => sum + s.reactions, 0) }, 200);
  });
