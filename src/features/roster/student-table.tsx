// The student table of a class or a school: search, filters
// (privacy, archived, date joined), selection, bulk actions and pages of 20, on
// @tanstack/react-table. "Show all" lists every student in one scrolling view, virtualised with
// @tanstack/react-virtual so a class of 2,000 scrolls smoothly. Everything reads the device.
import { useDeferredValue, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  createColumnHelper,
  getCoreRowModel,
  useReactTable,
  type PaginationState,
  type Row,
  type RowSelectionState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import type { ClassRecord, StudentRecord } from '@/data/db';
import { PRIVACY_PREFERENCES, type PrivacyPreference } from '@/contract/domain';
import { ROSTER_MSG, ROSTER_OWN_MSG } from '@/contract/messages';
import { ROSTER_PAGE_SIZE } from '@/contract/roster';
import { TableHead, TableRow } from '@/ui/data-table';
import { PinDialog } from '@/ui/pin-dialog';
import { toast } from '@/ui/toast';
import { EditStudentDialog, usePrivacyLabel } from './edit-student-dialog';
import { BulkBar } from '@/ui/bulk-bar';
import { withFeedback } from './feedback';
import { archiveStudents, bulkFeature, bulkPrivacy, onServer, pinStudents, transferStudents } from './roster-commands';
import { loginInfoFor } from './roster-sync';
import { compareText, formatDate, formatNumber } from '@/ui/format';

export interface StudentFilters {
  search: string;
  privacy: PrivacyPreference | '';
  archived: boolean;
  from: string;
  to: string;
}

export const NO_FILTERS: StudentFilters = { search: '', privacy: '', archived: false, from: '', to: '' };

/** The date filter is refused when from is after to (the rest still applies). */
export function dateRangeError(f: Pick<StudentFilters, 'from' | 'to'>): string | null {
  return f.from && f.to && f.from > f.to ? ROSTER_OWN_MSG.dateRange : null;
}

// One collator for the whole sort (the language's, src/ui/format.ts): localeCompare would build one per comparison.
const byName = (a: StudentRecord, b: StudentRecord) =>
  compareText(a.first_name, b.first_name) || compareText(a.last_name, b.last_name) || a.id - b.id;

export function filterStudents(students: StudentRecord[], f: StudentFilters): StudentRecord[] {
  const terms = f.search.toLowerCase().split(/\s+/).filter(Boolean);
  const dates = !dateRangeError(f);
  return students
    .filter((s) => {
      if (s.archived !== f.archived) return false;
      if (f.privacy && s.privacy_preference !== f.privacy) return false;
      const day = s.date_joined.slice(0, 10);
      if (dates && f.from && day < f.from) return false;
      if (dates && f.to && day > f.to) return false;
      if (!terms.length) return true;
      const text = `${s.first_name} ${s.last_name} ${s.username}`.toLowerCase();
      return terms.every((t) => text.includes(t));
    })
    .sort(byName);
}

type BulkAction = '' | 'feature' | 'privacy' | 'pin' | 'archive' | 'transfer';

const column = createColumnHelper<StudentRecord>();

function StatusBadges({ s }: { s: StudentRecord }) {
  const known = useKnown();
  return (
    <>
      {s.pending ? <span className="roster-badge roster-badge-pending">{known(ROSTER_OWN_MSG.notSynced)}</span> : null}
      {s.is_featured ? (
        <span className="roster-badge">
          <Trans>Featured</Trans>
        </span>
      ) : null}
      {s.pinned_until && s.pinned_until > new Date().toISOString() ? (
        <span className="roster-badge">
          <Trans>Pinned</Trans>
        </span>
      ) : null}
      {s.archived ? (
        <span className="roster-badge">
          <Trans>Archived</Trans>
        </span>
      ) : null}
    </>
  );
}

async function downloadCard(student: StudentRecord) {
  try {
    if (student.class_id === null) throw new Error(ROSTER_MSG.qrMissingCredentials);
    const info = (await loginInfoFor(student.class_id)).find((i) => i.id === student.id);
    if (!info) throw new Error(ROSTER_MSG.qrMissingCredentials);
    const { downloadStudentCard } = await import('./login-cards');
    await downloadStudentCard(info);
  } catch (err) {
    toast('error', err instanceof Error && err.message ? err.message : ROSTER_MSG.loginInfoFailed);
  }
}

/** Where a student's name leads (the school admin area links it to the student's profile). */
export type StudentLink = (student: StudentRecord, children: ReactNode) => ReactNode;

export function StudentTable({
  students,
  classes,
  showClass = false,
  profileLink,
}: {
  students: StudentRecord[];
  classes: ClassRecord[];
  showClass?: boolean;
  profileLink?: StudentLink;
}) {
  const [filters, setFilters] = useState<StudentFilters>(NO_FILTERS);
  const search = useDeferredValue(filters.search);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: ROSTER_PAGE_SIZE });
  const [showAll, setShowAll] = useState(false);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [editing, setEditing] = useState<StudentRecord | null>(null);
  const [pinning, setPinning] = useState<StudentRecord[] | null>(null);
  const [action, setAction] = useState<BulkAction>('');
  const [option, setOption] = useState('');
  const [bulkError, setBulkError] = useState<string | null>(null);
  const { t } = useLingui();
  const known = useKnown();
  const privacyLabel = usePrivacyLabel();

  const rows = useMemo(() => filterStudents(students, { ...filters, search }), [students, filters, search]);
  const classNames = useMemo(() => new Map(classes.map((c) => [c.id, c.name])), [classes]);
  const update = (patch: Partial<StudentFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPagination((p) => ({ ...p, pageIndex: 0 }));
    setRowSelection({});
  };

  const columns = useMemo(
    () => [
      column.display({
        id: 'select',
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label={t`Select all students on this page`}
            checked={table.getIsAllPageRowsSelected()}
            onChange={table.getToggleAllPageRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => {
          const name = `${row.original.first_name} ${row.original.last_name}`;
          return (
            <input type="checkbox" aria-label={t`Select ${name}`} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />
          );
        },
      }),
      column.accessor((s) => `${s.first_name} ${s.last_name}`, {
        id: 'name',
        header: t`Name`,
        cell: ({ row, getValue }) => (
          <span className="roster-name">
            {profileLink && onServer(row.original) ? profileLink(row.original, getValue()) : getValue()} <StatusBadges s={row.original} />
          </span>
        ),
      }),
      column.accessor('username', { header: t`Username`, cell: ({ getValue }) => getValue() || '—' }),
      ...(showClass
        ? [column.accessor((s) => (s.class_id !== null ? (classNames.get(s.class_id) ?? '') : ''), { id: 'class', header: t`Class` })]
        : []),
      column.accessor('privacy_preference', { header: t`Privacy`, cell: ({ getValue }) => privacyLabel(getValue()) }),
      column.accessor('no_of_books', { header: t`Books`, cell: ({ getValue }) => formatNumber(getValue()) }),
      column.accessor('date_joined', { header: t`Date joined`, cell: ({ getValue }) => formatDate(getValue()) }),
      column.display({
        id: 'actions',
        header: () => (
          <span className="visually-hidden">
            <Trans>Actions</Trans>
          </span>
        ),
        cell: ({ row }) => {
          const s = row.original;
          const name = `${s.first_name} ${s.last_name}`;
          return !onServer(s) ? null : (
            <span className="roster-row-actions">
              <button
                type="button"
                className="button button-small button-secondary"
                aria-label={t`Edit ${name}`}
                onClick={() => setEditing(s)}
              >
                <Trans>Edit</Trans>
              </button>
              <button
                type="button"
                className="button button-small button-secondary"
                aria-label={t`Pin ${name}`}
                onClick={() => setPinning([s])}
              >
                <Trans>Pin</Trans>
              </button>
              <button
                type="button"
                className="button button-small button-secondary"
                aria-label={t`Download login card of ${name}`}
                onClick={() => void downloadCard(s)}
              >
                {t({ id: 'Card', message: 'Card' })}
              </button>
            </span>
          );
        },
      }),
    ],
    [showClass, classNames, profileLink, t, privacyLabel],
  );

  // The table gets one page of rows (or all of them, virtualised): with 2,000 students, building
  // row models for every student only to show 20 would cost more than the whole first render.
  const pageData = useMemo(
    () => (showAll ? rows : rows.slice(pagination.pageIndex * pagination.pageSize, (pagination.pageIndex + 1) * pagination.pageSize)),
    [rows, showAll, pagination],
  );
  const table = useReactTable({
    data: pageData,
    columns,
    getRowId: (s) => String(s.id),
    state: { rowSelection, pagination },
    manualPagination: true,
    // Always by name (one collator): no sort buttons in the header.
    enableSorting: false,
    rowCount: rows.length,
    onRowSelectionChange: setRowSelection,
    onPaginationChange: setPagination,
    getCoreRowModel: getCoreRowModel(),
    autoResetPageIndex: false,
  });

  const selected = useMemo(() => students.filter((s) => rowSelection[String(s.id)]), [students, rowSelection]);
  const actions: [BulkAction, string][] = [
    ['feature', t`Feature`],
    ['privacy', t`Privacy Preference`],
    ['pin', t`Pin`],
    filters.archived ? ['transfer', t`Transfer Students`] : ['archive', t`Archive`],
  ];
  const options: [string, string][] =
    action === 'feature'
      ? [
          ['yes', t`Yes`],
          ['no', t`No`],
        ]
      : action === 'privacy'
        ? PRIVACY_PREFERENCES.map((p) => [p, privacyLabel(p)])
        : action === 'pin'
          ? [['pin', t`Choose a duration…`]]
          : action === 'archive'
            ? [['archive', t`Archive selected students`]]
            : action === 'transfer'
              ? classes.map((c) => [String(c.id), c.name])
              : [];

  const applyBulk = async () => {
    if (!action || !option) return setBulkError(ROSTER_OWN_MSG.bulkNeedsAction);
    if (!selected.length) return setBulkError(ROSTER_OWN_MSG.bulkNeedsRows);
    setBulkError(null);
    if (action === 'pin') return setPinning(selected);
    const run = {
      feature: () => bulkFeature(selected, option === 'yes'),
      privacy: () => bulkPrivacy(selected, option as PrivacyPreference),
      archive: () => archiveStudents(selected),
      transfer: () =>
        transferStudents(
          selected,
          classes.find((c) => String(c.id) === option)!,
        ),
    }[action];
    const done = {
      feature: option === 'yes' ? ROSTER_OWN_MSG.featured : ROSTER_OWN_MSG.unfeatured,
      privacy: ROSTER_MSG.privacyUpdated,
      archive: ROSTER_OWN_MSG.archived,
      transfer: ROSTER_OWN_MSG.transferred,
    }[action];
    if (await withFeedback(run, done, t`The bulk action failed.`)) {
      setRowSelection({});
      setAction('');
      setOption('');
    }
  };

  const dateError = dateRangeError(filters);
  const pageNumber = formatNumber(pagination.pageIndex + 1);
  const pageCount = formatNumber(Math.max(table.getPageCount(), 1));
  const pageRows = table.getRowModel().rows;

  return (
    <div className="student-table">
      <div className="roster-filters" role="search">
        <div className="roster-field">
          <label htmlFor="student-search">
            <Trans>Search students</Trans>
          </label>
          <input id="student-search" type="search" value={filters.search} onChange={(e) => update({ search: e.target.value })} />
        </div>
        <div className="roster-field">
          <label htmlFor="filter-privacy">
            <Trans>Privacy</Trans>
          </label>
          <select
            id="filter-privacy"
            value={filters.privacy}
            onChange={(e) => update({ privacy: e.target.value as PrivacyPreference | '' })}
          >
            <option value="">{t`All`}</option>
            {PRIVACY_PREFERENCES.map((p) => (
              <option key={p} value={p}>
                {privacyLabel(p)}
              </option>
            ))}
          </select>
        </div>
        <div className="roster-field">
          <label htmlFor="filter-archived">
            <Trans>Students</Trans>
          </label>
          <select
            id="filter-archived"
            value={filters.archived ? 'archived' : 'current'}
            onChange={(e) => {
              update({ archived: e.target.value === 'archived' });
              setAction('');
              setOption('');
            }}
          >
            <option value="current">{t`Current`}</option>
            <option value="archived">{t`Archived`}</option>
          </select>
        </div>
        <div className="roster-field">
          <label htmlFor="filter-from">
            <Trans>Joined from</Trans>
          </label>
          <input
            id="filter-from"
            type="date"
            value={filters.from}
            aria-invalid={!!dateError}
            aria-describedby={dateError ? 'date-error' : undefined}
            onChange={(e) => update({ from: e.target.value })}
          />
        </div>
        <div className="roster-field">
          <label htmlFor="filter-to">
            <Trans>Joined to</Trans>
          </label>
          <input
            id="filter-to"
            type="date"
            value={filters.to}
            aria-invalid={!!dateError}
            onChange={(e) => update({ to: e.target.value })}
          />
        </div>
      </div>
      {dateError ? (
        <p className="roster-error" id="date-error" role="alert">
          {known(dateError)}
        </p>
      ) : null}

      <BulkBar
        look="roster"
        idOf={(name) => name}
        actions={actions}
        action={action}
        onAction={(next) => {
          setAction(next as BulkAction);
          setOption('');
          setBulkError(null);
        }}
        options={action ? options : undefined}
        option={option}
        onOption={setOption}
        onApply={() => void applyBulk()}
        selected={selected.length}
        error={bulkError && known(bulkError)}
      />

      {rows.length === 0 ? (
        <p className="roster-empty">{students.length === 0 ? known(ROSTER_MSG.emptyClass) : t`No students match these filters.`}</p>
      ) : showAll ? (
        <VirtualRows rows={pageRows} table={table} />
      ) : (
        <div className="roster-table-wrap">
          <table className="roster-table">
            <TableHead table={table} />
            <tbody>
              {pageRows.map((row) => (
                <StudentRow key={row.id} row={row} />
              ))}
            </tbody>
          </table>
        </div>
      )}

      <div className="roster-pager">
        {!showAll ? (
          <>
            <button
              type="button"
              className="button button-small button-secondary"
              disabled={!table.getCanPreviousPage()}
              onClick={() => table.previousPage()}
            >
              <Trans>Previous</Trans>
            </button>
            <span>
              <Trans>
                Page {pageNumber} of {pageCount} · <Plural value={rows.length} one="# student" other="# students" />
              </Trans>
            </span>
            <button
              type="button"
              className="button button-small button-secondary"
              disabled={!table.getCanNextPage()}
              onClick={() => table.nextPage()}
            >
              <Trans>Next</Trans>
            </button>
          </>
        ) : (
          <span>
            <Plural value={rows.length} one="# student" other="# students" />
          </span>
        )}
        <label className="roster-inline">
          <input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} /> <Trans>Show all</Trans>
        </label>
      </div>

      {editing ? <EditStudentDialog student={editing} onClose={() => setEditing(null)} /> : null}
      {pinning ? (
        <PinDialog
          who={
            pinning.length === 1
              ? `${pinning[0]!.first_name} ${pinning[0]!.last_name}`
              : t`${plural(pinning.length, { one: '# student', other: '# students' })}`
          }
          apply={(pin) => pinStudents(pinning, pin)}
          onClose={() => {
            setPinning(null);
            setRowSelection({});
          }}
        />
      ) : null}
    </div>
  );
}

type Table = ReturnType<typeof useReactTable<StudentRecord>>;

function StudentRow({ row }: { row: Row<StudentRecord> }) {
  return <TableRow row={row} className={row.original.pending ? 'is-pending' : undefined} />;
}

const ROW_HEIGHT = 48;

function VirtualRows({ rows, table }: { rows: Row<StudentRecord>[]; table: Table }) {
  const { t } = useLingui();
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtual.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtual.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div ref={scroller} className="roster-table-wrap roster-virtual" tabIndex={0} aria-label={t`All students`}>
      <table className="roster-table">
        <TableHead table={table} />
        <tbody>
          {before > 0 ? (
            <tr aria-hidden="true">
              <td style={{ height: before }} colSpan={99} />
            </tr>
          ) : null}
          {items.map((item) => (
            <StudentRow key={rows[item.index]!.id} row={rows[item.index]!} />
          ))}
          {after > 0 ? (
            <tr aria-hidden="true">
              <td style={{ height: after }} colSpan={99} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
