// A book's page (/library/{id}): the library feature's page with the cart feature's action, and
// for a made or uploaded book the reader's "Read this book" (loaded on demand; a catalogue book
// never asks the server for reader pages). Its own module, so the
// library's first load carries neither.
import { lazy, Suspense } from 'react';
import { AddToCartButton } from '@/features/cart/add-to-cart-button';
import { BookPage } from '@/features/library/book-page';

const ReadBookLink = lazy(() => import('@/features/book-reader/read-book-link'));

export function BookScreen() {
  return (
    <BookPage
      bookAction={(book) => (
        <>
          <AddToCartButton bookId={book.id} title={book.title} />
          {book.book_kind !== 'catalogue' && (
            <Suspense fallback={null}>
              <ReadBookLink bookId={book.id} />
            </Suspense>
          )}
        </>
      )}
    />
  );
}
