// Checkout and the payment result screens: the checkout feature with the cart feature's
// contents and its "bought books leave the cart" rule.
import { useCallback } from 'react';
import type { PaymentProvider } from '@/contract/domain';
import { removeBought } from '@/features/cart/cart-commands';
import { useCartIds } from '@/features/cart/use-cart-count';
import { CheckoutPage } from '@/features/checkout/checkout-page';
import { PaymentResultPage } from '@/features/checkout/payment-result-page';
import { useTenant } from '@/features/tenant/tenant';
import { offeredProviders } from '@/ui/payment-choice';

export function CheckoutScreen() {
  return <CheckoutPage cartIds={useCartIds()} offered={offeredProviders(useTenant().payments)} />;
}

function PaymentResult({ provider }: { provider: PaymentProvider }) {
  const onPaid = useCallback((ids: number[]) => void removeBought(ids), []);
  return <PaymentResultPage provider={provider} onPaid={onPaid} />;
}

export const PaypalResultScreen = () => <PaymentResult provider="paypal" />;
export const PhonepeResultScreen = () => <PaymentResult provider="phonepe" />;
export const StripeResultScreen = () => <PaymentResult provider="stripe" />;
