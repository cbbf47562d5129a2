// The library screen: the library feature with the cart feature's action on each book.
import { AddToCartButton } from '@/features/cart/add-to-cart-button';
import { LibraryPage } from '@/features/library/library-page';

export function LibraryScreen() {
  return <LibraryPage bookAction={(book) => <AddToCartButton bookId={book.id} title={book.title} />} />;
}
