// Making and uploading a book: the requests as zod schemas, the limits and the messages, shared
// by the maker's screens and the server so both refuse the same input with the same words. Full
// zod: only the lazily loaded maker and the server import this file.
import { z } from 'zod';
import { BOOK_TRIMS, type BookTrim } from './book-pages';

export const BOOK_TITLE_MAX = 120;
const MiB = 1024 * 1024;

export const BOOK_UPLOAD = {
  /** A finished book as one PDF. */
  pdfBytes: 50 * MiB,
  /** A set of scanned pages: each picture, and how many. */
  imageBytes: 10 * MiB,
  maxImages: 60,
  /** The whole upload request (the PDF or the pictures, plus the form's fields). */
  requestBytes: 60 * MiB + 64 * 1024,
  pdfType: 'application/pdf',
  imageTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
} as const;

export const BOOK_MSG = {
  titleRequired: /*i18n*/ 'Give your book a title.',
  // 120 and 60: BOOK_TITLE_MAX and BOOK_UPLOAD.maxImages, written out so the catalogues carry the sentences.
  titleTooLong: /*i18n*/ 'A title has at most 120 characters.',
  slug: /*i18n*/ 'A book address is made of small letters, numbers and dashes (at most 80).',
  slugTaken: /*i18n*/ 'This book address is already taken.',
  notFound: /*i18n*/ 'No such book.',
  notYours: /*i18n*/ 'This book belongs to someone else.',
  noClass: /*i18n*/ 'No such class.',
  noPages: /*i18n*/ 'Add at least one page before you send the book.',
  noTitle: /*i18n*/ 'Give your book a title before you send it.',
  notEditable: /*i18n*/ 'This book has been sent and can no longer be changed here.',
  submitted: /*i18n*/ 'Your book was sent to the school.',
  wrongType: /*i18n*/ 'Upload a PDF, or pictures of the pages (JPEG, PNG or WebP).',
  mixed: /*i18n*/ 'Upload one PDF, or pictures of the pages, not both.',
  pdfTooBig: /*i18n*/ 'This PDF is too big (at most 50 MB).',
  imageTooBig: /*i18n*/ 'Each page picture may be at most 10 MB.',
  tooManyImages: /*i18n*/ 'Upload at most 60 page pictures.',
  encrypted: /*i18n*/ 'This PDF is protected with a password. Save it again without a password, then upload it.',
  noFile: /*i18n*/ 'Choose a PDF or pictures of the pages.',
  tooBig: /*i18n*/ 'This book is too big to save. Remove some pages or pictures.',
  pdfFailed: /*i18n*/ 'We could not prepare the PDF. Check the internet connection and try again.',
} as const;

export const BookSlug = z
  .string()
  .max(80, BOOK_MSG.slug)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, BOOK_MSG.slug);
export const BookTitle = z.string().trim().max(BOOK_TITLE_MAX, BOOK_MSG.titleTooLong);
const Id = z.number().int().positive().max(2_147_483_647);
const Trim = z.enum(Object.keys(BOOK_TRIMS) as [BookTrim, ...BookTrim[]]);

export const CreateBookRequest = z.object({
  slug: BookSlug,
  title: BookTitle.default(''),
  trim: Trim.default('a5'),
  /** A class book: every child of the class may add pages (staff choose the class; a child's is theirs). */
  class_id: Id.optional(),
  /** A child's class book: the book of the child's own class (a child never names a class). */
  class_book: z.boolean().optional(),
});

/** The start form (react-hook-form). */
export const StartBookForm = z.object({
  title: BookTitle.min(1, BOOK_MSG.titleRequired),
  trim: Trim,
  class_book: z.boolean(),
});

export type UploadCheck = { ok: true; kind: 'pdf' | 'images' } | { ok: false; message: string };

/** The client's (and server's first) check of what was chosen: types, count and sizes. */
export function checkUpload(files: { type: string; size: number }[]): UploadCheck {
  if (!files.length) return { ok: false, message: BOOK_MSG.noFile };
  const pdfs = files.filter((f) => f.type === BOOK_UPLOAD.pdfType);
  const images = files.filter((f) => (BOOK_UPLOAD.imageTypes as readonly string[]).includes(f.type));
  if (pdfs.length + images.length !== files.length) return { ok: false, message: BOOK_MSG.wrongType };
  if (pdfs.length && images.length) return { ok: false, message: BOOK_MSG.mixed };
  if (pdfs.length > 1) return { ok: false, message: BOOK_MSG.mixed };
  if (pdfs.length) return pdfs[0]!.size > BOOK_UPLOAD.pdfBytes ? { ok: false, message: BOOK_MSG.pdfTooBig } : { ok: true, kind: 'pdf' };
  if (images.length > BOOK_UPLOAD.maxImages) return { ok: false, message: BOOK_MSG.tooManyImages };
  if (images.some((f) => f.size > BOOK_UPLOAD.imageBytes)) return { ok: false, message: BOOK_MSG.imageTooBig };
  return { ok: true, kind: 'images' };
}
