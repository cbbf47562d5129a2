// The stories lists, declared for the generic admin list (src/ui/admin): /admin-school/stories
// (the school's), a class's stories (its page, folded until opened) and /admin-organization/stories
// (what the organization's linked schools share). Staff filter by the content fields that apply
// to stories (pinned, status, privacy, the child's privacy, featured, archived, created between
// two dates) and act on the selected stories: Feature (Yes/No), Privacy Preference, Pin (the
// shared pin dialog: a duration, or unpin) and Archive; an organization only pins, by
// content_share_id. Every change is queued through the outbox (./story-commands.ts).
import { useMemo, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { i18n } from '@/i18n/i18n';
import type { components } from '@/api/schema';
import { PRIVACY_PREFERENCES, STORY_STATUSES, type PrivacyPreference } from '@/contract/domain';
import { pinExpiry } from '@/contract/roster';
import { STORY_MSG } from '@/contract/story-review';
import type { DialogAction, FilterDef, ListResource, Option, RunAction } from '@/ui/admin/resource';
import { ResourceList } from '@/ui/admin/resource-list';
import { STORY_STATUS_NAMES } from '@/ui/value-names';
import { PinDialog } from '@/ui/pin-dialog';
import { archiveStories, featureStories, pinStories, storiesPrivacy } from './story-commands';

type ReviewStory = components['schemas']['ReviewStory'];
type SharedStory = components['schemas']['SharedStory'];
type Story = Pick<ReviewStory, 'id' | 'title' | 'slug' | 'author' | 'privacy_preference' | 'is_featured' | 'is_pinned'>;

const YES = msg`Yes`;
const NO = msg`No`;
const YES_NO: readonly Option[] = [
  ['true', YES],
  ['false', NO],
];
// A cell is drawn by the list, which draws again when the language changes.
const yesNo = (value: boolean) => i18n._(value ? YES : NO);
const pinned: FilterDef = { key: 'is_pinned', label: msg`Pinned`, options: YES_NO };

const PRIVACY_NAMES: Record<PrivacyPreference, MessageDescriptor> = {
  public: msg`Public`,
  private: msg`Private`,
  community: msg`Community`,
};
const privacies: readonly Option[] = PRIVACY_PREFERENCES.map((p) => [p, PRIVACY_NAMES[p]]);
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
/** A story as a list names it: its title in the reader's quotation marks. */
const quoted = ({ title }: { title: string }) => t`“${title}”`;
const storiesCount = (count: number) => t`${plural(count, { one: '# story', other: '# stories' })}`;

/** The columns of every stories list; the third is the list's own (the status, or the school). */
function storyColumns<Row extends Story>(third: ListResource<Row>['columns'][number]): ListResource<Row>['columns'] {
  return [
    { key: 'title', header: msg`Title` },
    { key: 'author', header: msg`Author` },
    third,
    { key: 'privacy_preference', header: msg`Privacy`, cell: (r) => i18n._(PRIVACY_NAMES[r.privacy_preference]) },
    { key: 'is_featured', header: msg`Featured`, cell: (r) => yesNo(r.is_featured) },
    { key: 'is_pinned', header: msg`Pinned`, cell: (r) => yesNo(r.is_pinned) },
  ];
}

/** Pin or unpin the selected stories in the shared pin dialog. */
const pinAction = <Row extends Story>(resource: string, organization: boolean): DialogAction<Row> => ({
  key: 'pin',
  label: msg`Pin`,
  // The duration, or unpinning, is chosen in the dialog.
  options: [['pin', msg`Pin or unpin…`]],
  dialog: (rows, close) => (
    <PinDialog
      who={rows.length === 1 ? quoted(rows[0]!) : storiesCount(rows.length)}
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
  label: msg`Feature`,
  options: [
    ['yes', YES],
    ['no', NO],
  ],
  run: (rows, option) => featureStories(list, ids(rows), option === 'yes'),
  done: (option) => (option === 'yes' ? STORY_MSG.featured : STORY_MSG.unfeatured),
});

const privacyAction = (list: string): RunAction<ReviewStory> => ({
  key: 'privacy',
  label: msg`Privacy Preference`,
  options: privacies,
  run: (rows, option) => storiesPrivacy(list, ids(rows), option as PrivacyPreference),
  done: STORY_MSG.privacy,
});

const archiveAction = (list: string): RunAction<ReviewStory> => ({
  key: 'archive',
  label: msg`Archive`,
  options: [['archive', msg`Archive`]],
  run: (rows) => archiveStories(list, ids(rows)),
  done: STORY_MSG.archived,
});

/** The school's stories, or one class's (`classId`): every content filter and bulk action. */
function careStories(name: string, title: MessageDescriptor, classId?: number): ListResource<ReviewStory> {
  return {
    name,
    title,
    path: '/teacher/stories/',
    csvExport: false,
    ...(classId !== undefined ? { fixed: { class_id: String(classId) } } : {}),
    columns: storyColumns<ReviewStory>({
      key: 'status',
      header: msg`Status`,
      cell: (r) => {
        const status = i18n._(STORY_STATUS_NAMES[r.status]);
        return r.is_archived ? t`${status} (archived)` : status;
      },
    }),
    filters: [
      pinned,
      { key: 'status', label: msg`Status`, options: STORY_STATUSES.map((s) => [s, STORY_STATUS_NAMES[s]]) },
      { key: 'privacy_preference', label: msg`Privacy`, options: privacies },
      { key: 'student_privacy', label: msg`Student privacy`, options: privacies },
      { key: 'is_featured', label: msg`Featured`, options: YES_NO },
      { key: 'is_archived', label: msg`Archived`, options: YES_NO },
    ],
    dateLabel: msg`Created`,
    dateKeys: ['created_at__gte', 'created_at__lte'],
    searchLabel: msg`Search`,
    bulkActions: [featureAction(name), privacyAction(name), pinAction(name, false), archiveAction(name)],
    rowHref: (r) => `/stories/${r.slug}`,
    rowLabel: quoted,
    noRowsSelected: STORY_MSG.noneSelected,
  };
}

export const schoolStories = careStories('schoolStories', msg`Stories`);

export const organizationStories: ListResource<SharedStory> = {
  name: 'organizationStories',
  title: msg`Shared stories`,
  path: '/organization/stories/',
  csvExport: false,
  columns: storyColumns<SharedStory>({ key: 'school', header: msg`School` }),
  filters: [pinned],
  searchLabel: msg`Search`,
  bulkActions: [pinAction('organizationStories', true)],
  rowHref: (r) => `/stories/${r.slug}`,
  rowLabel: quoted,
  noRowsSelected: STORY_MSG.noneSelected,
};

/** The class page's stories, folded until asked for: the page opens on its students. */
export function ClassStories({ classId }: { classId: number }) {
  const [open, setOpen] = useState(false);
  const resource = useMemo(() => careStories('classStories', msg`Class stories`, classId), [classId]);
  return (
    <details className="page class-stories" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <Trans>Class stories</Trans>
      </summary>
      {open ? <ResourceList resource={resource} heading="h2" /> : null}
    </details>
  );
}
