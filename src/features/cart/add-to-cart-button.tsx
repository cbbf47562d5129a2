// A book's "Add to cart". Its command (the device database and the outbox) and what it says
// afterwards load when pressed, not with the library's first screen.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCartIds } from './use-cart-count';

export function AddToCartButton({ bookId, title }: { bookId: number; title: string }) {
  const inCart = useCartIds()?.includes(bookId);
  const { t } = useLingui();
  if (inCart) {
    return (
      <span className="in-cart" aria-label={t`${title} is in your cart`}>
        ✓ {t`In cart`}
      </span>
    );
  }
  return (
    <button
      type="button"
      className="button button-small"
      aria-label={t`Add to cart: ${title}`}
      onClick={() =>
        void import('./cart-feedback').then((m) =>
          m.withFeedback(() => import('./cart-commands').then((c) => c.addToCart(bookId, title)), msg`Added to your cart.`),
        )
      }
    >
      {t`Add to cart`}
    </button>
  );
}
