// Charities and donations, declared once for both admin areas (see CONTEXT.md): the platform
// panel (every charity, /api-super-admin/...) and the school area (the school's own causes,
// /api-admin/...). The app passes the platform's tenant filter in (features never import each
// other). Writes go through the outbox (queueAdminWrite).
import { api } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import type { components } from '@/api/schema';
import { CHARITY_MSG, CharityForm, fromCents } from '@/contract/charity-admin';
import { CHARITY_STATUSES, ORDER_STATUSES } from '@/contract/domain';
import { AdminLink } from '@/ui/admin/admin-link';
import type { DashboardResource } from '@/ui/admin/dashboard';
import { sayOutcome } from '@/ui/admin/outcome';
import type { FilterDef, FormResource, ListResource, Option } from '@/ui/admin/resource';
import type { ShowResource } from '@/ui/admin/resource-show';
import { queueAdminWrite } from '@/ui/admin/write';
import { formatDate, formatNumber, formatPrice } from '@/ui/format';

export type AdminCharity = components['schemas']['AdminCharity'];
type CharityDetail = components['schemas']['AdminCharityDetail'];
export type AdminDonation = components['schemas']['AdminDonation'];
type Stats = components['schemas']['CharityStats'];

/** Where each area's charity screens and endpoints live. */
export interface CharityArea {
  kind: 'platform' | 'school';
  /** The area's base path: /admin-panel or /admin-school. */
  base: string;
  list: string;
  form: string;
  details: string;
  api: '/api-super-admin/charities/' | '/api-admin/charities/';
  donations: '/api-super-admin/donations/' | '/api-admin/donations/';
}

export const PLATFORM_AREA: CharityArea = {
  kind: 'platform',
  base: '/admin-panel',
  list: '/admin-panel/all-charities',
  form: '/admin-panel/charity',
  details: '/admin-panel/charity-details-view',
  api: '/api-super-admin/charities/',
  donations: '/api-super-admin/donations/',
};

export const SCHOOL_AREA: CharityArea = {
  kind: 'school',
  base: '/admin-school',
  list: '/admin-school/charities',
  form: '/admin-school/addcharities',
  details: '/admin-school/charity-details-view',
  api: '/api-admin/charities/',
  donations: '/api-admin/donations/',
};

const STATUS_NAMES: Record<(typeof CHARITY_STATUSES)[number], string> = { published: 'Published', draft: 'Draft', archived: 'Archived' };
const STATUS_OPTIONS: readonly Option[] = CHARITY_STATUSES.map((s) => [s, STATUS_NAMES[s]]);
const words = (values: readonly string[]): Option[] => values.map((v) => [v, v.replace(/^./, (c) => c.toUpperCase())]);
const day = (iso: string) => formatDate(iso);
const money = (cents: number) => formatPrice(cents);
const progress = (c: { raised_cents: number; goal_cents: number }) =>
  c.goal_cents > 0
    ? `${money(c.raised_cents)} of ${money(c.goal_cents)} (${Math.min(100, Math.round((c.raised_cents / c.goal_cents) * 100))}%)`
    : money(c.raised_cents);

/** The area's charities, by name, for the donations filter (loaded when the filter shows). */
function charityOptions(area: CharityArea) {
  let found: Promise<readonly Option[]> | null = null;
  return () => {
    found ??= unwrap(api.GET(area.api, { params: { query: { limit: 100, ordering: 'name' } } })).then(
      (page) => page.results.map((c) => [String(c.id), c.name] as const),
      (err: unknown) => {
        found = null;
        throw err;
      },
    );
    return found;
  };
}

