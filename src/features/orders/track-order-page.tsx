// Order tracking (/trackorder/{id}): where an order is, step by step: placed, paid, and for
// books where the printed copy is: with the printer (queued_for_processing), printed, shipped.
// Payment statuses are the spec's (success, failed, cancelled, pending); the print statuses are
// the spec's open, paid and queued_for_processing and the two later ones (PRINT_PROGRESS), moved
// by the print provider's callbacks on the server; a book order also shows where it is going. Opened by the buyer or with the order's key.
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { COUNTRIES } from '@/contract/countries';
import { addressLines } from '@/contract/delivery-address';
import { PRINT_PROGRESS } from '@/contract/domain';
import { PROVIDER_LABELS } from '@/ui/payment-choice';
import { OrderLines } from './order-lines';
import { useOrderFromRoute, type Order } from './use-order';
import '@/ui/documents.css';
import './orders.css';
import { formatDateTime } from '@/ui/format';

const PAYMENT_WORDS: Record<Order['status'], string> = {
  pending: 'Waiting for payment',
  success: 'Paid',
  failed: 'Payment failed',
  cancelled: 'Payment cancelled',
};

/** The printed copy's steps after payment, with what each means to a buyer. */
const PRINT_STEPS = [
  { status: 'queued_for_processing', label: 'With the printer', detail: 'Queued for processing' },
  { status: 'printed', label: 'Printed', detail: 'Your copy is printed and bound' },
  { status: 'shipped', label: 'Shipped', detail: 'On its way to you' },
] as const;

function steps(order: Order) {
  const paid = order.status === 'success';
  const reached = order.print_status ? PRINT_PROGRESS.indexOf(order.print_status) : -1;
  const list = [
    { label: 'Order placed', done: true, detail: formatDateTime(order.created_at) },
    {
      label: PAYMENT_WORDS[order.status],
      done: paid,
      detail: order.payments.at(-1) ? PROVIDER_LABELS[order.payments.at(-1)!.provider].name : '',
    },
  ];
  if (order.kind !== 'books') return list;
  return [
    ...list,
    ...PRINT_STEPS.map((step) => {
      const done = reached >= PRINT_PROGRESS.indexOf(step.status);
      return {
        label: step.label,
        done,
        detail: done ? step.detail : step.status === 'queued_for_processing' && paid ? 'Being prepared' : '',
      };
    }),
  ];
}

/** Where the printed copies are going, as the buyer gave it at checkout. */
function DeliveryTo({ address }: { address: NonNullable<Order['delivery_address']> }) {
  const { t } = useLingui();
  const country = COUNTRIES.find(([code]) => code === address.country)?.[1] ?? address.country;
  return (
    <section aria-labelledby="delivery-title">
      <h2 id="delivery-title">{t`Delivery address`}</h2>
      <address className="delivery-lines">
        {addressLines({ ...address, country }).map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
    </section>
  );
}

export function StatusPage({ title, error }: { title: string; error: string }) {
  return (
    <main className="doc-page">
      <h1>{title}</h1>
      <p>{error}</p>
      <p>
        <Link to="/library">Back to the library</Link>
      </p>
    </main>
  );
}

export function TrackOrderPage() {
  const { order, key } = useOrderFromRoute();
  if (order.status === 'loading') return null;
  if (order.status === 'failed') return <StatusPage title="Track your order" error={order.error} />;
  const o = order.data;
  return (
    <main className="doc-page" aria-labelledby="track-title">
      <p>
        <Link to="/library">← Library</Link>
      </p>
      <h1 id="track-title">Order #{o.id}</h1>
      <ol className="track-steps" aria-label="Where your order is">
        {steps(o).map((s, i, all) => (
          <li key={s.label} className={s.done ? 'done' : ''} aria-current={s.done && !all[i + 1]?.done ? 'step' : undefined}>
            <span className="track-dot" aria-hidden="true" />
            <span>
              <strong>{s.label}</strong>
              <span className="visually-hidden">{s.done ? ' (done)' : ' (to come)'}</span>
              {s.detail ? <span className="track-detail">{s.detail}</span> : null}
            </span>
          </li>
        ))}
      </ol>
      {o.delivery_address ? <DeliveryTo address={o.delivery_address} /> : null}
      <h2>{o.kind === 'donation' ? 'Donation' : 'Books'}</h2>
      <OrderLines order={o} />
      <p>
        <a
          className="button"
          href={`/invoice/${o.kind === 'donation' ? 'donation' : 'order'}/${o.id}${key ? `?key=${encodeURIComponent(key)}` : ''}`}
        >
          View the invoice
        </a>
      </p>
    </main>
  );
}
