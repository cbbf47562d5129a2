// The configured providers, by name. Each gets its own key derived from the server's secret.
import type { PaymentProvider } from '../../../src/contract/domain';
import { cardProvider } from './card';
import { paypalProvider } from './paypal';
import { phonepeProvider } from './phonepe';
import { providerKey, type Provider } from './provider';

const cache = new Map<string, Record<PaymentProvider, Provider>>();

export function paymentProviders(secret: string): Record<PaymentProvider, Provider> {
  let found = cache.get(secret);
  if (!found) {
    found = {
      paypal: paypalProvider(providerKey(secret, 'paypal')),
      phonepe: phonepeProvider(providerKey(secret, 'phonepe')),
      stripe: cardProvider(providerKey(secret, 'stripe')),
    };
    cache.set(secret, found);
  }
  return found;
}
