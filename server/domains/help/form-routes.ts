// The public forms: POST /forms/contact/, /forms/report/, /forms/tour/, /forms/bulk-enrolment/.
// Anyone may send one (signed in or not), so the PWA queues them as a guest: each carries the
// device's Idempotency-Key and is stored once however often it is sent. Every form is throttled
// per site and network address, has a honeypot, is stored, and is e-mailed to the site's office
// (the school's address on a school site, the platform's otherwise). The platform admin lists
// them (GET /forms/) and imports a bulk enrolment into the school (POST /forms/{id}/import/).
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  ContactForm,
  EnrolmentForm,
  FORM_KINDS,
  FORM_MSG,
  CONTACT_TOPICS,
  REPORT_REASONS,
  REPORTED_ITEMS,
  ReportForm,
  TourForm,
  parseEnrolmentCsv,
  type FormKind,
} from '../../../src/contract/forms';
import { EMAIL_MSG, FORM_EMAIL, FORM_EMAIL_FIELDS } from '../../../src/contract/email-messages';
import { classes, formSubmissions, tenants } from '../../db/schema';
import { adminListRoutes, countAll, type DynamicSelect } from '../../http/admin-list';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { KEY_HEADER } from '../../http/idempotency';
import { sayIn, type Say } from '../../http/language';
import { defineRoute, errorBody, jsonBody, notFoundAnswer } from '../../http/route';
import { recipientLocale } from '../mail/language';
import { queueEmail } from '../mail/outbox';
import { clientAddress, countUse, type Limit } from '../auth/rate-limit';
import { createStudents, freeClassCode } from '../roster/queries';
import { randomToken } from '../../lib/crypto';
import { IdParam } from '../../http/schemas';

/** Forms one network address may send to one site per window (a school office shares one). */
export const FORM_LIMIT = 20;
const KEY_FORMAT = /^[A-Za-z0-9_-]{8,100}$/;

const Accepted = z.object({ id: z.number().int(), message: z.string() }).openapi('FormAccepted');

const Submission = z
  .object({
    id: z.number().int(),
    kind: z.enum(FORM_KINDS),
    site: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    data: z.record(z.string(), z.unknown()),
    status: z.enum(['new', 'reviewed', 'imported']),
    created_at: z.string(),
  })
  .openapi('FormSubmission');

/** The platform's own inbox, where forms sent on the platform site go. */
export const PLATFORM_INBOX = 'support@storynest.example';

const SCHEMAS = { contact: ContactForm, report: ReportForm, tour: TourForm, bulk_enrolment: EnrolmentForm } as const;
const PATHS: Record<FormKind, string> = { contact: 'contact', report: 'report', tour: 'tour', bulk_enrolment: 'bulk-enrolment' };
const TITLES: Record<FormKind, string> = {
  contact: 'Message',
  report: 'Problem report',
  tour: 'Tour request',
  bulk_enrolment: 'Bulk enrolment',
};

function sendRoute<K extends FormKind>(kind: K) {
  return defineRoute(
    { roles: 'anyone' },
    {
      method: 'post',
      path: `/forms/${PATHS[kind]}/`,
      summary: `Send the ${TITLES[kind].toLowerCase()} form (throttled per site and network address; stored once per Idempotency-Key)`,
      // Written out: through jsonRequest the generic kind would lose its body's type.
      request: { body: { required: true, content: { 'application/json': { schema: SCHEMAS[kind] } } } },
      responses: {
        201: jsonBody(Accepted, 'Stored (or already stored under this key)'),
        429: { description: FORM_MSG.throttled, ...errorBody },
      },
    },
  );
}

/** The mail's text: every field, one per line, the CSV as a count (it stays in the database). */
const CHOSEN: Record<string, Readonly<Record<string, string>> | undefined> = {
  reason: REPORT_REASONS,
  topic: CONTACT_TOPICS,
  item_type: REPORTED_ITEMS,
};

function mailText(say: Say, kind: FormKind, data: Record<string, unknown>, site: string): string {
  const lines = Object.entries(data)
    .filter(([k, v]) => k !== 'csv' && k !== 'website' && v !== undefined && v !== '')
    .map(([k, v]) => {
      // A chosen code (a reason, a topic, what was reported) in the words the form showed.
      const words = CHOSEN[k]?.[String(v)];
      const value = words ? say(words) : String(v);
      const line = FORM_EMAIL_FIELDS[k];
      return line ? say(line, { value }) : `${k.replace(/_/g, ' ')}: ${value}`;
    });
  if (kind === 'bulk_enrolment') {
    const rows = parseEnrolmentCsv(String(data.csv ?? ''));
    lines.push(say(EMAIL_MSG.formStudents, { students: rows.length, classes: new Set(rows.map((r) => r.class_name)).size }));
  }
  return `${say(FORM_EMAIL[kind].sent, { site })}\n\n${lines.join('\n')}\n`;
}

