// Modes and subscriptions of the platform panel, declared once: modes (create, edit, lock,
// activate, reorder as bulk actions), subscription-plan (the modes each unlocks; archive or
// delete), subscription-variant (monthly or yearly, price, currency, seats) and
// subscription-details (each school's or organization's subscription, its charges with their
// invoices, cancel at period end or resume). Every write goes through the outbox.
import { api } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import type { components } from '@/api/schema';
import { SUBSCRIPTION_STATUSES } from '@/contract/domain';
import { CURRENCIES, MODE_STATUSES, ModeForm, PlanForm, SUBS_MSG, VariantForm } from '@/contract/subscriptions';
import type { BulkActionDef, FormResource, ListResource, Option, SaveOutcome } from '@/ui/admin/resource';
import type { ShowResource } from '@/ui/admin/resource-show';
import { queueAdminWrite } from '@/ui/admin/write';
import { formatPrice } from '@/ui/format';
import { day, ONLY_PLATFORM_ADMIN, tenantOptions } from './shared';

export type AdminMode = components['schemas']['AdminMode'];
export type AdminPlan = components['schemas']['AdminPlan'];
export type AdminVariant = components['schemas']['AdminVariant'];
export type Subscription = components['schemas']['Subscription'];
type SubscriptionDetail = components['schemas']['SubscriptionDetail'];

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
const YES_NO: readonly Option[] = [
  ['true', 'Yes'],
  ['false', 'No'],
];
const INTERVALS: readonly Option[] = [
  ['month', 'Monthly'],
  ['year', 'Yearly'],
];
const PROVIDER_NAMES = { paypal: 'PayPal', phonepe: 'PhonePe', stripe: 'Card' } as const;
export const STATUS_NAMES: Record<Subscription['status'], string> = {
  pending: 'Awaiting payment',
  active: 'Active',
  past_due: 'Past due',
  cancelled: 'Cancelled',
};

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

