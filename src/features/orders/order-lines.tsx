// An order's lines and total, as tracking and the invoice both list them.
import { formatPrice } from '@/ui/format';
import type { Order } from './use-order';

export function orderLines(o: Order): { key: number; title: string; cents: number }[] {
  if (o.kind === 'subscription') return [{ key: 0, title: `Subscription: ${o.description ?? 'one period'}`, cents: o.total_cents }];
  return o.kind === 'donation'
    ? [{ key: 0, title: `Donation to ${o.charity?.name ?? 'a charity'}`, cents: o.total_cents }]
    : o.items.map((i) => ({ key: i.book_id, title: i.title, cents: i.price_cents }));
}

export function OrderLines({ order }: { order: Order }) {
  return (
    <ul className="doc-lines">
      {orderLines(order).map((l) => (
        <li key={l.key}>
          <span>{l.title}</span>
          <span>{formatPrice(l.cents, order.currency)}</span>
        </li>
      ))}
      <li className="doc-total">
        <span>Total</span>
        <span>{formatPrice(order.total_cents, order.currency)}</span>
      </li>
    </ul>
  );
}
