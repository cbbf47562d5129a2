// Writing stories: start a draft (its slug made on the device), save a document change (a Yjs
// update merged into the stored state, then body, excerpt and word count rendered again), set
// the details (title, cover, category, SDGs, charity cause, visibility, step), submit, list
// "my stories" (pull sync) and open one story for editing. Reading, review and the dashboards
// live in the story-*.ts route files.
//
// Who may change a story: its author; the teacher of its class and the school's admins (a
// teacher fixes spelling before approving). Another child gets a 403, another school a 404.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createHash } from 'node:crypto';
import { and, asc, eq, getTableColumns, isNull, or, sql } from 'drizzle-orm';
import { DOCUMENT_LIMITS, DOCUMENT_MSG, pictureSrc, textFromHtml, toBase64 } from '../../../src/contract/document';
import { PRIVACY_PREFERENCES, STORY_STATUSES, type PrivacyPreference } from '../../../src/contract/domain';
import { WORK_MSG } from '../../../src/contract/limits';
import {
  CreateStoryRequest,
  DocumentUpdateRequest,
  STORY_MSG,
  StoryDetailsRequest,
  StorySlug,
  withinPrivacy,
} from '../../../src/contract/story-forms';
import type { Queryable } from '../../db/client';
import { categories, charities, classes, pictures, stories, students, users, type TenantRow } from '../../db/schema';
import { after, cursorTs, nextSince, parseSince, UpdatedSince } from '../../http/cursor';
import type { AppEnv, AuthUser } from '../../http/env';
import { documentAnswer } from '../../http/document-answer';
import { fail } from '../../http/errors';
import { defineRoute, errorBody, jsonBody, limitBody, prepared, signedInUser, jsonRequest, notFoundAnswer } from '../../http/route';
import { CpuRefusal, runCpu } from '../../lib/cpu-pool';
import { reachableClass, reachableStudents } from '../roster/queries';
import { siteTenant, SCHOOL_ADMINS, WRITERS } from '../../http/access';

/** Who writes stories: children, and teachers and school admins (for or with a class). */
const writer = { roles: WRITERS, site: 'tenant' } as const;
/** Story writes read up to the story endpoints' own limit (a document change is base64 JSON). */
const change = { ...writer, outbox: true, bodyLimit: DOCUMENT_LIMITS.requestBytes } as const;

const StoryDraftSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    author_id: z.number().int(),
    author_name: z.string(),
    class_id: z.number().int().nullable(),
    status: z.enum(STORY_STATUSES),
    step: z.number().int(),
    privacy_preference: z.enum(PRIVACY_PREFERENCES),
    /** The widest visibility the author's privacy preference allows. */
    author_privacy: z.enum(PRIVACY_PREFERENCES),
    cover: z.string().nullable(),
    category_id: z.number().int().nullable(),
    sdgs: z.array(z.number().int()),
    charity_id: z.number().int().nullable(),
    source: z.enum(['written', 'uploaded']),
    body: z.string(),
    excerpt: z.string(),
    word_count: z.number().int(),
    /** The merged Yjs state, base64 (null before the first change). */
    doc: z.string().nullable(),
    submitted_text: z.string().nullable(),
    review_comment: z.string().nullable(),
    submitted_at: z.string().nullable(),
    published_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    deleted: z.boolean(),
  })
  .openapi('StoryDraft');

/**
 * A story as a save of its document leaves it: its state left out. The device that sent the change
 * holds it already, and it was megabytes both ways (built, kept for the change's key inside its
 * transaction, downloaded) for every save of a long story. Its text, as rendered, is in `body`.
 */
const StorySavedSchema = StoryDraftSchema.omit({ doc: true }).openapi('StorySaved');

const SlugParam = z.object({ slug: StorySlug });
const notFound = notFoundAnswer(`'${STORY_MSG.notFound}'`);
const tooBig = { 413: { description: 'The request or the merged document is over the limit', ...errorBody } };

const createStory = defineRoute(change, {
  method: 'post',
  path: '/stories/',
  summary: 'Start a story (a draft); its slug is made on the device. Staff may start one for a student.',
  request: jsonRequest(CreateStoryRequest),
  responses: {
    201: jsonBody(StoryDraftSchema, 'Started'),
    200: jsonBody(StoryDraftSchema, 'Already started'),
    409: { description: STORY_MSG.slugTaken, ...errorBody },
  },
});

