// The invoice as a PDF (jspdf), built in the browser. Loaded only when asked for, so jspdf
// never weighs on any other screen. In English, prices and dates included, whatever the page's
// language: its font (Helvetica) has Latin letters and digits only, until the PDFs embed fonts
// for every script (issue 26).
import { jsPDF } from 'jspdf';
import { formatDay } from '@/contract/day';
import { formatPrice } from '@/contract/price';
import { orderLines, type OrderLine } from './order-lines';
import type { Order } from './use-order';

export function invoicePdf(order: Order, seller: string): jsPDF {
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  const left = 56;
  let y = 72;
  doc.setFont('helvetica', 'bold').setFontSize(22).text('Invoice', left, y);
  doc.setFont('helvetica', 'normal').setFontSize(11);
  y += 28;
  doc.text(`${seller}`, left, y);
  doc.text(`Invoice number: INV-${String(order.id).padStart(6, '0')}`, 360, y);
  y += 16;
  doc.text(`Date: ${formatDay(order.created_at)}`, 360, y);
  if (order.buyer || order.email) doc.text(`Billed to: ${order.buyer ?? order.email}`, left, y);
  y += 16;
  doc.text(`Status: ${order.status === 'success' ? 'Paid' : order.status}`, 360, y);
  y += 36;
  doc.setFont('helvetica', 'bold').text('Item', left, y).text('Amount', 480, y);
  doc.setLineWidth(0.5).line(left, y + 6, 540, y + 6);
  doc.setFont('helvetica', 'normal');
  for (const line of orderLines(order)) {
    y += 22;
    if (y > 760) {
      doc.addPage();
      y = 72;
    }
    doc.text(doc.splitTextToSize(lineTitle(line), 400)[0] as string, left, y);
    doc.text(formatPrice(line.cents, order.currency), 540, y, { align: 'right' });
  }
  y += 14;
  doc.line(left, y, 540, y);
  y += 22;
  doc.setFont('helvetica', 'bold').text('Total', left, y).text(formatPrice(order.total_cents, order.currency), 540, y, { align: 'right' });
  const pay = order.payments.at(-1);
  if (pay)
    doc
      .setFont('helvetica', 'normal')
      .text(`Paid through ${pay.provider === 'stripe' ? 'card' : pay.provider} (${pay.status})`, left, y + 28);
  return doc;
}

function lineTitle(line: OrderLine): string {
  if (line.kind === 'book') return line.title;
  if (line.kind === 'donation') return `Donation to ${line.charity ?? 'a charity'}`;
  return `Subscription: ${line.description ?? 'one period'}`;
}

export function invoiceFileName(order: Order, type: string) {
  return `Invoice_${type}_${order.id}.pdf`;
}
