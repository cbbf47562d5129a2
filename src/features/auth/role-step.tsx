// Step 1: who is signing in (SPEC.md section 2). Big tiles a child can hit with a thumb.
import type { ReactNode } from 'react';
import { AuthCard } from './auth-ui';
import { ParentIcon, StudentIcon, TeacherIcon } from './auth-icons';
import type { LoginRole } from './login.machine';
import type { StepProps } from './login-steps';

const ROLES: { role: LoginRole; label: string; text: string; icon: ReactNode }[] = [
  { role: 'student', label: 'Student', text: 'I have a class code', icon: <StudentIcon /> },
  { role: 'teacher', label: 'Teacher or Administrator', text: 'Full access', icon: <TeacherIcon /> },
  { role: 'parent', label: 'Parent', text: 'Community access', icon: <ParentIcon /> },
];

export function RoleStep({ send, moved, schoolSite, communityAccess }: Pick<StepProps, 'send' | 'moved'> & { schoolSite: boolean; communityAccess: boolean }) {
  // Students and parents belong to a school: on the platform's own site only staff sign in.
  const offered = ROLES.filter((r) => r.role === 'teacher' || (schoolSite && (r.role === 'student' || communityAccess)));
  return (
    <AuthCard title="Sign in" subtitle="Who is signing in?" focusOnMount={moved}>
      <ul className="role-list">
        {offered.map((r) => (
          <li key={r.role}>
            <button type="button" className={`role-tile role-${r.role}`} onClick={() => send({ type: 'SELECT_ROLE', role: r.role })}>
              <span className="role-icon">{r.icon}</span>
              <span className="role-label">{r.label}</span>
              <span className="role-text">{r.text}</span>
            </button>
          </li>
        ))}
      </ul>
      {schoolSite ? null : <p className="auth-note">Students and parents: please open your school&apos;s own site to sign in.</p>}
    </AuthCard>
  );
}
