// Pins: a teacher or admin pins a student, a story or a book to
// the top of their school's lists until an expiry, or unpins it. One item (POST /content/pin/),
// many (POST /content/pins/bulk/), the class page's bulk action (PATCH /v1/teacher/students/pin/)
// and the organization variants, which name shared content by content_share_id.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { ROSTER_MSG, ROSTER_OWN_MSG } from '../../../src/contract/messages';
import type { Queryable } from '../../db/client';
import { books, organizationLinks, pins, stories, students, type TenantRow } from '../../db/schema';
import type { AppEnv, AuthUser } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, jsonBody, signedInUser, jsonRequest, notFoundAnswer } from '../../http/route';
import { MessageSchema, JsonId } from '../../http/schemas';
import { studentScope } from '../roster/queries';
import { onTheShelf, userViewer } from '../stories/visibility';
import { ORGANIZATION_AREA, siteTenant, SCHOOL_STAFF } from '../../http/access';

const CONTENT_TYPES = ['student', 'story', 'book'] as const;
type ContentType = (typeof CONTENT_TYPES)[number];

const Expiry = z.iso.datetime({ offset: true, error: 'expiry_date must be an ISO date and time' }).nullable().optional();
const PinFields = { content_type: z.enum(CONTENT_TYPES), is_pinned: z.boolean(), expiry_date: Expiry };

const pinRule = <T extends { is_pinned: boolean; expiry_date?: string | null | undefined }>(v: T) => !v.is_pinned || !!v.expiry_date;
const needsExpiry = { message: 'Pinning needs an expiry_date', path: ['expiry_date'] };

const staff = { roles: SCHOOL_STAFF, site: 'tenant' } as const;
/** Pin changes: the PWA queues them in its outbox. */
const staffChange = { ...staff, outbox: true } as const;
const orgStaff = { ...ORGANIZATION_AREA, outbox: true } as const;
const missing = notFoundAnswer(`'${ROSTER_OWN_MSG.noSuchContent}'`);

const pinOne = defineRoute(staffChange, {
  method: 'post',
  path: '/content/pin/',
  summary: 'Pin (until expiry_date) or unpin one item',
  request: jsonRequest(z.object({ ...PinFields, object_id: JsonId }).refine(pinRule, needsExpiry)),
  responses: { 200: jsonBody(MessageSchema), ...missing },
});

const pinMany = defineRoute(staffChange, {
  method: 'post',
  path: '/content/pins/bulk/',
  summary: 'Pin or unpin many items of one type',
  request: jsonRequest(z.object({ ...PinFields, object_ids: z.array(JsonId).min(1).max(2000) }).refine(pinRule, needsExpiry)),
  responses: { 200: jsonBody(MessageSchema), ...missing },
});

const orgPinOne = defineRoute(orgStaff, {
  method: 'post',
  path: '/organization/content/pin/',
  summary: "Organization admins: pin or unpin one item shared with the organization's schools",
  request: jsonRequest(z.object({ ...PinFields, content_share_id: JsonId }).refine(pinRule, needsExpiry)),
  responses: { 200: jsonBody(MessageSchema), ...missing },
});

const orgPinMany = defineRoute(orgStaff, {
  method: 'post',
  path: '/organization/content/bulk-pin/',
  summary: 'Organization admins: pin or unpin many shared items',
  request: jsonRequest(z.object({ ...PinFields, content_share_ids: z.array(JsonId).min(1).max(2000) }).refine(pinRule, needsExpiry)),
  responses: { 200: jsonBody(MessageSchema), ...missing },
});

const classPagePin = defineRoute(staffChange, {
  method: 'patch',
  path: '/v1/teacher/students/pin/',
  summary: 'Class page bulk action: pin (until expiry_date) or unpin students',
  request: jsonRequest(
    z
      .object({
        ids: z.array(JsonId).min(1, ROSTER_OWN_MSG.bulkNeedsRows).max(2000),
        action: z.enum(['pin', 'unpin']),
        expiry_date: Expiry,
      })
      .refine((v) => v.action === 'unpin' || !!v.expiry_date, needsExpiry),
  ),
  responses: { 200: jsonBody(MessageSchema), ...missing },
});

const PinSchema = z
  .object({ content_type: z.enum(CONTENT_TYPES), object_id: z.number().int(), is_pinned: z.boolean(), expiry_date: z.string().nullable() })
  .openapi('Pin');

const listPins = defineRoute(staff, {
  method: 'get',
  path: '/content/pins/',
  summary: "This school's live pins",
  request: { query: z.object({ content_type: z.enum(CONTENT_TYPES).optional() }) },
  responses: { 200: jsonBody(z.object({ results: z.array(PinSchema) }).openapi('PinList')) },
});

