// The cart: what is in it (from the device, so it shows offline), its total, and removal.
import { Link } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { db } from '@/data/db';
import { useLive } from '@/data/live';
import { formatPrice } from '@/ui/format';
import { removeFromCart } from './cart-commands';
import { withFeedback } from './cart-feedback';
import { useCartIds } from './use-cart-count';
import './cart.css';

export function CartPage() {
  const ids = useCartIds();
  const items = useLive(async () => {
    if (!ids) return undefined;
    const books = await db.books.bulkGet(ids);
    return ids.map((item_id, i) => ({ row: { item_id }, book: books[i] }));
  }, [ids?.join(',')]);
  if (!items) return null;
  const total = items.reduce((sum, { book }) => sum + (book?.price_cents ?? 0), 0);

  return (
    <section className="page cart" aria-labelledby="cart-title">
      <h1 id="cart-title">Your cart</h1>
      {items.length === 0 ? (
        <p>
          Your cart is empty. <Link to="/library">Find a book in the library</Link>.
        </p>
      ) : (
        <>
          <ul className="cart-items">
            {items.map(({ row, book }) => {
              const title = book?.title ?? `Book ${row.item_id}`;
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
                    aria-label={`Remove ${title} from cart`}
                    onClick={() => void withFeedback(() => removeFromCart(row.item_id, title), msg`Removed from your cart.`)}
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
          <p className="cart-total">
            {items.length} {items.length === 1 ? 'item' : 'items'}, total <strong>{formatPrice(total)}</strong>
          </p>
          <p className="cart-actions">
            <Link to="/checkout" className="button">
              Checkout
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
