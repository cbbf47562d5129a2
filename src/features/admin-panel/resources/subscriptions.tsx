// Modes and subscriptions of the platform panel, declared once: modes (create, edit, lock,
// activate, reorder as bulk actions), subscription-plan (the modes each unlocks; archive or
// delete), subscription-variant (monthly or yearly, price, currency, seats) and
// subscription-details (each school's or organization's subscription, its charges with their
// invoices, cancel at period end or resume). Every write goes through the outbox.
import { i18n } from '@/i18n/i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { api } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import type { components } from '@/api/schema';
import type { MODE_STATUSES } from '@/contract/subscriptions';
import { CURRENCIES, ModeForm, PlanForm, SUBS_MSG, VariantForm } from '@/contract/subscriptions';
import type { BulkActionDef, FormResource, ListResource, Option, SaveOutcome } from '@/ui/admin/resource';
import type { ShowResource } from '@/ui/admin/resource-show';
import { queueAdminWrite } from '@/ui/admin/write';
import { nameOf, optionsOf, providerName, SUBSCRIPTION_STATUS_NAMES } from '@/ui/value-names';
import { formatPrice } from '@/ui/format';
import { day, ONLY_PLATFORM_ADMIN, tenantOptions } from './shared';

export type AdminMode = components['schemas']['AdminMode'];
export type AdminPlan = components['schemas']['AdminPlan'];
export type AdminVariant = components['schemas']['AdminVariant'];
export type Subscription = components['schemas']['Subscription'];
type SubscriptionDetail = components['schemas']['SubscriptionDetail'];

const yesNo = (v: boolean) => (v ? t`Yes` : t`No`);
const YES_NO: readonly Option[] = [
  ['true', msg`Yes`],
  ['false', msg`No`],
];
const INTERVALS: readonly Option[] = [
  ['month', msg`Monthly`],
  ['year', msg`Yearly`],
];
const MODE_STATUS_NAMES: Record<(typeof MODE_STATUSES)[number], MessageDescriptor> = { ACTIVE: msg`Active`, INACTIVE: msg`Inactive` };

/** A record's write, through the outbox (a new one has no id yet). */
function write(
  resource: string,
  id: number | null,
  path: string,
  body: Record<string, unknown>,
  label: string,
  method?: 'POST' | 'PATCH' | 'DELETE',
): Promise<SaveOutcome> {
  return queueAdminWrite({
    resource,
    ids: id === null ? [] : [id],
    patch: body,
    kind: `admin-${resource}-${id === null ? 'create' : 'update'}`,
    label,
    method: method ?? (id === null ? 'POST' : 'PATCH'),
    path: id === null ? path : `${path}${id}/`,
    body,
  });
}

const offerLabel = (option: string, name: string) => (option === 'restore' ? t`Offer ${name}` : t`Archive ${name}`);
const addLabel = (kind: 'mode' | 'plan', name: string) => (kind === 'mode' ? t`Add mode ${name}` : t`Add plan ${name}`);
const billing = (interval: string, seats: string) => (interval === 'month' ? t`Monthly, ${seats} seats` : t`Yearly, ${seats} seats`);
const deletePlanLabel = (name: string) => t`Delete plan ${name}`;
const period = (from: string, to: string) => t`${from} to ${to}`;
const invoice = (number: string) => t`Invoice INV-${number}`;
const cancelLabel = (resume: boolean, id: number) => (resume ? t`Resume subscription ${id}` : t`Cancel subscription ${id}`);

/** Archive (no new subscribers) or offer again: the same bulk action for plans and variants. */
function offerAction<T extends { id: number }>(
  resource: string,
  path: string,
  named: (row: T) => string,
  done: MessageDescriptor,
): BulkActionDef<T> {
  return {
    key: 'offer',
    label: msg`Offer`,
    options: [
      ['archive', msg`Archive (no new subscribers)`],
      ['restore', msg`Offer again`],
    ],
    run: async (rows, option) => {
      for (const row of rows) {
        const outcome = await write(
          resource,
          row.id,
          path,
          { active: option === 'restore' ? 'true' : 'false' },
          offerLabel(option, named(row)),
        );
        if (outcome.status === 'failed') return outcome;
      }
      return { status: 'sent' };
    },
    done,
  };
}

