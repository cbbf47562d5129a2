// The stories lists of the class page, /admin-school/stories and /admin-organization/stories: the
// spec's content filters and bulk actions (Feature Yes/No, Privacy Preference, Pin, Archive; an
// organization only pins what its schools share, by content_share_id). Bulk actions need an
// action, an option and at least one row (SPEC.md section 5); each is queued through the outbox,
// and the list loads again once it is queued.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { api } from '@/api/client';
import { unwrap, useRemote } from '@/api/use-remote';
import { PRIVACY_PREFERENCES, STORY_STATUSES, type PrivacyPreference, type StoryStatus } from '@/contract/domain';
import { ROSTER_OWN_MSG } from '@/contract/messages';
import { pinExpiry } from '@/contract/roster';
import { BulkBar } from '@/ui/bulk-bar';
import { PinDialog } from '@/ui/pin-dialog';
import { toast } from '@/ui/toast';
import { archiveStories, featureStories, pinStories, storiesPrivacy } from './story-commands';

type Filters = {
  search: string;
  status: StoryStatus | '';
  privacy_preference: PrivacyPreference | '';
  student_privacy: PrivacyPreference | '';
  is_featured: '' | 'true' | 'false';
  is_archived: '' | 'true' | 'false';
  is_pinned: '' | 'true' | 'false';
  created_at__gte: string;
  created_at__lte: string;
};
const NONE: Filters = {
  search: '',
  status: '',
  privacy_preference: '',
  student_privacy: '',
  is_featured: '',
  is_archived: '',
  is_pinned: '',
  created_at__gte: '',
  created_at__lte: '',
};
type Action = '' | 'feature' | 'privacy' | 'pin' | 'archive';
type Row = {
  id: number;
  title: string;
  slug: string;
  author: string;
  school: string;
  is_featured: boolean;
  is_pinned: boolean;
  privacy_preference: PrivacyPreference;
  status?: StoryStatus;
  is_archived?: boolean;
};

/** Labels name their fields (for=id), so a select's name is its label, not its options. */
const fieldId = (label: string) => `story-${label.toLowerCase().replace(/\W+/g, '-')}`;

const clean = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '')) as Partial<T>;

