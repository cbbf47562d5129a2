// One interface for the three kinds of payment provider the product takes: a PayPal-style,
// a PhonePe-style and a card provider. Each has a built-in sandbox: a provider page served by
// our own server with Approve / Decline / Cancel, which sends the browser back with a signed
// result. The browser only carries that result; the server verifies it (signature, reference,
// amount) before anything is marked paid, so a forged or altered callback changes nothing.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { PaymentProvider } from '../../../src/contract/domain';

export type SandboxDecision = 'approve' | 'decline' | 'cancel';
export type PaymentOutcome = 'success' | 'failed' | 'cancelled';

/** What a provider verified from its callback. */
export interface VerifiedResult {
  ref: string;
  outcome: PaymentOutcome;
  amountCents: number;
}

/** A refund asked of the provider: part or all of the payment `ref`. */
export interface RefundRequest {
  ref: string;
  amountCents: number;
  /** The same key asks for the same refund: the provider answers it once (idempotent). */
  key: string;
}

/** The provider's answer to a refund: its own reference for it. */
export interface RefundResult {
  refundRef: string;
  amountCents: number;
}

export interface Provider {
  name: PaymentProvider;
  /** How the provider names itself on its page and our screens. */
  label: string;
  /** The query string the provider's page sends the browser back with. */
  callbackQuery(decision: SandboxDecision, ref: string, amountCents: number, now: Date): URLSearchParams;
  /** Checks a callback's query; null when it is not genuinely from the provider. */
  verify(query: Record<string, string>, now: Date): VerifiedResult | null;
  /** Refunds part or all of a payment. The sandbox answers at once, like a provider's API. */
  refund(request: RefundRequest): Promise<RefundResult>;
}

/**
 * The sandboxes' refund: the provider's refund reference is derived from the payment, the amount
 * and the key, so the same request answers the same refund (a provider's idempotency key).
 */
export function sandboxRefund(key: Buffer, prefix: string) {
  return (r: RefundRequest): Promise<RefundResult> =>
    Promise.resolve({
      refundRef: `${prefix}${hmacHex(key, `refund|${r.ref}|${r.amountCents}|${r.key}`).slice(0, 24)}`,
      amountCents: r.amountCents,
    });
}

export function providerKey(secret: string, provider: PaymentProvider): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'storynest-payments', `sandbox-${provider}`, 32));
}

export function hmacHex(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex');
}

/** Constant-time comparison of two hex signatures. */
export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A positive whole number of cents, or null. */
export function cents(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}