// ---- Modes -------------------------------------------------------------------------------

const MODES = '/admin-panel/modes';
const modeBulk = (
  key: string,
  label: MessageDescriptor,
  options: readonly Option[],
  path: string,
  body: (ids: number[], option: string) => Record<string, unknown>,
  done: MessageDescriptor,
): BulkActionDef<AdminMode> => ({
  key,
  label,
  options,
  run: (rows, option) =>
    queueAdminWrite({
      resource: 'modes',
      ids: rows.map((r) => r.id),
      patch:
        option === 'lock'
          ? { locked: true }
          : option === 'unlock'
            ? { locked: false }
            : option === 'activate'
              ? { active: true, status: 'ACTIVE' }
              : option === 'deactivate'
                ? { active: false, status: 'INACTIVE' }
                : {},
      kind: `admin-modes-${key}`,
      label: `${label}: ${option} (${rows.length})`,
      method: 'POST',
      path,
      body: body(
        rows.map((r) => r.id),
        option,
      ),
    }),
  done,
});

export const modesList: ListResource<AdminMode> = {
  name: 'modes',
  title: msg`Modes`,
  path: '/api-super-admin/modes/',
  searchLabel: msg`Search by name`,
  dateLabel: msg`Added`,
  defaultSort: 'sort_order',
  columns: [
    { key: 'sort_order', header: msg`Position`, sort: 'sort_order', cell: (m) => m.sort_order + 1 },
    { key: 'name', header: msg`Name`, sort: 'name' },
    { key: 'locked', header: msg`Locked`, cell: (m) => yesNo(m.locked) },
    { key: 'active', header: msg`Active`, cell: (m) => yesNo(m.active) },
    { key: 'status', header: msg`Status`, cell: (m) => nameOf(MODE_STATUS_NAMES, m.status) },
  ],
  filters: [
    { key: 'locked', label: msg`Locked`, options: YES_NO },
    { key: 'active', label: msg`Active`, options: YES_NO },
    { key: 'status', label: msg`Status`, options: optionsOf(MODE_STATUS_NAMES) },
  ],
  bulkActions: [
    modeBulk(
      'state',
      msg`Lock or activate`,
      [
        ['lock', msg`Lock`],
        ['unlock', msg`Unlock`],
        ['activate', msg`Activate`],
        ['deactivate', msg`Deactivate`],
      ],
      '/api-super-admin/modes/bulk/',
      (ids, action) => ({ ids, action }),
      msg`Done: the change was applied to the selected rows.`,
    ),
    modeBulk(
      'move',
      msg`Move`,
      [
        ['top', msg`To the top`],
        ['up', msg`Up one`],
        ['down', msg`Down one`],
        ['bottom', msg`To the bottom`],
      ],
      '/api-super-admin/modes/move/',
      (ids, to) => ({ ids, to }),
      msg`The modes are in their new order.`,
    ),
  ],
  rowHref: (m) => `${MODES}?id=${m.id}`,
  rowLabel: (m) => `mode ${m.name}`,
  create: { href: `${MODES}?id=0`, label: msg`Add mode` },
};

export const modeForm: FormResource<typeof ModeForm> = {
  name: 'mode',
  titles: { create: msg`Add mode`, edit: msg`Edit mode` },
  schema: ModeForm,
  fields: [
    { name: 'name', label: msg`Name`, kind: 'text', autoComplete: 'off' },
    { name: 'image', label: msg`Image address (optional)`, kind: 'text', autoComplete: 'off' },
    { name: 'locked', label: msg`Locked (opens with a subscription)`, kind: 'select', options: YES_NO },
    { name: 'active', label: msg`Active`, kind: 'select', options: YES_NO },
    { name: 'status', label: msg`Status`, kind: 'select', options: optionsOf(MODE_STATUS_NAMES) },
  ],
  blank: { name: '', image: '', locked: 'false', active: 'true', status: 'ACTIVE' },
  load: async (id) => {
    const m = await unwrap(api.GET('/api-super-admin/modes/{id}/', { params: { path: { id } } }));
    return { name: m.name, image: m.image ?? '', locked: String(m.locked), active: String(m.active), status: m.status };
  },
  save: (id, changed) =>
    write('modes', id, '/api-super-admin/modes/', changed, id === null ? addLabel('mode', String(changed.name)) : t`Update mode ${id}`),
  messages: { created: SUBS_MSG.modeSaved, updated: SUBS_MSG.modeSaved, failed: SUBS_MSG.saveFailed },
  back: MODES,
};