export function charityList(area: CharityArea, extraFilters: FilterDef[] = []): ListResource<AdminCharity> {
  const school = area.kind === 'school';
  return {
    name: school ? 'school-charities' : 'charities',
    title: school ? 'Charity causes' : 'Charities',
    path: area.api,
    searchLabel: 'Search by name or description',
    dateLabel: 'Added',
    defaultSort: '-created_at',
    columns: [
      { key: 'name', header: 'Name', sort: 'name' },
      { key: 'status', header: 'Status', sort: 'status', cell: (c) => STATUS_NAMES[c.status] },
      { key: 'raised', header: 'Raised', cell: progress },
      { key: 'donations', header: 'Donations', cell: (c) => formatNumber(c.donations) },
      ...(school ? [] : [{ key: 'tenant_name', header: 'Tenant', cell: (c: AdminCharity) => c.tenant_name ?? 'Platform' }]),
      { key: 'creator_name', header: 'Added by', cell: (c) => c.creator_name ?? '—' },
      { key: 'created_at', header: 'Added', sort: 'created_at', cell: (c) => day(c.created_at) },
    ],
    filters: [
      { key: 'status', label: 'Status', options: STATUS_OPTIONS },
      ...(school
        ? []
        : [
            {
              key: 'owner',
              label: 'Owner',
              options: [
                ['platform', 'Platform charities'],
                ['schools', 'School causes'],
              ] as const,
            },
          ]),
      ...extraFilters,
    ],
    bulkActions: [
      {
        key: 'status',
        label: 'Change status',
        options: STATUS_OPTIONS,
        // One change per charity: a school cause another admin added is refused for it alone.
        run: async (rows, status) => {
          for (const row of rows) {
            const outcome = await saveCharity(area)(row.id, { status });
            if (outcome.status === 'failed') return outcome;
          }
          return { status: 'sent' };
        },
        done: CHARITY_MSG.updated,
      },
    ],
    rowHref: (c) => `${area.details}/${c.id}`,
    rowLabel: (c) => c.name,
    create: { href: area.form, label: school ? 'Add charity cause' : 'Add charity' },
  };
}

const saveCharity = (area: CharityArea) => (id: number | null, changed: Record<string, string | File>) => {
  const body: Record<string, string> = {};
  for (const [k, v] of Object.entries(changed)) if (typeof v === 'string') body[k] = v;
  return queueAdminWrite({
    resource: area.kind === 'school' ? 'school-charities' : 'charities',
    ids: id === null ? [] : [id],
    patch: body,
    kind: id === null ? 'admin-charity-create' : 'admin-charity-update',
    label: id === null ? `Add charity ${body.name ?? ''}` : `Update charity ${id}`,
    method: id === null ? 'POST' : 'PATCH',
    path: id === null ? area.api : `${area.api}${id}/`,
    body,
  });
};

const loadCharity = (area: CharityArea, id: number) => unwrap(api.GET(`${area.api}{id}/`, { params: { path: { id } } }));

export function charityForm(area: CharityArea): FormResource<typeof CharityForm> {
  const school = area.kind === 'school';
  return {
    name: school ? 'school-charity' : 'charity',
    titles: school ? { create: 'Add charity cause', edit: 'Edit charity cause' } : { create: 'Add charity', edit: 'Edit charity' },
    schema: CharityForm,
    fields: [
      { name: 'name', label: 'Name', kind: 'text', autoComplete: 'off' },
      { name: 'description', label: 'Description', kind: 'textarea', rows: 5 },
      { name: 'goal', label: 'Goal (USD, optional)', kind: 'text', autoComplete: 'off' },
      { name: 'status', label: 'Status', kind: 'select', options: STATUS_OPTIONS, placeholder: 'Choose a status' },
    ],
    blank: { name: '', description: '', goal: '', status: 'draft' },
    load: async (id) => {
      const c = await loadCharity(area, id);
      return { name: c.name, description: c.description, goal: c.goal_cents ? fromCents(c.goal_cents) : '', status: c.status };
    },
    save: saveCharity(area),
    messages: { created: CHARITY_MSG.created, updated: CHARITY_MSG.updated, failed: CHARITY_MSG.failed },
    back: area.list,
  };
}

export function charityDetails(area: CharityArea): ShowResource<CharityDetail> {
  return {
    title: (c) => c.name,
    load: (id) => loadCharity(area, id),
    facts: (c) => [
      ['Status', STATUS_NAMES[c.status]],
      ['Raised', progress(c)],
      ['Donations', formatNumber(c.donations)],
      ['Description', c.description || '—'],
      [
        'Address',
        c.status === 'published' ? (
          <a href={`/charities/${c.slug}`}>/charities/{c.slug}</a>
        ) : (
          `/charities/${c.slug} (not public until published)`
        ),
      ],
      ...(area.kind === 'platform' ? [['Tenant', c.tenant_name ?? 'Platform (every site)'] as [string, string]] : []),
      ['Added by', c.creator_name ?? '—'],
      ['Added', day(c.created_at)],
      ...(c.can_edit ? [] : [['Editing', CHARITY_MSG.notCreator] as [string, string]]),
    ],
    actions: (c, reload) =>
      c.can_edit ? (
        <>
          <AdminLink className="button button-small" href={`${area.form}/${c.id}`}>
            Edit
          </AdminLink>
          <button
            type="button"
            className="button button-small button-secondary"
            onClick={() => {
              const archive = c.status !== 'archived';
              void saveCharity(area)(c.id, { status: archive ? 'archived' : 'draft' }).then((outcome) => {
                if (sayOutcome(outcome, archive ? CHARITY_MSG.archived : CHARITY_MSG.updated, CHARITY_MSG.failed)) reload();
              });
            }}
          >
            {c.status === 'archived' ? 'Restore as draft' : 'Archive'}
          </button>
          {c.donations === 0 && c.raised_cents === 0 ? (
            <button
              type="button"
              className="button button-small button-secondary"
              onClick={() => {
                if (!window.confirm(`Delete ${c.name}? This cannot be undone.`)) return;
                void queueAdminWrite({
                  resource: area.kind === 'school' ? 'school-charities' : 'charities',
                  ids: [c.id],
                  patch: { status: 'archived' },
                  kind: 'admin-charity-delete',
                  label: `Delete charity ${c.name}`,
                  method: 'DELETE',
                  path: `${area.api}${c.id}/`,
                  body: {},
                }).then((outcome) => {
                  if (sayOutcome(outcome, CHARITY_MSG.deleted, CHARITY_MSG.failed)) window.history.back();
                });
              }}
            >
              Delete
            </button>
          ) : null}
        </>
      ) : null,
    back: { href: area.list, label: area.kind === 'school' ? 'All charity causes' : 'All charities' },
  };
}

