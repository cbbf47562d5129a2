// Card payments through Stripe's official SDK: a Checkout Session is the provider's page, the
// session's own state is the truth (retrieve), webhooks are checked with the SDK's signature
// check before anything is believed, and refunds and off-session renewals carry an idempotency
// key so a retry is answered with the first result instead of moving money twice.
import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import {
  ProviderUnavailable,
  WebhookRejected,
  type AdapterFactory,
  type PaymentEvent,
  type PaymentReport,
  type PaymentState,
  type StripeKeys,
} from './adapter';

/** The SDK, loaded when Stripe is first used (about 20 MB that a process taking no card payments never needs). */
let loaded: typeof Stripe | undefined;
const sdk = () => (loaded ??= createRequire(import.meta.url)('stripe') as typeof Stripe);

/** Seconds a webhook's signed time may differ from ours (Stripe's own default). */
const WEBHOOK_TOLERANCE_S = 300;

// The events that say how a Checkout payment ended; every other event type is not ours to apply.
const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/** Network trouble, a timeout, a rate limit or Stripe's own 5xx: try again later, nothing decided. */
function unavailable(error: unknown): never {
  if (
    error instanceof sdk().errors.StripeConnectionError ||
    error instanceof sdk().errors.StripeAPIError ||
    error instanceof sdk().errors.StripeRateLimitError ||
    (error instanceof sdk().errors.StripeError && (error.statusCode ?? 0) >= 500)
  )
    throw new ProviderUnavailable(`Stripe could not be reached: ${error.message}`);
  throw error;
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    return unavailable(error);
  }
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id);

/** Where a Checkout Session stands, in our words. */
function sessionState(session: Stripe.Checkout.Session): PaymentState {
  if (session.status === 'expired') return 'cancelled';
  if (session.status === 'complete') {
    if (session.payment_status === 'paid') return 'success';
    // A delayed method (a bank debit) completes the session before the money arrives.
    return 'pending';
  }
  return 'pending';
}

export const stripeAdapter: AdapterFactory<StripeKeys> = (keys, options) => {
  const base = keys.baseUrl ? new URL(keys.baseUrl) : null;
  const StripeSdk = sdk();
  const stripe = new StripeSdk(keys.secretKey, {
    timeout: options?.timeoutMs ?? 20_000,
    // The SDK retries network failures itself, with the same idempotency key.
    maxNetworkRetries: 1,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
  });

  function report(session: Stripe.Checkout.Session): PaymentReport {
    const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
    const state = sessionState(session);
    const customer = idOf(session.customer) ?? idOf(intent?.customer);
    const method = idOf(intent?.payment_method);
    return {
      reference: session.client_reference_id ?? session.metadata?.reference ?? '',
      providerRef: session.id,
      state,
      amountCents: session.amount_total ?? 0,
      currency: (session.currency ?? '').toUpperCase(),
      ...(idOf(session.payment_intent) && { captureRef: idOf(session.payment_intent) }),
      ...(state === 'success' &&
        intent?.setup_future_usage === 'off_session' &&
        customer &&
        method && { mandate: `${customer}/${method}` }),
    };
  }

  const retrieve = (id: string) => call(() => stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent'] }));

  /**
   * A declined card leaves a Checkout Session open for another try, so the decline alone would
   * not end the payment. The adapter ends it: it expires the session (after which nothing can
   * be paid on it) and answers what the session then is; if the buyer paid meanwhile, that wins.
   */
  async function afterDecline(intentId: string): Promise<PaymentReport | null> {
    const found = await call(() => stripe.checkout.sessions.list({ payment_intent: intentId, limit: 1 }));
    const session = found.data[0];
    if (!session) return null;
    if (session.status === 'open') {
      try {
        await stripe.checkout.sessions.expire(session.id);
      } catch (error) {
        // Already completed or expired: the retrieve below says which.
        if (!(error instanceof sdk().errors.StripeInvalidRequestError)) unavailable(error);
      }
    }
    const now = report(await retrieve(session.id));
    return now.state === 'cancelled' ? { ...now, state: 'failed' } : now;
  }

  return {
    name: 'stripe',
    label: 'Card',
    async create(payment) {
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: payment.reference,
            metadata: { reference: payment.reference },
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: payment.currency.toLowerCase(),
                  unit_amount: payment.amountCents,
                  product_data: { name: payment.description },
                },
              },
            ],
            success_url: payment.returnUrl,
            cancel_url: payment.cancelUrl,
            ...(payment.email && { customer_email: payment.email }),
            payment_intent_data: {
              metadata: { reference: payment.reference },
              ...(payment.saveForRenewals && { setup_future_usage: 'off_session' as const }),
            },
            ...(payment.saveForRenewals && { customer_creation: 'always' as const }),
          },
          { idempotencyKey: `create-${payment.reference}` },
        ),
      );
      if (!session.url) throw new ProviderUnavailable('Stripe answered a Checkout Session without a page.');
      return { redirectUrl: session.url, providerRef: session.id };
    },
    async status(providerRef) {
      return report(await retrieve(providerRef));
    },
    async verifyWebhook({ headers, rawBody }) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, headers['stripe-signature'] ?? '', keys.webhookSecret, WEBHOOK_TOLERANCE_S);
      } catch {
        throw new WebhookRejected('The Stripe signature does not verify.');
      }
      const events: PaymentEvent[] = [];
      if (SESSION_EVENTS.has(event.type)) {
        // The signed event names the session; its state is read fresh, so events that arrive
        // out of order (or twice) all answer the same truth.
        const session = event.data.object as Stripe.Checkout.Session;
        events.push({ eventId: event.id, ...report(await retrieve(session.id)) });
      } else if (event.type === 'payment_intent.payment_failed') {
        const declined = await afterDecline((event.data.object as Stripe.PaymentIntent).id);
        if (declined) events.push({ eventId: event.id, ...declined });
      }
      return events;
    },
    async refund(request) {
      const refund = await call(() =>
        stripe.refunds.create({ payment_intent: request.ref, amount: request.amountCents }, { idempotencyKey: request.idempotencyKey }),
      );
      const state =
        refund.status === 'succeeded' ? 'success' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
      return { refundRef: refund.id, amountCents: refund.amount, state };
    },
    async chargeSaved(charge) {
      const [customer, method] = charge.mandate.split('/');
      if (!customer || !method) throw new Error('This saved payment method is not a Stripe one.');
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: charge.amountCents,
            currency: charge.currency.toLowerCase(),
            customer,
            payment_method: method,
            off_session: true,
            confirm: true,
            description: charge.description,
          },
          { idempotencyKey: charge.idempotencyKey },
        );
        const state = intent.status === 'succeeded' ? 'success' : intent.status === 'processing' ? 'pending' : 'failed';
        return { providerRef: intent.id, state };
      } catch (error) {
        // The bank declined or wants the buyer present: this renewal failed, nothing was taken.
        if (error instanceof sdk().errors.StripeCardError) {
          const intentId = (error.raw as { payment_intent?: { id?: string } }).payment_intent?.id ?? '';
          return { providerRef: intentId, state: 'failed' };
        }
        return unavailable(error);
      }
    },
  };
};
