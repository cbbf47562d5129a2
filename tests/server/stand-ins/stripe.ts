// A stand-in for the parts of Stripe's API the card adapter calls (Checkout Sessions, Payment
// Intents, Refunds), answering as Stripe documents them, with idempotency keys honoured. Its
// webhooks are signed with the SDK's own test helper, exactly as Stripe signs them.
import Stripe from 'stripe';
import { json, newId, startStandIn, type Reply, type Seen, type StandInServer } from './http';

interface Session {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  customer: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  setupFutureUsage: string | null;
  customerCreation: string | null;
}

interface Intent {
  id: string;
  object: 'payment_intent';
  status: string;
  amount: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  metadata: Record<string, string>;
  last_payment_error: unknown;
}

export interface StripeStandIn extends StandInServer {
  /** The server's settings an operator would give to use this provider, pointed at the stand-in. */
  env: Record<string, string>;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, Session>;
  intents: Map<string, Intent>;
  refunds: { id: string; payment_intent: string; amount: number }[];
  /** The buyer pays on Stripe's page; `taken` changes what Stripe says it took. */
  pay(sessionId: string, taken?: { amount?: number; currency?: string }): Intent;
  /** The buyer's card is declined on Stripe's page (the session stays open for another try). */
  decline(sessionId: string): Intent;
  /** Stripe expires the session (its time ran out, or the buyer gave up). */
  expire(sessionId: string): void;
  /** Off-session charges of this saved method are declined. */
  declineSaved: Set<string>;
  /** A webhook as Stripe sends it: the raw body and its Stripe-Signature header. */
  webhook(
    type: string,
    object: unknown,
    options?: { id?: string; secret?: string; timestamp?: number },
  ): { headers: Record<string, string>; rawBody: string };
}

const sdk = new Stripe('sk_test_signing_only');

