// The real providers' adapters, by name: each SDK adapter (stripe-sdk.ts, paypal-sdk.ts,
// phonepe-sdk.ts) adds its factory here. A provider is offered only when its keys are set.
import type { AdapterFactory, PayPalKeys, PhonePeKeys, StripeKeys } from './adapter';
import { paypalAdapter } from './paypal-sdk';
import { phonepeAdapter } from './phonepe-sdk';
import { stripeAdapter } from './stripe-sdk';

export interface LiveFactories {
  stripe?: AdapterFactory<StripeKeys>;
  paypal?: AdapterFactory<PayPalKeys>;
  phonepe?: AdapterFactory<PhonePeKeys>;
}

export const liveFactories: LiveFactories = { stripe: stripeAdapter, paypal: paypalAdapter, phonepe: phonepeAdapter };
