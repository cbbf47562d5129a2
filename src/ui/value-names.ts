// The words for values the server keeps as codes (an order's 'pending', a provider's 'phonepe', a
// book's 'class'): declared once here and shown by every list, filter and detail that shows the
// field, in the reader's language. A value these maps do not know (a newer server) shows as it is.
// A word that is also a column's date label elsewhere ('Paid' on the day of payment) carries the
// context 'status', so translators give it its own translation.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  PAYMENT_PROVIDERS,
  type BookKind,
  type BookStatus,
  type OrderStatus,
  type PaymentProvider,
  type PrintProgress,
  type StoryStatus,
  type SubscriptionStatus,
} from '@/contract/domain';
import { i18n } from '@/i18n/i18n';
import { translateKnown } from '@/i18n/known';
import type { Option } from './admin/resource';
import { PROVIDER_LABELS } from './payment-choice';

/** An order's (and a payment's) status, as a buyer and an admin read it. */
export const ORDER_STATUS_NAMES: Record<OrderStatus, MessageDescriptor> = {
  pending: msg`Waiting for payment`,
  success: msg({ message: 'Paid', context: 'status' }),
  failed: msg`Payment failed`,
  cancelled: msg`Payment cancelled`,
};

/** Where a printed copy is. */
export const PRINT_STATUS_NAMES: Record<PrintProgress, MessageDescriptor> = {
  open: msg`Not paid yet`,
  paid: msg({ message: 'Paid', context: 'status' }),
  queued_for_processing: msg`With the printer`,
  printed: msg`Printed`,
  shipped: msg`Shipped`,
};

/** A story's place on its way to the library. */
export const STORY_STATUS_NAMES: Record<StoryStatus, MessageDescriptor> = {
  draft: msg`Draft`,
  submitted: msg`Waiting for review`,
  returned: msg`Sent back`,
  published: msg`Published`,
};

/** A book's place in its life. */
export const BOOK_STATUS_NAMES: Record<BookStatus, MessageDescriptor> = {
  draft: msg`Draft`,
  submitted: msg`Waiting to be published`,
  published: msg`Published`,
  class: msg`Kept for the class`,
  archived: msg`Archived`,
};

export const BOOK_KIND_NAMES: Record<BookKind, MessageDescriptor> = {
  catalogue: msg`From the catalogue`,
  made: msg`Made in the book maker`,
  uploaded: msg`Uploaded`,
};

/** A school's subscription. */
export const SUBSCRIPTION_STATUS_NAMES: Record<SubscriptionStatus, MessageDescriptor> = {
  pending: msg`Awaiting payment`,
  active: msg`Active`,
  past_due: msg`Past due`,
  cancelled: msg`Cancelled`,
};

/** A payment provider by the name a buyer chose it by (PayPal, PhonePe, Card). */
export const providerName = (provider: string): string =>
  provider in PROVIDER_LABELS ? translateKnown(PROVIDER_LABELS[provider as PaymentProvider].name) : provider;

/** The providers as a filter's options (their names said in the reader's language when drawn). */
export const PROVIDER_OPTIONS: Option[] = PAYMENT_PROVIDERS.map((p) => [p, PROVIDER_LABELS[p].name]);

/** A value's name from one of the maps above, or the value itself when the map does not know it. */
export function nameOf<K extends string>(names: Record<K, MessageDescriptor>, value: string): string {
  return value in names ? i18n._(names[value as K]) : value;
}

/** A filter's options from a map: every value with its name. */
export const optionsOf = <K extends string>(names: Record<K, MessageDescriptor>): Option[] =>
  (Object.entries(names) as [K, MessageDescriptor][]).map(([value, name]) => [value, name]);
