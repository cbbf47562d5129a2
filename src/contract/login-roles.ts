// Who can sign in on a site (student, teacher or administrator, parent): the first step of sign-in.
// Shared with the server, which draws this step into the /login page (server/site/page-data.ts). The
// words are marked for the catalogues (their English text is their id; src/i18n/known.ts).
export type LoginRole = 'student' | 'teacher' | 'parent';

export const LOGIN_ROLES: readonly { role: LoginRole; label: string; text: string }[] = [
  { role: 'student', label: /*i18n*/ 'Student', text: /*i18n*/ 'I have a class code' },
  { role: 'teacher', label: /*i18n*/ 'Teacher or Administrator', text: /*i18n*/ 'Full access' },
  { role: 'parent', label: /*i18n*/ 'Parent', text: /*i18n*/ 'Community access' },
];

/** A role's name as the first step shows it (the later steps' headings say the same). */
export const roleLabel = (role: LoginRole): string => LOGIN_ROLES.find((r) => r.role === role)?.label ?? role;

/** Students and parents belong to a school: on the platform's own site only staff sign in. */
export const offeredRoles = (schoolSite: boolean, communityAccess: boolean) =>
  LOGIN_ROLES.filter((r) => r.role === 'teacher' || (schoolSite && (r.role === 'student' || communityAccess)));

export const PLATFORM_LOGIN_NOTE = /*i18n*/ "Students and parents: please open your school's own site to sign in.";
