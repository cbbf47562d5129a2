// The sign-in page with no network, on a class tablet (issue 27): the class code finds an
// enrolled class's grid on the device, and the password is checked against the child's verifier
// (src/sync/tablet.ts). The child gets a session with no tokens yet: their work is queued as
// always and goes out once the tablet has exchanged the sign-in for a real session. Elsewhere
// (not a tablet, or a class it is not enrolled for) the page says it is offline, as before.
import { LOGIN_PAGE_SIZE } from '@/contract/auth';
import { AUTH_MSG, withMinutes } from '@/contract/messages';
import { db } from '@/data/db';
import { enrolledChild, enrolledClass, signInOffline } from '@/sync/tablet';
import { LoginError, type RosterPage, type SignedIn } from './login.machine';
import { kiosk } from './redirect-target';

const matches = (search: string) => {
  const words = search.trim().toLowerCase();
  return (s: { first_name: string; last_name: string; username: string }) =>
    !words || `${s.first_name} ${s.last_name}`.toLowerCase().includes(words) || s.username.toLowerCase().includes(words);
};

/** A page of an enrolled class's names, as the server would answer it; undefined: not enrolled here. */
export async function offlineRoster(input: { classCode: string; search: string; offset: number }): Promise<RosterPage | undefined> {
  const cls = await enrolledClass(db, input.classCode);
  if (!cls) return undefined;
  const found = cls.students.filter(matches(input.search));
  return {
    count: found.length,
    offset: input.offset,
    students: found
      .slice(input.offset, input.offset + LOGIN_PAGE_SIZE)
      .map(({ id, first_name, last_name, username }) => ({ id, first_name, last_name, username })),
    className: cls.name,
    classTheme: cls.class_theme,
  };
}

/**
 * Signs a child of an enrolled class in on this tablet; undefined when this device cannot (not a
 * tablet, or not one of its classes). Wrong passwords and locks say what the server would say.
 */
export async function offlineSignIn(input: { username: string; password: string }, tenantId: number | null): Promise<SignedIn | undefined> {
  const found = await enrolledChild(db, input.username);
  if (!found) return undefined;
  const result = await signInOffline(db, { classCode: found.classCode, studentId: found.student.id, password: input.password });
  if (result.kind === 'wrong') throw new LoginError(AUTH_MSG.wrongCredentials);
  if (result.kind === 'locked') {
    throw new LoginError(withMinutes(result.which === 'child' ? AUTH_MSG.studentLocked : AUTH_MSG.deviceLocked, result.minutes));
  }
  // "I'm finished" brings the next child back to this class's names.
  kiosk.remember(found.classCode);
  const { id, first_name, last_name, username, avatar } = result.student;
  return {
    access: '',
    refresh: '',
    user: { id, first_name, last_name, username, avatar, email: null, country: null, role: 'student', tenant_id: tenantId },
  };
}
