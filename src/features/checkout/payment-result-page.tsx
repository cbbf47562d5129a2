// Where a provider sends the buyer back:
// /paypal-payment, /phonepe-payment and /stripe-payment with success, failed or cancel. The
// screen trusts the server's record of the order, not the address: success shows the
// provider's own thank-you; failed and cancel share one failure screen.
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { api } from '@/api/client';
import { unwrap, useRemote } from '@/api/use-remote';
import type { PaymentProvider } from '@/contract/domain';
import { formatPrice } from '@/ui/format';
import { PROVIDER_LABELS } from '@/ui/payment-choice';
import './checkout.css';

const THANKS: Record<PaymentProvider, { title: string; text: string }> = {
  paypal: { title: 'Thank you! Your PayPal payment is complete', text: 'PayPal has confirmed your payment.' },
  phonepe: { title: 'Payment successful with PhonePe', text: 'PhonePe has confirmed your UPI payment.' },
  stripe: { title: 'Your card payment was successful', text: 'Your card has been charged.' },
};

export function PaymentFailed({ again }: { again: { to: string; label: string } }) {
  return (
    <section className="page" aria-labelledby="result-title">
      <div className="result-card">
        <h1 id="result-title">Payment not completed</h1>
        <p>The payment was cancelled or did not go through, so no money was taken.</p>
        <p>Everything is still saved here: you can try again, with the same or another way to pay.</p>
        <p className="result-actions">
          <a href={again.to} className="button">
            {again.label}
          </a>
          <Link to="/library" className="button button-secondary">
            Back to the library
          </Link>
        </p>
      </div>
    </section>
  );
}

export function PaymentResultPage({ provider, onPaid }: { provider: PaymentProvider; onPaid?: (bookIds: number[]) => void }) {
  const { result } = useParams({ strict: false }) as { result?: string };
  const { order: orderId, key } = useSearch({ strict: false }) as { order?: number; key?: string };
  const order = useRemote(orderId ? `order-${orderId}` : null, () =>
    unwrap(api.GET('/orders/{id}/', { params: { path: { id: orderId! }, query: { key } } })),
  );
  const told = useRef(false);
  const paid = order.status === 'succeeded' && order.data.status === 'success' ? order.data : null;

  useEffect(() => {
    if (paid && paid.kind === 'books' && !told.current) {
      told.current = true;
      onPaid?.(paid.items.map((i) => i.book_id));
    }
  }, [paid, onPaid]);

  const sayFailed = result === 'failed' || result === 'cancel';
  if (orderId && order.status === 'loading') return null;
  if (order.status === 'succeeded' && order.data.status !== 'success' && (order.data.status !== 'pending' || sayFailed)) {
    return (
      <PaymentFailed
        again={
          order.data.charity ? { to: `/charities/${order.data.charity.slug}`, label: 'Try again' } : { to: '/checkout', label: 'Try again' }
        }
      />
    );
  }
  if (!paid) {
    if (sayFailed) return <PaymentFailed again={{ to: '/checkout', label: 'Try again' }} />;
    return (
      <section className="page" aria-labelledby="result-title">
        <div className="result-card">
          <h1 id="result-title">{PROVIDER_LABELS[provider].name} payment</h1>
          <p>{order.status === 'failed' ? order.error : 'We have not received a confirmation for this payment yet.'}</p>
          <p>
            <Link to="/library">Back to the library</Link>
          </p>
        </div>
      </section>
    );
  }

  const thanks = THANKS[provider];
  const q = `?key=${encodeURIComponent(key ?? '')}`;
  return (
    <section className="page" aria-labelledby="result-title">
      <div className="result-card">
        <h1 id="result-title">{thanks.title}</h1>
        <p>
          {thanks.text}{' '}
          {paid.charity
            ? `Your donation of ${formatPrice(paid.total_cents, paid.currency)} to ${paid.charity.name} has been received.`
            : `Order #${paid.id}: ${paid.items.length} ${paid.items.length === 1 ? 'book' : 'books'}, ${formatPrice(paid.total_cents, paid.currency)}.`}
        </p>
        {paid.email ? <p>A receipt goes to {paid.email}.</p> : null}
        <p className="result-actions">
          {paid.charity ? (
            <a className="button" href={`/certificates/${paid.id}${q}`}>
              Your certificate
            </a>
          ) : (
            <a className="button" href={`/trackorder/${paid.id}${q}`}>
              Track your order
            </a>
          )}
          <a className="button button-secondary" href={`/invoice/${paid.kind === 'donation' ? 'donation' : 'order'}/${paid.id}${q}`}>
            Invoice
          </a>
        </p>
      </div>
    </section>
  );
}
