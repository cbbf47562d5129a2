// The online library (the home page): the catalogue from the device, so it opens and searches
// with no network once it has been synced. What each book offers (e.g. "Add to cart") is given
// by the app, which composes features.
import type { ReactNode } from 'react';
import { useSearch } from '@tanstack/react-router';
import type { BookRecord } from '@/data/db';
import { useLive } from '@/data/live';
import { formatPrice } from '@/ui/format';
import { searchCatalogue } from './catalogue';
import './library.css';

const PAGE = 48;

export function LibraryPage({ bookAction }: { bookAction?: (book: BookRecord) => ReactNode }) {
  const { search } = useSearch({ strict: false }) as { search?: string };
  const books = useLive(() => searchCatalogue(search ?? '', PAGE), [search]);

  return (
    <section className="page library" aria-labelledby="library-title">
      <h1 id="library-title">Online Library</h1>
      <p className="lead">{search ? `Books matching “${search}”` : 'Books and stories to read, share and buy.'}</p>
      {books === undefined ? null : books.length === 0 ? (
        <p className="library-empty">{search ? `No books match “${search}”.` : 'The library is loading. It will be here, even offline, once it has been opened with a connection.'}</p>
      ) : (
        <ul className="book-grid">
          {books.map((book) => (
            <li key={book.id} className="book-card">
              <img src={book.cover} alt="" width={150} height={225} loading="lazy" className="book-cover" />
              <div className="book-info">
                <h2 className="book-title">{book.title}</h2>
                <p className="book-author">{book.author}</p>
                <p className="book-price">{formatPrice(book.price_cents, book.currency)}</p>
                {bookAction?.(book)}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
