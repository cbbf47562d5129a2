// The modes and subscription forms as zod schemas, in the forms' wire format (every field a
// string; a list of ids as '1,3'), shared by the admin screens and the server so both refuse the
// same input with the same words. Full zod: only lazily loaded admin screens and the server.
import { z } from 'zod';
import { PAYMENT_PROVIDERS, SUBSCRIPTION_INTERVALS } from './domain';

const required = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, `At most ${max} characters`);
const YesNo = (message: string) => z.enum(['true', 'false'], { error: message });

export const MODE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const CURRENCIES = ['USD', 'GBP', 'EUR', 'INR'] as const;

export const SUBS_MSG = {
  modeSaved: 'Mode saved.',
  planSaved: 'Plan saved.',
  variantSaved: 'Variant saved.',
  saveFailed: 'Error saving. Please try again.',
  planHasSubscribers:
    'This plan has subscribers, so it cannot be deleted. Archive it instead: its subscribers keep it, nobody new can choose it.',
  variantHasSubscribers: 'This variant has subscribers, so it cannot be deleted. Archive it instead.',
  planDeleted: 'Plan deleted.',
  variantDeleted: 'Variant deleted.',
  alreadySubscribed: 'This account already has a subscription. Cancel it, and choose a new plan once it has ended.',
  notOnOffer: 'This plan is no longer on offer. Please choose another.',
  cancelled: 'Your subscription will end at the end of the current period.',
  resumed: 'Your subscription will renew again.',
  modesSaved: 'The switchboard modes of your school are saved.',
} as const;

/** Ids as the forms send them: '3,7,12' (empty: none). */
export const IdList = z
  .string()
  .trim()
  .max(2000)
  .regex(/^(\d{1,9}(,\d{1,9})*)?$/, 'Choose from the list')
  .transform((s) => (s ? [...new Set(s.split(',').map(Number))] : []));

/** A switchboard mode (name, image, locked, active, status). The image is a picture's address. */
const ModeImage = z
  .string()
  .trim()
  .max(500, 'At most 500 characters')
  .regex(/^(|\/[^\s]*|https:\/\/[^\s]+)$/, 'The image must be an address starting with / or https://');
const ModeFields = z.object({
  name: required('Name is required', 60),
  image: ModeImage,
  locked: YesNo('Choose whether the mode is locked'),
  active: YesNo('Choose whether the mode is active'),
  status: z.enum(MODE_STATUSES, { error: 'Choose a status' }),
});
export const ModeForm = ModeFields.extend({ image: ModeImage.default('') });
/** Editing sends only the changed fields (no defaults fill the others in). */
export const ModePatch = ModeFields.partial();

const Description = z.string().trim().max(500, 'At most 500 characters');
const PlanFields = z.object({
  name: required('Plan name is required', 80),
  description: Description,
  active: YesNo('Choose whether the plan is on offer'),
  mode_ids: IdList,
});
export const PlanForm = PlanFields.extend({ description: Description.default(''), mode_ids: IdList.prefault('') });
export const PlanPatch = PlanFields.partial();

export const VariantForm = z.object({
  plan_id: z
    .string({ error: 'Choose a plan' })
    .regex(/^\d{1,9}$/, 'Choose a plan')
    .transform(Number),
  interval: z.enum(SUBSCRIPTION_INTERVALS, { error: 'Choose monthly or yearly' }),
  price: z
    .string({ error: 'Price is required' })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter a price such as 29.00')
    .transform((p) => Math.round(Number(p) * 100))
    .refine((c) => c > 0, 'The price must be more than zero'),
  currency: z.enum(CURRENCIES, { error: 'Choose a currency' }),
  seats: z
    .string({ error: 'Seats are required' })
    .trim()
    .regex(/^\d{1,6}$/, 'Seats must be a whole number')
    .transform(Number)
    .refine((n) => n >= 1, 'At least one seat'),
  active: YesNo('Choose whether the variant is on offer'),
});
export const VariantPatch = VariantForm.partial();

export const SubscribeBody = z.object({
  variant_id: z.number({ error: 'Choose a plan' }).int().positive(),
  provider: z.enum(PAYMENT_PROVIDERS, { error: 'Choose how to pay' }),
});

/** The modes a school offers on its switchboard (the others are hidden there). */
export const SchoolModesBody = z.object({ offered: z.array(z.number().int().positive()).max(100) });
