// The platform admin's orders and payment history, declared once (each screen has its own filter
// sets): order status, print status, kind and tenant for orders; payment status, provider and
// tenant for payments; one order's detail with its items and payments (orders?id=).
import { api } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import type { components } from '@/api/schema';
import { ORDER_STATUSES, PAYMENT_PROVIDERS, PRINT_PROGRESS } from '@/contract/domain';
import type { ListResource, Option } from '@/ui/admin/resource';
import type { ShowResource } from '@/ui/admin/resource-show';
import { formatDateTime, formatPrice } from '@/ui/format';
import { RefundPanel } from './refund';
import { day, ONLY_PLATFORM_ADMIN, tenantOptions } from './shared';

export type AdminOrder = components['schemas']['AdminOrder'];
export type AdminPayment = components['schemas']['AdminPayment'];
type OrderDetail = components['schemas']['AdminOrderDetail'];

const words = (values: readonly string[]): Option[] => values.map((v) => [v, v.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())]);
const tenantFilter = { key: 'tenant_id', label: 'Tenant', options: tenantOptions, roles: ONLY_PLATFORM_ADMIN };

export const orders: ListResource<AdminOrder> = {
  name: 'orders',
  title: 'Orders',
  path: '/api-super-admin/orders/',
  searchLabel: 'Search by buyer or email',
  dateLabel: 'Ordered',
  defaultSort: '-created_at',
  columns: [
    { key: 'id', header: 'Order', cell: (o) => `#${o.id}` },
    {
      key: 'kind',
      header: 'Kind',
      cell: (o) =>
        o.kind === 'books'
          ? 'Books'
          : o.kind === 'subscription'
            ? 'Subscription'
            : `Donation${o.charity_name ? `: ${o.charity_name}` : ''}`,
    },
    { key: 'buyer', header: 'Buyer', cell: (o) => o.buyer ?? o.email ?? 'Guest' },
    { key: 'tenant_name', header: 'Tenant', cell: (o) => o.tenant_name ?? '—' },
    {
      key: 'total_cents',
      header: 'Total',
      sort: 'total_cents',
      cell: (o) =>
        formatPrice(o.total_cents, o.currency) + (o.refunded_cents ? ` (refunded ${formatPrice(o.refunded_cents, o.currency)})` : ''),
    },
    { key: 'status', header: 'Status', sort: 'status' },
    // A print job the provider refused shows its error here until a retry gets through.
    {
      key: 'print_status',
      header: 'Print',
      cell: (o) => `${o.print_status?.replace(/_/g, ' ') ?? '—'}${o.print_error ? ` (printer error: ${o.print_error})` : ''}`,
    },
    { key: 'created_at', header: 'Ordered', sort: 'created_at', cell: (o) => day(o.created_at) },
  ],
  filters: [
    { key: 'status', label: 'Order status', options: words(ORDER_STATUSES) },
    { key: 'print_status', label: 'Print status', options: words(PRINT_PROGRESS) },
    {
      key: 'kind',
      label: 'Kind',
      options: [
        ['books', 'Books'],
        ['donation', 'Donations'],
        ['subscription', 'Subscriptions'],
      ],
    },
    tenantFilter,
  ],
  rowHref: (o) => `/admin-panel/orders?id=${o.id}`,
  rowLabel: (o) => `order ${o.id}`,
};

export const payments: ListResource<AdminPayment> = {
  name: 'payments',
  title: 'Payment history',
  path: '/api-super-admin/payments/',
  searchLabel: 'Search by reference or email',
  dateLabel: 'Paid',
  defaultSort: '-created_at',
  columns: [
    { key: 'provider_ref', header: 'Reference' },
    { key: 'order_id', header: 'Order', cell: (p) => `#${p.order_id}` },
    { key: 'provider', header: 'Provider', cell: (p) => p.provider.replace(/^./, (c) => c.toUpperCase()) },
    { key: 'amount_cents', header: 'Amount', sort: 'amount_cents', cell: (p) => formatPrice(p.amount_cents, p.currency) },
    {
      key: 'status',
      header: 'Status',
      cell: (p) => (p.refunded_cents === 0 ? p.status : p.refunded_cents >= p.amount_cents ? 'refunded' : 'partly refunded'),
    },
    { key: 'tenant_name', header: 'Tenant', cell: (p) => p.tenant_name ?? '—' },
    { key: 'created_at', header: 'Date', sort: 'created_at', cell: (p) => day(p.created_at) },
  ],
  filters: [
    { key: 'status', label: 'Payment status', options: words(ORDER_STATUSES) },
    { key: 'provider', label: 'Provider', options: words(PAYMENT_PROVIDERS) },
    tenantFilter,
  ],
  rowHref: (p) => `/admin-panel/orders?id=${p.order_id}`,
  rowLabel: (p) => `payment ${p.provider_ref}`,
};

function printJob(job: OrderDetail['print_job']): string {
  if (!job) return '—';
  if (job.provider_ref)
    return `With the printer: ${job.provider_ref} (accepted ${day(job.submitted_at!)}, ${job.attempts} attempt${job.attempts === 1 ? '' : 's'})`;
  if (!job.attempts) return 'Waiting to be sent to the printer';
  return `Not accepted after ${job.attempts} attempt${job.attempts === 1 ? '' : 's'}: ${job.last_error ?? 'unknown error'}. Next try ${job.next_attempt_at ? formatDateTime(job.next_attempt_at) : 'soon'}`;
}

export const orderDetail: ShowResource<OrderDetail> = {
  title: (o) => `Order #${o.id}`,
  load: (id) => unwrap(api.GET('/api-super-admin/orders/{id}/', { params: { path: { id } } })),
  facts: (o) => [
    ['Kind', o.kind === 'books' ? 'Books' : o.kind === 'subscription' ? 'Subscription' : 'Donation'],
    ['Status', o.status],
    ['Print status', o.print_status?.replace(/_/g, ' ') ?? '—'],
    ['Print job', printJob(o.print_job)],
    ['Total', formatPrice(o.total_cents, o.currency)],
    [
      'Refunded',
      o.refunded_cents === 0
        ? '—'
        : o.refunded_cents >= o.total_cents
          ? `Refunded in full (${formatPrice(o.refunded_cents, o.currency)})`
          : formatPrice(o.refunded_cents, o.currency),
    ],
    ['Buyer', o.buyer ?? o.email ?? 'Guest'],
    ['Tenant', o.tenant_name ?? '—'],
    ['Charity', o.charity_name ?? '—'],
    ['Ordered', day(o.created_at)],
    ['Items', o.items.length ? o.items.map((i) => `${i.title} (${formatPrice(i.price_cents, o.currency)})`).join(', ') : '—'],
    [
      'Payments',
      o.payments.length
        ? o.payments
            .map(
              (p) =>
                `${p.provider} ${p.provider_ref}: ${p.status}, ${formatPrice(p.amount_cents, p.currency)}${p.refunded_cents ? `, refunded ${formatPrice(p.refunded_cents, p.currency)}` : ''}`,
            )
            .join('; ')
        : '—',
    ],
    [
      'Refunds',
      o.refunds.length
        ? o.refunds
            .map(
              (r) =>
                `${formatPrice(r.amount_cents, o.currency)} on ${day(r.created_at)} (${r.provider_ref}${r.reason ? `: ${r.reason}` : ''})`,
            )
            .join('; ')
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
  back: { href: '/admin-panel/orders', label: 'All orders' },
};
