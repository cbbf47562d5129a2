// One book's page (/library/{id}): from the device's catalogue, so it opens offline; the
// category and the full description come from the same copy. Unknown ids ask the server.
// A first visit draws the book the server sent with the page (server/http/page-data.ts) and
// reads the device once the page is idle.
import { useState, type ReactNode } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { api } from '@/api/client';
import { unwrap, useRemote } from '@/api/use-remote';
import { hasShape } from '@/contract/shape';
import type { BookRecord } from '@/data/db';
import { deviceDb, useLiveOnDemand } from '@/data/on-demand';
import { formatPrice } from '@/ui/format';
import { sentWithPage } from '@/ui/sent-with-page';
import { useIdleAfterLoad } from '@/ui/when-idle';

type BookDetail = Omit<BookRecord, 'category_id' | 'kind' | 'words' | 'updated_at'> & { category: { id: number; name: string } | null };

const toRecord = (detail: BookDetail): BookRecord => ({
  ...detail,
  category_id: detail.category?.id ?? null,
  kind: 'book',
  words: [],
  updated_at: '',
});

function sentBook(id: number): BookDetail | undefined {
  const book = sentWithPage<unknown>('book', location.pathname);
  return hasShape(book, { id: 'number', title: 'string', author: 'string', cover: 'string', price_cents: 'number', currency: 'string' }) &&
    book.id === id
    ? (book as BookDetail)
    : undefined;
}

export function BookPage({ bookAction }: { bookAction?: (book: BookRecord) => ReactNode }) {
  const { id } = useParams({ strict: false }) as { id: string };
  const bookId = Number(id);
  const [sent] = useState(() => sentBook(bookId));
  const idle = useIdleAfterLoad();
  const device = idle || !sent ? deviceDb : null;
  const local = useLiveOnDemand(device, async (db) => (Number.isSafeInteger(bookId) ? ((await db.books.get(bookId)) ?? null) : null), [
    bookId,
  ]);
  const category = useLiveOnDemand(
    local?.category_id != null ? deviceDb : null,
    async (db) => (await db.categories.get(local!.category_id!)) ?? null,
    [local?.category_id],
  );
  const { t } = useLingui();
  const remote = useRemote(local === null && !sent ? `book-${bookId}` : null, () =>
    unwrap(api.GET('/books/{id}/', { params: { path: { id: bookId } } })),
  );

  // While the book is read, the same placeholder as the prerendered page holds its place.
  if (!sent && (local === undefined || (local === null && remote.status === 'loading'))) return <BookSkeleton />;
  const fetched = sent ?? (remote.status === 'succeeded' ? remote.data : undefined);
  const book: BookRecord | null = local ?? (fetched ? toRecord(fetched) : null);
  const categoryName = category?.name ?? fetched?.category?.name;
  const { title, author } = book ?? { title: '', author: '' };

  if (!book) {
    return (
      <section className="page" aria-labelledby="book-title">
        <h1 id="book-title">
          <Trans>Book not found</Trans>
        </h1>
        <p>{remote.status === 'failed' ? remote.error : t`This book is not in the library.`}</p>
        <p>
          <Link to="/library">
            <Trans>Back to the library</Trans>
          </Link>
        </p>
      </section>
    );
  }
  return (
    <article className="page book-page" aria-labelledby="book-title">
      <p className="breadcrumbs">
        <Link to="/library">
          <Trans>Library</Trans>
        </Link>
        {categoryName && book.category_id !== null ? (
          <>
            {' › '}
            <Link to="/library" search={{ category: book.category_id }}>
              {categoryName}
            </Link>
          </>
        ) : null}
      </p>
      <div className="book-page-body">
        <img src={book.cover} alt={t`Cover of ${title}`} width={300} height={450} fetchPriority="high" className="book-page-cover" />
        <div className="book-page-text">
          <h1 id="book-title">{book.title}</h1>
          <p className="book-author">
            <Trans>by {author}</Trans>
          </p>
          <p className="book-page-price">{formatPrice(book.price_cents, book.currency)}</p>
          {bookAction?.(book)}
          <h2>
            <Trans>About this book</Trans>
          </h2>
          <p>{book.description || t`No description yet.`}</p>
          <p className="book-report">
            <Link to="/report-a-problem" search={{ type: 'book', id: book.id }}>
              <Trans>Report a problem with this book</Trans>
            </Link>
          </p>
        </div>
      </div>
    </article>
  );
}

function BookSkeleton() {
  return (
    <article className="page book-page" aria-busy="true">
      <p className="breadcrumbs">
        <Link to="/library">
          <Trans>Library</Trans>
        </Link>
      </p>
      <div className="book-page-body">
        <span className="book-page-cover skeleton-cover" />
        <div className="book-page-text">
          <span className="skeleton-line" />
          <span className="skeleton-line short" />
        </div>
      </div>
    </article>
  );
}
