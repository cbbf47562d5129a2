// Order tracking (/trackorder/{id}): where an order is, step by step: placed, paid, and for
// books where the printed copy is: with the printer (queued_for_processing), printed, shipped.
// Payment statuses are the spec's (success, failed, cancelled, pending); the print statuses are
// the spec's open, paid and queued_for_processing and the two later ones (PRINT_PROGRESS), moved
// by the print provider's callbacks on the server; a book order also shows where it is going. Opened by the buyer or with the order's key.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import { COUNTRIES } from '@/contract/countries';
import { addressLines } from '@/contract/delivery-address';
import { PRINT_PROGRESS } from '@/contract/domain';
import { PROVIDER_LABELS } from '@/ui/payment-choice';
import { ORDER_STATUS_NAMES, PRINT_STATUS_NAMES } from '@/ui/value-names';
import { OrderLines } from './order-lines';
import { useOrderFromRoute, type Order } from './use-order';
import '@/ui/documents.css';
import './orders.css';
import { formatDateTime } from '@/ui/format';

/** The printed copy's steps after payment, with what each means to a buyer. */
const PRINT_STEPS = [
  { status: 'queued_for_processing', detail: msg`Queued for processing` },
  { status: 'printed', detail: msg`Your copy is printed and bound` },
  { status: 'shipped', detail: msg`On its way to you` },
] as const;

/** A step's words: a message, or text already in the reader's words (a date, a provider's name). */
type Step = { key: string; label: MessageDescriptor; done: boolean; detail: MessageDescriptor | string };

function steps(order: Order): Step[] {
  const paid = order.status === 'success';
  const reached = order.print_status ? PRINT_PROGRESS.indexOf(order.print_status) : -1;
  const payment = order.payments.at(-1);
  const list: Step[] = [
    { key: 'placed', label: msg`Order placed`, done: true, detail: formatDateTime(order.created_at) },
    { key: 'payment', label: ORDER_STATUS_NAMES[order.status], done: paid, detail: payment ? PROVIDER_LABELS[payment.provider].name : '' },
  ];
  if (order.kind !== 'books') return list;
  return [
    ...list,
    ...PRINT_STEPS.map((step) => {
      const done = reached >= PRINT_PROGRESS.indexOf(step.status);
      return {
        key: step.status,
        label: PRINT_STATUS_NAMES[step.status],
        done,
        detail: done ? step.detail : step.status === 'queued_for_processing' && paid ? msg`Being prepared` : '',
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

/** An order or invoice that cannot be shown: its title, why (the server's words or ours), and the way back. */
export function StatusPage({ title, error }: { title: string; error: string }) {
  const known = useKnown();
  return (
    <main className="doc-page">
      <h1>{title}</h1>
      <p>{known(error)}</p>
      <p>
        <Link to="/library">
          <Trans>Back to the library</Trans>
        </Link>
      </p>
    </main>
  );
}

/** The way back from a standalone document; its arrow points back in the reader's direction. */
export function BackToLibrary() {
  return (
    <p>
      <Link to="/library">
        <span className="flip-in-rtl" aria-hidden="true">
          ←
        </span>{' '}
        <Trans>Library</Trans>
      </Link>
    </p>
  );
}

export function TrackOrderPage() {
  const { order, key } = useOrderFromRoute();
  const { t, i18n } = useLingui();
  if (order.status === 'loading') return null;
  if (order.status === 'failed') return <StatusPage title={t`Track your order`} error={order.error} />;
  const o = order.data;
  const number = o.id;
  return (
    <main className="doc-page" aria-labelledby="track-title">
      <BackToLibrary />
      <h1 id="track-title">{t`Order #${number}`}</h1>
      <ol className="track-steps" aria-label={t`Where your order is`}>
        {steps(o).map((s, i, all) => (
          <li key={s.key} className={s.done ? 'done' : ''} aria-current={s.done && !all[i + 1]?.done ? 'step' : undefined}>
            <span className="track-dot" aria-hidden="true" />
            <span>
              <strong>{i18n._(s.label)}</strong>
              <span className="visually-hidden">{s.done ? t` (done)` : t` (to come)`}</span>
              {s.detail ? <span className="track-detail">{typeof s.detail === 'string' ? s.detail : i18n._(s.detail)}</span> : null}
            </span>
          </li>
        ))}
      </ol>
      {o.delivery_address ? <DeliveryTo address={o.delivery_address} /> : null}
      <h2>{o.kind === 'donation' ? t`Donation` : t`Books`}</h2>
      <OrderLines order={o} />
      <p>
        <a
          className="button"
          href={`/invoice/${o.kind === 'donation' ? 'donation' : 'order'}/${o.id}${key ? `?key=${encodeURIComponent(key)}` : ''}`}
        >
          <Trans>View the invoice</Trans>
        </a>
      </p>
    </main>
  );
}
