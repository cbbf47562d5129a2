// A donation certificate (/certificates/{id}): shown, and downloaded as a PDF. Only a paid
// donation has one; it opens for the donor signed in, or with the key from the payment.
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { api } from '@/api/client';
import { unwrap, useRemote } from '@/api/use-remote';
import { formatDate, formatPrice } from '@/ui/format';
import { PdfButton } from '@/ui/pdf-button';
import '@/ui/documents.css';
import '@/ui/forms.css';

export function CertificatePage({ site }: { site: string }) {
  const { id } = useParams({ strict: false }) as { id?: string };
  const { key } = useSearch({ strict: false }) as { key?: string };
  const orderId = Number(id);
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const order = useRemote(valid ? `certificate-${orderId}` : null, () =>
    unwrap(api.GET('/orders/{id}/', { params: { path: { id: orderId }, query: key ? { key } : {} } })),
  );
  if (valid && order.status === 'loading') return null;
  const o = valid && order.status === 'succeeded' && order.data.kind === 'donation' && order.data.status === 'success' ? order.data : null;
  if (!o) {
    return (
      <main className="doc-page">
        <h1>Certificate</h1>
        <p>
          {order.status === 'failed'
            ? order.error
            : 'There is no certificate for this donation yet: it appears once the payment is complete.'}
        </p>
        <p>
          <Link to="/charities">See the charities</Link>
        </p>
      </main>
    );
  }
  const facts = {
    id: o.id,
    donor: o.buyer ?? 'A kind donor',
    charity: o.charity?.name ?? 'a charity',
    cents: o.total_cents,
    currency: o.currency,
    date: o.created_at,
    site,
  };
  const download = async () => {
    const { certificatePdf } = await import('./certificate-pdf');
    certificatePdf(facts).save(`Certificate_${o.id}.pdf`);
  };
  return (
    <main className="doc-page" aria-labelledby="certificate-title">
      <div className="certificate">
        <h1 id="certificate-title">Certificate of Donation</h1>
        <p>This certifies that</p>
        <p className="certificate-name">{facts.donor}</p>
        <p>donated {formatPrice(facts.cents, facts.currency)} to</p>
        <p className="certificate-name">{facts.charity}</p>
        <p>on {formatDate(facts.date)}</p>
        <p className="certificate-number">Certificate number DON-{String(o.id).padStart(6, '0')}</p>
      </div>
      <p>
        <PdfButton make={download} />
      </p>
    </main>
  );
}
