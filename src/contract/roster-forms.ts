// The roster's forms as zod schemas (edit student, CSV upload, pin duration),
// shared by the screens and the server so both refuse the same input with the same words.
// Full zod: only lazily loaded roster screens and the server import this file.
import { z } from 'zod';
import './zod-config';
import { PRIVACY_PREFERENCES } from './domain';
import { ROSTER_MSG } from './messages';
import { BULK_ADD_MAX, CSV_MAX_BYTES, isCsvFile, PIN_UNITS } from './roster';

const required = (message: string, max = 100) => z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max);

export const Privacy = z.enum(PRIVACY_PREFERENCES, { error: ROSTER_MSG.privacyRequired });

/** Student class passwords are short words a child can type (e.g. kite-7). */
export const StudentPassword = required(ROSTER_MSG.newPasswordRequired, 64).min(4, /*i18n*/ 'Password must be at least 4 characters');

export const EditStudentRequest = z.object({
  first_name: required(ROSTER_MSG.firstNameRequired),
  last_name: required(ROSTER_MSG.lastNameRequired),
  password: StudentPassword,
  privacy_preference: Privacy,
});
export type EditStudentInput = z.input<typeof EditStudentRequest>;

export const NewStudent = z.object({
  first_name: required(ROSTER_MSG.firstNameRequired),
  last_name: z.string().trim().max(100).default(''),
});

export const BulkAddRequest = z
  .array(NewStudent)
  .min(1, ROSTER_MSG.addAtLeastOne)
  .max(BULK_ADD_MAX, `At most ${BULK_ADD_MAX} students at a time`);

export const CsvFile = z
  .instanceof(File, { error: ROSTER_MSG.csvNotCsv })
  .refine((f) => isCsvFile(f), { error: ROSTER_MSG.csvNotCsv, abort: true })
  .refine((f) => f.size <= CSV_MAX_BYTES, ROSTER_MSG.csvTooBig);

export const PinDuration = z.object({
  duration: z.coerce
    .number({ error: /*i18n*/ 'Please enter a number' })
    .int(/*i18n*/ 'Please enter a whole number')
    .min(1, /*i18n*/ 'The duration must be at least 1'),
  unit: z.enum(PIN_UNITS),
});
