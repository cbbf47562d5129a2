// The cart: what is in it (from the device, so it shows offline), its total, and removal.
import { Link } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { db } from '@/data/db';
import { useLive } from '@/data/live';
import { formatPrice } from '@/ui/format';
import { removeFromCart } from './cart-commands';
import { withFeedback } from './cart-feedback';
import { useCartIds } from './use-cart-count';
import './cart.css';

export function CartPage() {
  const ids = useCartIds();
  const { t } = useLingui();
  const items = useLive(async () => {
    if (!ids) return undefined;
    const books = await db.books.bulkGet(ids);
    return ids.map((item_id, i) => ({ row: { item_id }, book: books[i] }));
  }, [ids?.join(',')]);
  if (!items) return null;
  const total = items.reduce((sum, { book }) => sum + (book?.price_cents ?? 0), 0);
  const totalText = formatPrice(total);
  const count = items.length;

  return (
    <section className="page cart" aria-labelledby="cart-title">
      <h1 id="cart-title">
        <Trans>Your cart</Trans>
      </h1>
      {items.length === 0 ? (
        <p>
          <Trans>
            Your cart is empty. <Link to="/library">Find a book in the library</Link>.
          </Trans>
        </p>
      ) : (
        <>
          <ul className="cart-items">
            {items.map(({ row, book }) => {
              const id = row.item_id;
              const title = book?.title ?? t`Book ${id}`;
              return (
                <li key={row.item_id} className="cart-item">
                  {book ? <img src={book.cover} alt="" width={60} height={90} /> : null}
                  <div className="cart-item-text">
                    <p className="cart-item-title">{title}</p>
                    {book ? <p>{book.author}</p> : null}
                  </div>
                  <p className="cart-item-price">{book ? formatPrice(book.price_cents, book.currency) : '—'}</p>
                  <button
                    type="button"
                    className="button button-small button-secondary"
                    aria-label={t`Remove ${title} from cart`}
                    onClick={() => void withFeedback(() => removeFromCart(row.item_id, title), msg`Removed from your cart.`)}
                  >
                    <Trans>Remove</Trans>
                  </button>
                </li>
              );
            })}
          </ul>
          <p className="cart-total">
            <Trans>
              <Plural value={count} one="# item" other="# items" />, total <strong>{totalText}</strong>
            </Trans>
          </p>
          <p className="cart-actions">
            <Link to="/checkout" className="button">
              <Trans>Checkout</Trans>
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
