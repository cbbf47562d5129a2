// A parent's home (GET /community/home/): the school's community work as a family looks for it.
// The parent (community password) or a signed-in member of the school names their child's class
// (and, once they have found them, their child among the class's writers); the answer is every
// story they may read on this site in that order: what the school has pinned (while the pin
// lasts), then their child's, then the class's, then the rest of the school's, each newest first. Whom a story shows to is the one rule of
// storyVisibleTo; the classes offered are this site's only, so another school's ids find nothing.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { classes, stories, users } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, jsonBody } from '../../http/route';
import { Id } from '../../http/schemas';
import { siteTenant } from '../../http/access';
import { storyViewer } from '../stories/visibility';
import { readableStories, storyCardColumns, StoryCardSchema } from './routes';

/** How many stories the home shows at once (the library has the rest). */
const HOME_SIZE = 48;

const HomeStory = StoryCardSchema.extend({
  class_id: z.number().int().nullable(),
  author_id: z.number().int(),
  /** Where it sits on the home: pinned by the school, the child's own, their class's, or the school's. */
  shelf: z.enum(['pinned', 'child', 'class', 'school']),
}).openapi('CommunityStory');

const communityHome = defineRoute(
  { roles: 'anyone', site: 'tenant' },
  {
    method: 'get',
    path: '/community/home/',
    summary:
      "A parent's home: the school's community stories, those it has pinned first, then their child's, then their class's, then the school's",
    description:
      'For parents with the community password and signed-in members of the school; anyone else is refused (403). ' +
      'class_id is one of `classes`; child is one of `writers` (the class children whose stories this viewer may read).',
    request: { query: z.object({ class_id: Id.optional(), child: Id.optional() }) },
    responses: {
      200: jsonBody(
        z
          .object({
            classes: z.array(z.object({ id: z.number().int(), name: z.string() })),
            writers: z.array(z.object({ id: z.number().int(), name: z.string() })),
            stories: z.array(HomeStory),
          })
          .openapi('CommunityHome'),
      ),
      403: { description: 'Not a parent or member of this school' },
    },
  },
);

export const communityHomeRoutes = new OpenAPIHono<AppEnv>().openapi(communityHome, async (c) => {
  const tenant = siteTenant(c);
  const viewer = await storyViewer(c);
  const ofSchool = viewer.kind === 'community' || (viewer.kind === 'user' && viewer.tenant_id === tenant.id);
  if (!ofSchool) fail(403, "Enter your school's community password to see its stories.");
  const { class_id, child } = c.req.valid('query');
  const db = c.get('db');
  const schoolClasses = await db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.tenant_id, tenant.id), isNull(classes.deleted_at)))
    .orderBy(asc(classes.name), asc(classes.id));
  const klass = schoolClasses.find((k) => k.id === class_id)?.id ?? null;
  const readable = readableStories(tenant, viewer);
  const writers = klass
    ? await db
        .selectDistinct({ id: users.id, name: storyCardColumns.author })
        .from(stories)
        .innerJoin(users, eq(users.id, stories.author_id))
        .where(and(readable, eq(stories.class_id, klass)))
        .orderBy(storyCardColumns.author, users.id)
    : [];
  const mine = writers.find((w) => w.id === child)?.id ?? null;
  const place = sql<number>`case
    when ${storyCardColumns.pinned_until} is not null then 0
    when ${stories.author_id} = ${mine ?? -1} then 1
    when ${stories.class_id} = ${klass ?? -1} then 2
    else 3 end`;
  const rows = await db
    .select({ ...storyCardColumns, class_id: stories.class_id, author_id: stories.author_id, place })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.author_id))
    .where(readable)
    .orderBy(place, desc(stories.created_at), desc(stories.id))
    .limit(HOME_SIZE);
  const shelves = ['pinned', 'child', 'class', 'school'] as const;
  const placed = rows.map(({ place, ...story }) => ({ ...story, shelf: shelves[Number(place)]! }));
  return c.json({ classes: schoolClasses, writers, stories: placed }, 200);
});
