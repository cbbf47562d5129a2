// PayPal through its official server SDK (Orders v2): the order is created with our reference
// as its idempotency key, the buyer approves it on PayPal, and the server captures it when it
// asks where the order stands (on the buyer's return, a webhook, or the reconciliation job);
// the capture carries its own idempotency key, so capturing twice takes the money once.
// Webhooks are verified as PayPal documents it: PayPal's verify-webhook-signature API is asked
// about the exact bytes received (the SDK has no call for it, so it goes through the SDK's own
// authenticated request pipeline).
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  type Order,
} from '@paypal/paypal-server-sdk';
import {
  ProviderUnavailable,
  WebhookRejected,
  type AdapterFactory,
  type PayPalKeys,
  type PaymentEvent,
  type PaymentReport,
  type PaymentState,
} from './adapter';
import { standInAgent } from './stand-in-agent';

// The headers PayPal signs a webhook delivery with (lower case, as the server hands them over).
const SIGNATURE_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

// Webhook events that say something about an order's payment; the order is then asked directly.
const ORDER_EVENTS = new Set(['CHECKOUT.ORDER.APPROVED', 'CHECKOUT.ORDER.COMPLETED', 'CHECKOUT.ORDER.VOIDED']);
const CAPTURE_EVENTS = new Set([
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.DECLINED',
  'PAYMENT.CAPTURE.PENDING',
]);

/** Digits after the point in a currency's amounts (2 for USD, 0 for JPY). */
const decimals = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** Minor units to PayPal's decimal string: 1500 USD → "15.00", 1500 JPY → "1500". */
export function paypalValue(minor: number, currency: string): string {
  const d = decimals(currency);
  return d === 0 ? String(minor) : `${Math.floor(minor / 10 ** d)}.${String(minor % 10 ** d).padStart(d, '0')}`;
}

/** PayPal's decimal string back to minor units; NaN for anything that is not a plain amount. */
export function minorUnits(value: string | undefined, currency: string): number {
  const d = decimals(currency);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value ?? '');
  if (!match || (match[2]?.length ?? 0) > d) return Number.NaN;
  return Number(match[1]) * 10 ** d + Number((match[2] ?? '').padEnd(d, '0') || 0);
}

const issues = (error: ApiError) => ((error.result as { details?: { issue?: string }[] } | undefined)?.details ?? []).map((d) => d.issue);

/** Network trouble, a timeout, a rate limit or PayPal's own 5xx: nothing decided, try later. */
function unavailable(error: unknown): never {
  if (error instanceof ApiError) {
    if (error.statusCode >= 500 || error.statusCode === 429) throw new ProviderUnavailable(`PayPal answered ${error.statusCode}.`);
    throw error;
  }
  // Errors from the transport itself (refused, reset, timed out) carry a code.
  if (error instanceof Error && 'code' in error) throw new ProviderUnavailable(`PayPal could not be reached: ${error.message}`);
  throw error;
}

async function call<T>(request: () => Promise<{ result: T }>): Promise<T> {
  try {
    return (await request()).result;
  } catch (error) {
    return unavailable(error);
  }
}