// ---- Plans -------------------------------------------------------------------------------

const PLANS = '/admin-panel/subscription-plan';
let modeList: Promise<readonly Option[]> | null = null;
/** Every mode by name, for a plan's checkboxes (loaded once, when the form shows). */
function modeOptions(): Promise<readonly Option[]> {
  modeList ??= unwrap(api.GET('/api-super-admin/modes/', { params: { query: { limit: 100 } } })).then(
    (r) => r.results.map((m) => [String(m.id), `${m.name}${m.locked ? ' (locked)' : ''}`] as const),
    (err: unknown) => {
      modeList = null;
      throw err;
    },
  );
  return modeList;
}
let planList: Promise<readonly Option[]> | null = null;
function planOptions(): Promise<readonly Option[]> {
  planList ??= unwrap(api.GET('/api-super-admin/subscription-plans/', { params: { query: { limit: 100 } } })).then(
    (r) => r.results.map((p) => [String(p.id), p.name] as const),
    (err: unknown) => {
      planList = null;
      throw err;
    },
  );
  return planList;
}

export const plansList: ListResource<AdminPlan> = {
  name: 'plans',
  title: msg`Subscription plans`,
  path: '/api-super-admin/subscription-plans/',
  searchLabel: msg`Search by name`,
  dateLabel: msg`Added`,
  defaultSort: 'name',
  columns: [
    { key: 'name', header: msg`Plan`, sort: 'name' },
    { key: 'mode_names', header: msg`Unlocks`, cell: (p) => p.mode_names.join(', ') || '—' },
    { key: 'variant_count', header: msg`Variants` },
    { key: 'subscriber_count', header: msg`Subscribers` },
    { key: 'active', header: msg`On offer`, cell: (p) => yesNo(p.active) },
  ],
  filters: [{ key: 'active', label: msg`On offer`, options: YES_NO }],
  bulkActions: [
    offerAction<AdminPlan>('plans', '/api-super-admin/subscription-plans/', ({ name }) => t`plan ${name}`, msg`Plans updated.`),
    {
      key: 'delete',
      label: msg`Delete`,
      options: [['delete', msg`Delete (only plans nobody subscribed to)`]],
      run: async (rows) => {
        for (const p of rows) {
          if (p.subscriber_count > 0) return { status: 'failed', message: SUBS_MSG.planHasSubscribers };
          const outcome = await write('plans', p.id, '/api-super-admin/subscription-plans/', {}, deletePlanLabel(p.name), 'DELETE');
          if (outcome.status === 'failed') return outcome;
        }
        return { status: 'sent' };
      },
      done: SUBS_MSG.planDeleted,
    },
  ],
  rowHref: (p) => `${PLANS}?id=${p.id}`,
  rowLabel: ({ name }) => t`plan ${name}`,
  create: { href: `${PLANS}?id=0`, label: msg`Add plan` },
};

export const planForm: FormResource<typeof PlanForm> = {
  name: 'plan',
  titles: { create: msg`Add plan`, edit: msg`Edit plan` },
  schema: PlanForm,
  fields: [
    { name: 'name', label: msg`Name`, kind: 'text', autoComplete: 'off' },
    { name: 'description', label: msg`Description`, kind: 'text', autoComplete: 'off' },
    { name: 'active', label: msg`On offer`, kind: 'select', options: YES_NO },
    {
      name: 'mode_ids',
      label: msg`Modes it unlocks`,
      kind: 'checks',
      options: modeOptions,
      hint: msg`Locked modes open on the switchboard of every subscriber.`,
    },
  ],
  blank: { name: '', description: '', active: 'true', mode_ids: '' },
  load: async (id) => {
    const p = await unwrap(api.GET('/api-super-admin/subscription-plans/{id}/', { params: { path: { id } } }));
    return { name: p.name, description: p.description, active: String(p.active), mode_ids: p.mode_ids.join(',') };
  },
  save: (id, changed) =>
    write(
      'plans',
      id,
      '/api-super-admin/subscription-plans/',
      changed,
      id === null ? addLabel('plan', String(changed.name)) : t`Update plan ${id}`,
    ),
  messages: { created: SUBS_MSG.planSaved, updated: SUBS_MSG.planSaved, failed: SUBS_MSG.saveFailed },
  back: PLANS,
};

