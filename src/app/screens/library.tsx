// The library screens: the library feature with the cart feature's action on each book.
import { AddToCartButton } from '@/features/cart/add-to-cart-button';
import { BookPage } from '@/features/library/book-page';
import { LibraryPage } from '@/features/library/library-page';

export function LibraryScreen() {
  return <LibraryPage bookAction={(book) => <AddToCartButton bookId={book.id} title={book.title} />} />;
}

export function BookScreen() {
  return <BookPage bookAction={(book) => <AddToCartButton bookId={book.id} title={book.title} />} />;
}
