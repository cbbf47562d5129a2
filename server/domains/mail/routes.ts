// The platform admin's e-mail monitoring and teacher superpowers (upschool_admin):
// GET /api-super-admin/emails/ (generated list: every e-mail the platform queued, its status
// (sent, pending, failed after the last attempt), attempts and last error; CSV), resending some
// (POST /api-super-admin/emails/resend/: sent again from the start), and granting or withdrawing
// teacher_admin powers (POST /api-super-admin/teacher-powers/, teachers of any school).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { ADMIN_MSG } from '../../../src/contract/messages';
import { emailOutbox, tenants, users } from '../../db/schema';
import { adminListRoutes, countAll, type DynamicSelect } from '../../http/admin-list';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, jsonBody, jsonRequest } from '../../http/route';
import { MessageSchema, Id } from '../../http/schemas';
import { MAX_ATTEMPTS } from './outbox';
import { PLATFORM } from '../../http/access';

const EMAIL_STATUSES = ['sent', 'pending', 'failed'] as const;

export const AdminEmailSchema = z
  .object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    status: z.enum(EMAIL_STATUSES),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    tenant_name: z.string().nullable(),
    created_at: z.string(),
    sent_at: z.string().nullable(),
  })
  .openapi('AdminEmail');

type EmailRow = {
  id: number;
  to: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  tenant_name: string | null;
  created_at: Date;
  sent_at: Date | null;
};
const statusOf = (r: EmailRow) => (r.sent_at ? 'sent' : r.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending');
const emailJson = (r: EmailRow): z.infer<typeof AdminEmailSchema> => ({
  ...r,
  status: statusOf(r),
  created_at: r.created_at.toISOString(),
  sent_at: r.sent_at?.toISOString() ?? null,
});

const emailsList = adminListRoutes({
  name: 'emails',
  path: '/api-super-admin/emails/',
  summary: 'Every e-mail the platform sent or failed to send, with its attempts and last error',
  access: PLATFORM,
  row: AdminEmailSchema,
  filters: { status: z.enum(EMAIL_STATUSES).optional() },
  where: (_c, q) =>
    q.status === 'sent'
      ? isNotNull(emailOutbox.sent_at)
      : q.status === 'failed'
        ? and(isNull(emailOutbox.sent_at), gte(emailOutbox.attempts, MAX_ATTEMPTS))
        : q.status === 'pending'
          ? and(isNull(emailOutbox.sent_at), lt(emailOutbox.attempts, MAX_ATTEMPTS))
          : undefined,
  search: [emailOutbox.to, emailOutbox.subject],
  date: emailOutbox.created_at,
  sorts: { created_at: emailOutbox.created_at, attempts: emailOutbox.attempts },
  defaultSort: '-created_at',
  id: emailOutbox.id,
  select: (db) =>
    db
      .select({
        id: emailOutbox.id,
        to: emailOutbox.to,
        subject: emailOutbox.subject,
        attempts: emailOutbox.attempts,
        last_error: emailOutbox.last_error,
        tenant_name: tenants.school_name,
        created_at: emailOutbox.created_at,
        sent_at: emailOutbox.sent_at,
      })
      .from(emailOutbox)
      .leftJoin(tenants, eq(tenants.id, emailOutbox.tenant_id))
      .$dynamic() as unknown as DynamicSelect<EmailRow>,
  countFrom: (db) => db.select(countAll()).from(emailOutbox).$dynamic() as unknown as DynamicSelect<{ n: number }>,
  json: emailJson,
  csv: [
    ['id', (r) => r.id],
    ['to', (r) => r.to],
    ['subject', (r) => r.subject],
    ['status', statusOf],
    ['attempts', (r) => r.attempts],
    ['last_error', (r) => r.last_error],
    ['tenant', (r) => r.tenant_name],
    ['created_at', (r) => r.created_at.toISOString()],
    ['sent_at', (r) => r.sent_at?.toISOString()],
  ],
});

const Ids = z.array(Id).min(1, ADMIN_MSG.bulkNeedsRows).max(1000);

const resend = defineRoute(
  { ...PLATFORM, outbox: true },
  {
    method: 'post',
    path: '/api-super-admin/emails/resend/',
    summary: 'Send e-mails again from the start (attempts and last error cleared)',
    request: jsonRequest(z.object({ ids: Ids })),
    responses: { 200: jsonBody(MessageSchema) },
  },
);

const teacherPowers = defineRoute(
  { ...PLATFORM, outbox: true },
  {
    method: 'post',
    path: '/api-super-admin/teacher-powers/',
    summary: 'Grant teachers the teacher_admin powers, or withdraw them (teachers and teacher admins of any school)',
    request: jsonRequest(z.object({ ids: Ids, action: z.enum(['grant', 'withdraw']) })),
    responses: { 200: jsonBody(MessageSchema) },
  },
);

export const adminEmailRoutes = new OpenAPIHono<AppEnv>()
  .route('/', emailsList)
  .openapi(resend, async (c) => {
    const ids = [...new Set(c.req.valid('json').ids)];
    const found = await c.get('db').select({ id: emailOutbox.id }).from(emailOutbox).where(inArray(emailOutbox.id, ids));
    if (found.length !== ids.length) fail(404, 'Some of these e-mails do not exist.');
    await c.get('db').update(emailOutbox).set({ sent_at: null, attempts: 0, last_error: null }).where(inArray(emailOutbox.id, ids));
    c.get('deps').kickMailer();
    return c.json({ message: 'E-mails queued to be sent again.' }, 200);
  })
  .openapi(teacherPowers, async (c) => {
    const { ids, action } = c.req.valid('json');
    const unique = [...new Set(ids)];
    const found = await c
      .get('db')
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, unique), inArray(users.role, ['teacher', 'teacher_admin'])));
    if (found.length !== unique.length) fail(404, 'Some of these users are not teachers.');
    await c
      .get('db')
      .update(users)
      .set({ role: action === 'grant' ? 'teacher_admin' : 'teacher', updated_at: sql`now()` })
      .where(inArray(users.id, unique));
    return c.json({ message: action === 'grant' ? 'Teacher admin powers granted.' : 'Teacher admin powers withdrawn.' }, 200);
  });
