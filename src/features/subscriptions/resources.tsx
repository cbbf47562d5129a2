// A school's or an organization's own subscription (the "Plans" screen of /admin-school and
// /admin-organization) and a school's switchboard modes (/admin-school/school-modes), declared
// with the generic admin screens: the Plans screen is a ShowResource (its subscription, what it
// unlocks, its charges with their invoices, the plans on offer to choose), school-modes a
// FormResource with a checkbox per mode.
import { i18n } from '@/i18n/i18n';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg, t } from '@lingui/core/macro';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { z } from 'zod';
import { api } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import type { components } from '@/api/schema';
import type { PaymentProvider } from '@/contract/domain';
import { IdList, SUBS_MSG } from '@/contract/subscriptions';
import type { FormResource, Option } from '@/ui/admin/resource';
import type { ShowResource } from '@/ui/admin/resource-show';
import { queueAdminWrite } from '@/ui/admin/write';
import { providerName, SUBSCRIPTION_STATUS_NAMES } from '@/ui/value-names';
import { formatDate, formatPrice } from '@/ui/format';
import { NO_PROVIDER_TEXT, useProviderChoice } from '@/ui/payment-choice';

type Own = components['schemas']['OwnSubscription'];
type Offer = components['schemas']['PlanOffer'];
type Current = NonNullable<Own['current']>;

const day = (iso: string | null) => (iso ? formatDate(iso) : '—');
const live = (c: Current | null) => c !== null && (c.status === 'active' || c.status === 'past_due');

const variantLine = (price: string, interval: string, seats: number) =>
  interval === 'month' ? t`${price} a month, ${seats} seats` : t`${price} a year, ${seats} seats`;
const pastDue = (until: string) =>
  t`Past due: the last renewal payment failed. It is tried again daily; the plan stays open until ${until}.`;
const invoice = (number: string) => t`Invoice INV-${number}`;
const unlocks = (modes: string) => t`Unlocks: ${modes}`;
function planLine(plan: string, interval: string | null, seats: number | null): string {
  const billed = interval === 'month' ? t`${plan}, monthly` : interval ? t`${plan}, yearly` : plan;
  return seats ? t`${billed}, ${seats} seats` : billed;
}

