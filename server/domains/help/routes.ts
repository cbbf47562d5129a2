// Help Center content: GET /faqs/?limit=1000[&role=]. FAQs are public help text for every role.
// Platform staff write them: POST /faqs/, PUT and DELETE /faqs/{id}/, POST /faqs/reorder/
// (upschool_admin only). Bodies are HTML, sanitised here when saved and again by the PWA.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { asc, count, eq, sql } from 'drizzle-orm';
import { FAQ_ROLES } from '../../../src/contract/forms';
import { FaqInput } from '../../../src/contract/forms';
import { faqs } from '../../db/schema';
import { adminListRoutes, countAll, type DynamicSelect } from '../../http/admin-list';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, jsonBody, jsonRequest, notFoundAnswer, prepared } from '../../http/route';
import { Paging, IdParam } from '../../http/schemas';
import { cleanBody } from './clean-body';

const FaqSchema = z
  .object({ id: z.number().int(), role: z.string(), section: z.string(), title: z.string(), body: z.string(), order: z.number().int() })
  .openapi('Faq');

const columns = { id: faqs.id, role: faqs.role, section: faqs.section, title: faqs.title, body: faqs.body, order: faqs.sort_order };
const FaqPatch = FaqInput.partial().extend({ order: z.coerce.number().int().min(0).max(100_000).optional() });
const STAFF = { roles: ['upschool_admin'] as const, outbox: true };
/** A change that saves an FAQ's body: cleaned before its transaction. */
const STAFF_WRITING = { ...STAFF, prepare: cleanBody };

const listFaqs = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/faqs/',
    summary: 'FAQs, optionally for one role (the public role is platform_success)',
    request: {
      query: Paging(1000, 1000).extend({ role: z.string().trim().min(1).max(64).optional() }),
    },
    responses: {
      200: jsonBody(z.object({ count: z.number().int(), results: z.array(FaqSchema) }).openapi('FaqList')),
    },
  },
);

const createFaq = defineRoute(STAFF_WRITING, {
  method: 'post',
  path: '/faqs/',
  summary: 'Add a help article',
  request: jsonRequest(FaqInput),
  responses: { 201: jsonBody(FaqSchema) },
});

const updateFaq = defineRoute(STAFF_WRITING, {
  method: 'put',
  path: '/faqs/{id}/',
  summary: 'Change a help article',
  request: { params: IdParam, ...jsonRequest(FaqInput) },
  responses: { 200: jsonBody(FaqSchema), ...notFoundAnswer('No such article') },
});

const getFaq = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/faqs/{id}/',
    summary: 'One help article',
    request: { params: IdParam },
    responses: { 200: jsonBody(FaqSchema), ...notFoundAnswer('No such article') },
  },
);

const patchFaq = defineRoute(STAFF_WRITING, {
  method: 'patch',
  path: '/faqs/{id}/',
  summary: 'Change some fields of a help article (the admin editor sends only what changed)',
  request: { params: IdParam, ...jsonRequest(FaqPatch) },
  responses: { 200: jsonBody(FaqSchema), ...notFoundAnswer('No such article') },
});

const AdminFaqSchema = z
  .object({
    id: z.number().int(),
    role: z.string(),
    section: z.string(),
    title: z.string(),
    order: z.number().int(),
    updated_at: z.string(),
  })
  .openapi('AdminFaq');
type AdminFaqRow = { id: number; role: string; section: string; title: string; order: number; updated_at: Date };

const faqList = adminListRoutes({
  name: 'faqs',
  path: '/api-super-admin/faqs/',
  summary: 'Every help article, for platform staff to find and edit',
  access: { roles: ['upschool_admin'] },
  row: AdminFaqSchema,
  filters: { role: z.enum(FAQ_ROLES).optional() },
  where: (_c, q) => (q.role ? eq(faqs.role, q.role) : undefined),
  search: [faqs.title, faqs.section, faqs.body],
  date: faqs.updated_at,
  sorts: { role: faqs.role, section: faqs.section, title: faqs.title, order: faqs.sort_order, updated_at: faqs.updated_at },
  defaultSort: 'role',
  id: faqs.id,
  select: (db) =>
    db
      .select({
        id: faqs.id,
        role: faqs.role,
        section: faqs.section,
        title: faqs.title,
        order: faqs.sort_order,
        updated_at: faqs.updated_at,
      })
      .from(faqs)
      .$dynamic() as unknown as DynamicSelect<AdminFaqRow>,
  countFrom: (db) => db.select(countAll()).from(faqs).$dynamic() as unknown as DynamicSelect<{ n: number }>,
  json: (r) => ({ ...r, updated_at: r.updated_at.toISOString() }),
  csv: [
    ['id', (r) => r.id],
    ['role', (r) => r.role],
    ['section', (r) => r.section],
    ['title', (r) => r.title],
    ['order', (r) => r.order],
    ['updated_at', (r) => r.updated_at.toISOString()],
  ],
});

