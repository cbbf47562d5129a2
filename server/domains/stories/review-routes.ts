// Review and publishing (issue 11): the stories in a teacher's care (their classes; a school's
// for its admins) with the spec's content filters, one story to review (its text as submitted
// and as it is now), approve (published) or send back with a comment (returned), and the class
// page's bulk actions on stories: feature, privacy preference, archive. Pins use /content/pin/
// with content_type 'story'. The organization's list of stories shared by its linked schools
// names each by content_share_id (the story's id), which its pin endpoints take.
// Writes are outbox routes; a story outside the caller's care is a 404 (another school's too).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { and, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { PRIVACY_PREFERENCES, STORY_STATUSES } from '../../../src/contract/domain';
import { plainText, REVIEW_COMMENT_MAX, STORY_MSG } from '../../../src/contract/story-review';
import { classes, organizationLinks, pins, stories, students, tenants, users } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, errorBody, jsonBody, signedInUser, jsonRequest, notFoundAnswer } from '../../http/route';
import { MessageSchema, Id } from '../../http/schemas';
import { likeText } from '../roster/queries';
import { decideStory, type StoryDecision } from './review';
import { inCare, onTheShelf, userViewer } from './visibility';
import { siteTenant, CLASS_STAFF, ORGANIZATION_AREA } from '../../http/access';

const Ids = z.array(Id).min(1, 'Please select at least one story.').max(2000);
const Bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const Day = z.iso.date('Dates are YYYY-MM-DD');
const staff = { roles: CLASS_STAFF, site: 'tenant' } as const;
const change = { ...staff, outbox: true } as const;
const missing = notFoundAnswer(`'${STORY_MSG.noSuchStories}'`);

/** The spec's content filter fields that apply to stories, plus search and paging. */
const StoryQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(500).default(20),
    offset: z.coerce.number().int().min(0).default(0),
    status: z.enum(STORY_STATUSES).optional(),
    class_id: Id.optional(),
    is_archived: Bool.optional(),
    is_featured: Bool.optional(),
    is_pinned: Bool.optional(),
    privacy_preference: z.enum(PRIVACY_PREFERENCES).optional(),
    student_privacy: z.enum(PRIVACY_PREFERENCES).optional(),
    search: z.string().trim().max(100).optional(),
    created_at__gte: Day.optional(),
    created_at__lte: Day.optional(),
  })
  .refine((q) => !q.created_at__gte || !q.created_at__lte || q.created_at__gte <= q.created_at__lte, {
    message: 'The from date cannot be after the to date.',
    path: ['created_at__gte'],
  });

const ReviewStorySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    author: z.string(),
    author_id: z.number().int(),
    school: z.string(),
    class_id: z.number().int().nullable(),
    class_name: z.string().nullable(),
    status: z.enum(STORY_STATUSES),
    privacy_preference: z.enum(PRIVACY_PREFERENCES),
    student_privacy: z.enum(PRIVACY_PREFERENCES).nullable(),
    is_featured: z.boolean(),
    is_archived: z.boolean(),
    is_pinned: z.boolean(),
    excerpt: z.string(),
    review_comment: z.string().nullable(),
    created_at: z.string(),
    submitted_at: z.string().nullable(),
  })
  .openapi('ReviewStory');

const ReviewStoryList = z.object({ count: z.number().int(), results: z.array(ReviewStorySchema) }).openapi('ReviewStoryList');

const listStories = defineRoute(staff, {
  method: 'get',
  path: '/teacher/stories/',
  summary: "Stories in the caller's care (a teacher's classes, a school admin's school), with the content filters",
  request: { query: StoryQuery },
  responses: { 200: jsonBody(ReviewStoryList) },
});

