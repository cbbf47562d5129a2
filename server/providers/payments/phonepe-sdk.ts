// PhonePe through its official Node SDK (Standard Checkout v2): `pay` opens the order with our
// reference as the merchant order id, `getOrderStatus` is the truth about it, refunds carry our
// idempotency key as the merchant refund id, and callbacks are checked with the SDK's
// `validateCallback` as PhonePe documents it (Authorization = SHA256("user:password")).
// That header is a shared secret and does not sign the body, so a verified callback only says
// "ask now": the order's state and amount always come from the status call.
import { createHash } from 'node:crypto';
import {
  Env,
  PhonePeException,
  RefundRequest,
  ServerError,
  StandardCheckoutClient,
  StandardCheckoutPayRequest,
  TooManyRequests,
  type OrderStatusResponse,
} from 'pg-sdk-node';
import {
  ProviderUnavailable,
  WebhookRejected,
  type AdapterFactory,
  type PaymentEvent,
  type PaymentReport,
  type PaymentState,
  type PhonePeKeys,
} from './adapter';
import { standInAgent } from './stand-in-agent';

/** How long the buyer has on PhonePe's page (seconds; PhonePe allows 300 to 3600). */
const EXPIRE_AFTER_S = 1200;
/** The SDK's own HTTP client gives up after this; each call also has the adapter's timeout. */
const TRANSPORT_TIMEOUT_MS = 30_000;

// Callback events about an order's outcome (the newer `event` names and the older `type` ones).
const ORDER_EVENTS = new Set([
  'checkout.order.completed',
  'checkout.order.failed',
  'pg.order.completed',
  'pg.order.failed',
  'CHECKOUT_ORDER_COMPLETED',
  'CHECKOUT_ORDER_FAILED',
  'PG_ORDER_COMPLETED',
  'PG_ORDER_FAILED',
]);

/** Network trouble, a timeout, a rate limit or PhonePe's 5xx: nothing decided, try later. */
function unavailable(error: unknown): never {
  if (error instanceof ServerError || error instanceof TooManyRequests)
    throw new ProviderUnavailable(`PhonePe answered ${error.httpStatusCode}.`);
  if (error instanceof PhonePeException) throw error;
  // Errors from the transport itself (refused, reset, timed out) carry a code.
  if (error instanceof Error && 'code' in error) throw new ProviderUnavailable(`PhonePe could not be reached: ${error.message}`);
  throw error;
}

async function call<T>(request: () => Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProviderUnavailable(`PhonePe did not answer within ${timeoutMs} ms.`)), timeoutMs);
  });
  try {
    return await Promise.race([request(), late]);
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw error;
    return unavailable(error);
  } finally {
    clearTimeout(timer);
  }
}

/** PhonePe's merchant refund id: at most 63 letters, digits, `_` or `-`. */
function refundId(key: string): string {
  return /^[\w-]{1,63}$/.test(key) ? key : `r${createHash('sha256').update(key).digest('hex').slice(0, 62)}`;
}

function orderState(status: OrderStatusResponse): PaymentState {
  if (status.state === 'COMPLETED') return 'success';
  if (status.state === 'FAILED') {
    // The buyer backing out or the order timing out is a cancellation, not a refusal.
    const code = `${status.errorCode ?? ''} ${status.detailedErrorCode ?? ''}`;
    return /CANCEL|EXPIRE|TIMED_OUT|AUTO_FAILED/i.test(code) ? 'cancelled' : 'failed';
  }
  return 'pending';
}

export const phonepeAdapter: AdapterFactory<PhonePeKeys> = (keys, options) => {
  const timeoutMs = options?.timeoutMs ?? 20_000;
  // The SDK keeps one client per process (asking again with other keys throws). Its telemetry
  // to PhonePe stays off: nothing but the payment calls leaves the server.
  const client = StandardCheckoutClient.getInstance(
    keys.clientId,
    keys.clientSecret,
    keys.clientVersion,
    keys.environment === 'PRODUCTION' ? Env.PRODUCTION : Env.SANDBOX,
    false,
  );
  client.httpClient.defaults.timeout = TRANSPORT_TIMEOUT_MS;
  const agent = standInAgent(keys.baseUrl);
  if (agent) client.httpClient.defaults.httpsAgent = agent;

  async function status(providerRef: string): Promise<PaymentReport> {
    const found = await call(() => client.getOrderStatus(providerRef), timeoutMs);
    return {
      reference: found.merchantOrderId ?? providerRef,
      providerRef,
      state: orderState(found),
      amountCents: found.amount,
      // PhonePe takes rupees only; its answers name no currency.
      currency: 'INR',
    };
  }

  return {
    name: 'phonepe',
    label: 'PhonePe',
    currencies: ['INR'],
    async create(payment) {
      if (payment.currency !== 'INR') throw new Error(`PhonePe takes INR only, not ${payment.currency}.`);
      const request = StandardCheckoutPayRequest.builder()
        .merchantOrderId(payment.reference)
        .amount(payment.amountCents)
        .redirectUrl(payment.returnUrl)
        .message(payment.description)
        .expireAfter(EXPIRE_AFTER_S)
        .build();
      const answer = await call(() => client.pay(request), timeoutMs);
      if (!answer.redirectUrl) throw new ProviderUnavailable('PhonePe answered an order without a page to pay it.');
      return { redirectUrl: answer.redirectUrl, providerRef: payment.reference };
    },
    status,
    async verifyWebhook({ headers, rawBody }) {
      if (!keys.callbackUser || !keys.callbackPassword)
        throw new WebhookRejected('No PhonePe callback user name and password are configured.');
      let callback: { event?: string; type?: unknown; payload?: { merchantOrderId?: string; orderId?: string; state?: string } };
      try {
        callback = client.validateCallback(
          keys.callbackUser,
          keys.callbackPassword,
          headers.authorization ?? '',
          rawBody,
        ) as typeof callback;
      } catch {
        throw new WebhookRejected('This PhonePe callback does not verify.');
      }
      const name = callback.event ?? (typeof callback.type === 'string' ? callback.type : '');
      const merchantOrderId = callback.payload?.merchantOrderId;
      if (!ORDER_EVENTS.has(name) || !merchantOrderId) return [];
      // PhonePe's callbacks carry no id of their own; an order reaches each outcome once, so
      // the order, the event and the state name the delivery (a repeat has the same one).
      const eventId = `${callback.payload?.orderId ?? merchantOrderId}:${name}:${callback.payload?.state ?? ''}`;
      const events: PaymentEvent[] = [{ eventId, ...(await status(merchantOrderId)) }];
      return events;
    },
    async refund(request) {
      const built = RefundRequest.builder()
        .merchantRefundId(refundId(request.idempotencyKey))
        .originalMerchantOrderId(request.ref)
        .amount(request.amountCents)
        .build();
      const answer = await call(() => client.refund(built), timeoutMs);
      const state = answer.state === 'COMPLETED' ? 'success' : answer.state === 'FAILED' ? 'failed' : 'pending';
      return { refundRef: answer.refundId, amountCents: answer.amount, state };
    },
  };
};
