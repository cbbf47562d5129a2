// The public forms (/contact, /report-a-problem, /request-a-tour, /bulk-enrolment) and the
// content editors (pages, FAQs): one schema each for the form on the device and the API, so
// both enforce the same rules with the same words.
import { z } from 'zod';

export const FORM_MSG = {
  name: /*i18n*/ 'Please enter your name',
  emailRequired: /*i18n*/ 'Email is required',
  emailInvalid: /*i18n*/ 'Invalid email address',
  message: /*i18n*/ 'Please tell us a little more (at least 10 characters)',
  tooLong: /*i18n*/ 'Please keep this under 5000 characters',
  school: /*i18n*/ 'Please enter your school’s name',
  csv: /*i18n*/ 'Please upload a valid CSV file.',
  csvSize: /*i18n*/ 'File size exceeds 5MB limit.',
  csvColumns: /*i18n*/ 'The CSV file needs the columns class, first name and last name, and at least one student.',
  sentOnline: /*i18n*/ 'Thank you. Your message has been sent.',
  queuedOffline: /*i18n*/ 'You are offline. Your message is saved on this device and will be sent as soon as you are back online.',
  throttled: /*i18n*/ 'Too many messages from here. Please try again later.',
} as const;

export const CSV_MAX_BYTES = 5 * 1024 * 1024;

const name = z.string().trim().min(1, FORM_MSG.name).max(100, /*i18n*/ 'Name must not exceed 100 characters');
const email = z.string().trim().min(1, FORM_MSG.emailRequired).max(254).email(FORM_MSG.emailInvalid);
const longText = z.string().trim().min(10, FORM_MSG.message).max(5000, FORM_MSG.tooLong);
/** The honeypot: hidden from people, filled in by robots. Anything in it and nothing is stored. */
const honeypot = z.string().max(200).optional();

/** What a message to the school is about: its code, and the words the form and the school's e-mail show. */
export const CONTACT_TOPICS = {
  question: /*i18n*/ 'A question',
  school: /*i18n*/ 'Our school’s site or classes',
  order: /*i18n*/ 'An order or a refund',
  privacy: /*i18n*/ 'Privacy or my child’s data',
  other: /*i18n*/ 'Something else',
} as const;

/** What a report is about, as the school's e-mail names it. */
export const REPORTED_ITEMS = { book: /*i18n*/ 'A book', story: /*i18n*/ 'A story', other: /*i18n*/ 'Something else' } as const;

const codes = <T extends object>(names: T) => Object.keys(names) as [keyof T & string, ...(keyof T & string)[]];

export const ContactForm = z.object({
  name,
  email,
  topic: z.enum(codes(CONTACT_TOPICS)).default('question'),
  message: longText,
  website: honeypot,
});

export const REPORT_REASONS = {
  inappropriate: /*i18n*/ 'Unkind, unsafe or inappropriate content',
  personal: /*i18n*/ 'It shares a child’s personal details',
  copyright: /*i18n*/ 'It copies someone else’s work',
  broken: /*i18n*/ 'It does not open or looks broken',
  other: /*i18n*/ 'Something else',
} as const;

export const ReportForm = z.object({
  name,
  email,
  /** The book or story the report is about (opened from its page), if any. */
  item_type: z.enum(codes(REPORTED_ITEMS)).default('other'),
  item_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  reason: z.enum(Object.keys(REPORT_REASONS) as [keyof typeof REPORT_REASONS, ...(keyof typeof REPORT_REASONS)[]], {
    message: /*i18n*/ 'Please choose what is wrong',
  }),
  details: longText,
  website: honeypot,
});

export const TourForm = z.object({
  name,
  email,
  school_name: z.string().trim().min(1, FORM_MSG.school).max(100),
  role: z.string().trim().min(1, /*i18n*/ 'Please tell us your role').max(100),
  students: z.coerce
    .number({ message: /*i18n*/ 'Please enter a number' })
    .int()
    .min(1, /*i18n*/ 'Please enter a number')
    .max(100_000)
    .optional(),
  preferred_time: z.string().trim().max(200).optional(),
  message: z.string().trim().max(5000, FORM_MSG.tooLong).optional(),
  website: honeypot,
});

export const EnrolmentForm = z.object({
  name,
  email,
  school_name: z.string().trim().min(1, FORM_MSG.school).max(100),
  file_name: z
    .string()
    .trim()
    .max(200)
    .refine((n) => /\.csv$/i.test(n), FORM_MSG.csv),
  /** The CSV's text: class, first name, last name on each line. */
  csv: z
    .string()
    .max(CSV_MAX_BYTES, FORM_MSG.csvSize)
    .refine((text) => parseEnrolmentCsv(text).length > 0, FORM_MSG.csvColumns),
  website: honeypot,
});

export type ContactInput = z.infer<typeof ContactForm>;
export type ReportInput = z.infer<typeof ReportForm>;
export type TourInput = z.infer<typeof TourForm>;
export type EnrolmentInput = z.infer<typeof EnrolmentForm>;

export const FORM_KINDS = ['contact', 'report', 'tour', 'bulk_enrolment'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',' || ch === ';') {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

export interface EnrolmentRow {
  class_name: string;
  first_name: string;
  last_name: string;
}

/**
 * The students of a bulk enrolment CSV: a header naming class, first name and last name (in
 * any order and case, spaces or underscores), then one student per line. Lines without a
 * class or first name are dropped; an unusable file gives no rows.
 */
export function parseEnrolmentCsv(text: string): EnrolmentRow[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim());
  if (lines.length < 2) return [];
  const header = splitCsvLine(lines[0]!).map((h) => h.toLowerCase().replace(/[\s_-]+/g, ''));
  const col = (...names: string[]) => header.findIndex((h) => names.includes(h));
  const cls = col('class', 'classname', 'class_name');
  const first = col('firstname', 'first');
  const last = col('lastname', 'last', 'surname');
  if (cls < 0 || first < 0 || last < 0) return [];
  return lines.slice(1).flatMap((line) => {
    const cells = splitCsvLine(line);
    const row = { class_name: cells[cls] ?? '', first_name: cells[first] ?? '', last_name: cells[last] ?? '' };
    return row.class_name && row.first_name ? [row] : [];
  });
}

/** A public page as an editor saves it (PUT /pages/{slug}/). */
export const PageInput = z.object({
  title: z.string().trim().min(1, /*i18n*/ 'Please enter a title').max(200),
  description: z
    .string()
    .trim()
    .min(1, /*i18n*/ 'Please enter a description for search engines')
    .max(300, /*i18n*/ 'Please keep the description under 300 characters'),
  body: z.string().max(200_000),
});

/** A help article (FAQ) as platform staff save it. */
export const FAQ_ROLES = [
  'platform_success',
  'student',
  'teacher',
  'school_admin',
  'teacher_admin',
  'organization_admin',
  'upschool_admin',
] as const;
export const FaqInput = z.object({
  role: z.enum(FAQ_ROLES, { message: /*i18n*/ 'Please choose a role' }),
  section: z.string().trim().min(1, /*i18n*/ 'Please enter a section').max(100),
  title: z.string().trim().min(1, /*i18n*/ 'Please enter a title').max(200),
  body: z.string().trim().min(1, /*i18n*/ 'Please write the answer').max(50_000),
  order: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type FaqInputValue = z.infer<typeof FaqInput>;