export function donationList(area: CharityArea, extraFilters: FilterDef[] = []): ListResource<AdminDonation> {
  return {
    name: area.kind === 'school' ? 'school-donations' : 'donations',
    title: 'Donations',
    path: area.donations,
    searchLabel: 'Search by donor, email or charity',
    dateLabel: 'Donated',
    defaultSort: '-created_at',
    columns: [
      {
        key: 'id',
        header: 'Order',
        cell: (d) => (area.kind === 'platform' ? <AdminLink href={`/admin-panel/orders?id=${d.id}`}>#{d.id}</AdminLink> : `#${d.id}`),
      },
      { key: 'charity_name', header: 'Charity', cell: (d) => d.charity_name ?? '—' },
      { key: 'donor', header: 'Donor', cell: (d) => d.donor ?? d.email ?? 'Guest' },
      { key: 'amount_cents', header: 'Amount', sort: 'amount_cents', cell: (d) => formatPrice(d.amount_cents, d.currency) },
      {
        key: 'refunded_cents',
        header: 'Refunded',
        cell: (d) =>
          d.refunded_cents === 0
            ? '—'
            : d.refunded_cents >= d.amount_cents
              ? 'Refunded in full'
              : formatPrice(d.refunded_cents, d.currency),
      },
      { key: 'status', header: 'Status', sort: 'status' },
      ...(area.kind === 'platform'
        ? [{ key: 'tenant_name', header: 'Site', cell: (d: AdminDonation) => d.tenant_name ?? 'Platform' }]
        : []),
      { key: 'created_at', header: 'Donated', sort: 'created_at', cell: (d) => day(d.created_at) },
    ],
    filters: [
      { key: 'status', label: 'Status', options: words(ORDER_STATUSES) },
      { key: 'charity_id', label: 'Charity', options: charityOptions(area) },
      {
        key: 'refunded',
        label: 'Refunds',
        options: [
          ['yes', 'Refunded'],
          ['no', 'Not refunded'],
        ],
      },
      ...extraFilters,
    ],
    rowLabel: (d) => `donation ${d.id}`,
  };
}

export const charitiesDashboard: DashboardResource<Stats> = {
  title: 'Charities dashboard',
  key: 'charity-stats',
  load: () => unwrap(api.GET('/api-super-admin/charity-stats/')),
  cards: (s) => [
    ['Charities', formatNumber(s.charities)],
    ['Published', formatNumber(s.by_status.published ?? 0)],
    ['Draft', formatNumber(s.by_status.draft ?? 0)],
    ['Archived', formatNumber(s.by_status.archived ?? 0)],
    ['Raised (less refunds)', money(s.raised_cents)],
    ['Refunded', money(s.refunded_cents)],
    ['Donations', formatNumber(s.donations)],
    ...s.top.slice(0, 3).map((t, i): [string, string] => [`Top ${i + 1}: ${t.name}`, progress(t)]),
  ],
  charts: (s) => [
    {
      title: 'Raised per month',
      labels: s.months.map((m) => m.month),
      format: money,
      series: [{ label: 'Raised', values: s.months.map((m) => m.raised_cents), color: '#B4124F' }],
    },
    {
      title: 'Donations per month',
      labels: s.months.map((m) => m.month),
      series: [{ label: 'Donations', values: s.months.map((m) => m.donations), color: '#11365A' }],
    },
  ],
};
