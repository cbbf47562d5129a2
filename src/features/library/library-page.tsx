// The online library (the home page): the catalogue from the device, so it opens, filters by
// category and searches with no network once it has been synced, student stories included.
// What each book offers (e.g. "Add to cart") is given by the app, which composes features.
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { searchCatalogue } from '@/data/catalogue-index';
import { db, type BookRecord } from '@/data/db';
import { useLive } from '@/data/live';
import { formatPrice } from '@/ui/format';
import { syncCatalogue } from './catalogue';
import './library.css';

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

function Categories({ active, search }: { active: number | undefined; search: string | undefined }) {
  const categories = useLive(() => db.categories.orderBy('name').toArray());
  if (!categories?.length) return null;
  return (
    <nav className="category-bar" aria-label="Categories">
      <ul>
        <li>
          <Link to="/library" search={{ search }} className="chip" aria-current={active === undefined ? 'page' : undefined}>
            All books
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

function Stories() {
  const stories = useLive(async () => (await db.stories.orderBy('created_at').reverse().toArray()).sort((a, b) => Number(b.is_featured) - Number(a.is_featured)).slice(0, 6));
  if (!stories?.length) return null;
  return (
    <section className="stories" aria-labelledby="stories-title">
      <h2 id="stories-title">Stories by our students</h2>
      <ul className="story-grid">
        {stories.map((s) => (
          <li key={s.id} className="story-card">
            <h3>
              <Link to="/stories/$slug" params={{ slug: s.slug }}>
                {s.title}
              </Link>
            </h3>
            <p className="book-author">by {s.author}</p>
            <p>{s.excerpt}…</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function BookCard({ book, action, first = false }: { book: BookRecord; action?: ReactNode; first?: boolean }) {
  return (
    <li className="book-card">
      <Link to="/library/$id" params={{ id: String(book.id) }} className="book-link">
        {/* Covers are vector (SVG), so one file is sharp at every size; the box is reserved by width, height and aspect-ratio. */}
        <img src={book.cover} alt="" width={150} height={225} loading={first ? 'eager' : 'lazy'} fetchPriority={first ? 'high' : 'auto'} decoding="async" className="book-cover" />
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

export function LibraryPage({ bookAction }: { bookAction?: (book: BookRecord) => ReactNode }) {
  const { search, category } = useSearch({ strict: false }) as { search?: string; category?: number };
  const books = useLive(() => searchCatalogue(search ?? '', PAGE, category), [search, category]);
  const empty = books?.length === 0 && !search && category === undefined;
  // 'pending' until the first visit's fetch is done; 'books' while its rows reach the live query.
  const [fetched, setFetched] = useState<'pending' | 'books' | 'nothing'>('pending');
  useEffect(() => {
    // A first visit has no catalogue on the device yet: fetch it now rather than wait for the
    // sync engine, which starts only once the page is idle. The skeleton stays meanwhile.
    if (!empty || fetched !== 'pending') return;
    if (!navigator.onLine) return setFetched('nothing');
    syncCatalogue().then(
      (pulled) => setFetched(pulled > 0 ? 'books' : 'nothing'),
      (err: unknown) => {
        console.warn('the catalogue could not be fetched', err);
        setFetched('nothing');
      },
    );
  }, [empty, fetched]);
  const loading = books === undefined || (empty && fetched !== 'nothing');
  const categoryName = useLive(async () => (category === undefined ? undefined : (await db.categories.get(category))?.name), [category]);

  return (
    <section className="page library" aria-labelledby="library-title">
      <h1 id="library-title">Online Library</h1>
      <p className="lead">
        {search ? `Books matching “${search}”` : categoryName ? categoryName : 'Books and stories to read, share and buy.'}
      </p>
      <div className="category-slot">
        <Categories active={category} search={search} />
      </div>
      {loading ? (
        <SkeletonGrid />
      ) : books.length === 0 ? (
        <p className="library-empty">{search || category !== undefined ? 'No books match. Try another word or category.' : 'The library is loading. It will be here, even offline, once it has been opened with a connection.'}</p>
      ) : (
        <ul className="book-grid">
          {books.map((book, i) => (
            <BookCard key={book.id} book={book} action={bookAction?.(book)} first={i < FIRST_ROW} />
          ))}
        </ul>
      )}
      {!loading && !search && category === undefined ? <Stories /> : null}
    </section>
  );
}
