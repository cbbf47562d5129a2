// Charities and donations, declared once for both admin areas (see CONTEXT.md): the platform
// panel (every charity, /api-super-admin/...) and the school area (the school's own causes,
// /api-admin/...). The app passes the platform's tenant filter in (features never import each
// other). Writes go through the outbox (queueAdminWrite).
import { i18n } from '@/i18n/i18n';
import type { MessageDescriptor } from '@lingui/core';
import { Trans } from '@lingui/react/macro';
import { msg, t } from '@lingui/core/macro';
import { api } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import type { components } from '@/api/schema';
import { CHARITY_MSG, CharityForm, fromCents } from '@/contract/charity-admin';
import { CHARITY_STATUSES } from '@/contract/domain';
import { AdminLink } from '@/ui/admin/admin-link';
import type { DashboardResource } from '@/ui/admin/dashboard';
import { sayOutcome } from '@/ui/admin/outcome';
import type { FilterDef, FormResource, ListResource, Option } from '@/ui/admin/resource';
import type { ShowResource } from '@/ui/admin/resource-show';
import { queueAdminWrite } from '@/ui/admin/write';
import { formatDate, formatNumber, formatPrice } from '@/ui/format';
import { nameOf, optionsOf, ORDER_STATUS_NAMES } from '@/ui/value-names';

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

const STATUS_NAMES: Record<(typeof CHARITY_STATUSES)[number], MessageDescriptor> = {
  published: msg`Published`,
  draft: msg`Draft`,
  archived: msg`Archived`,
};
const STATUS_OPTIONS: readonly Option[] = CHARITY_STATUSES.map((s) => [s, STATUS_NAMES[s]]);
const addLabel = (name: string) => t`Add charity ${name}`;
const updateLabel = (id: number) => t`Update charity ${id}`;
const deleteLabel = (name: string) => t`Delete charity ${name}`;
const confirmDelete = (name: string) => t`Delete ${name}? This cannot be undone.`;
const notPublic = (slug: string) => t`/charities/${slug} (not public until published)`;
const topLabel = (rank: number, name: string) => msg`Top ${rank}: ${name}`;
const day = (iso: string) => formatDate(iso);
const money = (cents: number) => formatPrice(cents);
function progress(c: { raised_cents: number; goal_cents: number }): string {
  if (c.goal_cents <= 0) return money(c.raised_cents);
  const raised = money(c.raised_cents);
  const goal = money(c.goal_cents);
  const percent = Math.min(100, Math.round((c.raised_cents / c.goal_cents) * 100));
  return t`${raised} of ${goal} (${percent}%)`;
}

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
    title: school ? msg`Charity causes` : msg`Charities`,
    path: area.api,
    searchLabel: msg`Search by name or description`,
    dateLabel: msg`Added`,
    defaultSort: '-created_at',
    columns: [
      { key: 'name', header: msg`Name`, sort: 'name' },
      { key: 'status', header: msg`Status`, sort: 'status', cell: (c) => i18n._(STATUS_NAMES[c.status]) },
      { key: 'raised', header: msg`Raised`, cell: progress },
      { key: 'donations', header: msg`Donations`, cell: (c) => formatNumber(c.donations) },
      ...(school ? [] : [{ key: 'tenant_name', header: msg`Tenant`, cell: (c: AdminCharity) => c.tenant_name ?? t`Platform` }]),
      { key: 'creator_name', header: msg`Added by`, cell: (c) => c.creator_name ?? '—' },
      { key: 'created_at', header: msg`Added`, sort: 'created_at', cell: (c) => day(c.created_at) },
    ],
    filters: [
      { key: 'status', label: msg`Status`, options: STATUS_OPTIONS },
      ...(school
        ? []
        : [
            {
              key: 'owner',
              label: msg`Owner`,
              options: [
                ['platform', msg`Platform charities`],
                ['schools', msg`School causes`],
              ] as const,
            },
          ]),
      ...extraFilters,
    ],
    bulkActions: [
      {
        key: 'status',
        label: msg`Change status`,
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
    create: { href: area.form, label: school ? msg`Add charity cause` : msg`Add charity` },
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
    label: id === null ? addLabel(String(body.name ?? '')) : updateLabel(id),
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
    titles: school
      ? { create: msg`Add charity cause`, edit: msg`Edit charity cause` }
      : { create: msg`Add charity`, edit: msg`Edit charity` },
    schema: CharityForm,
    fields: [
      { name: 'name', label: msg`Name`, kind: 'text', autoComplete: 'off' },
      { name: 'description', label: msg`Description`, kind: 'textarea', rows: 5 },
      { name: 'goal', label: msg`Goal (USD, optional)`, kind: 'text', autoComplete: 'off' },
      { name: 'status', label: msg`Status`, kind: 'select', options: STATUS_OPTIONS, placeholder: msg`Choose a status` },
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
      [msg`Status`, i18n._(STATUS_NAMES[c.status])],
      [msg`Raised`, progress(c)],
      [msg`Donations`, formatNumber(c.donations)],
      [msg`Description`, c.description || '—'],
      [msg`Address`, c.status === 'published' ? <a href={`/charities/${c.slug}`}>/charities/{c.slug}</a> : notPublic(c.slug)],
      ...(area.kind === 'platform' ? [[t`Tenant`, c.tenant_name ?? t`Platform (every site)`] as [string, string]] : []),
      [msg`Added by`, c.creator_name ?? '—'],
      [msg`Added`, day(c.created_at)],
      ...(c.can_edit ? [] : [[t`Editing`, CHARITY_MSG.notCreator] as [string, string]]),
    ],
    actions: (c, reload) =>
      c.can_edit ? (
        <>
          <AdminLink className="button button-small" href={`${area.form}/${c.id}`}>
            <Trans>Edit</Trans>
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
            {c.status === 'archived' ? t`Restore as draft` : t`Archive`}
          </button>
          {c.donations === 0 && c.raised_cents === 0 ? (
            <button
              type="button"
              className="button button-small button-secondary"
              onClick={() => {
                if (!window.confirm(confirmDelete(c.name))) return;
                void queueAdminWrite({
                  resource: area.kind === 'school' ? 'school-charities' : 'charities',
                  ids: [c.id],
                  patch: { status: 'archived' },
                  kind: 'admin-charity-delete',
                  label: deleteLabel(c.name),
                  method: 'DELETE',
                  path: `${area.api}${c.id}/`,
                  body: {},
                }).then((outcome) => {
                  if (sayOutcome(outcome, CHARITY_MSG.deleted, CHARITY_MSG.failed)) window.history.back();
                });
              }}
            >
              <Trans>Delete</Trans>
            </button>
          ) : null}
        </>
      ) : null,
    back: { href: area.list, label: area.kind === 'school' ? msg`All charity causes` : msg`All charities` },
  };
}

