// Step 1: who is signing in (student, teacher or administrator, parent). Big tiles a child can hit
// with a thumb. The server draws the same step into the /login page (server/http/page-data.ts).
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { offeredRoles, PLATFORM_LOGIN_NOTE, type LoginRole } from '@/contract/login-roles';
import { useKnown } from '@/i18n/known';
import { AuthCard } from './auth-ui';
import { ParentIcon, StudentIcon, TeacherIcon } from './auth-icons';
import type { StepProps } from './login-steps';

const ICONS: Record<LoginRole, ReactNode> = { student: <StudentIcon />, teacher: <TeacherIcon />, parent: <ParentIcon /> };

export function RoleStep({
  send,
  moved,
  schoolSite,
  communityAccess,
}: Pick<StepProps, 'send' | 'moved'> & { schoolSite: boolean; communityAccess: boolean }) {
  const offered = offeredRoles(schoolSite, communityAccess);
  const { t } = useLingui();
  const known = useKnown();
  return (
    <AuthCard title={t`Sign in`} subtitle={t`Who is signing in?`} focusOnMount={moved}>
      <ul className="role-list">
        {offered.map((r) => (
          <li key={r.role}>
            <button type="button" className={`role-tile role-${r.role}`} onClick={() => send({ type: 'SELECT_ROLE', role: r.role })}>
              <span className="role-icon">{ICONS[r.role]}</span>
              <span className="role-label">{known(r.label)}</span>
              <span className="role-text">{known(r.text)}</span>
            </button>
          </li>
        ))}
      </ul>
      {schoolSite ? null : <p className="auth-note">{known(PLATFORM_LOGIN_NOTE)}</p>}
    </AuthCard>
  );
}
