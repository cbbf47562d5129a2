// The invoice as a PDF, built in the browser. Loaded only when asked for, so pdf-lib and the
// shaper never weigh on any other screen. Its words, prices and dates are in the page's language
// (right to left in Arabic, the amounts then on the left); the seller's and the buyer's names and
// the items' titles are printed in whatever script they are written (src/ui/pdf-page.ts).
import { t } from '@lingui/core/macro';
import { formatDay, formatPrice } from '@/ui/format';
import { A4, makePdf } from '@/ui/pdf-page';
import { nameOf, ORDER_STATUS_NAMES, providerName } from '@/ui/value-names';
import { lineTitle, orderLines } from './order-lines';
import type { Order } from './use-order';

export function invoicePdf(order: Order, seller: string): Promise<Uint8Array> {
  // Lengths from the line's start edge (the left, or the right in Arabic: see makePdf).
  const start = 56;
  const end = 540;
  const aside = 320;
  const buyer = order.buyer ?? order.email;
  const billedTo = buyer ? t`Billed to: ${buyer}` : '';
  // An invoice number is a reference, the same in every language.
  const number = `INV-${String(order.id).padStart(6, '0')}`;
  const date = formatDay(order.created_at);
  const status = nameOf(ORDER_STATUS_NAMES, order.status);
  const head = [t`Invoice number: ${number}`, t`Date: ${date}`, t`Status: ${status}`];
  const items = orderLines(order).map((line) => ({ title: lineTitle(line), price: formatPrice(line.cents, order.currency) }));
  const total = formatPrice(order.total_cents, order.currency);
  const paid = paidWith(order.payments.at(-1));
  const words = { title: t`Invoice`, item: t`Item`, amount: t`Amount`, total: t`Total` };
  const texts = [...Object.values(words), seller, billedTo, ...head, total, paid, ...items.flatMap((i) => [i.title, i.price])];
  return makePdf(A4, texts, (pen) => {
    const body = { size: 11 };
    const bold = { size: 11, weight: 'bold' as const };
    let y = 72;
    pen.text(words.title, start, y, { size: 22, weight: 'bold' });
    y += 28;
    pen.text(pen.fit(seller, aside - start - 16, body), start, y, body);
    pen.text(pen.fit(head[0]!, end - aside, body), aside, y, body);
    y += 16;
    pen.text(pen.fit(head[1]!, end - aside, body), aside, y, body);
    if (billedTo) pen.text(pen.fit(billedTo, aside - start - 16, body), start, y, body);
    y += 16;
    pen.text(pen.fit(head[2]!, end - aside, body), aside, y, body);
    y += 36;
    pen.text(words.item, start, y, bold);
    pen.text(words.amount, end, y, { ...bold, align: 'end' });
    pen.line(start, y + 6, end, y + 6, 0.5);
    for (const item of items) {
      y += 22;
      if (y > 760) {
        pen.addPage();
        y = 72;
      }
      pen.text(pen.fit(item.title, 380, body), start, y, body);
      pen.text(item.price, end, y, { ...body, align: 'end' });
    }
    y += 14;
    pen.line(start, y, end, y, 0.5);
    y += 22;
    pen.text(words.total, start, y, bold);
    pen.text(total, end, y, { ...bold, align: 'end' });
    if (paid) pen.text(pen.fit(paid, end - start, body), start, y + 28, body);
  });
}

function paidWith(pay: Order['payments'][number] | undefined): string {
  if (!pay) return '';
  const provider = providerName(pay.provider);
  const status = nameOf(ORDER_STATUS_NAMES, pay.status);
  return t`Paid through ${provider} (${status})`;
}

export function invoiceFileName(order: Order, type: string) {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a file's name, the same in every language
  return `Invoice_${type}_${order.id}.pdf`;
}
