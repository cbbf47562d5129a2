// The platform admin's orders and payment history, declared once (each screen has its own filter
// sets): order status, print status, kind and tenant for orders; payment status, provider and
// tenant for payments; one order's detail with its items and payments (orders?id=).
import { msg, plural, t } from '@lingui/core/macro';
import { api } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import type { components } from '@/api/schema';
import type { ListResource } from '@/ui/admin/resource';
import type { ShowResource } from '@/ui/admin/resource-show';
import { formatDateTime, formatPrice } from '@/ui/format';
import { nameOf, optionsOf, ORDER_STATUS_NAMES, PRINT_STATUS_NAMES, PROVIDER_OPTIONS, providerName } from '@/ui/value-names';
import { RefundPanel } from './refund';
import { day, ONLY_PLATFORM_ADMIN, tenantOptions } from './shared';

export type AdminOrder = components['schemas']['AdminOrder'];
export type AdminPayment = components['schemas']['AdminPayment'];
type OrderDetail = components['schemas']['AdminOrderDetail'];

const printStatus = (status: string | null | undefined) => (status ? nameOf(PRINT_STATUS_NAMES, status) : '—');
const tenantFilter = { key: 'tenant_id', label: msg`Tenant`, options: tenantOptions, roles: ONLY_PLATFORM_ADMIN };

const donation = (charity: string | null) => (charity ? t`Donation: ${charity}` : t`Donation`);
const refunded = (amount: string) => t` (refunded ${amount})`;
const printerError = (error: string) => t` (printer error: ${error})`;
const refundedInFull = (amount: string) => t`Refunded in full (${amount})`;
const paymentRefunded = (amount: string) => t`, refunded ${amount}`;
function refundLine(amount: string, date: string, reference: string, reason: string | null) {
  return reason ? t`${amount} on ${date} (${reference}: ${reason})` : t`${amount} on ${date} (${reference})`;
}

export const orders: ListResource<AdminOrder> = {
  name: 'orders',
  title: msg`Orders`,
  path: '/api-super-admin/orders/',
  searchLabel: msg`Search by buyer or email`,
  dateLabel: msg`Ordered`,
  defaultSort: '-created_at',
  columns: [
    { key: 'id', header: msg`Order`, cell: (o) => `#${o.id}` },
    {
      key: 'kind',
      header: msg`Kind`,
      cell: (o) => (o.kind === 'books' ? t`Books` : o.kind === 'subscription' ? t`Subscription` : donation(o.charity_name)),
    },
    { key: 'buyer', header: msg`Buyer`, cell: (o) => o.buyer ?? o.email ?? t`Guest` },
    { key: 'tenant_name', header: msg`Tenant`, cell: (o) => o.tenant_name ?? '—' },
    {
      key: 'total_cents',
      header: msg`Total`,
      sort: 'total_cents',
      cell: (o) => formatPrice(o.total_cents, o.currency) + (o.refunded_cents ? refunded(formatPrice(o.refunded_cents, o.currency)) : ''),
    },
    { key: 'status', header: msg`Status`, sort: 'status', cell: (o) => nameOf(ORDER_STATUS_NAMES, o.status) },
    // A print job the provider refused shows its error here until a retry gets through.
    {
      key: 'print_status',
      header: msg`Print`,
      cell: (o) => `${printStatus(o.print_status)}${o.print_error ? printerError(o.print_error) : ''}`,
    },
    { key: 'created_at', header: msg`Ordered`, sort: 'created_at', cell: (o) => day(o.created_at) },
  ],
  filters: [
    { key: 'status', label: msg`Order status`, options: optionsOf(ORDER_STATUS_NAMES) },
    { key: 'print_status', label: msg`Print status`, options: optionsOf(PRINT_STATUS_NAMES) },
    {
      key: 'kind',
      label: msg`Kind`,
      options: [
        ['books', msg`Books`],
        ['donation', msg`Donations`],
        ['subscription', msg`Subscriptions`],
      ],
    },
    tenantFilter,
  ],
  rowHref: (o) => `/admin-panel/orders?id=${o.id}`,
  rowLabel: (o) => `order ${o.id}`,
};