async function accept(
  c: Context<AppEnv>,
  kind: FormKind,
  input: { name: string; email: string; website?: string } & Record<string, unknown>,
) {
  const db = c.get('db');
  const tenant = c.get('tenant');
  const now = c.get('deps').now();
  const headerKey = c.req.header(KEY_HEADER);
  if (headerKey !== undefined && !KEY_FORMAT.test(headerKey)) fail(400, 'Idempotency-Key: use 8 to 100 letters, digits, - or _.');
  const clientKey = headerKey ?? randomToken();
  // A repeat of a form already stored (the outbox sent it again) is answered, not counted.
  const [seen] = await db
    .select({ id: formSubmissions.id, kind: formSubmissions.kind })
    .from(formSubmissions)
    .where(eq(formSubmissions.client_key, clientKey));
  if (seen) {
    if (seen.kind !== kind) fail(422, 'This Idempotency-Key was used for another form.');
    return c.json({ id: seen.id, message: FORM_MSG.sentOnline }, 201);
  }
  const limit: Limit = {
    key: `form:${tenant ? `t${tenant.id}` : 'platform'}:${clientAddress(c)}`,
    max: FORM_LIMIT,
    message: FORM_MSG.throttled,
  };
  await countUse(c, db, limit, now);
  const { name, email, website, ...data } = input;
  // The honeypot was filled: a robot. It is told the same as a person and nothing is kept.
  if (website) return c.json({ id: 0, message: FORM_MSG.sentOnline }, 201);
  const [row] = await db
    .insert(formSubmissions)
    .values({ tenant_id: tenant?.id ?? null, kind, client_key: clientKey, name, email: email.toLowerCase(), data, created_at: now })
    .onConflictDoNothing({ target: formSubmissions.client_key })
    .returning({ id: formSubmissions.id });
  if (!row) {
    // Sent twice at once: the other request stored it.
    const [other] = await db.select({ id: formSubmissions.id }).from(formSubmissions).where(eq(formSubmissions.client_key, clientKey));
    return c.json({ id: other?.id ?? 0, message: FORM_MSG.sentOnline }, 201);
  }
  const siteName = tenant?.school_name ?? 'StoryNest';
  // The office reads it in the school's language (the platform's inbox: English).
  const say = sayIn(await recipientLocale(db, { language: null, school: tenant }));
  await queueEmail(db, {
    tenant_id: tenant?.id ?? null,
    to: tenant?.school_email ?? PLATFORM_INBOX,
    subject: say(FORM_EMAIL[kind].subject, { name, site: siteName }),
    text: `${mailText(say, kind, data, siteName)}\n${say(EMAIL_MSG.formReplyTo, { name, email })}\n`,
    expires_at: null,
  });
  c.get('deps').kickMailer();
  return c.json({ id: row.id, message: FORM_MSG.sentOnline }, 201);
}

const listForms = defineRoute(
  { roles: ['upschool_admin'] },
  {
    method: 'get',
    path: '/forms/',
    summary: 'Forms sent on every site, newest first (reports are what book monitoring shows)',
    request: { query: z.object({ kind: z.enum(FORM_KINDS).optional(), limit: z.coerce.number().int().min(1).max(500).default(100) }) },
    responses: { 200: jsonBody(z.object({ results: z.array(Submission) }).openapi('FormSubmissionList')) },
  },
);

const AdminFormSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(FORM_KINDS),
    name: z.string(),
    email: z.string(),
    status: z.string(),
    site: z.string().nullable(),
    /** The message, the reason and the item reported, or the enrolment's school: one line to scan. */
    summary: z.string(),
    created_at: z.string(),
  })
  .openapi('AdminFormSubmission');
type AdminFormRow = {
  id: number;
  kind: FormKind;
  name: string;
  email: string;
  status: string;
  site: string | null;
  data: Record<string, unknown>;
  created_at: Date;
};

