// The one admin list screen: renders any ListResource (./resource.ts). Search (once typing pauses
// for 500 ms), the declared filters, a from/to date filter (the from date cannot be after the to
// date), server-side sorting and pages of 20 on TanStack Table, selection with the declared bulk
// actions (each needs an action, an option and at least one selected row; one may ask for more in
// a dialog of its own), CSV export of every filtered row (streamed by the server), and, offline,
// the last page seen on this device.
import { useEffect, useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef as TableColumn,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { getFile, getJson } from '@/api/client';
import { useSessionUser } from '@/api/use-session';
import { ADMIN_PAGE_SIZE, type AdminPage } from '@/contract/admin';
import { ADMIN_MSG } from '@/contract/messages';
import { cachedPage, savePage } from '@/data/admin-pages';
import { TableHead, TableRow } from '@/ui/data-table';
import { toast } from '@/ui/toast';
import { useOnline } from '@/ui/use-online';
import { AdminLink } from './admin-link';
import type { ListResource, Option, Words } from './resource';
import { BulkBar } from '../bulk-bar';
import { sayOutcome } from './outcome';
import { useOptions } from './use-options';
import './admin.css';
import { formatDateTime, formatNumber } from '@/ui/format';
import { LoadFailed } from './load-failed';
import { useWords } from './words';

type Loaded<Row> =
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'ready'; page: AdminPage<Row>; savedAt: number | null; query: string };

const SEARCH_PAUSE_MS = 500;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The query string of the current filters (no paging): the list and its export share it. */
export function filterQuery(fixed: Record<string, string> | undefined, values: Record<string, string>): URLSearchParams {
  const q = new URLSearchParams(fixed);
  for (const [k, v] of Object.entries(values)) if (v) q.set(k, v);
  return q;
}

