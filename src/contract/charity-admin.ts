// The charity admin forms (a charity or a school's charity cause) and the refund form, as zod
// schemas in the wire format the admin forms send (every field a string), shared by the admin
// screens and the server so both refuse the same input with the same words. The spec has no
// wording for these forms beyond the three statuses and 'editable only by their creator'; the
// messages below are ours, in the spec's style. Full zod: only lazily loaded admin screens and the
// server import this file.
import { z } from 'zod';
import { CHARITY_STATUSES } from './domain';

export const CHARITY_MSG = {
  created: 'Charity added successfully!',
  updated: 'Charity updated successfully!',
  failed: 'Error saving charity. Please try again.',
  nameRequired: 'Name is required',
  nameShort: 'Name must be at least 3 characters',
  nameLong: 'Name must not exceed 100 characters',
  descriptionLong: 'Description must not exceed 2000 characters',
  goalInvalid: 'Goal must be an amount such as 2500 or 2500.00',
  statusRequired: 'Status is required',
  /** Charities can be edited only by the admin who created them. */
  notCreator: 'Only the admin who added this charity cause can edit it.',
  hasDonations: 'This charity has donations, so it cannot be deleted. Archive it instead.',
  deleted: 'Charity deleted.',
  archived: 'Charity archived.',
  notFound: 'We could not find this charity.',
} as const;

export const REFUND_MSG = {
  done: 'Refund recorded.',
  failed: 'Error recording the refund. Please try again.',
  amountInvalid: 'Refund amount must be an amount such as 10 or 10.50',
  tooMuch: 'The refund cannot be more than what is left of the payment.',
  notPaid: 'Only a successful payment can be refunded.',
  alreadyRefunded: 'This payment has already been refunded in full.',
  reasonLong: 'Reason must not exceed 200 characters',
} as const;

/** Whole units with at most two decimals (e.g. 2500 or 2500.00), at most 10,000,000.00. */
const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;
export const toCents = (amount: string) => Math.round(Number(amount) * 100);
export const fromCents = (cents: number) => (cents / 100).toFixed(2);

export const CharityForm = z.object({
  name: z
    .string({ error: CHARITY_MSG.nameRequired })
    .trim()
    .min(1, { error: CHARITY_MSG.nameRequired, abort: true })
    .min(3, CHARITY_MSG.nameShort)
    .max(100, CHARITY_MSG.nameLong),
  description: z.string().trim().max(2000, CHARITY_MSG.descriptionLong).optional(),
  goal: z
    .string()
    .trim()
    .refine((a) => a === '' || AMOUNT.test(a), CHARITY_MSG.goalInvalid)
    .optional(),
  status: z.enum(CHARITY_STATUSES, { error: CHARITY_MSG.statusRequired }),
});
export type CharityFormInput = z.input<typeof CharityForm>;

/** Editing sends only the fields that changed. */
export const CharityPatch = CharityForm.partial();

/** A refund: the amount (empty: whatever is left of the payment) and an optional reason. */
export const RefundForm = z.object({
  amount: z
    .string()
    .trim()
    .refine((a) => a === '' || (AMOUNT.test(a) && toCents(a) > 0), REFUND_MSG.amountInvalid)
    .optional(),
  reason: z.string().trim().max(200, REFUND_MSG.reasonLong).optional(),
});
