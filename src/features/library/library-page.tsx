// The online library (the home page): the catalogue from the device, so it opens, filters by
// category and searches with no network once it has been synced, student stories included.
// What each book offers (e.g. "Add to cart") is given by the app, which composes features.
//
// The first screen needs no device database: the server sends the first books with the page
// (drawn in its HTML, and as data for React to draw the same cards), and the device's copy
// (./library-local, Dexie) is loaded once the page is idle, at once for a search or a category,
// and at once when nothing came with the page (a start with no network, from the offline shell).
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { hasShape } from '@/contract/shape';
import type { BookRecord } from '@/data/db';
import { useLiveOnDemand } from '@/data/on-demand';
import { formatPrice } from '@/ui/format';
import { sentWithPage } from '@/ui/sent-with-page';
import { useIdleAfterLoad } from '@/ui/when-idle';
import type * as LibraryLocal from './library-local';

const local = () => import('./library-local');

/** A book as the server sends it with the page (server/http/page-data.ts). */
export type SentBook = Pick<BookRecord, 'id' | 'title' | 'author' | 'cover' | 'price_cents' | 'currency'>;
const SENT_BOOK = { id: 'number', title: 'string', author: 'string', cover: 'string', price_cents: 'number', currency: 'string' } as const;

function sentBooks(): SentBook[] | undefined {
  const books = sentWithPage<unknown>('books', location.pathname);
  return Array.isArray(books) && books.every((b) => hasShape(b, SENT_BOOK)) ? (books as SentBook[]) : undefined;
}

const PAGE = 48;
/** Cards that may be in the first row (up to four across): their covers load first, the rest lazily. */
const FIRST_ROW = 4;
/** As many placeholders as the prerendered page has (build/prerender-plugin.ts), in the same boxes. */
const SKELETON_CARDS = 6;

function SkeletonGrid() {
  return (
    <ul className="book-grid" aria-hidden="true">
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <li key={i} className="book-card skeleton-card">
          <span className="book-cover" />
          <span className="skeleton-line" />
          <span className="skeleton-line short" />
        </li>
      ))}
    </ul>
  );
}

type Local = typeof LibraryLocal;

function Categories({
  active,
  search,
  device,
}: {
  active: number | undefined;
  search: string | undefined;
  device: (() => Promise<Local>) | null;
}) {
  const categories = useLiveOnDemand(device, (m) => m.categories(), []);
  const { t } = useLingui();
  if (!categories?.length) return null;
  return (
    <nav className="category-bar" aria-label={t`Categories`}>
      <ul>
        <li>
          <Link to="/library" search={{ search }} className="chip" aria-current={active === undefined ? 'page' : undefined}>
            {t`All books`}
          </Link>
        </li>
        {categories.map((c) => (
          <li key={c.id}>
            <Link to="/library" search={{ search, category: c.id }} className="chip" aria-current={active === c.id ? 'page' : undefined}>
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Stories({ device }: { device: (() => Promise<Local>) | null }) {
  const stories = useLiveOnDemand(device, (m) => m.stories(6), []);
  const { t } = useLingui();
  if (!stories?.length) return null;
  return (
    <section className="stories" aria-labelledby="stories-title">
      <h2 id="stories-title">{t`Stories by our students`}</h2>
      <ul className="story-grid">
        {stories.map(({ id, slug, title, author, excerpt }) => (
          <li key={id} className="story-card">
            <h3>
              <Link to="/stories/$slug" params={{ slug }}>
                {title}
              </Link>
            </h3>
            <p className="book-author">{t`by ${author}`}</p>
            <p>{excerpt}…</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function BookCard({ book, action, first = false }: { book: SentBook; action?: ReactNode; first?: boolean }) {
  return (
    <li className="book-card">
      <Link to="/library/$id" params={{ id: String(book.id) }} className="book-link">
        {/* Covers are vector (SVG), so one file is sharp at every size; the box is reserved by width, height and aspect-ratio.
            The server draws the first cards the same way (server/http/page-data.ts). */}
        <img
          src={book.cover}
          alt=""
          width={150}
          height={225}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          decoding="async"
          className="book-cover"
        />
        <span className="book-title">{book.title}</span>
      </Link>
      <div className="book-info">
        <p className="book-author">{book.author}</p>
        <p className="book-price">{formatPrice(book.price_cents, book.currency)}</p>
        {action}
      </div>
    </li>
  );
}

export function LibraryPage({ bookAction }: { bookAction?: (book: SentBook) => ReactNode }) {
  const { search, category } = useSearch({ strict: false }) as { search?: string; category?: number };
  const filtered = Boolean(search) || category !== undefined;
  const [sent] = useState(sentBooks);
  const idle = useIdleAfterLoad();
  const device = idle || filtered || !sent ? local : null;
  const stored = useLiveOnDemand(device, (m) => m.books(search ?? '', PAGE, category), [search, category]);
  const empty = stored?.length === 0 && !filtered;
  // 'pending' until the first visit's fetch is done; 'books' while its rows reach the live query.
  const [fetched, setFetched] = useState<'pending' | 'books' | 'nothing'>('pending');
  useEffect(() => {
    // A first visit has no catalogue on the device yet: fetch it now rather than wait for the
    // sync engine, which starts only once the page is idle. What is on screen stays meanwhile.
    if (!empty || fetched !== 'pending') return;
    if (!navigator.onLine) return setFetched('nothing');
    local()
      .then((m) => m.syncCatalogue())
      .then(
        (pulled) => setFetched(pulled > 0 ? 'books' : 'nothing'),
        (err: unknown) => {
          console.warn('the catalogue could not be fetched', err);
          setFetched('nothing');
        },
      );
  }, [empty, fetched]);
  // The device's books once it has them; until then, those the server sent with the page.
  const books: SentBook[] | undefined =
    filtered || stored?.length ? stored : (sent ?? (empty && fetched === 'nothing' ? stored : undefined));
  const loading = books === undefined;
  const categoryName = useLiveOnDemand(category === undefined ? null : local, (m) => m.categoryName(category), [category]);
  const { t } = useLingui();

  return (
    <section className="page library" aria-labelledby="library-title">
      <h1 id="library-title">{t`Online Library`}</h1>
      <p className="lead">
        {search ? t`Books matching “${search}”` : categoryName ? categoryName : t`Books and stories to read, share and buy.`}
      </p>
      <div className="category-slot">
        <Categories active={category} search={search} device={device} />
      </div>
      {loading ? (
        <SkeletonGrid />
      ) : books.length === 0 ? (
        <p className="library-empty">
          {filtered
            ? t`No books match. Try another word or category.`
            : t`The library is loading. It will be here, even offline, once it has been opened with a connection.`}
        </p>
      ) : (
        <ul className="book-grid">
          {books.map((book, i) => (
            <BookCard key={book.id} book={book} action={bookAction?.(book)} first={i < FIRST_ROW} />
          ))}
        </ul>
      )}
      {!loading && !filtered ? <Stories device={device} /> : null}
    </section>
  );
}
