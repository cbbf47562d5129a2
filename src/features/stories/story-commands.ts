// Teachers' story changes (review, feature, privacy, archive, pin): each is a queued change like
// every write, so a teacher can approve a pile of stories on a bus with no network. The review
// queue is read from the server, so there is no local row to change: the screen hides what it
// has acted on until the next load. The stories lists' bulk changes are admin writes: the list's
// offline copy changes with the queued entry, and the list waits briefly for the server's answer.
// Each entry's label (the sync panel's) is in the language of the moment it is queued.
import { plural, t } from '@lingui/core/macro';
import type { PrivacyPreference } from '@/contract/domain';
import { queueAdminWrite } from '@/ui/admin/write';
import { recordChange } from '@/sync/outbox';

const queue = (label: string, method: 'POST' | 'PATCH', path: string, body?: unknown) =>
  recordChange([], async () => undefined, { kind: 'stories.review', label, method, path, body });

export function approveStory({ id, title }: { id: number; title: string }) {
  return queue(t`Approve “${title}”`, 'POST', `/teacher/stories/${id}/approve/`);
}

export function returnStory({ id, title }: { id: number; title: string }, comment: string) {
  return queue(t`Send back “${title}”`, 'POST', `/teacher/stories/${id}/return/`, { comment });
}

/** A change to several stories of the list `resource` (the rows of its offline copy get `patch`). */
const bulk = (
  resource: string,
  ids: number[],
  patch: Record<string, unknown>,
  label: string,
  method: 'POST' | 'PATCH',
  path: string,
  body: Record<string, unknown>,
) => queueAdminWrite({ resource, ids, patch, kind: 'stories.bulk', label, method, path, body });

export function featureStories(resource: string, ids: number[], feature: boolean) {
  const count = ids.length;
  return bulk(
    resource,
    ids,
    { is_featured: feature },
    feature
      ? t`${plural(count, { one: 'Feature # story', other: 'Feature # stories' })}`
      : t`${plural(count, { one: 'Unfeature # story', other: 'Unfeature # stories' })}`,
    'PATCH',
    '/v1/teacher/stories/feature/',
    {
      ids,
      action: feature ? 'feature' : 'unfeature',
    },
  );
}

export const storiesPrivacy = (resource: string, ids: number[], privacy_preference: PrivacyPreference) =>
  bulk(resource, ids, { privacy_preference }, privacyLabel(ids.length, privacy_preference), 'PATCH', '/v1/teacher/stories/privacy/', {
    ids,
    privacy_preference,
  });

export function archiveStories(resource: string, ids: number[]) {
  const count = ids.length;
  return bulk(
    resource,
    ids,
    { is_archived: true },
    t`${plural(count, { one: 'Archive # story', other: 'Archive # stories' })}`,
    'POST',
    '/v1/teacher/stories/archive/',
    { story_ids: ids },
  );
}

function privacyLabel(count: number, privacy: PrivacyPreference): string {
  if (privacy === 'public') return t`${plural(count, { one: 'Set # story to public', other: 'Set # stories to public' })}`;
  if (privacy === 'private') return t`${plural(count, { one: 'Set # story to private', other: 'Set # stories to private' })}`;
  return t`${plural(count, { one: 'Set # story to community', other: 'Set # stories to community' })}`;
}

/** Pin (until `expiry`) or unpin stories: the school's by object_ids, an organization's by content_share_ids. */
export function pinStories(resource: string, ids: number[], expiry: string | null, organization: boolean) {
  const count = ids.length;
  const label = expiry
    ? t`${plural(count, { one: 'Pin # story', other: 'Pin # stories' })}`
    : t`${plural(count, { one: 'Unpin # story', other: 'Unpin # stories' })}`;
  const body = { content_type: 'story', is_pinned: expiry !== null, expiry_date: expiry };
  const patch = { is_pinned: expiry !== null };
  return organization
    ? bulk(resource, ids, patch, label, 'POST', '/organization/content/bulk-pin/', { ...body, content_share_ids: ids })
    : bulk(resource, ids, patch, label, 'POST', '/content/pins/bulk/', { ...body, object_ids: ids });
}
