// The invoice (/invoice/{type}/{id}): shown on screen, and downloaded as a PDF made on the device (src/ui/pdf-page.ts)
// (loaded only when the button is pressed).
import { Link, useParams } from '@tanstack/react-router';
import { PdfButton } from '@/ui/pdf-button';
import { OrderLines } from './order-lines';
import { StatusPage } from './track-order-page';
import { useOrderFromRoute } from './use-order';
import '@/ui/documents.css';
import './orders.css';
import { formatDate } from '@/ui/format';

export function InvoicePage({ site: seller }: { site: string }) {
  const { type } = useParams({ strict: false }) as { type?: string };
  const { order } = useOrderFromRoute();
  if (order.status === 'loading') return null;
  const kinds: Record<string, string> = { donation: 'donation', order: 'books', subscription: 'subscription' };
  const expected = order.status === 'succeeded' && type !== undefined && kinds[type] === order.data.kind;
  if (order.status === 'failed' || !expected)
    return <StatusPage title="Invoice" error={order.status === 'failed' ? order.error : 'We could not find this invoice.'} />;
  const o = order.data;

  const download = async () => {
    const [{ invoicePdf, invoiceFileName }, { savePdf }] = await Promise.all([import('./invoice-pdf'), import('@/ui/pdf-page')]);
    savePdf(await invoicePdf(o, seller), invoiceFileName(o, type!));
  };

  return (
    <main className="doc-page" aria-labelledby="invoice-title">
      <p>
        <Link to="/library">← Library</Link>
      </p>
      <h1 id="invoice-title">Invoice INV-{String(o.id).padStart(6, '0')}</h1>
      <dl className="doc-facts">
        <dt>From</dt>
        <dd>{seller}</dd>
        <dt>Date</dt>
        <dd>{formatDate(o.created_at)}</dd>
        {o.buyer || o.email ? (
          <>
            <dt>Billed to</dt>
            <dd>{o.buyer ?? o.email}</dd>
          </>
        ) : null}
        <dt>Status</dt>
        <dd>{o.status === 'success' ? 'Paid' : o.status}</dd>
      </dl>
      <OrderLines order={o} />
      <p>
        <PdfButton make={download} />
      </p>
    </main>
  );
}