/** The plans on offer: a variant and a provider, then the provider's payment page. */
function ChoosePlan({ plans, offered }: { plans: Offer[]; offered: readonly PaymentProvider[] }) {
  const { t } = useLingui();
  const [variant, setVariant] = useState('');
  const [provider, setProvider] = useProviderChoice(offered, 'stripe');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per choice: pressing Subscribe again after a lost answer opens the same payment.
  const attempts = useRef(new Map<string, string>());
  const subscribe = async (e: FormEvent) => {
    e.preventDefault();
    if (!variant) return setError(t`Choose a plan`);
    if (!provider) return;
    const what = `${variant}|${provider}`;
    const key = attempts.current.get(what) ?? crypto.randomUUID();
    attempts.current.set(what, key);
    setBusy(true);
    setError(null);
    try {
      const answer = await unwrap(
        api.POST('/api-admin/subscription/', { body: { variant_id: Number(variant), provider }, headers: { 'Idempotency-Key': key } }),
      );
      location.assign(answer.redirect_url);
    } catch (err) {
      setError(
        navigator.onLine
          ? err instanceof Error
            ? err.message
            : String(err)
          : t`Subscribing needs the network: please connect to the internet and try again.`,
      );
      setBusy(false);
    }
  };
  if (!plans.length)
    return (
      <p>
        <Trans>No plans are on offer at the moment.</Trans>
      </p>
    );
  if (!offered.length) return <p role="status">{NO_PROVIDER_TEXT}</p>;
  return (
    <form onSubmit={(e) => void subscribe(e)} className="admin-wide">
      <fieldset className="admin-checks">
        <legend>
          <Trans>Plan</Trans>
        </legend>
        {plans.map((p) => (
          <div key={p.id}>
            <p>
              <strong>{p.name}</strong>
              {p.description ? ` — ${p.description}` : ''}
              <br />
              <span className="admin-muted">{unlocks(p.mode_names.join(', ') || t`no modes`)}</span>
            </p>
            {p.variants.map((v) => (
              <label key={v.id} className="admin-check">
                <input
                  type="radio"
                  name="variant"
                  value={v.id}
                  checked={variant === String(v.id)}
                  onChange={() => setVariant(String(v.id))}
                />
                {variantLine(formatPrice(v.price_cents, v.currency), v.interval, v.seats)}
              </label>
            ))}
          </div>
        ))}
      </fieldset>
      <div className="admin-field">
        <label htmlFor="subs-provider">
          <Trans>Pay with</Trans>
        </label>
        <select id="subs-provider" value={provider} onChange={(e) => setProvider(e.target.value as PaymentProvider)}>
          {offered.map((p) => (
            <option key={p} value={p}>
              {providerName(p)}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p className="admin-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={busy}>
        {busy ? t`Opening the payment page…` : t`Subscribe`}
      </button>
    </form>
  );
}

function statusLine(c: Current): string {
  if (c.status === 'past_due') return pastDue(day(c.grace_until));
  const end = day(c.current_period_end);
  if (c.status === 'active' && c.cancel_at_period_end) return t`Active until ${end}, then it ends (cancelled).`;
  if (c.status === 'active') return t`Active: renews on ${end}.`;
  return i18n._(SUBSCRIPTION_STATUS_NAMES[c.status]);
}

/** The Plans screen of a school or an organization (`base`: its area, e.g. /admin-school). */
export const ownSubscription = (base: string): ShowResource<Own> => ({
  title: () => msg`Plans`,
  load: () => unwrap(api.GET('/api-admin/subscription/')),
  facts: (o) => {
    const c = o.current;
    return [
      [msg`Your plan`, c && c.status !== 'cancelled' ? planLine(c.plan_name, c.interval, c.seats) : t`No subscription`],
      [msg`Status`, c ? <span data-status={c.status}>{statusLine(c)}</span> : t`No subscription`],
      ...(c && live(c) && c.price_cents !== null
        ? ([[msg`Price`, formatPrice(c.price_cents, c.currency ?? 'USD')]] as [MessageDescriptor, string][])
        : []),
      [
        msg`Payment history`,
        o.charges.length ? (
          <ul className="admin-plain-list admin-wide">
            {o.charges.map((ch) => (
              <li key={ch.order_id}>
                {day(ch.created_at)}: {formatPrice(ch.total_cents, ch.currency)}, {ch.status === 'success' ? t`paid` : ch.status}
                {ch.description ? ` (${ch.description})` : ''} —{' '}
                <a href={ch.invoice_url}>{invoice(String(ch.order_id).padStart(6, '0'))}</a>
              </li>
            ))}
          </ul>
        ) : (
          t`No payments yet`
        ),
      ],
      ...(live(c)
        ? []
        : ([[msg`Choose a plan`, <ChoosePlan key="choose" plans={o.plans} offered={o.providers} />]] as [MessageDescriptor, ReactNode][])),
    ];
  },
  actions: (o, reload) =>
    live(o.current) ? (
      <button
        type="button"
        className="button button-small"
        onClick={() =>
          void queueAdminWrite({
            resource: 'own-subscription',
            ids: [o.current!.id],
            patch: { cancel_at_period_end: !o.current!.cancel_at_period_end },
            kind: 'subscription-cancel',
            label: o.current!.cancel_at_period_end ? t`Renew the subscription again` : t`Cancel the subscription at period end`,
            method: 'POST',
            path: '/api-admin/subscription/cancel/',
            body: { cancel: !o.current!.cancel_at_period_end },
          }).then(reload)
        }
      >
        {o.current!.cancel_at_period_end ? t`Renew again` : t`Cancel at period end`}
      </button>
    ) : null,
  back: { href: `${base}/dashboard`, label: msg`Dashboard` },
});

/** The screen's form: the offered modes as '1,3'. */
export const SchoolModesForm = z.object({ offered: IdList });

let modeOptions: Promise<readonly Option[]> | null = null;
function schoolModeOptions(): Promise<readonly Option[]> {
  modeOptions ??= unwrap(api.GET('/api-admin/school-modes/')).then(
    (r) =>
      r.results.map(
        (m) =>
          [
            String(m.id),
            `${m.name}${m.locked ? t` (locked: opens with a plan)` : m.unlocked_by_plan ? t` (opened by your plan)` : ''}`,
          ] as const,
      ),
    (err: unknown) => {
      modeOptions = null;
      throw err;
    },
  );
  return modeOptions;
}

export const schoolModes: FormResource<typeof SchoolModesForm> = {
  name: 'school-modes',
  titles: { create: msg`Switchboard modes`, edit: msg`Switchboard modes` },
  schema: SchoolModesForm,
  fields: [
    {
      name: 'offered',
      label: msg`Modes your switchboard offers`,
      kind: 'checks',
      options: schoolModeOptions,
      hint: msg`Unticked modes are hidden on your school’s switchboard.`,
    },
  ],
  blank: { offered: '' },
  load: async () => {
    const r = await unwrap(api.GET('/api-admin/school-modes/'));
    return {
      offered: r.results
        .filter((m) => m.offered)
        .map((m) => m.id)
        .join(','),
    };
  },
  save: (_id, changed) => {
    const offered = String(changed.offered ?? '')
      .split(',')
      .filter(Boolean)
      .map(Number);
    return queueAdminWrite({
      resource: 'school-modes',
      ids: [],
      patch: {},
      kind: 'school-modes',
      label: t`Choose the switchboard modes`,
      method: 'PUT',
      path: '/api-admin/school-modes/',
      body: { offered },
    });
  },
  messages: { created: SUBS_MSG.modesSaved, updated: SUBS_MSG.modesSaved, failed: SUBS_MSG.saveFailed },
  back: '/admin-school/school-modes',
};
