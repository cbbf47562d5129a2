// The library screen: the library feature with the cart feature's action on each book. A book's
// own page is ./book (not part of the library's first load).
import { AddToCartButton } from '@/features/cart/add-to-cart-button';
import { LibraryPage } from '@/features/library/library-page';

export function LibraryScreen() {
  return <LibraryPage bookAction={(book) => <AddToCartButton bookId={book.id} title={book.title} />} />;
}