export async function startStripe(): Promise<StripeStandIn> {
  const sessions = new Map<string, Session>();
  const intents = new Map<string, Intent>();
  const refunds: StripeStandIn['refunds'] = [];
  const declineSaved = new Set<string>();
  const answered = new Map<string, Reply>();
  const secretKey = `sk_test_${newId('', 24)}`;
  const webhookSecret = `whsec_${newId('', 32)}`;

  const error = (status: number, type: string, message: string, extra: object = {}) => json(status, { error: { type, message, ...extra } });
  const publicSession = (s: Session, expand: boolean) => {
    const { setupFutureUsage: _s, customerCreation: _c, ...rest } = s;
    return { ...rest, payment_intent: expand && s.payment_intent ? intents.get(s.payment_intent) : s.payment_intent };
  };

  function route(r: Seen): Reply {
    if (r.headers.authorization !== `Bearer ${secretKey}`) return error(401, 'invalid_request_error', 'Invalid API Key provided.');
    const form = new URLSearchParams(r.rawBody);
    // The SDK sends `expand[0]=payment_intent` (in the query for GET, in the form for POST).
    const expand = [...r.query, ...form].some(([k, v]) => k.startsWith('expand[') && v === 'payment_intent');
    let m: RegExpExecArray | null;
    if (r.method === 'POST' && r.path === '/v1/checkout/sessions') {
      const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
      const quantity = Number(form.get('line_items[0][quantity]') ?? '1');
      const id = newId('cs_test_', 40);
      const session: Session = {
        id,
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount * quantity,
        currency: form.get('line_items[0][price_data][currency]') ?? '',
        client_reference_id: form.get('client_reference_id'),
        metadata: { reference: form.get('metadata[reference]') ?? '' },
        payment_intent: null,
        customer: null,
        customer_email: form.get('customer_email'),
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        setupFutureUsage: form.get('payment_intent_data[setup_future_usage]'),
        customerCreation: form.get('customer_creation'),
      };
      if (!session.amount_total || !session.currency || !session.success_url)
        return error(400, 'invalid_request_error', 'Missing required param.');
      sessions.set(id, session);
      return json(200, publicSession(session, false));
    }
    if (r.method === 'GET' && r.path === '/v1/checkout/sessions') {
      const intent = r.query.get('payment_intent');
      const data = [...sessions.values()].filter((s) => s.payment_intent === intent).map((s) => publicSession(s, false));
      return json(200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' });
    }
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(r.path))) {
      const session = sessions.get(m[1]!);
      if (!session) return error(404, 'invalid_request_error', `No such checkout.session: '${m[1]}'`);
      if (m[2] && r.method === 'POST') {
        if (session.status !== 'open')
          return error(400, 'invalid_request_error', 'Only Checkout Sessions with a status of `open` can be expired.');
        session.status = 'expired';
        session.url = null;
      }
      return json(200, publicSession(session, expand));
    }
    if (r.method === 'POST' && r.path === '/v1/refunds') {
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent || intent.status !== 'succeeded')
        return error(400, 'invalid_request_error', 'This PaymentIntent has no successful charge to refund.');
      const already = refunds.filter((x) => x.payment_intent === intent.id).reduce((sum, x) => sum + x.amount, 0);
      const amount = form.has('amount') ? Number(form.get('amount')) : intent.amount - already;
      if (amount <= 0 || already + amount > intent.amount)
        return error(
          400,
          'invalid_request_error',
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - already}).`,
        );
      const refund = { id: newId('re_'), payment_intent: intent.id, amount };
      refunds.push(refund);
      return json(200, { ...refund, object: 'refund', status: 'succeeded', currency: intent.currency });
    }
    if (r.method === 'POST' && r.path === '/v1/payment_intents') {
      const intent: Intent = {
        id: newId('pi_'),
        object: 'payment_intent',
        status: 'succeeded',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? '',
        customer: form.get('customer'),
        payment_method: form.get('payment_method'),
        setup_future_usage: null,
        metadata: {},
        last_payment_error: null,
      };
      if (declineSaved.has(intent.payment_method ?? '')) {
        intent.status = 'requires_payment_method';
        intents.set(intent.id, intent);
        return error(402, 'card_error', 'Your card was declined.', { code: 'card_declined', payment_intent: intent });
      }
      intents.set(intent.id, intent);
      return json(200, intent);
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${r.method}: ${r.path}).`);
  }

  const server = await startStandIn((r) => {
    // Stripe answers a repeated idempotency key with the first answer, whatever the body.
    const key = r.headers['idempotency-key'];
    const seenKey = typeof key === 'string' && r.method === 'POST' ? key : null;
    if (seenKey && answered.has(seenKey)) return answered.get(seenKey)!;
    const reply = route(r);
    if (seenKey && reply.status < 500) answered.set(seenKey, reply);
    return reply;
  });

  function newIntent(session: Session, status: string): Intent {
    const intent: Intent = {
      id: newId('pi_'),
      object: 'payment_intent',
      status,
      amount: session.amount_total,
      currency: session.currency,
      customer: null,
      payment_method: newId('pm_'),
      setup_future_usage: session.setupFutureUsage,
      metadata: { ...session.metadata },
      last_payment_error: null,
    };
    intents.set(intent.id, intent);
    session.payment_intent = intent.id;
    return intent;
  }

  return {
    ...server,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_BASE_URL: server.url,
    },
    secretKey,
    webhookSecret,
    sessions,
    intents,
    refunds,
    declineSaved,
    pay(sessionId, taken = {}) {
      const session = sessions.get(sessionId)!;
      const intent = session.payment_intent ? intents.get(session.payment_intent)! : newIntent(session, 'succeeded');
      intent.status = 'succeeded';
      if (taken.amount !== undefined) session.amount_total = intent.amount = taken.amount;
      if (taken.currency !== undefined) session.currency = intent.currency = taken.currency;
      if (session.customerCreation === 'always') session.customer = intent.customer = newId('cus_');
      session.status = 'complete';
      session.payment_status = 'paid';
      session.url = null;
      return intent;
    },
    decline(sessionId) {
      const session = sessions.get(sessionId)!;
      const intent = newIntent(session, 'requires_payment_method');
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
      return intent;
    },
    expire(sessionId) {
      const session = sessions.get(sessionId)!;
      session.status = 'expired';
      session.url = null;
    },
    webhook(type, object, options = {}) {
      const rawBody = JSON.stringify({
        id: options.id ?? newId('evt_'),
        object: 'event',
        type,
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object },
      });
      const header = sdk.webhooks.generateTestHeaderString({
        payload: rawBody,
        secret: options.secret ?? webhookSecret,
        ...(options.timestamp !== undefined && { timestamp: options.timestamp }),
      });
      return { headers: { 'stripe-signature': header, 'content-type': 'application/json' }, rawBody };
    },
  };
}