// ---- Variants ----------------------------------------------------------------------------

const VARIANTS = '/admin-panel/subscription-variant';

export const variantsList: ListResource<AdminVariant> = {
  name: 'variants',
  title: msg`Subscription variants`,
  path: '/api-super-admin/subscription-variants/',
  searchLabel: msg`Search by plan`,
  dateLabel: msg`Added`,
  defaultSort: 'plan_name',
  columns: [
    { key: 'plan_name', header: msg`Plan`, sort: 'plan_name' },
    { key: 'interval', header: msg`Billing`, cell: (v) => (v.interval === 'month' ? t`Monthly` : t`Yearly`) },
    { key: 'price_cents', header: msg`Price`, sort: 'price_cents', cell: (v) => formatPrice(v.price_cents, v.currency) },
    { key: 'seats', header: msg`Seats`, sort: 'seats' },
    { key: 'subscriber_count', header: msg`Subscribers` },
    { key: 'active', header: msg`On offer`, cell: (v) => yesNo(v.active) },
  ],
  filters: [
    { key: 'plan_id', label: msg`Plan`, options: planOptions },
    { key: 'interval', label: msg`Billing`, options: INTERVALS },
    { key: 'active', label: msg`On offer`, options: YES_NO },
  ],
  bulkActions: [
    offerAction<AdminVariant>('variants', '/api-super-admin/subscription-variants/', ({ id }) => t`variant ${id}`, msg`Variants updated.`),
  ],
  rowHref: (v) => `${VARIANTS}?id=${v.id}`,
  rowLabel: (v) => `variant ${v.plan_name} ${v.interval}`,
  create: { href: `${VARIANTS}?id=0`, label: msg`Add variant` },
};

export const variantForm: FormResource<typeof VariantForm> = {
  name: 'variant',
  titles: { create: msg`Add variant`, edit: msg`Edit variant` },
  schema: VariantForm,
  fields: [
    { name: 'plan_id', label: msg`Plan`, kind: 'select', options: planOptions, placeholder: msg`Choose a plan` },
    { name: 'interval', label: msg`Billing`, kind: 'select', options: INTERVALS, placeholder: msg`Monthly or yearly` },
    { name: 'price', label: msg`Price (e.g. 29.00)`, kind: 'text', autoComplete: 'off' },
    { name: 'currency', label: msg`Currency`, kind: 'select', options: CURRENCIES.map((c) => [c, c] as const) },
    { name: 'seats', label: msg`Seats`, kind: 'text', autoComplete: 'off' },
    { name: 'active', label: msg`On offer`, kind: 'select', options: YES_NO },
  ],
  blank: { plan_id: '', interval: '', price: '', currency: 'USD', seats: '30', active: 'true' },
  load: async (id) => {
    const v = await unwrap(api.GET('/api-super-admin/subscription-variants/{id}/', { params: { path: { id } } }));
    return {
      plan_id: String(v.plan_id),
      interval: v.interval,
      price: (v.price_cents / 100).toFixed(2),
      currency: v.currency,
      seats: String(v.seats),
      active: String(v.active),
    };
  },
  save: (id, changed) =>
    write('variants', id, '/api-super-admin/subscription-variants/', changed, id === null ? t`Add variant` : t`Update variant ${id}`),
  messages: { created: SUBS_MSG.variantSaved, updated: SUBS_MSG.variantSaved, failed: SUBS_MSG.saveFailed },
  back: VARIANTS,
};

// ---- Each school's or organization's subscription ------------------------------------------

const DETAILS = '/admin-panel/subscription-details';