export function donationList(area: CharityArea, extraFilters: FilterDef[] = []): ListResource<AdminDonation> {
  return {
    name: area.kind === 'school' ? 'school-donations' : 'donations',
    title: msg`Donations`,
    path: area.donations,
    searchLabel: msg`Search by donor, email or charity`,
    dateLabel: msg`Donated`,
    defaultSort: '-created_at',
    columns: [
      {
        key: 'id',
        header: msg`Order`,
        cell: (d) => (area.kind === 'platform' ? <AdminLink href={`/admin-panel/orders?id=${d.id}`}>#{d.id}</AdminLink> : `#${d.id}`),
      },
      { key: 'charity_name', header: msg`Charity`, cell: (d) => d.charity_name ?? '—' },
      { key: 'donor', header: msg`Donor`, cell: (d) => d.donor ?? d.email ?? t`Guest` },
      { key: 'amount_cents', header: msg`Amount`, sort: 'amount_cents', cell: (d) => formatPrice(d.amount_cents, d.currency) },
      {
        key: 'refunded_cents',
        header: msg`Refunded`,
        cell: (d) =>
          d.refunded_cents === 0
            ? '—'
            : d.refunded_cents >= d.amount_cents
              ? t`Refunded in full`
              : formatPrice(d.refunded_cents, d.currency),
      },
      { key: 'status', header: msg`Status`, sort: 'status', cell: (d) => nameOf(ORDER_STATUS_NAMES, d.status) },
      ...(area.kind === 'platform'
        ? [{ key: 'tenant_name', header: msg`Site`, cell: (d: AdminDonation) => d.tenant_name ?? t`Platform` }]
        : []),
      { key: 'created_at', header: msg`Donated`, sort: 'created_at', cell: (d) => day(d.created_at) },
    ],
    filters: [
      { key: 'status', label: msg`Status`, options: optionsOf(ORDER_STATUS_NAMES) },
      { key: 'charity_id', label: msg`Charity`, options: charityOptions(area) },
      {
        key: 'refunded',
        label: msg`Refunds`,
        options: [
          ['yes', msg`Refunded`],
          ['no', msg`Not refunded`],
        ],
      },
      ...extraFilters,
    ],
    rowLabel: ({ id }) => t`donation ${id}`,
  };
}

export const charitiesDashboard: DashboardResource<Stats> = {
  title: msg`Charities dashboard`,
  key: 'charity-stats',
  load: () => unwrap(api.GET('/api-super-admin/charity-stats/')),
  cards: (s) => [
    [msg`Charities`, formatNumber(s.charities)],
    [msg`Published`, formatNumber(s.by_status.published ?? 0)],
    [msg`Draft`, formatNumber(s.by_status.draft ?? 0)],
    [msg`Archived`, formatNumber(s.by_status.archived ?? 0)],
    [msg`Raised (less refunds)`, money(s.raised_cents)],
    [msg`Refunded`, money(s.refunded_cents)],
    [msg`Donations`, formatNumber(s.donations)],
    ...s.top.slice(0, 3).map((c, i): [MessageDescriptor, string] => [topLabel(i + 1, c.name), progress(c)]),
  ],
  charts: (s) => [
    {
      title: msg`Raised per month`,
      labels: s.months.map((m) => m.month),
      format: money,
      series: [{ label: msg`Raised`, values: s.months.map((m) => m.raised_cents), color: '#B4124F' }],
    },
    {
      title: msg`Donations per month`,
      labels: s.months.map((m) => m.month),
      series: [{ label: msg`Donations`, values: s.months.map((m) => m.donations), color: '#11365A' }],
    },
  ],
};