/** One line that says what a form is about (its text fields, joined, at most 160 characters). */
function summaryOf(data: Record<string, unknown>): string {
  const text = ['reason', 'item_type', 'item_id', 'subject', 'message', 'description', 'school_name', 'preferred_date']
    .map((k) => data[k])
    .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    .join(' · ');
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

const formsList = adminListRoutes({
  name: 'forms',
  path: '/api-super-admin/forms/',
  summary: 'Every form sent on every site (contact, reports, tour requests, bulk enrolments), for the platform admin',
  access: { roles: ['upschool_admin'] },
  row: AdminFormSchema,
  filters: { kind: z.enum(FORM_KINDS).optional(), status: z.enum(['new', 'reviewed', 'imported']).optional() },
  where: (_c, q) => and(q.kind ? eq(formSubmissions.kind, q.kind) : undefined, q.status ? eq(formSubmissions.status, q.status) : undefined),
  search: [formSubmissions.name, formSubmissions.email],
  date: formSubmissions.created_at,
  sorts: { created_at: formSubmissions.created_at, name: formSubmissions.name },
  defaultSort: '-created_at',
  id: formSubmissions.id,
  select: (db) =>
    db
      .select({
        id: formSubmissions.id,
        kind: formSubmissions.kind,
        name: formSubmissions.name,
        email: formSubmissions.email,
        status: formSubmissions.status,
        site: tenants.subdomain,
        data: formSubmissions.data,
        created_at: formSubmissions.created_at,
      })
      .from(formSubmissions)
      .leftJoin(tenants, eq(tenants.id, formSubmissions.tenant_id))
      .$dynamic() as unknown as DynamicSelect<AdminFormRow>,
  countFrom: (db) => db.select(countAll()).from(formSubmissions).$dynamic() as unknown as DynamicSelect<{ n: number }>,
  json: (r) => ({
    id: r.id,
    kind: r.kind,
    name: r.name,
    email: r.email,
    status: r.status,
    site: r.site,
    summary: summaryOf(r.data),
    created_at: r.created_at.toISOString(),
  }),
  csv: [
    ['id', (r) => r.id],
    ['kind', (r) => r.kind],
    ['name', (r) => r.name],
    ['email', (r) => r.email],
    ['status', (r) => r.status],
    ['site', (r) => r.site],
    ['summary', (r) => summaryOf(r.data)],
    ['created_at', (r) => r.created_at.toISOString()],
  ],
});

const importEnrolment = defineRoute(
  { roles: ['upschool_admin'], outbox: true },
  {
    method: 'post',
    path: '/forms/{id}/import/',
    summary: 'Import a bulk enrolment into its school: each class is found by name or created, and its students added',
    request: { params: IdParam },
    responses: {
      200: jsonBody(z.object({ classes: z.number().int(), students: z.number().int() }).openapi('EnrolmentImported')),
      ...notFoundAnswer('No such enrolment'),
      409: { description: 'Already imported', ...errorBody },
    },
  },
);

export const formRoutes = new OpenAPIHono<AppEnv>()
  .openapi(sendRoute('contact'), (c) => accept(c, 'contact', c.req.valid('json')))
  .openapi(sendRoute('report'), (c) => accept(c, 'report', c.req.valid('json')))
  .openapi(sendRoute('tour'), (c) => accept(c, 'tour', c.req.valid('json')))
  .openapi(sendRoute('bulk_enrolment'), (c) => accept(c, 'bulk_enrolment', c.req.valid('json')))
  .openapi(listForms, async (c) => {
    const { kind, limit } = c.req.valid('query');
    const rows = await c
      .get('db')
      .select()
      .from(formSubmissions)
      .where(kind ? eq(formSubmissions.kind, kind) : undefined)
      .orderBy(desc(formSubmissions.created_at), desc(formSubmissions.id))
      .limit(limit);
    const sites = new Map(
      (await c.get('db').select({ id: tenants.id, subdomain: tenants.subdomain }).from(tenants)).map((t) => [t.id, t.subdomain]),
    );
    return c.json(
      {
        results: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          site: r.tenant_id === null ? null : (sites.get(r.tenant_id) ?? null),
          name: r.name,
          email: r.email,
          data: r.data,
          status: r.status,
          created_at: r.created_at.toISOString(),
        })),
      },
      200,
    );
  })
  .openapi(importEnrolment, async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const [row] = await db
      .select()
      .from(formSubmissions)
      .where(and(eq(formSubmissions.id, id), eq(formSubmissions.kind, 'bulk_enrolment')));
    if (!row) fail(404, 'No such enrolment.');
    if (row.status === 'imported') fail(409, 'This enrolment has already been imported.');
    if (row.tenant_id === null) fail(400, 'This enrolment was sent on the platform site: ask the school to send it from its own site.');
    const rows = parseEnrolmentCsv(String(row.data.csv ?? ''));
    const byClass = new Map<string, { first_name: string; last_name: string }[]>();
    for (const r of rows)
      (byClass.get(r.class_name) ?? byClass.set(r.class_name, []).get(r.class_name)!).push({
        first_name: r.first_name,
        last_name: r.last_name,
      });
    let added = 0;
    for (const [name, names] of [...byClass.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const [existing] = await db
        .select({ id: classes.id, tenant_id: classes.tenant_id })
        .from(classes)
        .where(and(eq(classes.tenant_id, row.tenant_id), eq(classes.name, name)))
        .orderBy(asc(classes.id))
        .limit(1);
      const cls =
        existing ??
        (
          await db
            .insert(classes)
            .values({ tenant_id: row.tenant_id, name, class_id: await freeClassCode(c.get('db')) })
            .returning({ id: classes.id, tenant_id: classes.tenant_id })
        )[0]!;
      added += (await createStudents(db, c.get('deps').keys.data, cls, names)).length;
    }
    await db.update(formSubmissions).set({ status: 'imported' }).where(eq(formSubmissions.id, id));
    return c.json({ classes: byClass.size, students: added }, 200);
  })
  .route('/', formsList);
