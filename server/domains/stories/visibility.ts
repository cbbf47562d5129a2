// Who may see a story, in SQL: the mirror of canSeeStory (src/contract/story-visibility.ts) as a
// WHERE condition over `stories`, used by every list, search, pull and single read of stories.
// It reads the author's CURRENT state (users, students) and the class's review setting through
// subqueries, so a caller needs no joins and a child set to private disappears everywhere at once.
// tests/server/story-visibility-sql.test.ts compares the two over generated cases.
import type { Context } from 'hono';
import { sql, type SQL } from 'drizzle-orm';
import type { PrivacyPreference } from '../../../src/contract/domain';
import type { StoryViewer } from '../../../src/contract/story-visibility';
import type { Queryable } from '../../db/client';
import { classes, organizationLinks, stories, students, users } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { hasCommunityAccess } from '../auth/community';

/** The viewer as the server knows it: the arrays of the pure rule are subqueries here. */
export type ServerViewer =
  | { kind: 'anonymous' }
  | { kind: 'community'; tenant_id: number }
  | { kind: 'user'; id: number; role: Extract<StoryViewer, { kind: 'user' }>['role']; tenant_id: number | null };

export const ANONYMOUS: ServerViewer = { kind: 'anonymous' };

/** The request's viewer: the signed-in user, else a parent's community session, else anonymous. */
export async function storyViewer(c: Context<AppEnv>, db: Queryable = c.get('db')): Promise<ServerViewer> {
  const user = c.get('user');
  if (user) return { kind: 'user', id: user.id, role: user.role, tenant_id: user.tenant_id };
  const tenant = c.get('tenant');
  if (tenant && (await hasCommunityAccess(c, db, c.get('deps').now()))) return { kind: 'community', tenant_id: tenant.id };
  return ANONYMOUS;
}

const list = (values: readonly PrivacyPreference[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Staff who look after the story (caresForStory), whatever its privacy; drafts excluded by the caller. */
function caresFor(viewer: ServerViewer): SQL {
  if (viewer.kind !== 'user') return sql`false`;
  if (viewer.role === 'upschool_admin') return sql`true`;
  if (viewer.tenant_id === null) return sql`false`;
  const sameSchool = sql`${stories.tenant_id} = ${viewer.tenant_id}`;
  if (viewer.role === 'school_admin' || viewer.role === 'teacher_admin') return sameSchool;
  if (viewer.role !== 'teacher') return sql`false`;
  const taught = sql`(select ${classes.id} from ${classes} where ${classes.teacher_id} = ${viewer.id})`;
  return sql`(${sameSchool} and (${stories.class_id} in ${taught} or exists (select 1 from ${students} where ${students.user_id} = ${stories.author_id} and ${students.class_id} in ${taught})))`;
}

/** Out for readers (isOutForReaders) at one of the given widths: story and child both within them. */
function outAt(widths: readonly PrivacyPreference[]): SQL {
  const review = sql`coalesce((select ${classes.review_stories} from ${classes} where ${classes.id} = ${stories.class_id}), true)`;
  return sql`((${stories.status} = 'published' or (${stories.status} = 'submitted' and not ${review}))
    and not ${stories.is_archived}
    and ${stories.hidden_at} is null
    and ${stories.privacy_preference} in (${list(widths)})
    and exists (select 1 from ${users} where ${users.id} = ${stories.author_id} and ${users.is_active})
    and not exists (select 1 from ${students} where ${students.user_id} = ${stories.author_id}
      and (${students.archived} or ${students.privacy_preference} not in (${list(widths)}))))`;
}

/** Whether the viewer is of the story's school at community width (a school user, its parents, a linked organization). */
function ofTheSchool(viewer: ServerViewer): SQL {
  if (viewer.kind === 'community') return sql`${stories.tenant_id} = ${viewer.tenant_id}`;
  if (viewer.kind !== 'user') return sql`false`;
  const own = viewer.tenant_id === null ? sql`false` : sql`${stories.tenant_id} = ${viewer.tenant_id}`;
  if (viewer.role !== 'organization_admin' || viewer.tenant_id === null) return own;
  return sql`(${own} or ${stories.tenant_id} in (select ${organizationLinks.school_id} from ${organizationLinks} where ${organizationLinks.organization_id} = ${viewer.tenant_id}))`;
}

/** canSeeStory as a condition on `stories` for one viewer. */
export function storyVisibleTo(viewer: ServerViewer): SQL {
  const own = viewer.kind === 'user' ? sql`${stories.author_id} = ${viewer.id}` : sql`false`;
  return sql`(${stories.deleted_at} is null and (${own}
    or (${stories.status} <> 'draft' and (${caresFor(viewer)}
      or ${outAt(['public'])}
      or (${ofTheSchool(viewer)} and ${outAt(['public', 'community'])})))))`;
}

/**
 * What readers see in the library and search: out for readers AND visible to this viewer. Staff
 * reach (submitted, returned, archived) belongs on the review screens, not on the shelves.
 */
export function onTheShelf(viewer: ServerViewer): SQL {
  return sql`(${stories.deleted_at} is null and ${outAt(['public', 'community', 'private'])} and ${storyVisibleTo(viewer)})`;
}

/** Stories staff look after (review lists, class and school lists): handed in, not deleted, in their care. */
export function inCare(viewer: ServerViewer): SQL {
  return sql`(${stories.deleted_at} is null and ${stories.status} <> 'draft' and ${caresFor(viewer)})`;
}

/** A viewer made from a signed-in user. */
export const userViewer = (user: {
  id: number;
  role: Extract<ServerViewer, { kind: 'user' }>['role'];
  tenant_id: number | null;
}): ServerViewer => ({
  kind: 'user',
  id: user.id,
  role: user.role,
  tenant_id: user.tenant_id,
});
