// The invoice (/invoice/{type}/{id}): shown on screen, and downloaded as a PDF made with jspdf
// (loaded only when the button is pressed).
import { useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { formatPrice } from '@/ui/format';
import { StatusPage } from './track-order-page';
import { useOrderFromRoute } from './use-order';
import '@/ui/documents.css';
import './orders.css';

export function InvoicePage({ site: seller }: { site: string }) {
  const { type } = useParams({ strict: false }) as { type?: string };
  const { order } = useOrderFromRoute();
  const [busy, setBusy] = useState(false);
  if (order.status === 'loading') return null;
  const expected = order.status === 'succeeded' && (type === 'donation' ? order.data.kind === 'donation' : type === 'order' && order.data.kind === 'books');
  if (order.status === 'failed' || !expected) return <StatusPage title="Invoice" error={order.status === 'failed' ? order.error : 'We could not find this invoice.'} />;
  const o = order.data;

  const download = async () => {
    setBusy(true);
    try {
      const { invoicePdf, invoiceFileName } = await import('./invoice-pdf');
      invoicePdf(o, seller).save(invoiceFileName(o, type!));
    } finally {
      setBusy(false);
    }
  };
  const lines = o.kind === 'donation' ? [{ key: 0, title: `Donation to ${o.charity?.name ?? 'a charity'}`, cents: o.total_cents }] : o.items.map((i) => ({ key: i.book_id, title: i.title, cents: i.price_cents }));

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
        <dd>{new Date(o.created_at).toLocaleDateString()}</dd>
        {o.buyer || o.email ? (
          <>
            <dt>Billed to</dt>
            <dd>{o.buyer ?? o.email}</dd>
          </>
        ) : null}
        <dt>Status</dt>
        <dd>{o.status === 'success' ? 'Paid' : o.status}</dd>
      </dl>
      <ul className="doc-lines">
        {lines.map((l) => (
          <li key={l.key}>
            <span>{l.title}</span>
            <span>{formatPrice(l.cents, o.currency)}</span>
          </li>
        ))}
        <li className="doc-total">
          <span>Total</span>
          <span>{formatPrice(o.total_cents, o.currency)}</span>
        </li>
      </ul>
      <p>
        <button type="button" className="button" disabled={busy} onClick={() => void download()}>
          {busy ? 'Preparing the PDF…' : 'Download PDF'}
        </button>
      </p>
    </main>
  );
}
