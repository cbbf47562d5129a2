// The school and organization areas' forms and messages: a school's
// own profile (the platform's tenant form without what only the platform changes), a teacher's
// profile (names, role, classes), a teacher or a school invited by e-mail, a class (name, teacher). Shared by the admin
// screens and the server, so both refuse the same input with the same words. Full zod: only the
// lazily loaded admin screens and the server import this file.
import { z } from 'zod';
import { ADMIN_MSG } from './messages';
import { TenantForm } from './admin';

/** A school's (or an organization's) own profile: its details, colours and logo. */
export const ProfileForm = TenantForm.omit({ subdomain: true, is_organization: true, organizations: true });
/** Editing the profile sends only the fields that changed. */
export const ProfilePatch = ProfileForm.partial();

const name = (message: string) => z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(100);

/** The roles a school admin gives its teaching staff. */
export const TEACHER_ROLES = ['teacher', 'teacher_admin'] as const;

/** Class ids as the form sends them: '3,7,12' (empty: none). */
const ClassIds = z
  .string()
  .trim()
  .regex(/^(\d+(,\d+)*)?$/, 'Choose classes from the list')
  .transform((s) => (s ? [...new Set(s.split(',').map(Number))] : []));

/** A teacher's profile: names, role and the classes they teach. */
export const TeacherForm = z.object({
  first_name: name('First name is required'),
  last_name: name('Last name is required'),
  role: z.enum(TEACHER_ROLES, { error: 'Choose a role from the list' }),
  class_ids: ClassIds,
});
export const TeacherPatch = TeacherForm.partial();

const email = z
  .string({ error: ADMIN_MSG.emailRequired })
  .trim()
  .min(1, { error: ADMIN_MSG.emailRequired, abort: true })
  .max(254)
  .pipe(z.email(ADMIN_MSG.invalidEmail));

/** Inviting a teacher of this school by e-mail. */
export const TeacherInvite = z.object({ email, role: z.enum(TEACHER_ROLES, { error: 'Choose a role from the list' }) });
/** An organization inviting a school by e-mail (its admin links it, or registers a new school). */
export const SchoolInvite = z.object({ email });

/** A teacher chosen from the list ('' for none), as the form sends it. */
const TeacherChoice = z
  .string()
  .trim()
  .regex(/^\d*$/, 'Choose a teacher from the list')
  .transform((s) => (s ? Number(s) : null));

/** A class the school admin creates or changes: its name and its teacher (none: no teacher yet). */
export const ClassForm = z.object({
  name: name('Class name is required'),
  teacher_id: TeacherChoice.optional(),
});
export const ClassPatch = ClassForm.partial();

export const SCHOOL_ADMIN_MSG = {
  classCreated: 'Class created.',
  classUpdated: 'Class updated.',
  classFailed: 'The class could not be saved. Please try again.',
  notATeacher: 'Choose a teacher from the list',
  teacherUpdated: 'Teacher updated successfully!',
  teacherFailed: 'Error saving teacher. Please try again.',
  teacherHasClasses: 'This teacher still teaches classes. Assign the classes to another teacher first.',
  teacherRemoved: 'Teacher removed.',
  teacherNotRemoved: 'The teacher was not removed.',
  notUnlinked: 'The school was not unlinked.',
  invitationFailed: 'The invitation could not be sent. Please try again.',
  linkAccepted: 'The organization is now linked to your school.',
  linkRemoved: 'The organization link was removed.',
  schoolUnlinked: 'The school was unlinked from your organization.',
  notYourself: 'You cannot deactivate yourself.',
} as const;

/** The Own domain screen's one field: the site's Domain URL (the server checks it names a domain the school can use). */
export const OwnDomainRequest = z.object({ domain_url: TenantForm.shape.domain_url });
