// The invoice (/invoice/{type}/{id}): shown on screen, and downloaded as a PDF made on the device (src/ui/pdf-page.ts)
// (loaded only when the button is pressed).
import { useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PdfButton } from '@/ui/pdf-button';
import { OrderLines } from './order-lines';
import { ORDER_STATUS_NAMES } from '@/ui/value-names';
import { BackToLibrary, StatusPage } from './track-order-page';
import { useOrderFromRoute } from './use-order';
import '@/ui/documents.css';
import './orders.css';
import { formatDate } from '@/ui/format';

export function InvoicePage({ site: seller }: { site: string }) {
  const { type } = useParams({ strict: false }) as { type?: string };
  const { order } = useOrderFromRoute();
  const { t, i18n } = useLingui();
  if (order.status === 'loading') return null;
  const kinds: Record<string, string> = { donation: 'donation', order: 'books', subscription: 'subscription' };
  const expected = order.status === 'succeeded' && type !== undefined && kinds[type] === order.data.kind;
  if (order.status === 'failed' || !expected)
    return <StatusPage title={t`Invoice`} error={order.status === 'failed' ? order.error : t`We could not find this invoice.`} />;
  const o = order.data;

  const download = async () => {
    const [{ invoicePdf, invoiceFileName }, { savePdf }] = await Promise.all([import('./invoice-pdf'), import('@/ui/pdf-page')]);
    savePdf(await invoicePdf(o, seller), invoiceFileName(o, type!));
  };

  // An invoice number is a reference, the same in every language.
  const number = `INV-${String(o.id).padStart(6, '0')}`;
  return (
    <main className="doc-page" aria-labelledby="invoice-title">
      <BackToLibrary />
      <h1 id="invoice-title">{t`Invoice ${number}`}</h1>
      <dl className="doc-facts">
        <dt>
          <Trans>From</Trans>
        </dt>
        <dd>{seller}</dd>
        <dt>
          <Trans>Date</Trans>
        </dt>
        <dd>{formatDate(o.created_at)}</dd>
        {o.buyer || o.email ? (
          <>
            <dt>
              <Trans>Billed to</Trans>
            </dt>
            <dd>{o.buyer ?? o.email}</dd>
          </>
        ) : null}
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>{i18n._(ORDER_STATUS_NAMES[o.status])}</dd>
      </dl>
      <OrderLines order={o} />
      <p>
        <PdfButton make={download} />
      </p>
    </main>
  );
}