const deleteFaq = defineRoute(STAFF, {
  method: 'delete',
  path: '/faqs/{id}/',
  summary: 'Remove a help article',
  request: { params: IdParam },
  responses: { 204: { description: 'Removed' }, ...notFoundAnswer('No such article') },
});

const reorderFaqs = defineRoute(STAFF, {
  method: 'post',
  path: '/faqs/reorder/',
  summary: 'Put help articles in this order (the first listed comes first)',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ ids: z.array(z.number().int().positive()).min(1).max(1000) }) } },
    },
  },
  responses: { 200: jsonBody(z.object({ updated: z.number().int() })) },
});

const stored = (input: z.infer<typeof FaqInput>, body: string) => ({
  role: input.role,
  section: input.section,
  title: input.title,
  body,
  sort_order: input.order,
});

export const helpRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listFaqs, async (c) => {
    const { limit, offset, role } = c.req.valid('query');
    const db = c.get('db');
    const where = role ? eq(faqs.role, role) : undefined;
    const [rows, [total]] = await Promise.all([
      db.select(columns).from(faqs).where(where).orderBy(asc(faqs.role), asc(faqs.sort_order), asc(faqs.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(faqs).where(where),
    ]);
    return c.json({ count: total?.n ?? 0, results: rows }, 200);
  })
  .openapi(createFaq, async (c) => {
    const [row] = await c
      .get('db')
      .insert(faqs)
      .values(stored(c.req.valid('json'), prepared<string>(c)))
      .returning(columns);
    return c.json(row!, 201);
  })
  .openapi(updateFaq, async (c) => {
    const { id } = c.req.valid('param');
    const [row] = await c
      .get('db')
      .update(faqs)
      .set(stored(c.req.valid('json'), prepared<string>(c)))
      .where(eq(faqs.id, id))
      .returning(columns);
    if (!row) fail(404, 'No such help article.');
    return c.json(row, 200);
  })
  .openapi(getFaq, async (c) => {
    const [row] = await c
      .get('db')
      .select(columns)
      .from(faqs)
      .where(eq(faqs.id, c.req.valid('param').id));
    if (!row) fail(404, 'No such help article.');
    return c.json(row, 200);
  })
  .openapi(patchFaq, async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const set = {
      ...(input.role !== undefined && { role: input.role }),
      ...(input.section !== undefined && { section: input.section }),
      ...(input.title !== undefined && { title: input.title }),
      ...(input.body !== undefined && { body: prepared<string>(c) }),
      ...(input.order !== undefined && { sort_order: input.order }),
      updated_at: c.get('deps').now(),
    };
    const [row] = await c.get('db').update(faqs).set(set).where(eq(faqs.id, id)).returning(columns);
    if (!row) fail(404, 'No such help article.');
    return c.json(row, 200);
  })
  .openapi(deleteFaq, async (c) => {
    const { id } = c.req.valid('param');
    const gone = await c.get('db').delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id });
    if (!gone.length) fail(404, 'No such help article.');
    return c.body(null, 204);
  })
  .openapi(reorderFaqs, async (c) => {
    const { ids } = c.req.valid('json');
    // One statement for the whole list: one update per article held PGlite, which runs on the event
    // loop, for 0.7 to 3 s at 1,000 articles. An id listed twice keeps its last place.
    const places = new Map(ids.map((id, i) => [id, i]));
    const list = sql.join(
      [...places].map(([id, i]) => sql`(${id}::int, ${i}::int)`),
      sql`, `,
    );
    const updated = await c
      .get('db')
      .update(faqs)
      .set({ sort_order: sql`v.place` })
      .from(sql`(values ${list}) as v(id, place)`)
      .where(sql`${faqs.id} = v.id`)
      .returning({ id: faqs.id });
    return c.json({ updated: updated.length }, 200);
  })
  .route('/', faqList);
