// Help Center content: GET /faqs/?limit=1000[&role=]. FAQs are public help text for every role.
// Platform staff write them: POST /faqs/, PUT and DELETE /faqs/{id}/, POST /faqs/reorder/
// (upschool_admin only). Bodies are HTML, sanitised here when saved and again by the PWA.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { asc, count, eq } from 'drizzle-orm';
import { FaqInput } from '../../src/contract/forms';
import { faqs } from '../db/schema';
import type { AppEnv } from '../http/env';
import { fail } from '../http/errors';
import { defineRoute, errorBody, jsonBody } from '../http/route';
import { Paging } from '../http/schemas';
import { sanitizeHtml } from '../services/sanitize';

const FaqSchema = z
  .object({ id: z.number().int(), role: z.string(), section: z.string(), title: z.string(), body: z.string(), order: z.number().int() })
  .openapi('Faq');

const columns = { id: faqs.id, role: faqs.role, section: faqs.section, title: faqs.title, body: faqs.body, order: faqs.sort_order };
const FaqId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const STAFF = { roles: ['upschool_admin'] as const, outbox: true };

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

const createFaq = defineRoute(STAFF, {
  method: 'post',
  path: '/faqs/',
  summary: 'Add a help article',
  request: { body: { required: true, content: { 'application/json': { schema: FaqInput } } } },
  responses: { 201: jsonBody(FaqSchema) },
});

const updateFaq = defineRoute(STAFF, {
  method: 'put',
  path: '/faqs/{id}/',
  summary: 'Change a help article',
  request: { params: FaqId, body: { required: true, content: { 'application/json': { schema: FaqInput } } } },
  responses: { 200: jsonBody(FaqSchema), 404: { description: 'No such article', ...errorBody } },
});

const deleteFaq = defineRoute(STAFF, {
  method: 'delete',
  path: '/faqs/{id}/',
  summary: 'Remove a help article',
  request: { params: FaqId },
  responses: { 204: { description: 'Removed' }, 404: { description: 'No such article', ...errorBody } },
});

const reorderFaqs = defineRoute(STAFF, {
  method: 'post',
  path: '/faqs/reorder/',
  summary: 'Put help articles in this order (the first listed comes first)',
  request: {
    body: { required: true, content: { 'application/json': { schema: z.object({ ids: z.array(z.number().int().positive()).min(1).max(1000) }) } } },
  },
  responses: { 200: jsonBody(z.object({ updated: z.number().int() })) },
});

const stored = (input: z.infer<typeof FaqInput>) => ({
  role: input.role,
  section: input.section,
  title: input.title,
  body: sanitizeHtml(input.body),
  sort_order: input.order,
});

export const helpRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listFaqs, async (c) => {
    const { limit, offset, role } = c.req.valid('query');
    const db = c.var.db;
    const where = role ? eq(faqs.role, role) : undefined;
    const [rows, [total]] = await Promise.all([
      db.select(columns).from(faqs).where(where).orderBy(asc(faqs.role), asc(faqs.sort_order), asc(faqs.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(faqs).where(where),
    ]);
    return c.json({ count: total?.n ?? 0, results: rows }, 200);
  })
  .openapi(createFaq, async (c) => {
    const [row] = await c.var.db.insert(faqs).values(stored(c.req.valid('json'))).returning(columns);
    return c.json(row!, 201);
  })
  .openapi(updateFaq, async (c) => {
    const { id } = c.req.valid('param');
    const [row] = await c.var.db.update(faqs).set(stored(c.req.valid('json'))).where(eq(faqs.id, id)).returning(columns);
    if (!row) fail(404, 'No such help article.');
    return c.json(row, 200);
  })
  .openapi(deleteFaq, async (c) => {
    const { id } = c.req.valid('param');
    const gone = await c.var.db.delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id });
    if (!gone.length) fail(404, 'No such help article.');
    return c.body(null, 204);
  })
  .openapi(reorderFaqs, async (c) => {
    const { ids } = c.req.valid('json');
    let updated = 0;
    for (const [i, id] of ids.entries()) {
      updated += (await c.var.db.update(faqs).set({ sort_order: i }).where(eq(faqs.id, id)).returning({ id: faqs.id })).length;
    }
    return c.json({ updated }, 200);
  });
