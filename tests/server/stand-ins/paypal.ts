// A stand-in for the PayPal REST endpoints the PayPal adapter calls: OAuth client credentials,
// Orders v2 (create, get, capture), captured-payment refunds, and verify-webhook-signature.
// PayPal-Request-Id is honoured as PayPal documents (same id, same answer). Webhook deliveries
// are signed as PayPal signs them: SHA256withRSA over
// "<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body>", and the stand-in's
// verify endpoint checks exactly that against the event bytes it is sent.
import { generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { json, newId, startStandIn, type Reply, type Seen, type StandInServer } from './http';

interface Capture {
  id: string;
  status: string;
  amount: { currency_code: string; value: string };
  custom_id: string;
  invoice_id: string;
  supplementary_data: { related_ids: { order_id: string } };
}

interface Order {
  id: string;
  intent: string;
  status: string;
  purchase_units: {
    reference_id: string;
    custom_id: string;
    invoice_id: string;
    description: string;
    amount: { currency_code: string; value: string };
    payments?: { captures: Capture[] };
  }[];
  links: { href: string; rel: string; method: string }[];
  returnUrl: string;
}

export interface PayPalStandIn extends StandInServer {
  /** The server's settings an operator would give to use this provider, pointed at the stand-in. */
  env: Record<string, string>;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  orders: Map<string, Order>;
  refunds: { id: string; capture: string; value: string }[];
  /** Captures actually made (a repeated capture request must not add one). */
  captures: Capture[];
  /** The buyer approves the order on PayPal. */
  approve(orderId: string): void;
  /** The buyer's funding source is refused when the order is captured. */
  declineOnCapture(orderId: string): void;
  /** The capture takes this instead of the order's amount. */
  takeOnCapture(orderId: string, amount: { value?: string; currency_code?: string }): void;
  /** PayPal forgets an order that was never approved (it expired). */
  expire(orderId: string): void;
  /** A webhook delivery as PayPal sends it, signed with PayPal's (here: the stand-in's) key. */
  webhook(
    eventType: string,
    resource: unknown,
    options?: { id?: string; webhookId?: string },
  ): { headers: Record<string, string>; rawBody: string };
}

export async function startPayPal(): Promise<PayPalStandIn> {
  const clientId = newId('AZ', 30);
  const clientSecret = newId('EC', 30);
  const webhookId = newId('WH', 17).toUpperCase();
  const token = newId('A21AA', 40);
  const orders = new Map<string, Order>();
  const refunds: PayPalStandIn['refunds'] = [];
  const captures: Capture[] = [];
  const declined = new Set<string>();
  const taken = new Map<string, { value?: string; currency_code?: string }>();
  const answered = new Map<string, Reply>();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const problem = (status: number, name: string, issue?: string) =>
    json(status, { name, message: name, debug_id: newId('', 13), ...(issue && { details: [{ issue, description: issue }] }) });
  const signedText = (id: string, time: string, hook: string, body: string) => `${id}|${time}|${hook}|${crc32(body)}`;

  function route(r: Seen): Reply {
    if (r.path === '/v1/oauth2/token' && r.method === 'POST') {
      const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (r.headers.authorization !== basic || new URLSearchParams(r.rawBody).get('grant_type') !== 'client_credentials')
        return json(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      return json(200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: 32400,
        nonce: newId('', 20),
      });
    }
    if (r.headers.authorization !== `Bearer ${token}`) return problem(401, 'AUTHENTICATION_FAILURE');
    const body = r.rawBody ? (JSON.parse(r.rawBody) as Record<string, any>) : {};
    let m: RegExpExecArray | null;
    if (r.path === '/v2/checkout/orders' && r.method === 'POST') {
      const unit = body.purchase_units?.[0];
      const context = body.payment_source?.paypal?.experience_context ?? {};
      if (body.intent !== 'CAPTURE' || !unit?.amount?.value || !unit.amount.currency_code)
        return problem(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
      if ([...orders.values()].some((o) => o.purchase_units[0]!.invoice_id === unit.invoice_id))
        return problem(422, 'UNPROCESSABLE_ENTITY', 'DUPLICATE_INVOICE_ID');
      const id = newId('', 17).toUpperCase();
      const order: Order = {
        id,
        intent: 'CAPTURE',
        status: 'PAYER_ACTION_REQUIRED',
        purchase_units: [
          {
            reference_id: unit.reference_id,
            custom_id: unit.custom_id,
            invoice_id: unit.invoice_id,
            description: unit.description,
            amount: unit.amount,
          },
        ],
        links: [
          { href: `https://api-m.sandbox.paypal.com/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
          { href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' },
        ],
        returnUrl: context.return_url ?? '',
      };
      orders.set(id, order);
      return json(200, { id, status: order.status, links: order.links });
    }
    if ((m = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(r.path))) {
      const order = orders.get(m[1]!);
      if (!order) return problem(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      const { returnUrl: _r, ...shown } = order;
      if (!m[2]) return json(200, shown);
      if (order.status === 'COMPLETED') return problem(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
      if (order.status !== 'APPROVED') return problem(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
      if (declined.has(order.id)) return problem(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED');
      const unit = order.purchase_units[0]!;
      const capture: Capture = {
        id: newId('', 17).toUpperCase(),
        status: 'COMPLETED',
        amount: { ...unit.amount, ...taken.get(order.id) },
        custom_id: unit.custom_id,
        invoice_id: unit.invoice_id,
        supplementary_data: { related_ids: { order_id: order.id } },
      };
      captures.push(capture);
      unit.payments = { captures: [capture] };
      order.status = 'COMPLETED';
      const { returnUrl: _s, ...completed } = order;
      return json(201, completed);
    }
    if ((m = /^\/v2\/payments\/captures\/([A-Z0-9]+)\/refund$/.exec(r.path)) && r.method === 'POST') {
      const capture = captures.find((c) => c.id === m![1]);
      if (!capture) return problem(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      const cents = (v: string) => Math.round(Number(v) * 100);
      const already = refunds.filter((x) => x.capture === capture.id).reduce((sum, x) => sum + cents(x.value), 0);
      const value: string = body.amount?.value ?? ((cents(capture.amount.value) - already) / 100).toFixed(2);
      if (body.amount && body.amount.currency_code !== capture.amount.currency_code)
        return problem(422, 'UNPROCESSABLE_ENTITY', 'REFUND_CURRENCY_MISMATCH');
      if (already + cents(value) > cents(capture.amount.value)) return problem(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
      const refund = { id: newId('', 17).toUpperCase(), capture: capture.id, value };
      refunds.push(refund);
      capture.status = already + cents(value) === cents(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      return json(201, { id: refund.id, status: 'COMPLETED', amount: { value, currency_code: capture.amount.currency_code } });
    }
    if (r.path === '/v1/notifications/verify-webhook-signature' && r.method === 'POST') {
      // The event's bytes exactly as the client sent them (the signature covers them).
      const at = r.rawBody.indexOf('"webhook_event":');
      if (at < 0) return problem(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER');
      const event = r.rawBody.slice(at + '"webhook_event":'.length, r.rawBody.lastIndexOf('}'));
      const ok =
        body.webhook_id === webhookId &&
        body.auth_algo === 'SHA256withRSA' &&
        verify(
          'sha256',
          Buffer.from(signedText(body.transmission_id, body.transmission_time, body.webhook_id, event)),
          publicKey,
          Buffer.from(String(body.transmission_sig), 'base64'),
        );
      return json(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }
    return problem(404, 'NOT_FOUND');
  }

  const server = await startStandIn((r) => {
    const key = r.headers['paypal-request-id'];
    const requestId = typeof key === 'string' && r.method === 'POST' ? `${r.path}|${key}` : null;
    if (requestId && answered.has(requestId)) return answered.get(requestId)!;
    const reply = route(r);
    if (requestId && reply.status < 500) answered.set(requestId, reply);
    return reply;
  });

  return {
    ...server,
    env: {
      PAYPAL_CLIENT_ID: clientId,
      PAYPAL_CLIENT_SECRET: clientSecret,
      PAYPAL_WEBHOOK_ID: webhookId,
      PAYPAL_ENV: 'sandbox',
      PAYPAL_BASE_URL: server.url,
    },
    clientId,
    clientSecret,
    webhookId,
    orders,
    refunds,
    captures,
    approve(orderId) {
      orders.get(orderId)!.status = 'APPROVED';
    },
    declineOnCapture(orderId) {
      declined.add(orderId);
    },
    takeOnCapture(orderId, amount) {
      taken.set(orderId, amount);
    },
    expire(orderId) {
      orders.delete(orderId);
    },
    webhook(eventType, resource, options = {}) {
      // PayPal's deliveries are pretty-printed JSON; a client that re-serialised them would break the signature.
      const rawBody = JSON.stringify(
        {
          id: options.id ?? `WH-${newId('', 17).toUpperCase()}`,
          create_time: new Date().toISOString(),
          resource_type: eventType.startsWith('PAYMENT.CAPTURE') ? 'capture' : 'checkout-order',
          event_type: eventType,
          summary: eventType,
          resource,
        },
        null,
        2,
      );
      const transmissionId = randomUUID();
      const time = new Date().toISOString();
      const sig = sign(
        'sha256',
        Buffer.from(signedText(transmissionId, time, options.webhookId ?? webhookId, rawBody)),
        privateKey,
      ).toString('base64');
      return {
        headers: {
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': 'https://api-m.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-stand-in',
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': sig,
          'paypal-transmission-time': time,
          'content-type': 'application/json',
        },
        rawBody,
      };
    },
  };
}
