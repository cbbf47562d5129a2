// 'Money I Have Raised' (the dashboard's tab of that name): the signed-in user's successful
// donations, their total, and each one's certificate; for school staff, what their school's book
// sales gave its charity causes (issue 13).
import { Plural, Trans } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import { Link } from '@tanstack/react-router';
import { api } from '@/api/client';
import { useSessionUser } from '@/api/use-session';
import { unwrap, useRemote } from '@/api/use-remote';
import { formatDate, formatPrice } from '@/ui/format';
import '@/ui/forms.css';

export function MoneyRaised() {
  const user = useSessionUser();
  const known = useKnown();
  const mine = useRemote(user ? `donations-${user.id}` : null, () => unwrap(api.GET('/donations/mine/')));
  return (
    <section className="money-raised" aria-labelledby="money-raised-title">
      <h2 id="money-raised-title">
        <Trans>Money I Have Raised</Trans>
      </h2>
      {!user ? (
        <p>
          <Trans>Sign in to see your donations.</Trans>
        </p>
      ) : mine.status === 'loading' ? (
        <p role="status">
          <Trans>Loading your donations…</Trans>
        </p>
      ) : mine.status === 'failed' ? (
        <p className="notice notice-error" role="alert">
          {known(mine.error)}
        </p>
      ) : (
        <>
          <p className="raised-total">
            <Raised total={formatPrice(mine.data.total_cents)} count={mine.data.count} />
          </p>
          {mine.data.books_raised_cents > 0 ? (
            <p className="raised-total">
              <BooksRaised amount={formatPrice(mine.data.books_raised_cents)} />
            </p>
          ) : null}
          {mine.data.results.length === 0 ? (
            <p>
              <Trans>
                No donations yet. <Link to="/charities">Choose a charity to support</Link>.
              </Trans>
            </p>
          ) : (
            <ul className="doc-list">
              {mine.data.results.map((d) => (
                <li key={d.order_id}>
                  <span>
                    {d.charity.name}
                    <span className="raised-date"> · {formatDate(d.created_at)}</span>
                  </span>
                  <span>{formatPrice(d.amount_cents, d.currency)}</span>
                  <a href={`/certificates/${d.order_id}?key=${encodeURIComponent(d.key)}`}>
                    <Trans>Certificate</Trans>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function Raised({ total, count }: { total: string; count: number }) {
  return (
    <Trans>
      <strong>{total}</strong> from <Plural value={count} one="# donation" other="# donations" />
    </Trans>
  );
}

function BooksRaised({ amount }: { amount: string }) {
  return (
    <Trans>
      <strong>{amount}</strong> for charity causes from your school’s book sales
    </Trans>
  );
}
