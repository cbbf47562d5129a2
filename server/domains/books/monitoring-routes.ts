// Book monitoring (issue 13, /admin-panel/book-monitoring, upschool_admin): the moderation queue
// of books and stories waiting for publication, hidden, or reported by readers through
// /report-a-problem (form_submissions of kind 'report' carry item_type and item_id). One
// declaration makes the two lists (books, stories); each item can be approved (it stays, or is
// published if it was waiting; its reports are closed), hidden (hidden_at: off every shelf and
// device at the next sync; its reports are closed) or answered (an e-mail to each reader who
// reported it, through the e-mail outbox).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { BOOK_MSG, ModerationAction, ModerationReply } from '../../../src/contract/books';
import { EMAIL_MSG } from '../../../src/contract/email-messages';
import { REPORT_REASONS } from '../../../src/contract/forms';
import { ADMIN_MSG } from '../../../src/contract/messages';
import { books, formSubmissions, stories, tenants } from '../../db/schema';
import { adminListRoutes, countAll, type DynamicSelect } from '../../http/admin-list';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { sayIn } from '../../http/language';
import { defineRoute, errorBody, jsonBody, signedInUser, notFoundAnswer, jsonRequest } from '../../http/route';
import { MessageSchema, Id } from '../../http/schemas';
import { recipientLocale } from '../mail/language';
import { queueEmail } from '../mail/outbox';
import { decideStory } from '../stories/review';
import { PLATFORM } from '../../http/access';

const ITEM_TYPES = ['book', 'story'] as const;
type ItemType = (typeof ITEM_TYPES)[number];
const TABLES = { book: books, story: stories } as const;

/** Open reports of one item (the report form stores item_id as a number in its data). */
const reportsOf = (type: ItemType, id: SQL | number) =>
  and(
    eq(formSubmissions.kind, 'report'),
    eq(formSubmissions.status, 'new'),
    sql`${formSubmissions.data}->>'item_type' = ${type}`,
    sql`${formSubmissions.data}->>'item_id' = (${id})::text`,
  );

export const ModerationItemSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(ITEM_TYPES),
    title: z.string(),
    status: z.string(),
    tenant_name: z.string().nullable(),
    hidden: z.boolean(),
    reports: z.number().int(),
    last_report: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('ModerationItem');

/** The report's reason in the form's words ('broken: Page 3…' -> 'It does not open or looks broken: Page 3…'). */
function reasonWords(last: string | null): string | null {
  if (last === null) return null;
  const [reason, ...rest] = last.split(': ');
  const words = REPORT_REASONS[reason as keyof typeof REPORT_REASONS];
  return words ? [words, ...rest].join(': ') : last;
}

type Row = {
  id: number;
  title: string;
  status: string;
  tenant_name: string | null;
  hidden_at: Date | null;
  reports: number;
  last_report: string | null;
  created_at: Date;
};

function queueList(type: ItemType) {
  const t = TABLES[type];
  // Qualified by hand: inside the subquery an unqualified id would be the report's own.
  const itemId = sql.raw(`"${type === 'book' ? 'books' : 'stories'}"."id"`);
  const reports = sql<number>`(select count(*)::int from ${formSubmissions} where ${reportsOf(type, itemId)})`;
  const lastReport = sql<
    string | null
  >`(select concat_ws(': ', ${formSubmissions.data}->>'reason', ${formSubmissions.data}->>'details') from ${formSubmissions} where ${reportsOf(type, itemId)} order by ${formSubmissions.created_at} desc limit 1)`;
  const waiting = sql`${t.status} = 'submitted'`;
  const reported = sql`${reports} > 0`;
  const hidden = sql`${t.hidden_at} is not null`;
  return adminListRoutes({
    name: `moderation-${type === 'book' ? 'books' : 'stories'}`,
    path: `/api-super-admin/book-monitoring/${type === 'book' ? 'books' : 'stories'}/`,
    summary: `The moderation queue of ${type === 'book' ? 'books' : 'stories'}: waiting for publication, reported by readers, or hidden`,
    access: PLATFORM,
    row: ModerationItemSchema,
    filters: { state: z.enum(['waiting', 'reported', 'hidden']).optional() },
    where: (_c, q) =>
      and(
        sql`${t.deleted_at} is null`,
        q.state === 'waiting'
          ? waiting
          : q.state === 'reported'
            ? reported
            : q.state === 'hidden'
              ? hidden
              : sql`(${waiting} or ${reported} or ${hidden})`,
      ),
    search: [t.title],
    date: t.created_at,
    sorts: { created_at: t.created_at, title: t.title },
    defaultSort: '-created_at',
    id: t.id,
    select: (db) =>
      db
        .select({
          id: t.id,
          title: t.title,
          status: t.status,
          tenant_name: tenants.school_name,
          hidden_at: t.hidden_at,
          reports,
          last_report: lastReport,
          created_at: t.created_at,
        })
        .from(t)
        .leftJoin(tenants, eq(tenants.id, t.tenant_id))
        .$dynamic() as unknown as DynamicSelect<Row>,
    countFrom: (db) => db.select(countAll()).from(t).$dynamic() as unknown as DynamicSelect<{ n: number }>,
    json: (r: Row) => ({
      id: r.id,
      type,
      title: r.title,
      status: r.status,
      tenant_name: r.tenant_name,
      hidden: r.hidden_at !== null,
      reports: r.reports,
      last_report: reasonWords(r.last_report),
      created_at: r.created_at.toISOString(),
    }),
    csv: [
      ['id', (r) => r.id],
      ['title', (r) => r.title],
      ['status', (r) => r.status],
      ['school', (r) => r.tenant_name],
      ['hidden', (r) => r.hidden_at !== null],
      ['reports', (r) => r.reports],
      ['last_report', (r) => reasonWords(r.last_report)],
      ['created_at', (r) => r.created_at.toISOString()],
    ],
  });
}

