// Where printed copies go: one schema for the checkout form on the device and the order on the
// server, so both refuse the same addresses with the same words. Every country needs a name,
// a street, a town and the country; the countries below also need their postcode in the
// format their post office uses, and some a state or province (their carriers sort by it).
import { z } from 'zod';
import { COUNTRY_CODES } from './countries';

export const ADDRESS_MSG = {
  name: /*i18n*/ 'Please enter the name of the person receiving the books.',
  line1: /*i18n*/ 'Please enter the street and house number.',
  city: /*i18n*/ 'Please enter the town or city.',
  country: /*i18n*/ 'Please choose a country.',
  region: /*i18n*/ 'Please enter the state, province or region.',
  postcodeRequired: /*i18n*/ 'Please enter the postcode.',
  postcodeInvalid: /*i18n*/ 'This postcode does not look right for the chosen country.',
  tooLong: /*i18n*/ 'Please keep this under 100 characters.',
  missing: /*i18n*/ 'Please enter where the printed books should be sent.',
} as const;

/** Postcode formats (upper-cased, spaces as typed), and whether the country needs a region. */
export const POSTAL_RULES: Readonly<Record<string, { postcode: RegExp; region?: true }>> = {
  US: { postcode: /^\d{5}(-\d{4})?$/, region: true },
  CA: { postcode: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/, region: true },
  GB: { postcode: /^([A-Z]{1,2}\d[A-Z\d]?|GIR) ?\d[A-Z]{2}$/ },
  IN: { postcode: /^[1-9]\d{5}$/, region: true },
  AU: { postcode: /^\d{4}$/, region: true },
  DE: { postcode: /^\d{5}$/ },
  FR: { postcode: /^\d{5}$/ },
  ES: { postcode: /^\d{5}$/ },
  IT: { postcode: /^\d{5}$/ },
  NL: { postcode: /^\d{4} ?[A-Z]{2}$/ },
  IE: { postcode: /^[A-Z\d]{3} ?[A-Z\d]{4}$/ },
  NG: { postcode: /^\d{6}$/ },
  KE: { postcode: /^\d{5}$/ },
  ZA: { postcode: /^\d{4}$/ },
};

const line = (message?: string) =>
  message ? z.string().trim().min(1, message).max(100, ADDRESS_MSG.tooLong) : z.string().trim().max(100, ADDRESS_MSG.tooLong);

export const DeliveryAddress = z
  .object({
    name: line(ADDRESS_MSG.name),
    line1: line(ADDRESS_MSG.line1),
    line2: line().default(''),
    city: line(ADDRESS_MSG.city),
    region: line().default(''),
    postcode: z
      .string()
      .trim()
      .max(20, ADDRESS_MSG.postcodeInvalid)
      .default('')
      .transform((p) => p.toUpperCase()),
    country: z
      .string()
      .trim()
      .refine((c) => COUNTRY_CODES.has(c), ADDRESS_MSG.country),
  })
  .superRefine((a, ctx) => {
    const rule = POSTAL_RULES[a.country];
    if (!rule) return;
    if (!a.postcode) ctx.addIssue({ code: 'custom', path: ['postcode'], message: ADDRESS_MSG.postcodeRequired });
    else if (!rule.postcode.test(a.postcode)) ctx.addIssue({ code: 'custom', path: ['postcode'], message: ADDRESS_MSG.postcodeInvalid });
    if (rule.region && !a.region) ctx.addIssue({ code: 'custom', path: ['region'], message: ADDRESS_MSG.region });
  });

export type DeliveryAddress = z.output<typeof DeliveryAddress>;
export type DeliveryAddressInput = z.input<typeof DeliveryAddress>;

/** The address as lines on a label or a tracking page. */
export function addressLines(a: DeliveryAddress): string[] {
  return [a.name, a.line1, a.line2, [a.postcode, a.city].filter(Boolean).join(' '), a.region, a.country].filter(Boolean);
}
