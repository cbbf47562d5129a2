// The Teacher Dashboard's book numbers (issue 13): GET /teacher/book-stats/, shown as the spec's
// entries (title, value, number). On failure it says the server's message, else the spec's
// 'Failed to fetch book stats'.
import { api } from '@/api/client';
import { unwrap, useRemote } from '@/api/use-remote';
import { formatPrice } from '@/ui/format';

const FAILED = 'Failed to fetch book stats';

export function BookStats() {
  const stats = useRemote('teacher-book-stats', () => unwrap(api.GET('/teacher/book-stats/')));
  return (
    <section className="page" aria-labelledby="book-stats-title">
      <h2 id="book-stats-title">Books in numbers</h2>
      {stats.status === 'loading' ? <p role="status">Loading the book stats…</p> : null}
      {stats.status === 'failed' ? <p role="alert">{stats.error || FAILED}</p> : null}
      {stats.status === 'succeeded' ? (
        <dl className="stats-list">
          {stats.data.results.map((e) => (
            <div key={e.value}>
              <dt>{e.title}</dt>
              <dd>{e.number}</dd>
            </div>
          ))}
          <div>
            <dt>Book sales</dt>
            <dd>{formatPrice(stats.data.book_stats.sales_cents)}</dd>
          </div>
          <div>
            <dt>Given to charity causes</dt>
            <dd>{formatPrice(stats.data.book_stats.raised_cents)}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