export function StoryTable({
  title,
  classId,
  organization = false,
  nested = false,
}: {
  title: string;
  classId?: number;
  organization?: boolean;
  nested?: boolean;
}) {
  const Heading = nested ? 'h2' : 'h1';
  const [filters, setFilters] = useState<Filters>(NONE);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [action, setAction] = useState<Action>('');
  const [option, setOption] = useState('');
  const [pinning, setPinning] = useState<number[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const dateError =
    filters.created_at__gte && filters.created_at__lte && filters.created_at__gte > filters.created_at__lte
      ? ROSTER_OWN_MSG.dateRange
      : null;
  const query = clean({ ...filters, ...(classId !== undefined ? { class_id: classId } : {}), limit: 100 });
  const remote = useRemote(
    dateError ? null : `stories-${organization}-${JSON.stringify(query)}`,
    async (): Promise<{ count: number; results: Row[] }> =>
      organization
        ? unwrap(
            api.GET('/organization/stories/', {
              params: { query: clean({ search: filters.search, is_pinned: filters.is_pinned, limit: 100 }) as never },
            }),
          )
        : unwrap(api.GET('/teacher/stories/', { params: { query: query as never } })),
  );
  const rows = remote.status === 'succeeded' ? remote.data.results : [];
  const set =
    <K extends keyof Filters>(key: K) =>
    (e: { target: { value: string } }) =>
      setFilters((f) => ({ ...f, [key]: e.target.value }));
  const ACTIONS: [Action, string][] = organization
    ? [['pin', 'Pin']]
    : [
        ['feature', 'Feature'],
        ['privacy', 'Privacy Preference'],
        ['pin', 'Pin'],
        ['archive', 'Archive'],
      ];
  const OPTIONS: Record<Exclude<Action, ''>, [string, string][]> = {
    feature: [
      ['yes', 'Yes'],
      ['no', 'No'],
    ],
    privacy: PRIVACY_PREFERENCES.map((p) => [p, p[0]!.toUpperCase() + p.slice(1)]),
    // The duration, or unpinning, is chosen in the shared pin dialog.
    pin: [['pin', 'Pin or unpin…']],
    archive: [['archive', 'Archive']],
  };

  async function apply() {
    const ids = [...selected];
    if (!action || !option) return setError(ROSTER_OWN_MSG.bulkNeedsAction);
    if (!ids.length) return setError('Please select at least one story.');
    setError(null);
    // Pin and unpin: the shared pin dialog (duration and unit, or unpin after a confirmation).
    if (action === 'pin') return setPinning(ids);
    try {
      if (action === 'feature') await featureStories(ids, option === 'yes');
      if (action === 'privacy') await storiesPrivacy(ids, option as PrivacyPreference);
      if (action === 'archive') await archiveStories(ids);
      toast('success', 'Saved. It is sent as soon as the device is online.');
      setSelected(new Set());
      setTimeout(remote.reload, 1500);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  const select = (label: string, value: string, onChange: (e: { target: { value: string } }) => void, options: [string, string][]) => (
    <label htmlFor={fieldId(label)}>
      {label}
      <select id={fieldId(label)} value={value} onChange={onChange}>
        <option value="">All</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
  const yesNo: [string, string][] = [
    ['true', 'Yes'],
    ['false', 'No'],
  ];
  const privacies = PRIVACY_PREFERENCES.map((p) => [p, p] as [string, string]);

  return (
    <section className="page story-table" aria-labelledby="story-table-title">
      <Heading id="story-table-title">{title}</Heading>
      <form className="story-filters" role="search" aria-label="Filter stories" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={fieldId('Search')}>
          Search
          <input type="search" id={fieldId('Search')} value={filters.search} onChange={set('search')} />
        </label>
        {select('Pinned', filters.is_pinned, set('is_pinned'), yesNo)}
        {organization ? null : (
          <>
            {select(
              'Status',
              filters.status,
              set('status'),
              STORY_STATUSES.map((s) => [s, s]),
            )}
            {select('Privacy', filters.privacy_preference, set('privacy_preference'), privacies)}
            {select('Student privacy', filters.student_privacy, set('student_privacy'), privacies)}
            {select('Featured', filters.is_featured, set('is_featured'), yesNo)}
            {select('Archived', filters.is_archived, set('is_archived'), yesNo)}
            <label htmlFor={fieldId('From')}>
              From
              <input type="date" id={fieldId('From')} value={filters.created_at__gte} onChange={set('created_at__gte')} />
            </label>
            <label htmlFor={fieldId('To')}>
              To
              <input type="date" id={fieldId('To')} value={filters.created_at__lte} onChange={set('created_at__lte')} />
            </label>
          </>
        )}
      </form>
      {dateError ? <p role="alert">{dateError}</p> : null}
      <BulkBar
        look="story"
        idOf={(name) => `story-${name}`}
        actions={ACTIONS}
        action={action}
        onAction={(next) => {
          setAction(next as Action);
          setOption('');
        }}
        options={action ? OPTIONS[action] : undefined}
        option={option}
        onOption={setOption}
        onApply={() => void apply()}
        selected={selected.size}
        error={error}
      />
      {pinning ? (
        <PinDialog
          who={pinning.length === 1 ? `“${rows.find((r) => r.id === pinning[0])?.title ?? 'this story'}”` : `${pinning.length} stories`}
          apply={(pin) => pinStories(pinning, pin ? pinExpiry(new Date(), pin.duration, pin.unit).toISOString() : null, organization)}
          onClose={() => {
            setPinning(null);
            setSelected(new Set());
            setTimeout(remote.reload, 1500);
          }}
        />
      ) : null}
      {remote.status === 'failed' ? <p role="alert">{remote.error}</p> : null}
      {remote.status === 'succeeded' ? <p>{remote.data.count} stories</p> : null}
      <table className="story-grid-table">
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                aria-label="Select all stories"
                checked={rows.length > 0 && rows.every((r) => selected.has(r.id))}
                onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((r) => r.id)) : new Set())}
              />
            </th>
            <th scope="col">Title</th>
            <th scope="col">Author</th>
            <th scope="col">{organization ? 'School' : 'Status'}</th>
            <th scope="col">Privacy</th>
            <th scope="col">Featured</th>
            <th scope="col">Pinned</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Select “${r.title}”`}
                  checked={selected.has(r.id)}
                  onChange={(e) =>
                    setSelected((s) => {
                      const next = new Set(s);
                      if (e.target.checked) next.add(r.id);
                      else next.delete(r.id);
                      return next;
                    })
                  }
                />
              </td>
              <td>
                <Link to="/stories/$slug" params={{ slug: r.slug }}>
                  {r.title}
                </Link>
              </td>
              <td>{r.author}</td>
              <td>{organization ? r.school : `${r.status}${r.is_archived ? ' (archived)' : ''}`}</td>
              <td>{r.privacy_preference}</td>
              <td>{r.is_featured ? 'Yes' : 'No'}</td>
              <td>{r.is_pinned ? 'Yes' : 'No'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The class page's stories, folded until asked for: the page opens on its students. */
export function ClassStories({ classId }: { classId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="page class-stories" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Class stories</summary>
      {open ? <StoryTable title="Class stories" classId={classId} nested /> : null}
    </details>
  );
}