/** Archive (no new subscribers) or offer again: the same bulk action for plans and variants. */
function offerAction<T extends { id: number }>(resource: string, path: string, named: (row: T) => string, done: string): BulkActionDef<T> {
  return {
    key: 'offer',
    label: 'Offer',
    options: [
      ['archive', 'Archive (no new subscribers)'],
      ['restore', 'Offer again'],
    ],
    run: async (rows, option) => {
      for (const row of rows) {
        const outcome = await write(
          resource,
          row.id,
          path,
          { active: option === 'restore' ? 'true' : 'false' },
          `${option === 'restore' ? 'Offer' : 'Archive'} ${named(row)}`,
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
  label: string,
  options: readonly Option[],
  path: string,
  body: (ids: number[], option: string) => Record<string, unknown>,
  done: string,
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
  title: 'Modes',
  path: '/api-super-admin/modes/',
  searchLabel: 'Search by name',
  dateLabel: 'Added',
  defaultSort: 'sort_order',
  columns: [
    { key: 'sort_order', header: 'Position', sort: 'sort_order', cell: (m) => m.sort_order + 1 },
    { key: 'name', header: 'Name', sort: 'name' },
    { key: 'locked', header: 'Locked', cell: (m) => yesNo(m.locked) },
    { key: 'active', header: 'Active', cell: (m) => yesNo(m.active) },
    { key: 'status', header: 'Status' },
  ],
  filters: [
    { key: 'locked', label: 'Locked', options: YES_NO },
    { key: 'active', label: 'Active', options: YES_NO },
    { key: 'status', label: 'Status', options: MODE_STATUSES.map((s) => [s, s] as const) },
  ],
  bulkActions: [
    modeBulk(
      'state',
      'Lock or activate',
      [
        ['lock', 'Lock'],
        ['unlock', 'Unlock'],
        ['activate', 'Activate'],
        ['deactivate', 'Deactivate'],
      ],
      '/api-super-admin/modes/bulk/',
      (ids, action) => ({ ids, action }),
      'Done: the change was applied to the selected rows.',
    ),
    modeBulk(
      'move',
      'Move',
      [
        ['top', 'To the top'],
        ['up', 'Up one'],
        ['down', 'Down one'],
        ['bottom', 'To the bottom'],
      ],
      '/api-super-admin/modes/move/',
      (ids, to) => ({ ids, to }),
      'The modes are in their new order.',
    ),
  ],
  rowHref: (m) => `${MODES}?id=${m.id}`,
  rowLabel: (m) => `mode ${m.name}`,
  create: { href: `${MODES}?id=0`, label: 'Add mode' },
};

export const modeForm: FormResource<typeof ModeForm> = {
  name: 'mode',
  titles: { create: 'Add mode', edit: 'Edit mode' },
  schema: ModeForm,
  fields: [
    { name: 'name', label: 'Name', kind: 'text', autoComplete: 'off' },
    { name: 'image', label: 'Image address (optional)', kind: 'text', autoComplete: 'off' },
    { name: 'locked', label: 'Locked (opens with a subscription)', kind: 'select', options: YES_NO },
    { name: 'active', label: 'Active', kind: 'select', options: YES_NO },
    { name: 'status', label: 'Status', kind: 'select', options: MODE_STATUSES.map((s) => [s, s] as const) },
  ],
  blank: { name: '', image: '', locked: 'false', active: 'true', status: 'ACTIVE' },
  load: async (id) => {
    const m = await unwrap(api.GET('/api-super-admin/modes/{id}/', { params: { path: { id } } }));
    return { name: m.name, image: m.image ?? '', locked: String(m.locked), active: String(m.active), status: m.status };
  },
  save: (id, changed) =>
    write('modes', id, '/api-super-admin/modes/', changed, id === null ? `Add mode ${String(changed.name)}` : `Update mode ${id}`),
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
  title: 'Subscription plans',
  path: '/api-super-admin/subscription-plans/',
  searchLabel: 'Search by name',
  dateLabel: 'Added',
  defaultSort: 'name',
  columns: [
    { key: 'name', header: 'Plan', sort: 'name' },
    { key: 'mode_names', header: 'Unlocks', cell: (p) => p.mode_names.join(', ') || '—' },
    { key: 'variant_count', header: 'Variants' },
    { key: 'subscriber_count', header: 'Subscribers' },
    { key: 'active', header: 'On offer', cell: (p) => yesNo(p.active) },
  ],
  filters: [{ key: 'active', label: 'On offer', options: YES_NO }],
  bulkActions: [
    offerAction<AdminPlan>('plans', '/api-super-admin/subscription-plans/', (p) => `plan ${p.name}`, 'Plans updated.'),
    {
      key: 'delete',
      label: 'Delete',
      options: [['delete', 'Delete (only plans nobody subscribed to)']],
      run: async (rows) => {
        for (const p of rows) {
          if (p.subscriber_count > 0) return { status: 'failed', message: SUBS_MSG.planHasSubscribers };
          const outcome = await write('plans', p.id, '/api-super-admin/subscription-plans/', {}, `Delete plan ${p.name}`, 'DELETE');
          if (outcome.status === 'failed') return outcome;
        }
        return { status: 'sent' };
      },
      done: SUBS_MSG.planDeleted,
    },
  ],
  rowHref: (p) => `${PLANS}?id=${p.id}`,
  rowLabel: (p) => `plan ${p.name}`,
  create: { href: `${PLANS}?id=0`, label: 'Add plan' },
};

export const planForm: FormResource<typeof PlanForm> = {
  name: 'plan',
  titles: { create: 'Add plan', edit: 'Edit plan' },
  schema: PlanForm,
  fields: [
    { name: 'name', label: 'Name', kind: 'text', autoComplete: 'off' },
    { name: 'description', label: 'Description', kind: 'text', autoComplete: 'off' },
    { name: 'active', label: 'On offer', kind: 'select', options: YES_NO },
    {
      name: 'mode_ids',
      label: 'Modes it unlocks',
      kind: 'checks',
      options: modeOptions,
      hint: 'Locked modes open on the switchboard of every subscriber.',
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
      id === null ? `Add plan ${String(changed.name)}` : `Update plan ${id}`,
    ),
  messages: { created: SUBS_MSG.planSaved, updated: SUBS_MSG.planSaved, failed: SUBS_MSG.saveFailed },
  back: PLANS,
};

// ---- Variants ----------------------------------------------------------------------------

const VARIANTS = '/admin-panel/subscription-variant';

export const variantsList: ListResource<AdminVariant> = {
  name: 'variants',
  title: 'Subscription variants',
  path: '/api-super-admin/subscription-variants/',
  searchLabel: 'Search by plan',
  dateLabel: 'Added',
  defaultSort: 'plan_name',
  columns: [
    { key: 'plan_name', header: 'Plan', sort: 'plan_name' },
    { key: 'interval', header: 'Billing', cell: (v) => (v.interval === 'month' ? 'Monthly' : 'Yearly') },
    { key: 'price_cents', header: 'Price', sort: 'price_cents', cell: (v) => formatPrice(v.price_cents, v.currency) },
    { key: 'seats', header: 'Seats', sort: 'seats' },
    { key: 'subscriber_count', header: 'Subscribers' },
    { key: 'active', header: 'On offer', cell: (v) => yesNo(v.active) },
  ],
  filters: [
    { key: 'plan_id', label: 'Plan', options: planOptions },
    { key: 'interval', label: 'Billing', options: INTERVALS },
    { key: 'active', label: 'On offer', options: YES_NO },
  ],
  bulkActions: [
    offerAction<AdminVariant>('variants', '/api-super-admin/subscription-variants/', (v) => `variant ${v.id}`, 'Variants updated.'),
  ],
  rowHref: (v) => `${VARIANTS}?id=${v.id}`,
  rowLabel: (v) => `variant ${v.plan_name} ${v.interval}`,
  create: { href: `${VARIANTS}?id=0`, label: 'Add variant' },
};

export const variantForm: FormResource<typeof VariantForm> = {
  name: 'variant',
  titles: { create: 'Add variant', edit: 'Edit variant' },
  schema: VariantForm,
  fields: [
    { name: 'plan_id', label: 'Plan', kind: 'select', options: planOptions, placeholder: 'Choose a plan' },
    { name: 'interval', label: 'Billing', kind: 'select', options: INTERVALS, placeholder: 'Monthly or yearly' },
    { name: 'price', label: 'Price (e.g. 29.00)', kind: 'text', autoComplete: 'off' },
    { name: 'currency', label: 'Currency', kind: 'select', options: CURRENCIES.map((c) => [c, c] as const) },
    { name: 'seats', label: 'Seats', kind: 'text', autoComplete: 'off' },
    { name: 'active', label: 'On offer', kind: 'select', options: YES_NO },
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
    write('variants', id, '/api-super-admin/subscription-variants/', changed, id === null ? 'Add variant' : `Update variant ${id}`),
  messages: { created: SUBS_MSG.variantSaved, updated: SUBS_MSG.variantSaved, failed: SUBS_MSG.saveFailed },
  back: VARIANTS,
};

// ---- Each school's or organization's subscription ------------------------------------------

const DETAILS = '/admin-panel/subscription-details';

export const subscriptionsList: ListResource<Subscription> = {
  name: 'subscriptions',
  title: 'Subscription details',
  path: '/api-super-admin/subscriptions/',
  searchLabel: 'Search by school or plan',
  dateLabel: 'Started',
  defaultSort: '-created_at',
  columns: [
    { key: 'tenant_name', header: 'School or organization', sort: 'tenant_name' },
    {
      key: 'plan_name',
      header: 'Plan',
      cell: (s) => `${s.plan_name}${s.interval ? ` (${s.interval === 'month' ? 'monthly' : 'yearly'})` : ''}`,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (s) => `${STATUS_NAMES[s.status]}${s.cancel_at_period_end && s.status !== 'cancelled' ? ', ends at period end' : ''}`,
    },
    { key: 'current_period_end', header: 'Period ends', sort: 'current_period_end', cell: (s) => day(s.current_period_end) },
    { key: 'created_at', header: 'Started', sort: 'created_at', cell: (s) => day(s.created_at) },
  ],
  filters: [
    { key: 'status', label: 'Status', options: SUBSCRIPTION_STATUSES.map((s) => [s, STATUS_NAMES[s]] as const) },
    { key: 'plan_id', label: 'Plan', options: planOptions },
    { key: 'tenant_id', label: 'Tenant', options: tenantOptions, roles: ONLY_PLATFORM_ADMIN },
  ],
  rowHref: (s) => `${DETAILS}?id=${s.id}`,
  rowLabel: (s) => `subscription of ${s.tenant_name}`,
};

export const subscriptionDetail: ShowResource<SubscriptionDetail> = {
  title: (s) => `${s.tenant_name}: ${s.plan_name}`,
  load: (id) => unwrap(api.GET('/api-super-admin/subscriptions/{id}/', { params: { path: { id } } })),
  facts: (s) => [
    ['Status', `${STATUS_NAMES[s.status]}${s.cancel_at_period_end && s.status !== 'cancelled' ? ' (ends at period end)' : ''}`],
    ['Billing', s.interval ? `${s.interval === 'month' ? 'Monthly' : 'Yearly'}, ${s.seats ?? '—'} seats` : '—'],
    ['Price', s.price_cents === null ? '—' : formatPrice(s.price_cents, s.currency ?? 'USD')],
    ['Current period', `${day(s.current_period_start)} to ${day(s.current_period_end)}`],
    ...(s.grace_until && s.status === 'past_due' ? ([['Open until', day(s.grace_until)]] as [string, string][]) : []),
    ['Provider', s.provider ? (PROVIDER_NAMES[s.provider as keyof typeof PROVIDER_NAMES] ?? s.provider) : '—'],
    [
      'Charges',
      s.charges.length ? (
        <ul className="admin-plain-list admin-wide">
          {s.charges.map((c) => (
            <li key={c.order_id}>
              {day(c.created_at)}: {formatPrice(c.total_cents, c.currency)}, {c.status === 'success' ? 'paid' : c.status} —{' '}
              <a href={c.invoice_url}>Invoice INV-{String(c.order_id).padStart(6, '0')}</a>
            </li>
          ))}
        </ul>
      ) : (
        'None yet'
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
            label: `${s.cancel_at_period_end ? 'Resume' : 'Cancel'} subscription ${s.id}`,
            method: 'POST',
            path: `/api-super-admin/subscriptions/${s.id}/cancel/`,
            body: { cancel: !s.cancel_at_period_end },
          }).then(reload)
        }
      >
        {s.cancel_at_period_end ? 'Renew again' : 'Cancel at period end'}
      </button>
    ) : null,
  back: { href: DETAILS, label: 'All subscriptions' },
};