function FilterSelect({
  id,
  label,
  options,
  value,
  onChange,
}: {
  id: string;
  label: Words;
  options: readonly Option[] | (() => Promise<readonly Option[]>);
  value: string;
  onChange: (v: string) => void;
}) {
  const loaded = useOptions(options);
  const say = useWords();
  const { t } = useLingui();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{say(label)}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t`All`}</option>
        {loaded.map(([v, l]) => (
          <option key={v} value={v}>
            {say(l)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ResourceList<Row extends { id: number }>({
  resource,
  heading: Heading = 'h1',
}: {
  resource: ListResource<Row>;
  /** h2 when the list is a part of a page with its own title (a class's stories). */
  heading?: 'h1' | 'h2';
}) {
  const user = useSessionUser();
  const online = useOnline();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_PAUSE_MS);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sorting, setSorting] = useState<SortingState>([]);
  const [pageIndex, setPageIndex] = useState(0);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [action, setAction] = useState('');
  const [option, setOption] = useState('');
  const [bulkError, setBulkError] = useState<string | null>(null);
  const [dialogRows, setDialogRows] = useState<Row[] | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<Row>>({ status: 'loading' });
  const [exporting, setExporting] = useState(false);
  const say = useWords();
  const known = useKnown();
  const { t } = useLingui();

  const dateError = from && to && from > to ? ADMIN_MSG.dateRange : null;
  const visibleFilters = resource.filters.filter((f) => !f.roles || (user && f.roles.includes(user.role)));
  const sortColumn = resource.columns.find((c) => c.key === sorting[0]?.id);
  const ordering = sortColumn?.sort ? `${sorting[0]!.desc ? '-' : ''}${sortColumn.sort}` : resource.defaultSort;
  const [fromKey, toKey] = resource.dateKeys ?? ['date_from', 'date_to'];
  // A from date after the to date is refused (said under the fields); the rest still applies.
  const filterParams = filterQuery(resource.fixed, { ...filters, search: term, ...(dateError ? {} : { [fromKey]: from, [toKey]: to }) });
  const filterString = filterParams.toString();
  const query = `${filterString}${ordering ? `&ordering=${ordering}` : ''}&limit=${ADMIN_PAGE_SIZE}&offset=${pageIndex * ADMIN_PAGE_SIZE}`;

  useEffect(() => {
    let live = true;
    getJson<AdminPage<Row>>(`${resource.path}?${query}`).then(
      async (page) => {
        if (!live) return;
        setLoaded({ status: 'ready', page, savedAt: null, query });
        await savePage(resource.name, query, page).catch((err: unknown) => console.warn('the admin page was not kept offline', err));
      },
      async (err: unknown) => {
        const copy = await cachedPage(resource.name, query).catch(() => undefined);
        if (!live) return;
        if (copy)
          setLoaded({
            status: 'ready',
            page: { count: copy.count, results: copy.results as Row[] },
            savedAt: copy.saved_at,
            query: copy.key.slice(resource.name.length + 1),
          });
        else
          setLoaded({
            status: 'failed',
            error: !navigator.onLine ? ADMIN_MSG.offlineCopy : err instanceof Error ? err.message : String(err),
          });
      },
    );
    return () => {
      live = false;
    };
  }, [resource.path, resource.name, query, attempt]);

  const reset = () => {
    setPageIndex(0);
    setRowSelection({});
  };

  const columns = useMemo<TableColumn<Row>[]>(
    () => [
      {
        id: 'select',
        enableSorting: false,
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label={t`Select all rows on this page`}
            checked={table.getIsAllPageRowsSelected()}
            onChange={table.getToggleAllPageRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => {
          const name = resource.rowLabel(row.original);
          return (
            <input type="checkbox" aria-label={t`Select ${name}`} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />
          );
        },
      },
      ...resource.columns.map((col, i): TableColumn<Row> => ({
        id: col.key,
        // An accessor makes the column sortable in TanStack's eyes; the server does the sorting.
        accessorFn: (row) => (row as Record<string, unknown>)[col.key],
        header: say(col.header),
        enableSorting: Boolean(col.sort),
        cell: ({ row }) => {
          const content = col.cell ? col.cell(row.original) : String((row.original as Record<string, unknown>)[col.key] ?? '—');
          return i === 0 && resource.rowHref ? <AdminLink href={resource.rowHref(row.original)}>{content}</AdminLink> : content;
        },
      })),
    ],
    [resource, say, t],
  );

  const page = loaded.status === 'ready' ? loaded.page : { count: 0, results: [] as Row[] };
  const table = useReactTable({
    data: page.results,
    columns,
    getRowId: (r) => String(r.id),
    state: { sorting, rowSelection, pagination: { pageIndex, pageSize: ADMIN_PAGE_SIZE } },
    manualPagination: true,
    manualSorting: true,
    enableMultiSort: false,
    rowCount: page.count,
    onSortingChange: (next) => {
      setSorting(next);
      reset();
    },
    onRowSelectionChange: setRowSelection,
    getCoreRowModel: getCoreRowModel(),
  });

  const bulk = resource.bulkActions ?? [];
  const chosen = bulk.find((b) => b.key === action);
  const selected = page.results.filter((r) => rowSelection[String(r.id)]);

  /** After a bulk change: nothing selected or chosen, and the page loads again. */
  const bulkDone = () => {
    setRowSelection({});
    setAction('');
    setOption('');
    setAttempt((n) => n + 1);
  };

  const applyBulk = async () => {
    if (!chosen || !option) return setBulkError(ADMIN_MSG.bulkNeedsAction);
    if (!selected.length) return setBulkError(resource.noRowsSelected ? say(resource.noRowsSelected) : ADMIN_MSG.bulkNeedsRows);
    setBulkError(null);
    if ('dialog' in chosen) return setDialogRows(selected);
    const outcome = await chosen
      .run(selected, option)
      .catch((err: unknown) => ({ status: 'failed' as const, message: err instanceof Error ? err.message : String(err) }));
    const done = say(typeof chosen.done === 'function' ? chosen.done(option) : chosen.done);
    if (sayOutcome(outcome, done, done)) bulkDone();
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await getFile(`${resource.path}export/?${filterString}`);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${resource.name}.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      console.warn('export failed', err);
      toast('error', ADMIN_MSG.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  const pages = Math.max(1, Math.ceil(page.count / ADMIN_PAGE_SIZE));
  const id = (part: string) => `${resource.name}-${part}`;
  const title = say(resource.title);
  const dateLabel = resource.dateLabel ? say(resource.dateLabel) : '';
  const pageNumber = formatNumber(pageIndex + 1);
  const pageCount = formatNumber(pages);
  const total = formatNumber(page.count);

  return (
    <section className="admin-page" aria-labelledby={id('title')}>
      <div className="admin-head">
        <Heading id={id('title')}>{title}</Heading>
        <div className="admin-head-actions">
          {resource.csvExport === false ? null : (
            <button
              type="button"
              className="button button-small button-secondary"
              disabled={!online || exporting}
              onClick={() => void exportCsv()}
            >
              {exporting ? t`Exporting…` : t`Export CSV`}
            </button>
          )}
          {resource.create ? (
            <AdminLink className="button button-small" href={resource.create.href}>
              {say(resource.create.label)}
            </AdminLink>
          ) : null}
        </div>
      </div>

      <div className="admin-filters" role="search">
        <div className="admin-field admin-field-wide">
          <label htmlFor={id('search')}>{say(resource.searchLabel)}</label>
          <input
            id={id('search')}
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              reset();
            }}
          />
        </div>
        {visibleFilters.map((f) => (
          <FilterSelect
            key={f.key}
            id={id(`filter-${f.key}`)}
            label={f.label}
            options={f.options}
            value={filters[f.key] ?? ''}
            onChange={(v) => {
              setFilters((old) => ({ ...old, [f.key]: v }));
              reset();
            }}
          />
        ))}
        {dateLabel ? (
          <>
            <div className="admin-field">
              <label htmlFor={id('from')}>{t`${dateLabel} from`}</label>
              <input
                id={id('from')}
                type="date"
                value={from}
                aria-invalid={!!dateError}
                aria-describedby={dateError ? id('date-error') : undefined}
                onChange={(e) => (setFrom(e.target.value), reset())}
              />
            </div>
            <div className="admin-field">
              <label htmlFor={id('to')}>{t`${dateLabel} to`}</label>
              <input
                id={id('to')}
                type="date"
                value={to}
                aria-invalid={!!dateError}
                aria-describedby={dateError ? id('date-error') : undefined}
                onChange={(e) => (setTo(e.target.value), reset())}
              />
            </div>
          </>
        ) : null}
      </div>
      {dateError ? (
        <p className="admin-error" id={id('date-error')} role="alert">
          {known(dateError)}
        </p>
      ) : null}

      {bulk.length ? (
        <BulkBar
          look="admin"
          idOf={id}
          actions={bulk.map((b) => [b.key, say(b.label)] as const)}
          action={action}
          onAction={(next) => {
            setAction(next);
            setOption('');
            setBulkError(null);
          }}
          options={chosen?.options.map(([value, label]) => [value, say(label)] as const)}
          option={option}
          onOption={setOption}
          onApply={() => void applyBulk()}
          selected={selected.length}
          error={bulkError && known(bulkError)}
        />
      ) : null}
      {dialogRows && chosen && 'dialog' in chosen
        ? chosen.dialog(dialogRows, () => {
            setDialogRows(null);
            bulkDone();
          })
        : null}

      {loaded.status === 'ready' && loaded.savedAt !== null ? (
        <p className="admin-notice" role="status">
          {known(ADMIN_MSG.offlineCopy)} ({formatDateTime(loaded.savedAt)})
        </p>
      ) : null}

      {loaded.status === 'loading' ? (
        <p className="admin-muted" role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : loaded.status === 'failed' ? (
        <LoadFailed error={loaded.error} onRetry={() => setAttempt((n) => n + 1)} />
      ) : page.results.length === 0 ? (
        <p className="admin-empty">{known(ADMIN_MSG.noRows)}</p>
      ) : (
        // A table still wider than a narrow screen scrolls sideways: its box takes the keyboard's arrows.
        <div className="admin-table-wrap" role="region" aria-label={t`${title} table`} tabIndex={0}>
          <table className="admin-table">
            <caption className="visually-hidden">{title}</caption>
            <TableHead table={table} />
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <TableRow key={row.id} row={row} />
              ))}
            </tbody>
          </table>
        </div>
      )}

      <nav className="admin-pager" aria-label={t`${title} pages`}>
        <button
          type="button"
          className="button button-small button-secondary"
          disabled={pageIndex === 0}
          onClick={() => (setPageIndex((p) => p - 1), setRowSelection({}))}
        >
          <Trans>Previous</Trans>
        </button>
        <span>
          <Trans>
            Page {pageNumber} of {pageCount} · {total} in all
          </Trans>
        </span>
        <button
          type="button"
          className="button button-small button-secondary"
          disabled={pageIndex + 1 >= pages}
          onClick={() => (setPageIndex((p) => p + 1), setRowSelection({}))}
        >
          <Trans>Next</Trans>
        </button>
      </nav>
    </section>
  );
}