const getStory = defineRoute(staff, {
  method: 'get',
  path: '/teacher/stories/{id}/',
  summary: 'One story to review: its body, and its text as submitted, as it was when last sent back with a comment, and as it is now',
  request: { params: z.object({ id: Id }) },
  responses: {
    200: jsonBody(
      ReviewStorySchema.extend({
        body: z.string(),
        submitted_text: z.string().nullable(),
        returned_text: z.string().nullable().openapi({ description: 'The text when the story was last sent back with a comment' }),
        current_text: z.string(),
      }).openapi('ReviewStoryDetail'),
    ),
    ...missing,
  },
});

const approve = defineRoute(change, {
  method: 'post',
  path: '/teacher/stories/{id}/approve/',
  summary: 'Approve a story waiting for review: it is published',
  request: { params: z.object({ id: Id }) },
  responses: { 200: jsonBody(MessageSchema), 409: { description: `'${STORY_MSG.notWaiting}'`, ...errorBody }, ...missing },
});

const sendBack = defineRoute(change, {
  method: 'post',
  path: '/teacher/stories/{id}/return/',
  summary: 'Send a story back to the child with a short comment they see on their dashboard',
  request: {
    params: z.object({ id: Id }),
    ...jsonRequest(
      z.object({ comment: z.string().trim().min(1, STORY_MSG.commentNeeded).max(REVIEW_COMMENT_MAX, STORY_MSG.commentTooLong) }),
    ),
  },
  responses: { 200: jsonBody(MessageSchema), 409: { description: `'${STORY_MSG.notWaiting}'`, ...errorBody }, ...missing },
});

const feature = defineRoute(change, {
  method: 'patch',
  path: '/v1/teacher/stories/feature/',
  summary: 'Bulk action Feature: Yes (feature) or No (unfeature) stories',
  request: jsonRequest(z.object({ ids: Ids, action: z.enum(['feature', 'unfeature']) })),
  responses: { 200: jsonBody(MessageSchema), ...missing },
});

const privacy = defineRoute(change, {
  method: 'patch',
  path: '/v1/teacher/stories/privacy/',
  summary: "Bulk action Privacy Preference: set the stories' own setting (the child's may still narrow it)",
  request: jsonRequest(z.object({ ids: Ids, privacy_preference: z.enum(PRIVACY_PREFERENCES) })),
  responses: { 200: jsonBody(MessageSchema), ...missing },
});

const archive = defineRoute(change, {
  method: 'post',
  path: '/v1/teacher/stories/archive/',
  summary: 'Bulk action Archive: archive (or with archived false, restore) stories',
  request: jsonRequest(z.object({ story_ids: Ids, archived: z.boolean().default(true) })),
  responses: { 200: jsonBody(z.object({ success: z.boolean(), message: z.string() }).openapi('StoryArchiveAnswer')), ...missing },
});

const SharedStorySchema = ReviewStorySchema.pick({
  id: true,
  slug: true,
  title: true,
  school: true,
  is_featured: true,
  is_pinned: true,
  excerpt: true,
  created_at: true,
})
  .extend({ content_share_id: z.number().int(), author: z.string(), privacy_preference: z.enum(PRIVACY_PREFERENCES) })
  .openapi('SharedStory');

const orgStories = defineRoute(ORGANIZATION_AREA, {
  method: 'get',
  path: '/organization/stories/',
  summary: "Stories the organization's linked schools share (published, community or public); pin them by content_share_id",
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(500).default(20),
      offset: z.coerce.number().int().min(0).default(0),
      search: z.string().trim().max(100).optional(),
      is_pinned: Bool.optional(),
    }),
  },
  responses: { 200: jsonBody(z.object({ count: z.number().int(), results: z.array(SharedStorySchema) }).openapi('SharedStoryList')) },
});

const ts = (column: SQL | typeof stories.created_at) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const pinnedBy = (tenantId: number) =>
  exists(
    sql`(select 1 from ${pins} where ${pins.tenant_id} = ${tenantId} and ${pins.content_type} = 'story' and ${pins.object_id} = ${stories.id} and ${pins.is_pinned} and ${pins.expiry_date} > now())`,
  );

