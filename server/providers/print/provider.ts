// One interface for a print provider (a Peecho-style print-on-demand service), like the payment
// providers' (services/payments/provider.ts). The server hands it a paid order of printed books
// (`submit`); the provider then reports each step of the copy with a signed callback to
// POST /api/print/callback/, which the server verifies before anything moves (jobs.ts):
//
//   X-Print-Timestamp: <unix seconds>
//   X-Print-Signature: v1=<hex HMAC-SHA256 of "<timestamp>.<raw body>">
//   body: {"event_id": "...", "provider_ref": "...", "order_id": 12, "status": "printed"}
//
// The signature covers the timestamp and every byte of the body, so nothing in it can be changed;
// a callback older (or newer) than CALLBACK_TOLERANCE_S is refused, and each event id is applied
// once (print_events), so a captured callback cannot be replayed.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { DeliveryAddress } from '../../../src/contract/delivery-address';
import type { PrintProgress } from '../../../src/contract/domain';

/** What the provider gets for one paid order. */
export interface PrintOrder {
  order_id: number;
  currency: string;
  /** The buyer's e-mail for the carrier's notices. */
  email: string | null;
  /** Where the copies go, as the buyer gave it at checkout (null only for orders made before it was asked). */
  address: DeliveryAddress | null;
  items: { book_id: number; title: string; copies: number }[];
}

/** The statuses a provider reports after it has the job (open and paid are ours). */
export const CALLBACK_STATUSES = ['queued_for_processing', 'printed', 'shipped'] as const satisfies readonly PrintProgress[];
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];

export interface PrintEvent {
  event_id: string;
  provider_ref: string;
  order_id: number;
  status: CallbackStatus;
}

export interface PrintProvider {
  name: string;
  /** Hands the order to the provider; answers its reference. Throws when the provider fails. */
  submit(order: PrintOrder): Promise<{ ref: string }>;
  /** The key the provider signs its callbacks with. */
  callbackKey: Buffer;
}

/** A callback is refused this long (seconds) before or after its timestamp. */
export const CALLBACK_TOLERANCE_S = 300;

export function printKey(secret: string, provider: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'storynest-print', `callbacks-${provider}`, 32));
}

export function signCallback(key: Buffer, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** True when the signature is the key's over this timestamp and body, and the time is near now. */
export function verifyCallback(
  key: Buffer,
  timestamp: string | undefined,
  signature: string | undefined,
  body: string,
  now: Date,
): boolean {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > CALLBACK_TOLERANCE_S) return false;
  const expected = Buffer.from(signCallback(key, Number(timestamp), body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
