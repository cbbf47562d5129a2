// The door to a real payment provider (Stripe, PayPal, PhonePe), one adapter per provider over
// its official SDK. The adapter only talks to the provider; the server decides what is paid:
// it creates the payment, then learns the outcome from a verified webhook or by asking the
// provider (status), applies each provider event once, and settles only when the amount and
// the currency equal the order's. A buyer's return to our site is never proof of payment.
import type { PaymentProvider } from '../../../src/contract/domain';

/** Where a payment stands at the provider, in our words. */
export type PaymentState = 'pending' | 'success' | 'failed' | 'cancelled';

/** The keys of each provider, read from the environment (see server/config.ts). */
export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
  /** Tests only: the stand-in's address instead of https://api.stripe.com. */
  baseUrl?: string;
}
export interface PayPalKeys {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** 'sandbox' (api-m.sandbox.paypal.com) or 'live' (api-m.paypal.com). */
  environment: 'sandbox' | 'live';
  baseUrl?: string;
}
export interface PhonePeKeys {
  clientId: string;
  clientSecret: string;
  clientVersion: number;
  /** 'SANDBOX' or 'PRODUCTION', as the SDK's Env names them. */
  environment: 'SANDBOX' | 'PRODUCTION';
  /** The callback's Basic-auth user name and password set in PhonePe's dashboard (optional). */
  callbackUser?: string;
  callbackPassword?: string;
  baseUrl?: string;
}
export interface ProviderKeys {
  stripe?: StripeKeys;
  paypal?: PayPalKeys;
  phonepe?: PhonePeKeys;
}

export interface CreatePayment {
  /**
   * Our own reference for this payment, e.g. "stripe_3kP…" (unique, ≤ 40 chars of [A-Za-z0-9_-]).
   * It travels with the payment (Stripe client_reference_id + metadata.reference, PayPal
   * purchase_units[0].custom_id + invoice_id, PhonePe merchantOrderId) and is the provider's
   * idempotency key for the create call, so a retried create never makes a second payment.
   */
  reference: string;
  /** In the currency's minor unit (cents, paise). Always > 0. */
  amountCents: number;
  /** ISO 4217, upper case ("USD", "INR"). */
  currency: string;
  /** One line the provider's page shows. */
  description: string;
  /** Absolute URL the provider sends the buyer back to (it carries `?ref=<reference>`). */
  returnUrl: string;
  /** Absolute URL for the buyer's "cancel" on the provider's page. */
  cancelUrl: string;
  email?: string | null;
  /** A subscription's first payment: keep the payment method for off-session renewals (Stripe). */
  saveForRenewals?: boolean;
}

export interface CreatedPayment {
  /** The provider's page the buyer is sent to. */
  redirectUrl: string;
  /** The provider's id for the payment: Checkout Session id, PayPal order id, PhonePe merchantOrderId. */
  providerRef: string;
}

/** What the provider says about one payment: from a status call, or from one webhook event. */
export interface PaymentReport {
  /** Our reference (echoed back from the create call). */
  reference: string;
  providerRef: string;
  state: PaymentState;
  /** The amount and currency the provider actually took (or will take); the server compares them. */
  amountCents: number;
  currency: string;
  /** The id a refund needs when it differs from providerRef (PaymentIntent id, PayPal capture id). */
  captureRef?: string;
  /** After a saved-for-renewals success: what chargeSaved needs (Stripe "cus_…/pm_…"). */
  mandate?: string;
}

/** One verified webhook event. `eventId` is the provider's unique id: the server applies it once. */
export interface PaymentEvent extends PaymentReport {
  eventId: string;
}

export interface WebhookRequest {
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body exactly as received (signatures cover the raw bytes). */
  rawBody: string;
}

export interface RefundRequest {
  /** PaymentReport.captureRef when there is one, else providerRef. */
  ref: string;
  amountCents: number;
  currency: string;
  /** The same key asks for the same refund: the provider answers it once. */
  idempotencyKey: string;
}

export interface RefundResult {
  refundRef: string;
  amountCents: number;
  state: 'pending' | 'success' | 'failed';
}

export interface SavedCharge {
  mandate: string;
  amountCents: number;
  currency: string;
  description: string;
  /** One key per subscription, period and attempt: a retry after a crash never charges twice. */
  idempotencyKey: string;
}

export interface SavedChargeResult {
  providerRef: string;
  state: 'success' | 'failed' | 'pending';
}

export interface PaymentAdapter {
  name: PaymentProvider;
  /** How the provider names itself on our screens ("Card", "PayPal", "PhonePe"). */
  label: string;
  /** The currencies it can take; undefined = any. (PhonePe: ['INR'].) */
  currencies?: readonly string[];
  /** Opens a payment at the provider. */
  create(payment: CreatePayment): Promise<CreatedPayment>;
  /**
   * Asks the provider where a payment stands (the buyer came back, or the reconciliation job).
   * PayPal: an APPROVED order is captured here (PayPal-Request-Id = "capture-" + providerRef),
   * so capturing twice is harmless.
   */
  status(providerRef: string): Promise<PaymentReport>;
  /**
   * Verifies a webhook as the provider documents it and answers its payment events
   * ([] for events that are not about a payment's outcome). Throws WebhookRejected when the
   * signature does not verify.
   */
  verifyWebhook(request: WebhookRequest): Promise<PaymentEvent[]>;
  /** Refunds part or all of a payment. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Charges a saved method off-session (Stripe only; the others e-mail a link to pay instead). */
  chargeSaved?(charge: SavedCharge): Promise<SavedChargeResult>;
}

/** The provider could not be reached or answered 5xx / timed out: the payment stays pending. */
export class ProviderUnavailable extends Error {
  override name = 'ProviderUnavailable';
}

/** A webhook whose signature (or shape) does not verify: answered 400, nothing applied. */
export class WebhookRejected extends Error {
  override name = 'WebhookRejected';
}

/** Builds an adapter from its keys. Each SDK adapter file exports one of these. */
export type AdapterFactory<K> = (keys: K, options?: { timeoutMs?: number }) => PaymentAdapter;