export const subscriptionsList: ListResource<Subscription> = {
  name: 'subscriptions',
  title: msg`Subscription details`,
  path: '/api-super-admin/subscriptions/',
  searchLabel: msg`Search by school or plan`,
  dateLabel: msg`Started`,
  defaultSort: '-created_at',
  columns: [
    { key: 'tenant_name', header: msg`School or organization`, sort: 'tenant_name' },
    {
      key: 'plan_name',
      header: msg`Plan`,
      cell: ({ plan_name: plan, interval }) => (interval === 'month' ? t`${plan} (monthly)` : interval ? t`${plan} (yearly)` : plan),
    },
    {
      key: 'status',
      header: msg`Status`,
      cell: (s) =>
        `${i18n._(SUBSCRIPTION_STATUS_NAMES[s.status])}${s.cancel_at_period_end && s.status !== 'cancelled' ? t`, ends at period end` : ''}`,
    },
    { key: 'current_period_end', header: msg`Period ends`, sort: 'current_period_end', cell: (s) => day(s.current_period_end) },
    { key: 'created_at', header: msg`Started`, sort: 'created_at', cell: (s) => day(s.created_at) },
  ],
  filters: [
    { key: 'status', label: msg`Status`, options: optionsOf(SUBSCRIPTION_STATUS_NAMES) },
    { key: 'plan_id', label: msg`Plan`, options: planOptions },
    { key: 'tenant_id', label: msg`Tenant`, options: tenantOptions, roles: ONLY_PLATFORM_ADMIN },
  ],
  rowHref: (s) => `${DETAILS}?id=${s.id}`,
  rowLabel: ({ tenant_name: school }) => t`subscription of ${school}`,
};

export const subscriptionDetail: ShowResource<SubscriptionDetail> = {
  title: ({ tenant_name: school, plan_name: plan }) => msg`${school}: ${plan}`,
  load: (id) => unwrap(api.GET('/api-super-admin/subscriptions/{id}/', { params: { path: { id } } })),
  facts: (s) => [
    [
      msg`Status`,
      `${i18n._(SUBSCRIPTION_STATUS_NAMES[s.status])}${s.cancel_at_period_end && s.status !== 'cancelled' ? t` (ends at period end)` : ''}`,
    ],
    [msg`Billing`, s.interval ? billing(s.interval, s.seats === null ? '—' : String(s.seats)) : '—'],
    [msg`Price`, s.price_cents === null ? '—' : formatPrice(s.price_cents, s.currency ?? 'USD')],
    [msg`Current period`, period(day(s.current_period_start), day(s.current_period_end))],
    ...(s.grace_until && s.status === 'past_due' ? ([[msg`Open until`, day(s.grace_until)]] as [MessageDescriptor, string][]) : []),
    [msg`Provider`, s.provider ? providerName(s.provider) : '—'],
    [
      msg`Charges`,
      s.charges.length ? (
        <ul className="admin-plain-list admin-wide">
          {s.charges.map((c) => (
            <li key={c.order_id}>
              {day(c.created_at)}: {formatPrice(c.total_cents, c.currency)}, {c.status === 'success' ? t`paid` : c.status} —{' '}
              <a href={c.invoice_url}>{invoice(String(c.order_id).padStart(6, '0'))}</a>
            </li>
          ))}
        </ul>
      ) : (
        t`None yet`
      ),
    ],
  ],
  actions: (s, reload) =>
    s.status === 'active' || s.status === 'past_due' ? (
      <button
        type="button"
        className="button button-small"
        onClick={() =>
          void queueAdminWrite({
            resource: 'subscriptions',
            ids: [s.id],
            patch: { cancel_at_period_end: !s.cancel_at_period_end },
            kind: 'admin-subscription-cancel',
            label: cancelLabel(s.cancel_at_period_end, s.id),
            method: 'POST',
            path: `/api-super-admin/subscriptions/${s.id}/cancel/`,
            body: { cancel: !s.cancel_at_period_end },
          }).then(reload)
        }
      >
        {s.cancel_at_period_end ? t`Renew again` : t`Cancel at period end`}
      </button>
    ) : null,
  back: { href: DETAILS, label: msg`All subscriptions` },
};
