// The sandbox print provider: it accepts every order at once (a reference, no paper) and prints
// nothing (it keeps what it was handed, which GET /api/print/sandbox/{order_id}/?key= shows, as a
// real printer's order page would); its copies move on only when someone presses "next step" on
// the sandbox control (POST /api/print/sandbox/{order_id}/advance/), which signs the provider's next callback with the
// provider's key and sends it to the real callback endpoint, so the whole verification runs.
// On in development; in production only with PRINT_SANDBOX=1 (config.printSandbox).
import { randomUUID } from 'node:crypto';
import { randomToken } from '../../lib/crypto';
import {
  CALLBACK_STATUSES,
  printKey,
  signCallback,
  type CallbackStatus,
  type PrintEvent,
  type PrintOrder,
  type PrintProvider,
} from './provider';

/** What the sandbox printer was handed, per order, as a real printer would keep it (last 500), with the reference it gave. */
const received = new Map<string, { order: PrintOrder; ref: string }>();
const INBOX_SIZE = 500;
const inboxKey = (callbackKey: Buffer, orderId: number) => `${callbackKey.toString('hex', 0, 8)}:${orderId}`;

export function sandboxPrinter(secret: string): PrintProvider {
  const callbackKey = printKey(secret, 'sandbox');
  return {
    name: 'sandbox',
    callbackKey,
    async submit(order) {
      const ref = `sbx_${randomToken(18)}`;
      received.set(inboxKey(callbackKey, order.order_id), { order: structuredClone(order), ref });
      if (received.size > INBOX_SIZE) received.delete(received.keys().next().value!);
      return { ref };
    },
  };
}

/**
 * The order as the sandbox printer received it (its items and where to send them), if it took the
 * job whose reference is `ref` (another database's order of the same number is not this one).
 */
export function sandboxReceived(secret: string, orderId: number, ref: string | null): PrintOrder | undefined {
  const got = received.get(inboxKey(printKey(secret, 'sandbox'), orderId));
  return got && got.ref === ref ? got.order : undefined;
}

/** The step after `current`, or null when the copy has arrived at the last one. */
export function nextCallbackStatus(current: string | null): CallbackStatus | null {
  if (current === 'paid') return CALLBACK_STATUSES[0];
  const at = CALLBACK_STATUSES.indexOf(current as CallbackStatus);
  return at >= 0 && at < CALLBACK_STATUSES.length - 1 ? CALLBACK_STATUSES[at + 1]! : null;
}

/** A callback as the provider sends it: its body and headers, signed. */
export function sandboxCallback(provider: PrintProvider, event: Omit<PrintEvent, 'event_id'>, now: Date) {
  const body = JSON.stringify({ event_id: `evt_${randomUUID()}`, ...event });
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-print-timestamp': String(timestamp),
      'x-print-signature': signCallback(provider.callbackKey, timestamp, body),
    },
  };
}
