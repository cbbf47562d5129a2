// Help Center content: GET /faqs/?limit=1000[&role=]. FAQs are public help text for every role.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { asc, count, eq } from 'drizzle-orm';
import { faqs } from '../db/schema';
import type { AppEnv } from '../http/env';
import { defineRoute, jsonBody } from '../http/route';
import { Paging } from '../http/schemas';

const FaqSchema = z
  .object({ id: z.number().int(), role: z.string(), section: z.string(), title: z.string(), body: z.string() })
  .openapi('Faq');

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

export const helpRoutes = new OpenAPIHono<AppEnv>().openapi(listFaqs, async (c) => {
  const { limit, offset, role } = c.req.valid('query');
  const db = c.var.db;
  const where = role ? eq(faqs.role, role) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: faqs.id, role: faqs.role, section: faqs.section, title: faqs.title, body: faqs.body })
      .from(faqs)
      .where(where)
      .orderBy(asc(faqs.role), asc(faqs.sort_order), asc(faqs.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(faqs).where(where),
  ]);
  return c.json({ count: total?.n ?? 0, results: rows }, 200);
});
