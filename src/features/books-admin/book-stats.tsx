// The Teacher Dashboard's book numbers (issue 13): GET /teacher/book-stats/, shown as the spec's
// entries (title, value, number), each named in the reader's language by its value (the server's
// title, English, for one this screen does not know). On failure it says the server's message,
// else the spec's 'Failed to fetch book stats'.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { api } from '@/api/client';
import { unwrap, useRemote } from '@/api/use-remote';
import { useKnown } from '@/i18n/known';
import { formatNumber, formatPrice } from '@/ui/format';

// The contract's words (FAILED), kept here so the dashboard does not load the book forms' zod.
const FAILED = /*i18n*/ 'Failed to fetch book stats';

const ENTRY_NAMES: Record<string, MessageDescriptor> = {
  all_book: msg`All Books`,
  featured_book: msg`Featured Books`,
  published_book: msg`Published Books`,
  submitted_book: msg`Waiting to be Published`,
  sold_book: msg`Copies Sold`,
};

export function BookStats() {
  const stats = useRemote('teacher-book-stats', () => unwrap(api.GET('/teacher/book-stats/')));
  const { i18n } = useLingui();
  const known = useKnown();
  return (
    <section className="page" aria-labelledby="book-stats-title">
      <h2 id="book-stats-title">
        <Trans>Books in numbers</Trans>
      </h2>
      {stats.status === 'loading' ? (
        <p role="status">
          <Trans>Loading the book stats…</Trans>
        </p>
      ) : null}
      {stats.status === 'failed' ? <p role="alert">{known(stats.error || FAILED)}</p> : null}
      {stats.status === 'succeeded' ? (
        <dl className="stats-list">
          {stats.data.results.map((e) => (
            <div key={e.value}>
              <dt>{ENTRY_NAMES[e.value] ? i18n._(ENTRY_NAMES[e.value]!) : e.title}</dt>
              <dd>{formatNumber(e.number)}</dd>
            </div>
          ))}
          <div>
            <dt>
              <Trans>Book sales</Trans>
            </dt>
            <dd>{formatPrice(stats.data.book_stats.sales_cents)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Given to charity causes</Trans>
            </dt>
            <dd>{formatPrice(stats.data.book_stats.raised_cents)}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
