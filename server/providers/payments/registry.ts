// The real providers that can take money here: those whose keys are set, built through the
// live factories table. The same keys answer the same adapters (SDK clients are kept).
import type { PaymentProvider } from '../../../src/contract/domain';
import type { PaymentAdapter, ProviderKeys } from './adapter';
import { liveFactories, type LiveFactories } from './live';

export type Adapters = Partial<Record<PaymentProvider, PaymentAdapter>>;

const cache = new WeakMap<ProviderKeys, Adapters>();

export function liveAdapters(keys: ProviderKeys, factories: LiveFactories = liveFactories): Adapters {
  let found = cache.get(keys);
  if (!found) {
    found = {};
    if (keys.stripe && factories.stripe) found.stripe = factories.stripe(keys.stripe);
    if (keys.paypal && factories.paypal) found.paypal = factories.paypal(keys.paypal);
    if (keys.phonepe && factories.phonepe) found.phonepe = factories.phonepe(keys.phonepe);
    if (factories === liveFactories) cache.set(keys, found);
  }
  return found;
}