/**
 * The `prepare` of a document change: the stored state with the change merged in and rendered, in
 * the worker pool (lib/story-render.ts), before the change's transaction opens. The handler keeps
 * the result only if the stored state is still the one merged into. Null when the story is not
 * this user's to change (the handler answers why, after a replay has had its stored answer) or the
 * body is not an update (the validator answers).
 */
async function mergeStoryChange(c: Context<AppEnv>) {
  const body = DocumentUpdateRequest.safeParse(await c.req.json().catch(() => null));
  if (!body.success) return null;
  const user = signedInUser(c);
  const row = await storyToChange(c.get('db'), siteTenant(c), user, c.req.param('slug') ?? '').catch(() => null);
  if (!row || (user.role === 'student' && row.story.status === 'published' && row.review_stories !== false)) return null;
  const merged = await runCpu('mergeStory', { stored: row.story.doc, update: body.data.update });
  // The state merged into, by its digest (md5, as PostgreSQL writes it): compared with the stored one's.
  return { ...merged, baseMd5: row.story.doc ? createHash('md5').update(row.story.doc).digest('hex') : null };
}

const saveDocument = defineRoute(
  { ...change, prepare: mergeStoryChange },
  {
    method: 'put',
    path: '/stories/{slug}/document/',
    summary: "Merge one change of the story's document (a Yjs update, base64) and render body, excerpt and word count",
    request: { params: SlugParam, ...jsonRequest(DocumentUpdateRequest) },
    responses: { 200: jsonBody(StorySavedSchema), ...notFound, ...tooBig, 409: { description: STORY_MSG.notEditable, ...errorBody } },
  },
);

const saveDetails = defineRoute(change, {
  method: 'patch',
  path: '/stories/{slug}/',
  summary: "Set a story's title, cover, category, SDGs, charity cause, visibility or the writer's step",
  request: { params: SlugParam, ...jsonRequest(StoryDetailsRequest) },
  responses: { 200: jsonBody(StoryDraftSchema), ...notFound, ...tooBig, 409: { description: STORY_MSG.notEditable, ...errorBody } },
});

const submitStory = defineRoute(change, {
  method: 'post',
  path: '/stories/{slug}/submit/',
  summary: "Submit a story: waiting for review where the class reviews stories, else published (a teacher's own story publishes)",
  request: { params: SlugParam },
  responses: { 200: jsonBody(StoryDraftSchema), ...notFound },
});

const myStories = defineRoute(writer, {
  method: 'get',
  path: '/my-stories/',
  summary: "The signed-in user's own stories (drafts, submitted, returned, published); with updated_since, pull sync",
  request: { query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50), updated_since: UpdatedSince }) },
  responses: {
    200: jsonBody(z.object({ results: z.array(StoryDraftSchema), next_since: z.string().nullable() }).openapi('StoryDraftPage')),
  },
});