function columns(tenantId: number) {
  return {
    id: stories.id,
    slug: stories.slug,
    title: stories.title,
    author: sql<string>`${users.first_name} || ' ' || ${users.last_name}`,
    author_id: stories.author_id,
    school: tenants.school_name,
    class_id: stories.class_id,
    class_name: classes.name,
    status: stories.status,
    privacy_preference: stories.privacy_preference,
    student_privacy: students.privacy_preference,
    is_featured: stories.is_featured,
    is_archived: stories.is_archived,
    is_pinned: sql<boolean>`${pinnedBy(tenantId)}`,
    excerpt: stories.excerpt,
    review_comment: stories.review_comment,
    created_at: ts(stories.created_at),
    submitted_at: sql<string | null>`to_char(${stories.submitted_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  };
}

function from(c: Context<AppEnv>) {
  return c
    .get('db')
    .select({
      ...columns(siteTenant(c).id),
      body: stories.body,
      submitted_text: stories.submitted_text,
      returned_text: stories.returned_text,
    })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.author_id))
    .innerJoin(tenants, eq(tenants.id, stories.tenant_id))
    .leftJoin(students, eq(students.user_id, stories.author_id))
    .leftJoin(classes, eq(classes.id, stories.class_id));
}

/** The care scope of the caller on this site. */
function care(c: Context<AppEnv>): SQL {
  return and(inCare(userViewer(signedInUser(c))), eq(stories.tenant_id, siteTenant(c).id))!;
}

/** All of `ids` in the caller's care, or a 404. */
async function mustCare(c: Context<AppEnv>, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rows = await c
    .get('db')
    .select({ id: stories.id })
    .from(stories)
    .where(and(inArray(stories.id, unique), care(c)));
  if (rows.length !== unique.length) fail(404, STORY_MSG.noSuchStories);
  return unique;
}

async function review(c: Context<AppEnv>, id: number, decision: StoryDecision) {
  await mustCare(c, [id]);
  if (!(await decideStory(c.get('db'), id, decision, signedInUser(c).id, c.get('deps').now()))) fail(409, STORY_MSG.notWaiting);
}

export const storyReviewRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listStories, async (c) => {
    const q = c.req.valid('query');
    const tenantId = siteTenant(c).id;
    const where = and(
      care(c),
      q.status ? eq(stories.status, q.status) : undefined,
      q.class_id !== undefined ? eq(stories.class_id, q.class_id) : undefined,
      q.is_archived !== undefined ? eq(stories.is_archived, q.is_archived) : undefined,
      q.is_featured !== undefined ? eq(stories.is_featured, q.is_featured) : undefined,
      q.is_pinned !== undefined ? (q.is_pinned ? pinnedBy(tenantId) : sql`not ${pinnedBy(tenantId)}`) : undefined,
      q.privacy_preference ? eq(stories.privacy_preference, q.privacy_preference) : undefined,
      q.student_privacy ? eq(students.privacy_preference, q.student_privacy) : undefined,
      q.search
        ? or(ilike(stories.title, likeText(q.search)), ilike(sql`${users.first_name} || ' ' || ${users.last_name}`, likeText(q.search)))
        : undefined,
      q.created_at__gte ? sql`${stories.created_at} >= ${q.created_at__gte}::date` : undefined,
      q.created_at__lte ? sql`${stories.created_at} < ${q.created_at__lte}::date + 1` : undefined,
    );
    const [rows, [total]] = await Promise.all([
      from(c)
        .where(where)
        // Pinned stories first while their pin lasts (the top of the class page), then featured;
        // then waiting stories, oldest first (fair to the child who waited longest), then newest.
        .orderBy(
          sql`${pinnedBy(tenantId)} desc`,
          desc(stories.is_featured),
          sql`${stories.status} = 'submitted' desc`,
          sql`case when ${stories.status} = 'submitted' then ${stories.submitted_at} end asc nulls last`,
          desc(stories.created_at),
          desc(stories.id),
        )
        .limit(q.limit)
        .offset(q.offset),
      c
        .get('db')
        .select({ n: sql<number>`count(*)::int` })
        .from(stories)
        .innerJoin(users, eq(users.id, stories.author_id))
        .leftJoin(students, eq(students.user_id, stories.author_id))
        .where(where),
    ]);
    return c.json(
      { count: total?.n ?? 0, results: rows.map(({ body: _body, submitted_text: _text, returned_text: _returned, ...row }) => row) },
      200,
    );
  })
  .openapi(getStory, async (c) => {
    const { id } = c.req.valid('param');
    const [row] = await from(c)
      .where(and(eq(stories.id, id), care(c)))
      .limit(1);
    if (!row) fail(404, STORY_MSG.noSuchStories);
    return c.json({ ...row, current_text: plainText(row.body) }, 200);
  })
  .openapi(approve, async (c) => {
    await review(c, c.req.valid('param').id, { decision: 'publish' });
    return c.json({ message: STORY_MSG.approved }, 200);
  })
  .openapi(sendBack, async (c) => {
    await review(c, c.req.valid('param').id, { decision: 'return', comment: c.req.valid('json').comment });
    return c.json({ message: STORY_MSG.returned }, 200);
  })
  .openapi(feature, async (c) => {
    const { ids, action } = c.req.valid('json');
    const unique = await mustCare(c, ids);
    await c
      .get('db')
      .update(stories)
      .set({ is_featured: action === 'feature' })
      .where(inArray(stories.id, unique));
    return c.json({ message: action === 'feature' ? STORY_MSG.featured : STORY_MSG.unfeatured }, 200);
  })
  .openapi(privacy, async (c) => {
    const { ids, privacy_preference } = c.req.valid('json');
    const unique = await mustCare(c, ids);
    await c.get('db').update(stories).set({ privacy_preference }).where(inArray(stories.id, unique));
    return c.json({ message: STORY_MSG.privacy }, 200);
  })
  .openapi(archive, async (c) => {
    const { story_ids, archived } = c.req.valid('json');
    const unique = await mustCare(c, story_ids);
    await c.get('db').update(stories).set({ is_archived: archived }).where(inArray(stories.id, unique));
    return c.json({ success: true, message: archived ? STORY_MSG.archived : STORY_MSG.restored }, 200);
  })
  .openapi(orgStories, async (c) => {
    const q = c.req.valid('query');
    const org = siteTenant(c);
    const user = signedInUser(c);
    const where = and(
      onTheShelf(userViewer(user)),
      sql`${stories.tenant_id} in (select ${organizationLinks.school_id} from ${organizationLinks} where ${organizationLinks.organization_id} = ${org.id})`,
      q.search ? ilike(stories.title, likeText(q.search)) : undefined,
      q.is_pinned !== undefined ? (q.is_pinned ? pinnedBy(org.id) : sql`not ${pinnedBy(org.id)}`) : undefined,
    );
    const select = {
      content_share_id: stories.id,
      id: stories.id,
      slug: stories.slug,
      title: stories.title,
      author: sql<string>`${users.first_name} || ' ' || left(${users.last_name}, 1) || '.'`,
      school: tenants.school_name,
      privacy_preference: stories.privacy_preference,
      is_featured: stories.is_featured,
      is_pinned: sql<boolean>`${pinnedBy(org.id)}`,
      excerpt: stories.excerpt,
      created_at: ts(stories.created_at),
    };
    const [rows, [total]] = await Promise.all([
      c
        .get('db')
        .select(select)
        .from(stories)
        .innerJoin(users, eq(users.id, stories.author_id))
        .innerJoin(tenants, eq(tenants.id, stories.tenant_id))
        .where(where)
        .orderBy(desc(stories.is_featured), desc(stories.created_at), desc(stories.id))
        .limit(q.limit)
        .offset(q.offset),
      c
        .get('db')
        .select({ n: sql<number>`count(*)::int` })
        .from(stories)
        .where(where),
    ]);
    return c.json({ count: total?.n ?? 0, results: rows }, 200);
  });
