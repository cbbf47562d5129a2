// An order's lines and total, as tracking and the invoice (on screen and its PDF, ./invoice-pdf.ts)
// list them, in the reader's language. A line is what was bought: a book, a donation, a subscription.
import { t } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { formatPrice } from '@/ui/format';
import type { Order } from './use-order';

export type OrderLine =
  | { key: number; kind: 'book'; title: string; cents: number }
  | { key: number; kind: 'donation'; charity: string | null; cents: number }
  | { key: number; kind: 'subscription'; description: string | null; cents: number };

export function orderLines(o: Order): OrderLine[] {
  if (o.kind === 'subscription') return [{ key: 0, kind: 'subscription', description: o.description ?? null, cents: o.total_cents }];
  return o.kind === 'donation'
    ? [{ key: 0, kind: 'donation', charity: o.charity?.name ?? null, cents: o.total_cents }]
    : o.items.map((i) => ({ key: i.book_id, kind: 'book', title: i.title, cents: i.price_cents }));
}

/** What a line is called: a book's title, or a donation or subscription said in words. */
export function lineTitle(line: OrderLine): string {
  if (line.kind === 'book') return line.title;
  if (line.kind === 'donation') {
    const { charity } = line;
    return charity ? t`Donation to ${charity}` : t`Donation to a charity`;
  }
  const { description } = line;
  return description ? t`Subscription: ${description}` : t`Subscription: one period`;
}

function LineTitle({ line }: { line: OrderLine }) {
  // Drawn again when the language changes.
  useLinguiRuntime();
  return lineTitle(line);
}

export function OrderLines({ order }: { order: Order }) {
  return (
    <ul className="doc-lines">
      {orderLines(order).map((l) => (
        <li key={l.key}>
          <span>
            <LineTitle line={l} />
          </span>
          <span>{formatPrice(l.cents, order.currency)}</span>
        </li>
      ))}
      <li className="doc-total">
        <span>
          <Trans>Total</Trans>
        </span>
        <span>{formatPrice(order.total_cents, order.currency)}</span>
      </li>
    </ul>
  );
}
