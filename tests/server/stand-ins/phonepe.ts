// A stand-in for PhonePe's Standard Checkout v2 API as the pg-sdk-node SDK calls it (OAuth
// token, pay, order status, refund) on the sandbox host's real paths, and PhonePe's callbacks
// as PhonePe documents them: the `event` and `payload` JSON, with the Authorization header
// SHA256("<user>:<password>") of the callback credentials set in PhonePe's dashboard.
// Which error codes a cancelled or expired order carries is our reading of the docs.
import { createHash } from 'node:crypto';
import { json, newId, startStandIn, type Reply, type Seen, type StandInServer } from './http';

const PREFIX = '/apis/pg-sandbox';

interface Order {
  merchantOrderId: string;
  orderId: string;
  state: 'PENDING' | 'COMPLETED' | 'FAILED';
  amount: number;
  expireAt: number;
  errorCode?: string;
  detailedErrorCode?: string;
  redirectUrl: string;
  merchantRedirect: string;
  paymentDetails: { transactionId: string; paymentMode: string; timestamp: number; amount: number; state: string; errorCode?: string }[];
}

export interface PhonePeStandIn extends StandInServer {
  /** The server's settings an operator would give to use this provider, pointed at the stand-in. */
  env: Record<string, string>;
  clientId: string;
  clientSecret: string;
  callbackUser: string;
  callbackPassword: string;
  orders: Map<string, Order>;
  refunds: { merchantRefundId: string; originalMerchantOrderId: string; amount: number; refundId: string }[];
  /** The buyer pays on PhonePe's page; `amount` changes what PhonePe says it took. */
  pay(merchantOrderId: string, amount?: number): void;
  /** The buyer's payment is refused. */
  decline(merchantOrderId: string): void;
  /** The buyer backs out, or the order's time runs out. */
  cancel(merchantOrderId: string, why: 'USER_CANCEL' | 'TXN_AUTO_FAILED'): void;
  /** A callback as PhonePe sends it, with the Authorization made from the given credentials. */
  callback(
    event: string,
    merchantOrderId: string,
    options?: { user?: string; password?: string; state?: string },
  ): { headers: Record<string, string>; rawBody: string };
}

