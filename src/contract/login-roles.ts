// Who can sign in on a site (student, teacher or administrator, parent): the first step of sign-in.
// Shared with the server, which draws this step into the /login page (server/site/page-data.ts).
export type LoginRole = 'student' | 'teacher' | 'parent';

export const LOGIN_ROLES: readonly { role: LoginRole; label: string; text: string }[] = [
  { role: 'student', label: 'Student', text: 'I have a class code' },
  { role: 'teacher', label: 'Teacher or Administrator', text: 'Full access' },
  { role: 'parent', label: 'Parent', text: 'Community access' },
];

/** Students and parents belong to a school: on the platform's own site only staff sign in. */
export const offeredRoles = (schoolSite: boolean, communityAccess: boolean) =>
  LOGIN_ROLES.filter((r) => r.role === 'teacher' || (schoolSite && (r.role === 'student' || communityAccess)));

export const PLATFORM_LOGIN_NOTE = "Students and parents: please open your school's own site to sign in.";
