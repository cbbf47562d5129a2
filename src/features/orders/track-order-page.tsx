// Order tracking (/trackorder/{id}): where an order is, step by step: placed, paid, sent to
// print. Payment statuses are the spec's (success, failed, cancelled, pending); the print
// provider's are open, paid and queued_for_processing.
import { Link } from '@tanstack/react-router';
import { PROVIDER_LABELS } from '@/ui/payment-choice';
import { OrderLines } from './order-lines';
import { useOrderFromRoute, type Order } from './use-order';
import '@/ui/documents.css';
import './orders.css';

const PAYMENT_WORDS: Record<Order['status'], string> = {
  pending: 'Waiting for payment',
  success: 'Paid',
  failed: 'Payment failed',
  cancelled: 'Payment cancelled',
};

function steps(order: Order) {
  const paid = order.status === 'success';
  const print = order.print_status;
  return [
    { label: 'Order placed', done: true, detail: new Date(order.created_at).toLocaleString() },
    { label: PAYMENT_WORDS[order.status], done: paid, detail: order.payments.at(-1) ? PROVIDER_LABELS[order.payments.at(-1)!.provider].name : '' },
    { label: 'With the printer', done: print === 'queued_for_processing', detail: print === 'queued_for_processing' ? 'Queued for processing' : paid ? 'Being prepared' : '' },
  ];
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
      <ol className="track-steps">
        {steps(o).map((s) => (
          <li key={s.label} className={s.done ? 'done' : ''}>
            <span className="track-dot" aria-hidden="true" />
            <span>
              <strong>{s.label}</strong>
              {s.detail ? <span className="track-detail">{s.detail}</span> : null}
            </span>
          </li>
        ))}
      </ol>
      <h2>{o.kind === 'donation' ? 'Donation' : 'Books'}</h2>
      <OrderLines order={o} />
      <p>
        <a className="button" href={`/invoice/${o.kind === 'donation' ? 'donation' : 'order'}/${o.id}${key ? `?key=${encodeURIComponent(key)}` : ''}`}>
          View the invoice
        </a>
      </p>
    </main>
  );
}