export const paypalAdapter: AdapterFactory<PayPalKeys> = (keys, options) => {
  const agent = standInAgent(keys.baseUrl);
  const client = new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: keys.clientId, oAuthClientSecret: keys.clientSecret },
    environment: keys.environment === 'sandbox' ? Environment.Sandbox : Environment.Production,
    timeout: options?.timeoutMs ?? 20_000,
    ...(agent && { httpClientOptions: { httpsAgent: agent } }),
  });
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);

  function report(order: Order, override?: PaymentState): PaymentReport {
    const unit = order.purchaseUnits?.[0];
    const capture = unit?.payments?.captures?.[0];
    const money = capture?.amount ?? unit?.amount;
    const currency = money?.currencyCode ?? '';
    let state: PaymentState = 'pending';
    if (order.status === 'VOIDED') state = 'cancelled';
    else if (capture) {
      if (capture.status === 'COMPLETED' || capture.status === 'PARTIALLY_REFUNDED' || capture.status === 'REFUNDED') state = 'success';
      else if (capture.status === 'DECLINED' || capture.status === 'FAILED') state = 'failed';
    }
    return {
      reference: unit?.customId ?? unit?.invoiceId ?? '',
      providerRef: order.id ?? '',
      state: override ?? state,
      amountCents: minorUnits(money?.value, currency),
      currency,
      ...(capture?.id && { captureRef: capture.id }),
    };
  }

  /** Captures an approved order; the same request id makes a repeated capture harmless. */
  async function capture(id: string): Promise<PaymentReport> {
    try {
      const { result } = await orders.captureOrder({ id, paypalRequestId: `capture-${id}`, prefer: 'return=representation' });
      return report(result);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 422) {
        const found = issues(error);
        // The buyer's funding was refused: this payment failed (they may start a new one).
        if (found.includes('INSTRUMENT_DECLINED') || found.includes('TRANSACTION_REFUSED')) {
          const order = await call(() => orders.getOrder({ id }));
          return report(order, 'failed');
        }
        // Captured meanwhile (another request won the race): read what it came to.
        if (found.includes('ORDER_ALREADY_CAPTURED')) return report(await call(() => orders.getOrder({ id })));
      }
      return unavailable(error);
    }
  }

  async function status(providerRef: string): Promise<PaymentReport> {
    let order: Order;
    try {
      order = (await orders.getOrder({ id: providerRef })).result;
    } catch (error) {
      // PayPal forgets an order that was never approved once it expires (3 hours).
      if (error instanceof ApiError && error.statusCode === 404)
        return { reference: '', providerRef, state: 'cancelled', amountCents: 0, currency: '' };
      return unavailable(error);
    }
    return order.status === 'APPROVED' ? capture(providerRef) : report(order);
  }

  async function verified(headers: Record<string, string>, rawBody: string): Promise<boolean> {
    const fields = Object.entries(SIGNATURE_HEADERS).map(([field, header]) => [field, headers[header]] as const);
    if (fields.some(([, value]) => !value)) return false;
    // The event goes back byte for byte: PayPal's signature covers the body as it was sent.
    const head = JSON.stringify({ ...Object.fromEntries(fields), webhook_id: keys.webhookId });
    const body = `${head.slice(0, -1)},"webhook_event":${rawBody}}`;
    const request = client.getRequestBuilderFactory()('POST', '/v1/notifications/verify-webhook-signature');
    request.header('Content-Type', 'application/json');
    request.text(body);
    request.authenticate([{ oauth2: true }]);
    try {
      const { result } = await request.callAsText();
      return (JSON.parse(result) as { verification_status?: string }).verification_status === 'SUCCESS';
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 400) return false;
      return unavailable(error);
    }
  }

  return {
    name: 'paypal',
    label: 'PayPal',
    async create(payment) {
      const order = await call(() =>
        orders.createOrder({
          paypalRequestId: payment.reference,
          prefer: 'return=minimal',
          body: {
            intent: CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                referenceId: payment.reference,
                customId: payment.reference,
                invoiceId: payment.reference,
                description: payment.description.slice(0, 127),
                amount: { currencyCode: payment.currency, value: paypalValue(payment.amountCents, payment.currency) },
              },
            ],
            paymentSource: {
              paypal: {
                experienceContext: {
                  returnUrl: payment.returnUrl,
                  cancelUrl: payment.cancelUrl,
                  userAction: PaypalExperienceUserAction.PayNow,
                  shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
                },
              },
            },
          },
        }),
      );
      const page = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href;
      if (!order.id || !page) throw new ProviderUnavailable('PayPal answered an order without a page to approve it.');
      return { redirectUrl: page, providerRef: order.id };
    },
    status,
    async verifyWebhook({ headers, rawBody }) {
      let event: {
        id?: string;
        event_type?: string;
        resource?: { id?: string; supplementary_data?: { related_ids?: { order_id?: string } } };
      };
      try {
        event = JSON.parse(rawBody) as typeof event;
      } catch {
        throw new WebhookRejected('This PayPal webhook is not JSON.');
      }
      if (!(await verified(headers, rawBody)) || !event.id) throw new WebhookRejected('PayPal did not confirm this webhook.');
      const type = event.event_type ?? '';
      const orderId = ORDER_EVENTS.has(type)
        ? event.resource?.id
        : CAPTURE_EVENTS.has(type)
          ? event.resource?.supplementary_data?.related_ids?.order_id
          : undefined;
      if (!orderId) return [];
      // The order is asked directly (and captured when approved): the event only says when.
      const events: PaymentEvent[] = [{ eventId: event.id, ...(await status(orderId)) }];
      return events;
    },
    async refund(request) {
      const refund = await call(() =>
        payments.refundCapturedPayment({
          captureId: request.ref,
          paypalRequestId: request.idempotencyKey,
          prefer: 'return=representation',
          body: { amount: { currencyCode: request.currency, value: paypalValue(request.amountCents, request.currency) } },
        }),
      );
      const currency = refund.amount?.currencyCode ?? request.currency;
      const state = refund.status === 'COMPLETED' ? 'success' : refund.status === 'PENDING' ? 'pending' : 'failed';
      return { refundRef: refund.id ?? '', amountCents: minorUnits(refund.amount?.value, currency), state };
    },
  };
};