/**
 * Stories a user may pin: this school's; for an organization admin, the stories its linked
 * schools share (content_share_id is the story's id; see server/domains/stories/review-routes.ts).
 */
function storyScope(tenant: TenantRow, user: AuthUser) {
  if (user.role !== 'organization_admin') return eq(stories.tenant_id, tenant.id);
  return and(
    sql`${stories.tenant_id} in (select ${organizationLinks.school_id} from ${organizationLinks} where ${organizationLinks.organization_id} = ${tenant.id})`,
    onTheShelf(userViewer(user)),
  );
}

/** Of `ids`, how many this user may pin: students in their reach, this school's stories, books on sale here. */
async function reachable(db: Queryable, tenant: TenantRow, user: AuthUser, type: ContentType, ids: number[]): Promise<number> {
  const rows =
    type === 'student'
      ? await db
          .select({ id: students.user_id })
          .from(students)
          .where(and(inArray(students.user_id, ids), studentScope(tenant, user)))
      : type === 'story'
        ? await db
            .select({ id: stories.id })
            .from(stories)
            .where(and(inArray(stories.id, ids), storyScope(tenant, user)))
        : await db
            .select({ id: books.id })
            .from(books)
            .where(and(inArray(books.id, ids), or(isNull(books.tenant_id), eq(books.tenant_id, tenant.id))));
  return rows.length;
}

async function setPins(
  c: Context<AppEnv>,
  user: AuthUser,
  type: ContentType,
  ids: number[],
  isPinned: boolean,
  expiry: string | null | undefined,
) {
  const tenant = siteTenant(c);
  const unique = [...new Set(ids)];
  if ((await reachable(c.get('db'), tenant, user, type, unique)) !== unique.length) fail(404, ROSTER_OWN_MSG.noSuchContent);
  const expiry_date = isPinned && expiry ? new Date(expiry) : null;
  if (expiry_date && expiry_date.getTime() <= c.get('deps').now().getTime()) fail(400, 'expiry_date must be in the future');
  await c
    .get('db')
    .insert(pins)
    .values(
      unique.map((object_id) => ({
        tenant_id: tenant.id,
        content_type: type,
        object_id,
        is_pinned: isPinned,
        expiry_date,
        pinned_by: user.id,
      })),
    )
    .onConflictDoUpdate({
      target: [pins.tenant_id, pins.content_type, pins.object_id],
      set: { is_pinned: isPinned, expiry_date, pinned_by: user.id, updated_at: new Date() },
    });
  // A pinned story moves to the top of every library shelf: the devices' catalogues pull it again.
  if (type === 'story') await c.get('db').update(stories).set({ updated_at: new Date() }).where(inArray(stories.id, unique));
  return { message: isPinned ? 'Content pinned.' : ROSTER_MSG.unpinned };
}

export const pinRoutes = new OpenAPIHono<AppEnv>()
  .openapi(pinOne, async (c) => {
    const b = c.req.valid('json');
    return c.json(await setPins(c, signedInUser(c), b.content_type, [b.object_id], b.is_pinned, b.expiry_date), 200);
  })
  .openapi(pinMany, async (c) => {
    const b = c.req.valid('json');
    return c.json(await setPins(c, signedInUser(c), b.content_type, b.object_ids, b.is_pinned, b.expiry_date), 200);
  })
  .openapi(orgPinOne, async (c) => {
    const b = c.req.valid('json');
    return c.json(await setPins(c, signedInUser(c), b.content_type, [b.content_share_id], b.is_pinned, b.expiry_date), 200);
  })
  .openapi(orgPinMany, async (c) => {
    const b = c.req.valid('json');
    return c.json(await setPins(c, signedInUser(c), b.content_type, b.content_share_ids, b.is_pinned, b.expiry_date), 200);
  })
  .openapi(classPagePin, async (c) => {
    const b = c.req.valid('json');
    return c.json(await setPins(c, signedInUser(c), 'student', b.ids, b.action === 'pin', b.expiry_date), 200);
  })
  .openapi(listPins, async (c) => {
    const { content_type } = c.req.valid('query');
    const rows = await c
      .get('db')
      .select()
      .from(pins)
      .where(
        and(
          eq(pins.tenant_id, siteTenant(c).id),
          eq(pins.is_pinned, true),
          sql`${pins.expiry_date} > ${c.get('deps').now()}`,
          content_type ? eq(pins.content_type, content_type) : undefined,
        ),
      );
    const results = rows.map((r) => ({
      content_type: r.content_type as ContentType,
      object_id: r.object_id,
      is_pinned: r.is_pinned,
      expiry_date: r.expiry_date?.toISOString() ?? null,
    }));
    return c.json({ results }, 200);
  });
