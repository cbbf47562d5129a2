// Publishing and keeping the catalogue (issue 13): the book, publish and category forms as zod
// schemas in the admin forms' wire format (every field a string), shared by the admin screens
// and the server so both refuse the same input with the same words. Full zod: only the lazily
// loaded admin screens and the server import this file.
import { z } from 'zod';

/** The currencies a book may be priced in. */
export const BOOK_CURRENCIES = ['USD', 'GBP', 'EUR', 'CAD', 'AUD', 'NZD', 'ZAR', 'INR'] as const;
/** The dearest a book may be: 1,000.00 in its currency. */
export const BOOK_PRICE_MAX_CENTS = 100_000;
/** The part of each sale of a school's book that goes to the book's charity cause. */
export const BOOK_CHARITY_SHARE_PERCENT = 50;

/** What a sale of a book at this price gives its charity cause, in cents. */
export const charityShareCents = (priceCents: number) => Math.floor((priceCents * BOOK_CHARITY_SHARE_PERCENT) / 100);

export const BOOK_MSG = {
  priceRequired: /*i18n*/ 'Please enter a price.',
  priceFormat: /*i18n*/ 'Enter the price as a number, e.g. 4.99.',
  priceNegative: /*i18n*/ 'The price cannot be negative.',
  priceTooHigh: /*i18n*/ 'The price can be at most 1000.00.',
  currency: /*i18n*/ 'Choose a currency from the list.',
  category: /*i18n*/ 'Choose a category from the list.',
  charity: "Choose one of your school's charity causes.",
  title: /*i18n*/ 'Title is required',
  author: /*i18n*/ 'Author is required',
  categoryName: /*i18n*/ 'Category name is required',
  categoryTaken: /*i18n*/ 'A category with this name already exists.',
  notAllowed: /*i18n*/ 'Your school does not let teachers publish books. Ask your school admin.',
  notSubmitted: /*i18n*/ 'Only a submitted book can be published.',
  noCover: /*i18n*/ 'Choose a cover picture in the book maker before the book goes on sale.',
  published: /*i18n*/ 'Book published successfully!',
  keptForClass: /*i18n*/ 'The book stays with its class.',
  archived: /*i18n*/ 'Book archived.',
  failed: /*i18n*/ 'Failed to save the book. Please try again.',
  featured: /*i18n*/ 'Books featured successfully!',
  unfeatured: /*i18n*/ 'Books unfeatured successfully!',
  categoryAdded: /*i18n*/ 'Category added successfully!',
  categoryUpdated: /*i18n*/ 'Category updated successfully!',
  categoryDeleted: /*i18n*/ 'Category deleted. Its books stay in the library, uncategorised.',
  categoryFailed: /*i18n*/ 'Failed to save the category. Please try again.',
  statsFailed: /*i18n*/ 'Failed to fetch book stats',
  approved: /*i18n*/ 'Approved: it stays in the library.',
  hidden: /*i18n*/ 'Hidden: it leaves every library at the next sync.',
  replied: /*i18n*/ 'Your reply has been sent.',
  noReporter: /*i18n*/ 'Nobody has reported this item, so there is nobody to reply to.',
  replyRequired: /*i18n*/ 'Please write your reply.',
} as const;

/** A price as the form holds it ('4.99'), checked and turned into cents. */
export const PriceField = z
  .string({ error: BOOK_MSG.priceRequired })
  .trim()
  .min(1, { error: BOOK_MSG.priceRequired, abort: true })
  .refine((v) => !v.startsWith('-'), { error: BOOK_MSG.priceNegative, abort: true })
  .refine((v) => /^\d{1,7}(\.\d{1,2})?$/.test(v), { error: BOOK_MSG.priceFormat, abort: true })
  .transform((v) => Math.round(Number(v) * 100))
  .refine((cents) => cents <= BOOK_PRICE_MAX_CENTS, BOOK_MSG.priceTooHigh);

export const CurrencyField = z.enum(BOOK_CURRENCIES, { error: BOOK_MSG.currency });
/** An optional id from a select ('' for none). */
const OptionalId = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{0,9}$/, message)
    .transform((v) => (v === '' ? null : Number(v)));

const Description = z.string().trim().max(5000, /*i18n*/ 'The description can be at most 5000 characters.');

/** Publishing a submitted book: to the school's library with its price, or kept for the class. */
export const PublishBookForm = z.object({
  status: z.enum(['published', 'class'], { error: /*i18n*/ 'Choose to publish or to keep it for the class.' }),
  price: PriceField,
  currency: CurrencyField,
  category_id: OptionalId(BOOK_MSG.category).prefault(''),
  charity_id: OptionalId(BOOK_MSG.charity).prefault(''),
  description: Description.default(''),
});
export type PublishBookInput = z.input<typeof PublishBookForm>;

const CoverField = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^(\/|https:\/\/)[^\s"'<>]*$/.test(v), /*i18n*/ 'The cover is a picture address (https://… or /…).');
const YesNo = z.enum(['true', 'false'], { error: /*i18n*/ 'Choose yes or no' });
const bookFields = {
  title: z.string({ error: BOOK_MSG.title }).trim().min(1, BOOK_MSG.title).max(200),
  author: z.string({ error: BOOK_MSG.author }).trim().min(1, BOOK_MSG.author).max(200),
  price: PriceField,
  currency: CurrencyField,
};

/** The platform admin's book form (/admin-panel/book/{id}). */
export const BookForm = z.object({
  ...bookFields,
  description: Description.default(''),
  cover: CoverField.default(''),
  category_id: OptionalId(BOOK_MSG.category).prefault(''),
  published: YesNo.default('true'),
});
/** Editing sends only the changed fields (no defaults: a missing field stays as it is). */
export const BookPatch = z
  .object({ ...bookFields, description: Description, cover: CoverField, category_id: OptionalId(BOOK_MSG.category), published: YesNo })
  .partial();
export type BookFormInput = z.input<typeof BookForm>;

export const CategoryForm = z.object({
  name: z.string({ error: BOOK_MSG.categoryName }).trim().min(1, BOOK_MSG.categoryName).max(80),
  description: z.string().trim().max(1000).default(''),
});

/** Feature or unfeature many books (the spec's Feature bulk action: Yes feature, No unfeature). */
export const FeatureBooks = z.object({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1, /*i18n*/ 'Please select at least one row.').max(1000),
  action: z.enum(['feature', 'unfeature']),
});

export const ModerationAction = z.object({ action: z.enum(['approve', 'hide']) });
export const ModerationReply = z.object({
  message: z.string({ error: BOOK_MSG.replyRequired }).trim().min(1, BOOK_MSG.replyRequired).max(5000),
});

/** A category's address part: lower-case words joined by hyphens. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'category';
}

/** The school's book settings as the form holds them. */
export const BookSettingsForm = z.object({ teachers_publish_books: z.enum(['true', 'false'], { error: /*i18n*/ 'Choose yes or no' }) });