export async function startPhonePe(): Promise<PhonePeStandIn> {
  const clientId = `TEST-${newId('M', 12)}`;
  const clientSecret = newId('', 36);
  const callbackUser = 'storynest_hook';
  const callbackPassword = newId('Pw1', 16);
  const token = newId('eyJ', 60);
  const orders = new Map<string, Order>();
  const refunds: PhonePeStandIn['refunds'] = [];
  const problem = (status: number, code: string) => json(status, { code, message: code, data: {} });

  function route(r: Seen): Reply {
    if (!r.path.startsWith(PREFIX)) return problem(404, 'NOT_FOUND');
    const path = r.path.slice(PREFIX.length);
    if (path === '/v1/oauth/token' && r.method === 'POST') {
      const form = new URLSearchParams(r.rawBody);
      if (
        form.get('client_id') !== clientId ||
        form.get('client_secret') !== clientSecret ||
        form.get('grant_type') !== 'client_credentials'
      )
        return problem(401, 'UNAUTHORIZED');
      const now = Math.floor(Date.now() / 1000);
      return json(200, {
        access_token: token,
        encrypted_access_token: token,
        expires_in: null,
        issued_at: now,
        expires_at: now + 3600,
        session_expires_at: now + 3600,
        token_type: 'O-Bearer',
      });
    }
    if (r.headers.authorization !== `O-Bearer ${token}`) return problem(401, 'UNAUTHORIZED');
    const body = r.rawBody ? (JSON.parse(r.rawBody) as Record<string, any>) : {};
    let m: RegExpExecArray | null;
    if (path === '/checkout/v2/pay' && r.method === 'POST') {
      const flow = body.paymentFlow ?? {};
      if (!body.merchantOrderId || !Number.isInteger(body.amount) || body.amount < 100 || flow.type !== 'PG_CHECKOUT')
        return problem(400, 'BAD_REQUEST');
      if (orders.has(body.merchantOrderId)) return problem(409, 'DUPLICATE_ORDER');
      const orderId = newId('OMO', 20);
      const order: Order = {
        merchantOrderId: body.merchantOrderId,
        orderId,
        state: 'PENDING',
        amount: body.amount,
        expireAt: Date.now() + (body.expireAfter ?? 1200) * 1000,
        redirectUrl: `https://mercury-uat.phonepe.com/transact/uat_v2?token=${newId('', 30)}`,
        merchantRedirect: flow.merchantUrls?.redirectUrl ?? '',
        paymentDetails: [],
      };
      orders.set(order.merchantOrderId, order);
      return json(200, { orderId, state: order.state, expireAt: order.expireAt, redirectUrl: order.redirectUrl });
    }
    if ((m = /^\/checkout\/v2\/order\/([^/]+)\/status$/.exec(path)) && r.method === 'GET') {
      const order = orders.get(decodeURIComponent(m[1]!));
      if (!order) return problem(404, 'ORDER_NOT_FOUND');
      const { redirectUrl: _r, merchantRedirect: _m, ...shown } = order;
      return json(200, shown);
    }
    if (path === '/payments/v2/refund' && r.method === 'POST') {
      const again = refunds.find((x) => x.merchantRefundId === body.merchantRefundId);
      if (again) return json(200, { refundId: again.refundId, amount: again.amount, state: 'PENDING' });
      const order = orders.get(body.originalMerchantOrderId);
      if (!order || order.state !== 'COMPLETED') return problem(400, 'BAD_REQUEST');
      const already = refunds.filter((x) => x.originalMerchantOrderId === order.merchantOrderId).reduce((s, x) => s + x.amount, 0);
      if (!Number.isInteger(body.amount) || body.amount < 100 || already + body.amount > order.amount)
        return problem(400, 'INVALID_REFUND_AMOUNT');
      const refund = {
        merchantRefundId: body.merchantRefundId,
        originalMerchantOrderId: order.merchantOrderId,
        amount: body.amount,
        refundId: newId('OMR', 20),
      };
      refunds.push(refund);
      return json(200, { refundId: refund.refundId, amount: refund.amount, state: 'PENDING' });
    }
    return problem(404, 'NOT_FOUND');
  }

  const server = await startStandIn(route);
  const attempt = (order: Order, state: string, errorCode?: string) =>
    order.paymentDetails.unshift({
      transactionId: newId('OM', 20),
      paymentMode: 'UPI_QR',
      timestamp: Date.now(),
      amount: order.amount,
      state,
      ...(errorCode && { errorCode }),
    });

  return {
    ...server,
    env: {
      PHONEPE_CLIENT_ID: clientId,
      PHONEPE_CLIENT_SECRET: clientSecret,
      PHONEPE_CLIENT_VERSION: '1',
      PHONEPE_ENV: 'SANDBOX',
      PHONEPE_CALLBACK_USER: callbackUser,
      PHONEPE_CALLBACK_PASSWORD: callbackPassword,
      PHONEPE_BASE_URL: server.url,
    },
    clientId,
    clientSecret,
    callbackUser,
    callbackPassword,
    orders,
    refunds,
    pay(merchantOrderId, amount) {
      const order = orders.get(merchantOrderId)!;
      if (amount !== undefined) order.amount = amount;
      order.state = 'COMPLETED';
      attempt(order, 'COMPLETED');
    },
    decline(merchantOrderId) {
      const order = orders.get(merchantOrderId)!;
      order.state = 'FAILED';
      order.errorCode = order.detailedErrorCode = 'PAYMENT_DECLINED';
      attempt(order, 'FAILED', 'PAYMENT_DECLINED');
    },
    cancel(merchantOrderId, why) {
      const order = orders.get(merchantOrderId)!;
      order.state = 'FAILED';
      order.errorCode = order.detailedErrorCode = why;
    },
    callback(event, merchantOrderId, options = {}) {
      const order = orders.get(merchantOrderId);
      const rawBody = JSON.stringify({
        event,
        payload: {
          merchantId: 'STANDINMERCHANT',
          merchantOrderId,
          orderId: order?.orderId ?? newId('OMO', 20),
          state: options.state ?? order?.state ?? 'COMPLETED',
          amount: order?.amount ?? 0,
          expireAt: order?.expireAt ?? 0,
          paymentDetails: order?.paymentDetails ?? [],
        },
      });
      const authorization = createHash('sha256')
        .update(`${options.user ?? callbackUser}:${options.password ?? callbackPassword}`)
        .digest('hex');
      return { headers: { authorization, 'content-type': 'application/json' }, rawBody };
    },
  };
}
