// The stories lists, declared for the generic admin list (src/ui/admin): /admin-school/stories
// (the school's), a class's stories (its page, folded until opened) and /admin-organization/stories
// (what the organization's linked schools share). Staff filter by the content fields that apply
// to stories (pinned, status, privacy, the child's privacy, featured, archived, created between
// two dates) and act on the selected stories: Feature (Yes/No), Privacy Preference, Pin (the
// shared pin dialog: a duration, or unpin) and Archive; an organization only pins, by
// content_share_id. Every change is queued through the outbox (./story-commands.ts).
import { useMemo, useState } from 'react';
import type { components } from '@/api/schema';
import { PRIVACY_PREFERENCES, STORY_STATUSES, type PrivacyPreference } from '@/contract/domain';
import { pinExpiry } from '@/contract/roster';
import { STORY_MSG } from '@/contract/story-review';
import type { DialogAction, FilterDef, ListResource, Option, RunAction } from '@/ui/admin/resource';
import { ResourceList } from '@/ui/admin/resource-list';
import { PinDialog } from '@/ui/pin-dialog';
import { archiveStories, featureStories, pinStories, storiesPrivacy } from './story-commands';

type ReviewStory = components['schemas']['ReviewStory'];
type SharedStory = components['schemas']['SharedStory'];
type Story = Pick<ReviewStory, 'id' | 'title' | 'slug' | 'author' | 'privacy_preference' | 'is_featured' | 'is_pinned'>;

const YES_NO: readonly Option[] = [
  ['true', 'Yes'],
  ['false', 'No'],
];
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const pinned: FilterDef = { key: 'is_pinned', label: 'Pinned', options: YES_NO };
const privacies: readonly Option[] = PRIVACY_PREFERENCES.map((p) => [p, p]);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

/** The columns of every stories list; the third is the list's own (the status, or the school). */
function storyColumns<Row extends Story>(third: ListResource<Row>['columns'][number]): ListResource<Row>['columns'] {
  return [
    { key: 'title', header: 'Title' },
    { key: 'author', header: 'Author' },
    third,
    { key: 'privacy_preference', header: 'Privacy' },
    { key: 'is_featured', header: 'Featured', cell: (r) => yesNo(r.is_featured) },
    { key: 'is_pinned', header: 'Pinned', cell: (r) => yesNo(r.is_pinned) },
  ];
}

/** Pin or unpin the selected stories in the shared pin dialog. */
const pinAction = <Row extends Story>(resource: string, organization: boolean): DialogAction<Row> => ({
  key: 'pin',
  label: 'Pin',
  // The duration, or unpinning, is chosen in the dialog.
  options: [['pin', 'Pin or unpin…']],
  dialog: (rows, close) => (
    <PinDialog
      who={rows.length === 1 ? `“${rows[0]!.title}”` : `${rows.length} stories`}
      apply={async (pin) => {
        const outcome = await pinStories(
          resource,
          ids(rows),
          pin ? pinExpiry(new Date(), pin.duration, pin.unit).toISOString() : null,
          organization,
        );
        if (outcome.status === 'failed') throw new Error(outcome.message);
      }}
      onClose={close}
    />
  ),
});

const featureAction = (list: string): RunAction<ReviewStory> => ({
  key: 'feature',
  label: 'Feature',
  options: [
    ['yes', 'Yes'],
    ['no', 'No'],
  ],
  run: (rows, option) => featureStories(list, ids(rows), option === 'yes'),
  done: (option) => (option === 'yes' ? STORY_MSG.featured : STORY_MSG.unfeatured),
});

const privacyAction = (list: string): RunAction<ReviewStory> => ({
  key: 'privacy',
  label: 'Privacy Preference',
  options: PRIVACY_PREFERENCES.map((p) => [p, p[0]!.toUpperCase() + p.slice(1)]),
  run: (rows, option) => storiesPrivacy(list, ids(rows), option as PrivacyPreference),
  done: STORY_MSG.privacy,
});

const archiveAction = (list: string): RunAction<ReviewStory> => ({
  key: 'archive',
  label: 'Archive',
  options: [['archive', 'Archive']],
  run: (rows) => archiveStories(list, ids(rows)),
  done: STORY_MSG.archived,
});

/** The school's stories, or one class's (`classId`): every content filter and bulk action. */
function careStories(name: string, title: string, classId?: number): ListResource<ReviewStory> {
  return {
    name,
    title,
    path: '/teacher/stories/',
    csvExport: false,
    ...(classId !== undefined ? { fixed: { class_id: String(classId) } } : {}),
    columns: storyColumns<ReviewStory>({
      key: 'status',
      header: 'Status',
      cell: (r) => `${r.status}${r.is_archived ? ' (archived)' : ''}`,
    }),
    filters: [
      pinned,
      { key: 'status', label: 'Status', options: STORY_STATUSES.map((s) => [s, s]) },
      { key: 'privacy_preference', label: 'Privacy', options: privacies },
      { key: 'student_privacy', label: 'Student privacy', options: privacies },
      { key: 'is_featured', label: 'Featured', options: YES_NO },
      { key: 'is_archived', label: 'Archived', options: YES_NO },
    ],
    dateLabel: 'Created',
    dateKeys: ['created_at__gte', 'created_at__lte'],
    searchLabel: 'Search',
    bulkActions: [featureAction(name), privacyAction(name), pinAction(name, false), archiveAction(name)],
    rowHref: (r) => `/stories/${r.slug}`,
    rowLabel: (r) => `“${r.title}”`,
    noRowsSelected: STORY_MSG.noneSelected,
  };
}

export const schoolStories = careStories('schoolStories', 'Stories');

export const organizationStories: ListResource<SharedStory> = {
  name: 'organizationStories',
  title: 'Shared stories',
  path: '/organization/stories/',
  csvExport: false,
  columns: storyColumns<SharedStory>({ key: 'school', header: 'School' }),
  filters: [pinned],
  searchLabel: 'Search',
  bulkActions: [pinAction('organizationStories', true)],
  rowHref: (r) => `/stories/${r.slug}`,
  rowLabel: (r) => `“${r.title}”`,
  noRowsSelected: STORY_MSG.noneSelected,
};

/** The class page's stories, folded until asked for: the page opens on its students. */
export function ClassStories({ classId }: { classId: number }) {
  const [open, setOpen] = useState(false);
  const resource = useMemo(() => careStories('classStories', 'Class stories', classId), [classId]);
  return (
    <details className="page class-stories" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Class stories</summary>
      {open ? <ResourceList resource={resource} heading="h2" /> : null}
    </details>
  );
}
