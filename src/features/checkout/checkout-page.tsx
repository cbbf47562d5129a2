// Checkout (/checkout): the cart's books, the total, where the printed copies go
// (./delivery-address.tsx), a provider, and for guests an email for the receipt. Paying needs the network: offline the page says so plainly and the cart stays as it
// is. The server prices the order and sends the buyer to the provider's page.
import { Trans, useLingui } from '@lingui/react/macro';
import { t as tr } from '@lingui/core/macro';
import { useKnown } from '@/i18n/known';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { api } from '@/api/client';
import { useSessionUser } from '@/api/use-session';
import { unwrap } from '@/api/use-remote';
import type { PaymentProvider } from '@/contract/domain';
import { db } from '@/data/db';
import { useLive } from '@/data/live';
import { formatPrice } from '@/ui/format';
import { PaymentChoice, useProviderChoice } from '@/ui/payment-choice';
import { useOnline } from '@/ui/use-online';
import { useDeliveryAddress } from './delivery-address';
import '@/ui/documents.css';
import './checkout.css';

export const OFFLINE_CHECKOUT =
  /*i18n*/ 'Checkout needs an internet connection. You are offline: your cart is saved on this device, so you can pay as soon as you are back online.';

export function CheckoutPage({ cartIds, offered }: { cartIds: number[] | undefined; offered: readonly PaymentProvider[] }) {
  const online = useOnline();
  const user = useSessionUser();
  const [provider, setProvider] = useProviderChoice(offered, 'paypal');
  const [email, setEmail] = useState(user?.email ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const address = useDeliveryAddress(Boolean(user));
  const { t } = useLingui();
  const known = useKnown();
  // One key per cart and provider: pressing Pay again after a lost answer opens the same order.
  const attempts = useRef(new Map<string, string>());
  const books = useLive(
    async () => (cartIds ? (await db.books.bulkGet(cartIds)).filter((b) => b !== undefined) : undefined),
    [cartIds?.join(',')],
  );

  if (!cartIds || !books) return null;
  const total = books.reduce((sum, b) => sum + b.price_cents, 0);
  const totalText = formatPrice(total);

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    if (!provider) return;
    setError(null);
    const delivery = await address.valid();
    if (!delivery) return;
    setBusy(true);
    const what = `${user?.id ?? 'guest'}|${provider}|${cartIds.join(',')}`;
    const attempt = attempts.current.get(what) ?? crypto.randomUUID();
    attempts.current.set(what, attempt);
    try {
      const order = await unwrap(
        api.POST('/orders/', {
          body: { book_ids: cartIds, provider, delivery_address: delivery, ...(user ? {} : { email: email.trim() }) },
          headers: { 'Idempotency-Key': attempt },
        }),
      );
      location.assign(order.redirect_url);
    } catch (err) {
      setError(navigator.onLine ? (err instanceof Error ? err.message : String(err)) : OFFLINE_CHECKOUT);
      setBusy(false);
    }
  };

  return (
    <section className="page checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title">
        <Trans>Checkout</Trans>
      </h1>
      {cartIds.length === 0 ? (
        <p>
          <Trans>
            Your cart is empty. <Link to="/library">Find a book in the library</Link>.
          </Trans>
        </p>
      ) : (
        <>
          <h2>
            <Trans>Your order</Trans>
          </h2>
          <ul className="doc-lines">
            {books.map((b) => (
              <li key={b.id}>
                <span>{b.title}</span>
                <span>{formatPrice(b.price_cents, b.currency)}</span>
              </li>
            ))}
          </ul>
          <p className="checkout-total">
            <Trans>
              Total <strong>{totalText}</strong>
            </Trans>
          </p>
          {!online ? (
            <p className="notice notice-warning" role="status">
              {known(OFFLINE_CHECKOUT)}
            </p>
          ) : null}
          <form className="payment-form" onSubmit={(e) => void pay(e)}>
            {user ? null : (
              <p className="field">
                <label htmlFor="checkout-email">
                  <Trans>Email for your receipt</Trans>
                </label>
                <input
                  id="checkout-email"
                  type="email"
                  required
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </p>
            )}
            {address.fields}
            <PaymentChoice value={provider} onChange={setProvider} offered={offered} />
            {error ? (
              <p className="notice notice-error" role="alert">
                {known(error)}
              </p>
            ) : null}
            <button type="submit" className="button" disabled={!online || busy || !provider}>
              {busy ? t`Opening the payment page…` : payLabel(totalText)}
            </button>
          </form>
        </>
      )}
    </section>
  );
}

const payLabel = (amount: string) => tr`Pay ${amount}`;
