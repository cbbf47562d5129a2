// The invoice as a PDF, built in the browser. Loaded only when asked for, so pdf-lib and the
// shaper never weigh on any other screen. Its words are English (prices and dates included)
// whatever the page's language; the seller's and the buyer's names and the items' titles are
// printed in whatever script they are written (src/ui/pdf-page.ts).
import { formatDay } from '@/contract/day';
import { formatPrice } from '@/contract/price';
import { A4, makePdf } from '@/ui/pdf-page';
import { orderLines, type OrderLine } from './order-lines';
import type { Order } from './use-order';

export function invoicePdf(order: Order, seller: string): Promise<Uint8Array> {
  const left = 56;
  const right = 540;
  const billedTo = order.buyer || order.email ? `Billed to: ${order.buyer ?? order.email}` : '';
  const head = [
    `Invoice number: INV-${String(order.id).padStart(6, '0')}`,
    `Date: ${formatDay(order.created_at)}`,
    `Status: ${order.status === 'success' ? 'Paid' : order.status}`,
  ];
  const items = orderLines(order).map((line) => ({ title: lineTitle(line), price: formatPrice(line.cents, order.currency) }));
  const total = formatPrice(order.total_cents, order.currency);
  const pay = order.payments.at(-1);
  const paid = pay ? `Paid through ${pay.provider === 'stripe' ? 'card' : pay.provider} (${pay.status})` : '';
  const words = ['Invoice', seller, billedTo, ...head, 'Item', 'Amount', 'Total', total, paid, ...items.flatMap((i) => [i.title, i.price])];
  return makePdf(A4, words, (pen) => {
    const body = { size: 11 };
    const bold = { size: 11, weight: 'bold' as const };
    let y = 72;
    pen.text('Invoice', left, y, { size: 22, weight: 'bold' });
    y += 28;
    pen.text(pen.fit(seller, 290, body), left, y, body);
    pen.text(head[0]!, 360, y, body);
    y += 16;
    pen.text(head[1]!, 360, y, body);
    if (billedTo) pen.text(pen.fit(billedTo, 290, body), left, y, body);
    y += 16;
    pen.text(head[2]!, 360, y, body);
    y += 36;
    pen.text('Item', left, y, bold);
    pen.text('Amount', 480, y, bold);
    pen.line(left, y + 6, right, y + 6, 0.5);
    for (const item of items) {
      y += 22;
      if (y > 760) {
        pen.addPage();
        y = 72;
      }
      pen.text(pen.fit(item.title, 400, body), left, y, body);
      pen.text(item.price, right, y, { ...body, align: 'right' });
    }
    y += 14;
    pen.line(left, y, right, y, 0.5);
    y += 22;
    pen.text('Total', left, y, bold);
    pen.text(total, right, y, { ...bold, align: 'right' });
    if (paid) pen.text(paid, left, y + 28, body);
  });
}

function lineTitle(line: OrderLine): string {
  if (line.kind === 'book') return line.title;
  if (line.kind === 'donation') return `Donation to ${line.charity ?? 'a charity'}`;
  return `Subscription: ${line.description ?? 'one period'}`;
}

export function invoiceFileName(order: Order, type: string) {
  return `Invoice_${type}_${order.id}.pdf`;
}
