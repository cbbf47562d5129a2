// A book's "Add to cart". Its command (the device database and the outbox) loads when pressed,
// not with the library's first screen.
import { withFeedback } from './cart-feedback';
import { useCartIds } from './use-cart-count';

export function AddToCartButton({ bookId, title }: { bookId: number; title: string }) {
  const inCart = useCartIds()?.includes(bookId);
  if (inCart) {
    return (
      <span className="in-cart" aria-label={`${title} is in your cart`}>
        ✓ In cart
      </span>
    );
  }
  return (
    <button
      type="button"
      className="button button-small"
      aria-label={`Add to cart: ${title}`}
      onClick={() => void withFeedback(() => import('./cart-commands').then((m) => m.addToCart(bookId, title)), 'Added to your cart.')}
    >
      Add to cart
    </button>
  );
}
