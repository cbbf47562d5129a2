// superpower-parent (upschool_admin): each school's community (parent) access. The list is the
// tenants list with its community_access column (?is_organization=false). POST
// /api-super-admin/community/{tenantId}/ sets a password, rotates it (the server makes a new one
// and answers it once: only a network call can show it), or turns access off. Any change ends
// the parents' open sessions, so an old password stops working at once.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CommunityPassword } from '../../../src/contract/admin';
import { ADMIN_MSG } from '../../../src/contract/messages';
import { communitySessions, tenants } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { forgetTenant } from '../../http/context';
import { fail } from '../../http/errors';
import { defineRoute, jsonBody, jsonRequest, notFoundAnswer } from '../../http/route';
import { hashPassword } from '../../lib/crypto';
import { PLATFORM } from '../../http/access';
import { IdParam } from '../../http/schemas';

const WORDS = [
  'kite',
  'moon',
  'river',
  'maple',
  'otter',
  'comet',
  'harbor',
  'meadow',
  'lantern',
  'pebble',
  'willow',
  'falcon',
  'cedar',
  'orchid',
  'summit',
  'ember',
];

/** Two words and a number: easy to read out to parents, hard to guess (16·16·9000). */
function newPassword(): string {
  return `${WORDS[randomInt(WORDS.length)]}-${WORDS[randomInt(WORDS.length)]}-${randomInt(1000, 10000)}`;
}

const CommunityChange = z.discriminatedUnion('action', [
  CommunityPassword.extend({ action: z.literal('set') }),
  z.object({ action: z.literal('rotate') }),
  z.object({ action: z.literal('off') }),
]);

const change = defineRoute(PLATFORM, {
  method: 'post',
  path: '/api-super-admin/community/{id}/',
  summary: "Set, rotate or turn off a school's community (parent) password; open parent sessions end",
  request: {
    params: IdParam,
    ...jsonRequest(CommunityChange),
  },
  responses: {
    200: jsonBody(
      z.object({ message: z.string(), community_access: z.boolean(), password: z.string().nullable() }).openapi('CommunityAccess'),
    ),
    ...notFoundAnswer('No such school'),
  },
});

export const adminCommunityRoutes = new OpenAPIHono<AppEnv>().openapi(change, async (c) => {
  const { id } = c.req.valid('param');
  const body = c.req.valid('json');
  const db = c.get('db');
  const [tenant] = await db
    .select({ id: tenants.id, org: tenants.is_organization, subdomain: tenants.subdomain })
    .from(tenants)
    .where(eq(tenants.id, id))
    .limit(1);
  if (!tenant) fail(404, ADMIN_MSG.notFound);
  if (tenant.org) fail(400, 'Community access belongs to schools, not organizations.');
  const password = body.action === 'set' ? body.password : body.action === 'rotate' ? newPassword() : null;
  await db
    .update(tenants)
    .set({ community_password_hash: password ? await hashPassword(password) : null })
    .where(eq(tenants.id, id));
  await db
    .update(communitySessions)
    .set({ revoked_at: c.get('deps').now() })
    .where(eq(communitySessions.tenant_id, id));
  forgetTenant(c.get('deps'), tenant!.subdomain);
  const message =
    body.action === 'off'
      ? 'Community access turned off.'
      : body.action === 'rotate'
        ? 'A new community password was made.'
        : 'Community password set.';
  return c.json({ message, community_access: password !== null, password: body.action === 'rotate' ? password : null }, 200);
});
