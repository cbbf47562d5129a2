// The sign-in page (/login, /login/{token}, /login/{tenant-segment}/): the sign-in machine with
// its real actors, one screen per step. /login/{CLASS CODE} on a school's site is a classroom
// kiosk that opens at the class's names; /login/{school}/ on the platform's site goes to that
// school's own site, where its staff, children and parents sign in.
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { session } from '@/api/session';
import type { TenantRecord } from '@/data/db';
import { useKnown } from '@/i18n/known';
import { AuthCard, StatusCard } from './auth-ui';
import { CheckIcon } from './auth-icons';
import { ClassCodeStep } from './class-code-step';
import { loginMachine } from './login.machine';
import { loginActions, loginActors } from './login-services';
import { ParentStep } from './parent-step';
import { ProfileStep } from './profile-step';
import { afterSignIn, kiosk } from './redirect-target';
import { RoleStep } from './role-step';
import { StudentPasswordStep } from './student-password-step';
import { TeacherStep } from './teacher-step';

export type Site = Pick<TenantRecord, 'id' | 'subdomain' | 'school_name' | 'community_access' | 'is_organization'>;

/** What the path segment after /login means on this site. */
export function loginToken(
  token: string | undefined,
  site: Site,
): { kind: 'none' } | { kind: 'class'; code: string } | { kind: 'school'; subdomain: string } {
  const segment = token?.trim();
  if (!segment || segment.toLowerCase() === site.subdomain) return { kind: 'none' };
  if (!site.subdomain) return /^[a-z0-9-]{1,63}$/.test(segment) ? { kind: 'school', subdomain: segment } : { kind: 'none' };
  return !site.is_organization && /^[A-Za-z0-9-]{2,40}$/.test(segment) ? { kind: 'class', code: segment.toUpperCase() } : { kind: 'none' };
}

function SchoolRedirect({ subdomain }: { subdomain: string }) {
  const target = `${location.protocol}//${subdomain}.${location.host}/login`;
  useEffect(() => location.replace(target), [target]);
  const { t } = useLingui();
  return (
    <StatusCard title={t`Sign in`}>
      <Trans>
        Opening your school&apos;s sign-in page… <a href={target}>Continue</a>
      </Trans>
    </StatusCard>
  );
}

export function LoginPage({ site }: { site: Site }) {
  const params = useParams({ strict: false }) as { token?: string };
  const token = loginToken(params.token, site);
  if (token.kind === 'school') return <SchoolRedirect subdomain={token.subdomain} />;
  return <SignIn site={site} classCode={token.kind === 'class' ? token.code : undefined} />;
}

function SignIn({ site, classCode }: { site: Site; classCode: string | undefined }) {
  const search = useSearch({ strict: false }) as { redirect?: string; invitation?: string };
  const navigate = useNavigate();
  const [machine] = useState(() =>
    loginMachine.provide({
      actors: loginActors(site),
      actions: loginActions(() => void navigate({ href: afterSignIn(search, session.user()?.role), replace: true })),
    }),
  );
  const [state, send] = useMachine(machine, { input: { classCode } });
  const [firstStep] = useState(() => JSON.stringify(state.value));
  const moved = JSON.stringify(state.value) !== firstStep;
  const { t } = useLingui();
  const known = useKnown();
  useEffect(() => {
    if (classCode) kiosk.remember(classCode);
  }, [classCode]);

  const step = { state, send, moved };
  if (state.matches('role'))
    return (
      <RoleStep send={send} moved={moved} schoolSite={site.id !== null && !site.is_organization} communityAccess={site.community_access} />
    );
  if (state.matches('teacher')) return <TeacherStep {...step} />;
  if (state.matches('parent')) return <ParentStep {...step} schoolName={site.school_name} />;
  if (state.matches({ student: 'code' }) || state.matches({ student: 'cardSignIn' })) return <ClassCodeStep {...step} />;
  if (state.matches({ student: 'profiles' })) return <ProfileStep {...step} />;
  if (state.matches({ student: 'password' })) return <StudentPasswordStep {...step} />;
  return (
    <AuthCard title={t`Welcome!`}>
      <div className="auth-done" role="status">
        <CheckIcon />
        <p>{state.context.successMessage ? known(state.context.successMessage) : t`Signing in…`}</p>
      </div>
    </AuthCard>
  );
}
