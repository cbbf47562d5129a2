// A donation certificate (/certificates/{id}): shown, and downloaded as a PDF. Only a paid
// donation has one; it opens for the donor signed in, or with the key from the payment.
import { Trans, useLingui } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
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
  const { t } = useLingui();
  const known = useKnown();
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const order = useRemote(valid ? `certificate-${orderId}` : null, () =>
    unwrap(api.GET('/orders/{id}/', { params: { path: { id: orderId }, query: key ? { key } : {} } })),
  );
  if (valid && order.status === 'loading') return null;
  const o = valid && order.status === 'succeeded' && order.data.kind === 'donation' && order.data.status === 'success' ? order.data : null;
  if (!o) {
    return (
      <main className="doc-page">
        <h1>
          <Trans>Certificate</Trans>
        </h1>
        <p>
          {order.status === 'failed'
            ? known(order.error)
            : t`There is no certificate for this donation yet: it appears once the payment is complete.`}
        </p>
        <p>
          <Link to="/charities">
            <Trans>See the charities</Trans>
          </Link>
        </p>
      </main>
    );
  }
  // The PDF's words stay English until it embeds fonts for every script (issue 26, PDFs).
  const facts = {
    id: o.id,
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the PDF's words (see above)
    donor: o.buyer ?? 'A kind donor',
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the PDF's words (see above)
    charity: o.charity?.name ?? 'a charity',
    cents: o.total_cents,
    currency: o.currency,
    date: o.created_at,
    site,
  };
  const download = async () => {
    const [{ certificatePdf }, { savePdf }] = await Promise.all([import('./certificate-pdf'), import('@/ui/pdf-page')]);
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the PDF's file name, English like the PDF
    savePdf(await certificatePdf(facts), `Certificate_${o.id}.pdf`);
  };
  const amount = formatPrice(facts.cents, facts.currency);
  const date = formatDate(facts.date);
  const number = `DON-${String(o.id).padStart(6, '0')}`;
  return (
    <main className="doc-page" aria-labelledby="certificate-title">
      <div className="certificate">
        <h1 id="certificate-title">
          <Trans>Certificate of Donation</Trans>
        </h1>
        <p>
          <Trans>This certifies that</Trans>
        </p>
        <p className="certificate-name">{o.buyer ?? t`A kind donor`}</p>
        <p>{t`donated ${amount} to`}</p>
        <p className="certificate-name">{o.charity?.name ?? t`a charity`}</p>
        <p>{t`on ${date}`}</p>
        <p className="certificate-number">{t`Certificate number ${number}`}</p>
      </div>
      <p>
        <PdfButton make={download} />
      </p>
    </main>
  );
}