export const payments: ListResource<AdminPayment> = {
  name: 'payments',
  title: msg`Payment history`,
  path: '/api-super-admin/payments/',
  searchLabel: msg`Search by reference or email`,
  dateLabel: msg`Paid`,
  defaultSort: '-created_at',
  columns: [
    { key: 'provider_ref', header: msg`Reference` },
    { key: 'order_id', header: msg`Order`, cell: (p) => `#${p.order_id}` },
    { key: 'provider', header: msg`Provider`, cell: (p) => providerName(p.provider) },
    { key: 'amount_cents', header: msg`Amount`, sort: 'amount_cents', cell: (p) => formatPrice(p.amount_cents, p.currency) },
    {
      key: 'status',
      header: msg`Status`,
      cell: (p) =>
        p.refunded_cents === 0
          ? nameOf(ORDER_STATUS_NAMES, p.status)
          : p.refunded_cents >= p.amount_cents
            ? t`Refunded`
            : t`Partly refunded`,
    },
    { key: 'tenant_name', header: msg`Tenant`, cell: (p) => p.tenant_name ?? '—' },
    { key: 'created_at', header: msg`Date`, sort: 'created_at', cell: (p) => day(p.created_at) },
  ],
  filters: [
    { key: 'status', label: msg`Payment status`, options: optionsOf(ORDER_STATUS_NAMES) },
    { key: 'provider', label: msg`Provider`, options: PROVIDER_OPTIONS },
    tenantFilter,
  ],
  rowHref: (p) => `/admin-panel/orders?id=${p.order_id}`,
  rowLabel: ({ provider_ref: reference }) => t`payment ${reference}`,
};

function printJob(job: OrderDetail['print_job']): string {
  if (!job) return '—';
  const attempts = job.attempts;
  if (job.provider_ref) {
    const reference = job.provider_ref;
    const accepted = day(job.submitted_at!);
    return t`With the printer: ${reference} (accepted ${accepted}, ${plural(attempts, { one: '# attempt', other: '# attempts' })})`;
  }
  if (!attempts) return t`Waiting to be sent to the printer`;
  const error = job.last_error ?? t`unknown error`;
  if (!job.next_attempt_at)
    return t`Not accepted after ${plural(attempts, { one: '# attempt', other: '# attempts' })}: ${error}. Next try soon`;
  const next = formatDateTime(job.next_attempt_at);
  return t`Not accepted after ${plural(attempts, { one: '# attempt', other: '# attempts' })}: ${error}. Next try ${next}`;
}

export const orderDetail: ShowResource<OrderDetail> = {
  title: ({ id }) => msg`Order #${id}`,
  load: (id) => unwrap(api.GET('/api-super-admin/orders/{id}/', { params: { path: { id } } })),
  facts: (o) => [
    [msg`Kind`, o.kind === 'books' ? t`Books` : o.kind === 'subscription' ? t`Subscription` : t`Donation`],
    [msg`Status`, nameOf(ORDER_STATUS_NAMES, o.status)],
    [msg`Print status`, printStatus(o.print_status)],
    [msg`Print job`, printJob(o.print_job)],
    [msg`Total`, formatPrice(o.total_cents, o.currency)],
    [
      msg`Refunded`,
      o.refunded_cents === 0
        ? '—'
        : o.refunded_cents >= o.total_cents
          ? refundedInFull(formatPrice(o.refunded_cents, o.currency))
          : formatPrice(o.refunded_cents, o.currency),
    ],
    [msg`Buyer`, o.buyer ?? o.email ?? t`Guest`],
    [msg`Tenant`, o.tenant_name ?? '—'],
    [msg`Charity`, o.charity_name ?? '—'],
    [msg`Ordered`, day(o.created_at)],
    [msg`Items`, o.items.length ? o.items.map((i) => `${i.title} (${formatPrice(i.price_cents, o.currency)})`).join(', ') : '—'],
    [
      msg`Payments`,
      o.payments.length
        ? o.payments
            .map(
              (p) =>
                `${providerName(p.provider)} ${p.provider_ref}: ${nameOf(ORDER_STATUS_NAMES, p.status)}, ${formatPrice(p.amount_cents, p.currency)}${p.refunded_cents ? paymentRefunded(formatPrice(p.refunded_cents, p.currency)) : ''}`,
            )
            .join('; ')
        : '—',
    ],
    [
      msg`Refunds`,
      o.refunds.length
        ? o.refunds.map((r) => refundLine(formatPrice(r.amount_cents, o.currency), day(r.created_at), r.provider_ref, r.reason)).join('; ')
        : '—',
    ],
  ],
  actions: (o, reload) => (
    <div className="admin-refunds">
      {o.payments.map((p) => (
        <RefundPanel key={p.id} payment={p} onDone={reload} />
      ))}
    </div>
  ),
  back: { href: '/admin-panel/orders', label: msg`All orders` },
};
