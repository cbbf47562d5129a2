// Teachers' story changes (review, feature, privacy, archive, pin): each is a queued change like
// every write, so a teacher can approve a pile of stories on a bus with no network. The review
// queue is read from the server, so there is no local row to change: the screen hides what it
// has acted on until the next load. The stories lists' bulk changes are admin writes: the list's
// offline copy changes with the queued entry, and the list waits briefly for the server's answer.
import type { PrivacyPreference } from '@/contract/domain';
import { queueAdminWrite } from '@/ui/admin/write';
import { recordChange } from '@/sync/outbox';

const queue = (label: string, method: 'POST' | 'PATCH', path: string, body?: unknown) =>
  recordChange([], async () => undefined, { kind: 'stories.review', label, method, path, body });

export const approveStory = (story: { id: number; title: string }) =>
  queue(`Approve “${story.title}”`, 'POST', `/teacher/stories/${story.id}/approve/`);

export const returnStory = (story: { id: number; title: string }, comment: string) =>
  queue(`Send back “${story.title}”`, 'POST', `/teacher/stories/${story.id}/return/`, { comment });

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

export const featureStories = (resource: string, ids: number[], feature: boolean) =>
  bulk(
    resource,
    ids,
    { is_featured: feature },
    `${feature ? 'Feature' : 'Unfeature'} ${ids.length} stories`,
    'PATCH',
    '/v1/teacher/stories/feature/',
    {
      ids,
      action: feature ? 'feature' : 'unfeature',
    },
  );

export const storiesPrivacy = (resource: string, ids: number[], privacy_preference: PrivacyPreference) =>
  bulk(
    resource,
    ids,
    { privacy_preference },
    `Set ${ids.length} stories to ${privacy_preference}`,
    'PATCH',
    '/v1/teacher/stories/privacy/',
    {
      ids,
      privacy_preference,
    },
  );

export const archiveStories = (resource: string, ids: number[]) =>
  bulk(resource, ids, { is_archived: true }, `Archive ${ids.length} stories`, 'POST', '/v1/teacher/stories/archive/', { story_ids: ids });

/** Pin (until `expiry`) or unpin stories: the school's by object_ids, an organization's by content_share_ids. */
export function pinStories(resource: string, ids: number[], expiry: string | null, organization: boolean) {
  const label = expiry ? `Pin ${ids.length} stories` : `Unpin ${ids.length} stories`;
  const body = { content_type: 'story', is_pinned: expiry !== null, expiry_date: expiry };
  const patch = { is_pinned: expiry !== null };
  return organization
    ? bulk(resource, ids, patch, label, 'POST', '/organization/content/bulk-pin/', { ...body, content_share_ids: ids })
    : bulk(resource, ids, patch, label, 'POST', '/content/pins/bulk/', { ...body, object_ids: ids });
}
