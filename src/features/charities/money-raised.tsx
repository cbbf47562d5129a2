// 'Money I Have Raised' (the dashboard's tab of that name): the signed-in user's successful
// donations, their total, and each one's certificate; for school staff, what their school's book
// sales gave its charity causes (issue 13).
import { Link } from '@tanstack/react-router';
import { api } from '@/api/client';
import { useSessionUser } from '@/api/use-session';
import { unwrap, useRemote } from '@/api/use-remote';
import { formatDate, formatPrice } from '@/ui/format';
import '@/ui/forms.css';

export function MoneyRaised() {
  const user = useSessionUser();
  const mine = useRemote(user ? `donations-${user.id}` : null, () => unwrap(api.GET('/donations/mine/')));
  return (
    <section className="money-raised" aria-labelledby="money-raised-title">
      <h2 id="money-raised-title">Money I Have Raised</h2>
      {!user ? (
        <p>Sign in to see your donations.</p>
      ) : mine.status === 'loading' ? (
        <p role="status">Loading your donations…</p>
      ) : mine.status === 'failed' ? (
        <p className="notice notice-error" role="alert">
          {mine.error}
        </p>
      ) : (
        <>
          <p className="raised-total">
            <strong>{formatPrice(mine.data.total_cents)}</strong> from {mine.data.count} {mine.data.count === 1 ? 'donation' : 'donations'}
          </p>
          {mine.data.books_raised_cents > 0 ? (
            <p className="raised-total">
              <strong>{formatPrice(mine.data.books_raised_cents)}</strong> for charity causes from your school&rsquo;s book sales
            </p>
          ) : null}
          {mine.data.results.length === 0 ? (
            <p>
              No donations yet. <Link to="/charities">Choose a charity to support</Link>.
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
                  <a href={`/certificates/${d.order_id}?key=${encodeURIComponent(d.key)}`}>Certificate</a>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
