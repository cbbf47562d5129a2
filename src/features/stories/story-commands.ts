// Teachers' story changes (review, feature, privacy, archive): each is a queued change like every
// write, so a teacher can approve a pile of stories on a bus with no network. The lists they act
// on are read from the server, so there is no local row to change; the screen hides what it has
// acted on until the next load.
import type { PrivacyPreference } from '@/contract/domain';
import { recordChange } from '@/sync/outbox';

const queue = (label: string, method: 'POST' | 'PATCH', path: string, body?: unknown) =>
  recordChange([], async () => undefined, { kind: 'stories.review', label, method, path, body });

export const approveStory = (story: { id: number; title: string }) =>
  queue(`Approve “${story.title}”`, 'POST', `/teacher/stories/${story.id}/approve/`);

export const returnStory = (story: { id: number; title: string }, comment: string) =>
  queue(`Send back “${story.title}”`, 'POST', `/teacher/stories/${story.id}/return/`, { comment });

export const featureStories = (ids: number[], feature: boolean) =>
  queue(`${feature ? 'Feature' : 'Unfeature'} ${ids.length} stories`, 'PATCH', '/v1/teacher/stories/feature/', {
    ids,
    action: feature ? 'feature' : 'unfeature',
  });

export const storiesPrivacy = (ids: number[], privacy_preference: PrivacyPreference) =>
  queue(`Set ${ids.length} stories to ${privacy_preference}`, 'PATCH', '/v1/teacher/stories/privacy/', { ids, privacy_preference });

export const archiveStories = (ids: number[]) =>
  queue(`Archive ${ids.length} stories`, 'POST', '/v1/teacher/stories/archive/', { story_ids: ids });

/** Pin (until now + duration) or unpin stories: the school's by object_ids, an organization's by content_share_ids. */
export function pinStories(ids: number[], expiry: string | null, organization: boolean) {
  const label = expiry ? `Pin ${ids.length} stories` : `Unpin ${ids.length} stories`;
  const body = { content_type: 'story', is_pinned: expiry !== null, expiry_date: expiry };
  return organization
    ? queue(label, 'POST', '/organization/content/bulk-pin/', { ...body, content_share_ids: ids })
    : queue(label, 'POST', '/content/pins/bulk/', { ...body, object_ids: ids });
}