const ItemParams = z.object({ type: z.enum(ITEM_TYPES, { error: 'type is book or story' }), id: Id });
const missing = notFoundAnswer('No such book or story');
const WRITE = { ...PLATFORM, outbox: true } as const;

const moderate = defineRoute(WRITE, {
  method: 'post',
  path: '/api-super-admin/book-monitoring/{type}/{id}/',
  summary:
    'Approve (it stays, or is published if it was waiting) or hide (it leaves every library and device at the next sync) a book or story; its open reports are closed',
  request: { params: ItemParams, ...jsonRequest(ModerationAction) },
  responses: { 200: jsonBody(MessageSchema), ...missing },
});

const reply = defineRoute(WRITE, {
  method: 'post',
  path: '/api-super-admin/book-monitoring/{type}/{id}/reply/',
  summary: 'Answer the readers who reported a book or story: one e-mail to each',
  request: { params: ItemParams, ...jsonRequest(ModerationReply) },
  responses: { 200: jsonBody(MessageSchema), ...missing, 409: { description: 'Nobody reported it', ...errorBody } },
});

async function item(c: Context<AppEnv>, type: ItemType, id: number) {
  const t = TABLES[type];
  const [row] = await c
    .get('db')
    .select({ id: t.id, title: t.title, status: t.status, tenant_id: t.tenant_id, published_at: t.published_at })
    .from(t)
    .where(and(eq(t.id, id), sql`${t.deleted_at} is null`))
    .for('update')
    .limit(1);
  return row ?? fail(404, ADMIN_MSG.notFound);
}

export const bookMonitoringRoutes = new OpenAPIHono<AppEnv>()
  .route('/', queueList('book'))
  .route('/', queueList('story'))
  .openapi(moderate, async (c) => {
    const { type, id } = c.req.valid('param');
    const { action } = c.req.valid('json');
    const db = c.get('db');
    const found = await item(c, type, id);
    const now = c.get('deps').now();
    const publish = action === 'approve' && found.status === 'submitted';
    const status = publish ? { status: 'published' as const, published_at: found.published_at ?? now } : {};
    if (type === 'book') {
      const published = action === 'approve' && (publish || found.status === 'published');
      const [listed] = await db.select({ cover: books.cover }).from(books).where(eq(books.id, id));
      // A book is sold by its cover: none goes on sale without one.
      if (publish && !listed?.cover) fail(409, BOOK_MSG.noCover);
      await db
        .update(books)
        .set({ hidden_at: action === 'hide' ? now : null, published, ...status })
        .where(eq(books.id, id));
    } else {
      // A waiting story is published as its reviewers would (one decision even when they act at once).
      if (publish) await decideStory(db, id, { decision: 'publish' }, signedInUser(c).id, now);
      await db
        .update(stories)
        .set({ hidden_at: action === 'hide' ? now : null })
        .where(eq(stories.id, id));
    }
    await db.update(formSubmissions).set({ status: 'reviewed' }).where(reportsOf(type, id));
    return c.json({ message: action === 'hide' ? BOOK_MSG.hidden : BOOK_MSG.approved }, 200);
  })
  .openapi(reply, async (c) => {
    const { type, id } = c.req.valid('param');
    const { message } = c.req.valid('json');
    const db = c.get('db');
    const found = await item(c, type, id);
    const reporters = await db
      .select({ email: formSubmissions.email, name: formSubmissions.name, site: formSubmissions.tenant_id })
      .from(formSubmissions)
      .where(
        and(
          eq(formSubmissions.kind, 'report'),
          sql`${formSubmissions.data}->>'item_type' = ${type}`,
          sql`${formSubmissions.data}->>'item_id' = ${String(id)}`,
        ),
      );
    const to = [...new Map(reporters.map((r) => [r.email.toLowerCase(), r])).values()];
    if (!to.length) fail(409, BOOK_MSG.noReporter);
    for (const r of to) {
      // The reporter's own language if they have an account, else that of the site they reported on.
      const say = sayIn(await recipientLocale(db, { email: r.email, school: r.site }));
      const title = found.title;
      await queueEmail(db, {
        tenant_id: found.tenant_id,
        to: r.email,
        subject: say(EMAIL_MSG.reportReplySubject, { title }),
        text: `${[say(EMAIL_MSG.hello, { name: r.name }), say(EMAIL_MSG.reportReplyThanks, { title }), message].join('\n\n')}\n`,
        expires_at: null,
      });
    }
    c.get('deps').kickMailer();
    return c.json({ message: BOOK_MSG.replied }, 200);
  });