const editStory = defineRoute(writer, {
  method: 'get',
  path: '/stories/{slug}/edit/',
  summary: 'One story for editing, with its document: the author, the teacher of its class, the school admins',
  request: { params: SlugParam },
  responses: { 200: jsonBody(StoryDraftSchema), ...notFound },
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const draftColumns = {
  story: stories,
  author_first: users.first_name,
  author_last: users.last_name,
  author_privacy: students.privacy_preference,
  class_teacher: classes.teacher_id,
  review_stories: classes.review_stories,
  ts: cursorTs(stories.updated_at),
};

type DraftRow = {
  story: typeof stories.$inferSelect;
  author_first: string;
  author_last: string;
  author_privacy: PrivacyPreference | null;
  class_teacher: number | null;
  review_stories: boolean | null;
};

/**
 * `withDoc` false leaves the state out (null) and brings its digest instead (`doc_md5`): a save
 * writes the merged state, and reading megabytes only to compare them held the event loop and, on
 * PGlite, every other query, inside the save's transaction.
 */
function selectDrafts(db: Queryable, withDoc = true) {
  return db
    .select(
      withDoc
        ? draftColumns
        : {
            ...draftColumns,
            story: { ...getTableColumns(stories), doc: sql<null>`null` },
            doc_md5: sql<string | null>`md5(${stories.doc})`,
          },
    )
    .from(stories)
    .innerJoin(users, eq(users.id, stories.author_id))
    .leftJoin(students, eq(students.user_id, stories.author_id))
    .leftJoin(classes, eq(classes.id, stories.class_id));
}

/** A story for writing, its state left out (see draftJson and draftAnswer). */
function draftFields(row: DraftRow): Omit<z.infer<typeof StoryDraftSchema>, 'doc'> {
  const s = row.story;
  return {
    id: s.id,
    slug: s.slug,
    title: s.title,
    author_id: s.author_id,
    author_name: `${row.author_first} ${row.author_last.slice(0, 1)}.`.trim(),
    class_id: s.class_id,
    status: s.status,
    step: s.step,
    privacy_preference: s.privacy_preference,
    // Staff have no privacy preference of their own: their stories may be public.
    author_privacy: row.author_privacy ?? 'public',
    cover: s.cover,
    category_id: s.category_id,
    sdgs: s.sdgs,
    charity_id: s.charity_id,
    source: s.source,
    body: s.body,
    excerpt: s.excerpt,
    word_count: s.word_count,
    submitted_text: s.submitted_text,
    review_comment: s.review_comment,
    submitted_at: iso(s.submitted_at),
    published_at: iso(s.published_at),
    created_at: s.created_at.toISOString(),
    updated_at: s.updated_at.toISOString(),
    deleted: s.deleted_at !== null,
  };
}

function draftJson(row: DraftRow): z.infer<typeof StoryDraftSchema> {
  return { ...draftFields(row), doc: row.story.doc ? toBase64(row.story.doc) : null };
}

/** One story for writing as the answer, its state (megabytes, maybe) streamed. */
function draftAnswer(c: Context<AppEnv>, row: DraftRow, status: 200 | 201 = 200) {
  return documentAnswer(c, draftFields(row), row.story.doc, status);
}

/**
 * The story at this slug on this site, for a change by this user: 404 when the site has none,
 * 403 when it is someone else's and the user neither teaches its class nor runs the school.
 */
async function storyToChange(
  db: Queryable,
  tenant: TenantRow,
  user: AuthUser,
  slug: string,
  lock = false,
  withDoc = true,
): Promise<DraftRow & { doc_md5?: string | null }> {
  const query = selectDrafts(db, withDoc).where(and(eq(stories.tenant_id, tenant.id), eq(stories.slug, slug), isNull(stories.deleted_at)));
  // Concurrent saves of one story merge one after the other, never over each other.
  const [row] = lock ? await query.for('update', { of: stories }) : await query;
  if (!row) fail(404, STORY_MSG.notFound);
  const mayChange =
    row.story.author_id === user.id ||
    (user.role === 'teacher' && row.class_teacher === user.id) ||
    (SCHOOL_ADMINS as readonly string[]).includes(user.role);
  if (!mayChange) fail(403, STORY_MSG.notYours);
  return row;
}

/** A child may change their story until it is published where the class reviews stories. */
function assertEditable(row: DraftRow, user: AuthUser) {
  if (user.role === 'student' && row.story.status === 'published' && row.review_stories !== false) fail(409, STORY_MSG.notEditable);
}

/**
 * What a child may still change of a story that is theirs to change only through review: the
 * details it already has (a device resending them), a narrower visibility (hiding their own work
 * never needs a teacher) and the writer's step. Anything readers would see differently is refused.
 */
function assertDetailsEditable(row: DraftRow, user: AuthUser, input: z.infer<typeof StoryDetailsRequest>) {
  if (user.role !== 'student' || row.story.status !== 'published' || row.review_stories === false) return;
  const s = row.story;
  const sameSdgs = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);
  const unchanged =
    (input.title === undefined || input.title === s.title) &&
    (input.cover === undefined || (input.cover ? pictureSrc(input.cover) : null) === s.cover) &&
    (input.category_id === undefined || input.category_id === s.category_id) &&
    (input.sdgs === undefined || sameSdgs(input.sdgs, s.sdgs)) &&
    (input.charity_id === undefined || input.charity_id === s.charity_id) &&
    (input.privacy_preference === undefined || withinPrivacy(input.privacy_preference, s.privacy_preference));
  if (!unchanged) fail(409, STORY_MSG.notEditable);
}

async function reload(db: Queryable, id: number): Promise<DraftRow> {
  const [row] = await selectDrafts(db).where(eq(stories.id, id));
  return row!;
}

const router = new OpenAPIHono<AppEnv>();
// The same limit as the routes' own (`change` above), checked first so a refusal says why in the
// writer's words.
router.use('/stories/*', limitBody(DOCUMENT_LIMITS.requestBytes, DOCUMENT_MSG.tooBig));

export const storyRoutes = router
  .openapi(createStory, async (c) => {
    const db = c.get('db');
    const tenant = siteTenant(c);
    const user = signedInUser(c);
    const input = c.req.valid('json');
    let authorId = user.id;
    let classId: number | null = null;
    if (user.role === 'student') {
      const [me] = await db.select({ class_id: students.class_id }).from(students).where(eq(students.user_id, user.id));
      classId = me?.class_id ?? null;
    } else if (input.author_id !== undefined) {
      const [reachable] = await reachableStudents(db, tenant, user, [input.author_id]);
      if (reachable === undefined) fail(404, 'No such student in your classes.');
      const [child] = await db.select({ class_id: students.class_id }).from(students).where(eq(students.user_id, reachable));
      authorId = reachable;
      classId = child?.class_id ?? null;
    }
    if (user.role !== 'student' && input.class_id !== undefined) {
      if (!(await reachableClass(db, tenant, user, input.class_id))) fail(404, 'No such class.');
      classId = input.class_id;
    }
    const [existing] = await db
      .select({ id: stories.id, author_id: stories.author_id })
      .from(stories)
      .where(and(eq(stories.tenant_id, tenant.id), eq(stories.slug, input.slug)));
    if (existing) {
      if (existing.author_id !== authorId) fail(409, STORY_MSG.slugTaken);
      return draftAnswer(c, await reload(db, existing.id));
    }
    const [privacy] = await db.select({ p: students.privacy_preference }).from(students).where(eq(students.user_id, authorId));
    // A child's story starts no wider than community, and never wider than the child allows.
    const start: PrivacyPreference = !privacy ? 'public' : withinPrivacy('community', privacy.p) ? 'community' : privacy.p;
    const [row] = await db
      .insert(stories)
      .values({
        tenant_id: tenant.id,
        author_id: authorId,
        class_id: classId,
        title: input.title,
        slug: input.slug,
        body: '',
        privacy_preference: start,
        source: input.source,
      })
      .returning({ id: stories.id });
    return draftAnswer(c, await reload(db, row!.id), 201);
  })
  .openapi(saveDocument, async (c) => {
    const user = signedInUser(c);
    const row = await storyToChange(c.get('db'), siteTenant(c), user, c.req.valid('param').slug, true, false);
    assertEditable(row, user);
    const merged = prepared<Awaited<ReturnType<typeof mergeStoryChange>>>(c);
    // Another change of this story was saved since the merge: this one is sent again (a 503 is
    // retried), rather than merged here while the transaction holds the database.
    if (!merged || merged.baseMd5 !== row.doc_md5) throw new CpuRefusal(503, WORK_MSG.busy, 1);
    const changed = { body: merged.body, excerpt: merged.excerpt, word_count: merged.word_count, updated_at: new Date() };
    await c.get('db').update(stories).set(changed).where(eq(stories.id, row.story.id));
    // The state in a statement of its own: each of megabytes holds PGlite's thread for tens of ms.
    await c.get('db').update(stories).set({ doc: merged.doc, updated_at: changed.updated_at }).where(eq(stories.id, row.story.id));
    return c.json(draftFields({ ...row, story: { ...row.story, ...changed } }), 200);
  })
  .openapi(saveDetails, async (c) => {
    const db = c.get('db');
    const tenant = siteTenant(c);
    const user = signedInUser(c);
    const row = await storyToChange(db, tenant, user, c.req.valid('param').slug, true);
    const input = c.req.valid('json');
    assertDetailsEditable(row, user, input);
    if (input.privacy_preference && row.author_privacy && !withinPrivacy(input.privacy_preference, row.author_privacy)) {
      fail(400, STORY_MSG.tooWide, { errors: { privacy_preference: [STORY_MSG.tooWide] } });
    }
    if (input.category_id) {
      const [cat] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.id, input.category_id), or(isNull(categories.tenant_id), eq(categories.tenant_id, tenant.id))));
      if (!cat) fail(400, STORY_MSG.categoryNotFound, { errors: { category_id: [STORY_MSG.categoryNotFound] } });
    }
    if (input.charity_id) {
      const [cause] = await db
        .select({ id: charities.id })
        .from(charities)
        // The causes the writer offers (GET /charities/): published, the platform's or this school's.
        .where(
          and(
            eq(charities.id, input.charity_id),
            eq(charities.status, 'published'),
            or(isNull(charities.tenant_id), eq(charities.tenant_id, tenant.id)),
          ),
        );
      if (!cause) fail(400, STORY_MSG.charityNotFound, { errors: { charity_id: [STORY_MSG.charityNotFound] } });
    }
    if (input.cover) {
      // A cover is a picture of the story's author or of whoever sets it, at this school: another
      // child's picture (its id seen in their story) cannot be shown under someone else's name.
      // One not stored yet is taken: the device sends the picture right after (the outbox's order).
      const [pic] = await db
        .select({ tenant_id: pictures.tenant_id, owner_id: pictures.owner_id })
        .from(pictures)
        .where(eq(pictures.id, input.cover));
      const ours = !pic || (pic.tenant_id === tenant.id && (pic.owner_id === row.story.author_id || pic.owner_id === user.id));
      if (!ours) fail(400, STORY_MSG.coverNotYours, { errors: { cover: [STORY_MSG.coverNotYours] } });
    }
    const { cover, ...rest } = input;
    await db
      .update(stories)
      .set({ ...rest, ...(cover !== undefined ? { cover: cover ? pictureSrc(cover) : null } : {}), updated_at: new Date() })
      .where(eq(stories.id, row.story.id));
    return draftAnswer(c, await reload(db, row.story.id));
  })
  .openapi(submitStory, async (c) => {
    const db = c.get('db');
    const user = signedInUser(c);
    const row = await storyToChange(db, siteTenant(c), user, c.req.valid('param').slug, true);
    const s = row.story;
    if (!s.title.trim()) fail(400, STORY_MSG.noTitle);
    if (!s.body.trim()) fail(400, STORY_MSG.emptyStory);
    if (s.status === 'published') return draftAnswer(c, row);
    const now = new Date();
    const byAuthor = s.author_id === user.id;
    // A child's story waits for review when the class reviews; staff submitting publish it.
    const review = user.role === 'student' && byAuthor && row.review_stories !== false && row.author_privacy !== null;
    await db
      .update(stories)
      .set({
        status: review ? 'submitted' : 'published',
        step: 4,
        submitted_at: now,
        // The words as the child sent them, so they can see what a teacher changes before approving.
        submitted_text: byAuthor ? textFromHtml(s.body) : s.submitted_text,
        // The teacher's last comment stays for their next review (the child sees it only while sent back).
        ...(review ? {} : { published_at: now, reviewed_by: byAuthor ? null : user.id, reviewed_at: byAuthor ? null : now }),
        updated_at: now,
      })
      .where(eq(stories.id, s.id));
    return draftAnswer(c, await reload(db, s.id));
  })
  .openapi(myStories, async (c) => {
    const user = signedInUser(c);
    const q = c.req.valid('query');
    const cursor = parseSince(q.updated_since);
    const rows = await selectDrafts(c.get('db'))
      .where(
        and(
          eq(stories.tenant_id, siteTenant(c).id),
          eq(stories.author_id, user.id),
          cursor ? after(stories.updated_at, stories.id, cursor) : isNull(stories.deleted_at),
        ),
      )
      .orderBy(asc(stories.updated_at), asc(stories.id))
      .limit(q.limit);
    return c.json(
      {
        results: rows.map(draftJson),
        next_since: nextSince(
          rows.map((r) => ({ ts: r.ts, id: r.story.id })),
          q.limit,
        ),
      },
      200,
    );
  })
  .openapi(editStory, async (c) => {
    const row = await storyToChange(c.get('db'), siteTenant(c), signedInUser(c), c.req.valid('param').slug);
    return draftAnswer(c, row);
  });
