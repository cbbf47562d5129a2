// Where a provider sends the buyer back:
// /paypal-payment, /phonepe-payment and /stripe-payment with success, failed or cancel. The
// screen trusts the server's record of the order, not the address: success shows the
// provider's own thank-you; failed and cancel share one failure screen.
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { api } from '@/api/client';
import { unwrap, useRemote } from '@/api/use-remote';
import type { PaymentProvider } from '@/contract/domain';
import { formatPrice } from '@/ui/format';
import { PROVIDER_LABELS } from '@/ui/payment-choice';
import './checkout.css';

const THANKS: Record<PaymentProvider, { title: MessageDescriptor; text: MessageDescriptor }> = {
  paypal: { title: msg`Thank you! Your PayPal payment is complete`, text: msg`PayPal has confirmed your payment.` },
  phonepe: { title: msg`Payment successful with PhonePe`, text: msg`PhonePe has confirmed your UPI payment.` },
  stripe: { title: msg`Your card payment was successful`, text: msg`Your card has been charged.` },
};

export function PaymentFailed({ again }: { again: { to: string } }) {
  return (
    <section className="page" aria-labelledby="result-title">
      <div className="result-card">
        <h1 id="result-title">
          <Trans>Payment not completed</Trans>
        </h1>
        <p>
          <Trans>The payment was cancelled or did not go through, so no money was taken.</Trans>
        </p>
        <p>
          <Trans>Everything is still saved here: you can try again, with the same or another way to pay.</Trans>
        </p>
        <p className="result-actions">
          <a href={again.to} className="button">
            <Trans>Try again</Trans>
          </a>
          <Link to="/library" className="button button-secondary">
            <Trans>Back to the library</Trans>
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
  const { t, i18n } = useLingui();
  const known = useKnown();
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
    return <PaymentFailed again={order.data.charity ? { to: `/charities/${order.data.charity.slug}` } : { to: '/checkout' }} />;
  }
  if (!paid) {
    if (sayFailed) return <PaymentFailed again={{ to: '/checkout' }} />;
    const name = known(PROVIDER_LABELS[provider].name);
    return (
      <section className="page" aria-labelledby="result-title">
        <div className="result-card">
          <h1 id="result-title">{t`${name} payment`}</h1>
          <p>{order.status === 'failed' ? known(order.error) : t`We have not received a confirmation for this payment yet.`}</p>
          <p>
            <Link to="/library">
              <Trans>Back to the library</Trans>
            </Link>
          </p>
        </div>
      </section>
    );
  }

  const thanks = THANKS[provider];
  const q = `?key=${encodeURIComponent(key ?? '')}`;
  const amount = formatPrice(paid.total_cents, paid.currency);
  const charity = paid.charity?.name;
  const orderNumber = paid.id;
  const email = paid.email;
  const books = paid.items.length;
  return (
    <section className="page" aria-labelledby="result-title">
      <div className="result-card">
        <h1 id="result-title">{i18n._(thanks.title)}</h1>
        <p>
          {i18n._(thanks.text)}{' '}
          {charity
            ? t`Your donation of ${amount} to ${charity} has been received.`
            : t`Order #${orderNumber}: ${plural(books, { one: '# book', other: '# books' })}, ${amount}.`}
        </p>
        {email ? <p>{t`A receipt goes to ${email}.`}</p> : null}
        <p className="result-actions">
          {paid.charity ? (
            <a className="button" href={`/certificates/${paid.id}${q}`}>
              <Trans>Your certificate</Trans>
            </a>
          ) : (
            <a className="button" href={`/trackorder/${paid.id}${q}`}>
              <Trans>Track your order</Trans>
            </a>
          )}
          <a className="button button-secondary" href={`/invoice/${paid.kind === 'donation' ? 'donation' : 'order'}/${paid.id}${q}`}>
            <Trans>Invoice</Trans>
          </a>
        </p>
      </div>
    </section>
  );
}
