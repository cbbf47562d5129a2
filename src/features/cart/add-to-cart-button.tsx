import { db } from '@/data/db';
import { useLive } from '@/data/live';
import { addToCart } from './cart-commands';
import { withFeedback } from './cart-feedback';

export function AddToCartButton({ bookId, title }: { bookId: number; title: string }) {
  const inCart = useLive(async () => Boolean(await db.cart.get(bookId)), [bookId]);
  if (inCart) {
    return (
      <span className="in-cart" aria-label={`${title} is in your cart`}>
        ✓ In cart
      </span>
    );
  }
  return (
    <button type="button" className="button button-small" aria-label={`Add ${title} to cart`} onClick={() => void withFeedback(() => addToCart(bookId, title), 'Added to your cart.')}>
      Add to cart
    </button>
  );
}
