// /accept-invitation/{token}: the link from an invitation e-mail. Someone invited to join a
// school creates their account here (and is signed in), or, signed in with the invited address,
// accepts the new role; a school invited by an organization links itself (its admin signed in)
// or registers; a new organization registers.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, publicApi } from '@/api/client';
import { session } from '@/api/session';
import { useSessionUser } from '@/api/use-session';
import { NAME_MSG } from '@/contract/auth';
import { dashboardPathFor } from '@/contract/domain';
import { AUTH_MSG } from '@/contract/messages';
import { PLATFORM_NAME } from '@/contract/tenant-colors';
import type { TenantRecord } from '@/data/db';
import { toast } from '@/ui/toast';
import { expectData } from './api-errors';
import { useInvitation, type Invitation } from './invitation';
import { AuthCard, Field, FormAlert, StatusCard, SubmitButton } from './auth-ui';
import { storeSignIn } from './login-services';
import { NewPasswordFields, newPasswordErrors } from './new-password-fields';
import { useAsyncAction } from './use-async-action';

export function AcceptInvitationPage({ site }: { site: TenantRecord }) {
  const { token = '' } = useParams({ strict: false }) as { token?: string };
  const state = useInvitation(token);
  const { t } = useLingui();
  if (state.status === 'loading')
    return (
      <StatusCard title={t`Your invitation`}>
        <Trans>Opening your invitation…</Trans>
      </StatusCard>
    );
  if (state.status === 'missing') {
    return (
      <AuthCard title={t`Your invitation`}>
        <FormAlert message={AUTH_MSG.invitationInvalid} />
      </AuthCard>
    );
  }
  return <OpenInvitation token={token} invitation={state.value} site={site} />;
}

function OpenInvitation({ token, invitation, site }: { token: string; invitation: Invitation; site: TenantRecord }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const { busy, error, run } = useAsyncAction();
  const who = invitation.inviter ?? PLATFORM_NAME;
  const { t } = useLingui();
  const signInHere = { to: '/login/{-$token}' as const, params: {}, search: { invitation: token } };
  const registerHere = { to: '/register/{-$token}' as const, params: {}, search: { invitation: token } };

  const acceptSignedIn = () =>
    run(async () => {
      const answer = await expectData(
        () => api.POST('/invitations/{token}/accept/', { params: { path: { token } }, body: {} }),
        AUTH_MSG.invitationInvalid,
        true,
      );
      // The role may have changed: the stored user follows the server.
      const { data: profile } = await api.GET('/user/profile/');
      const access = session.accessToken();
      const refresh = session.refreshToken();
      if (profile && access && refresh) session.save({ access, refresh, user: profile });
      toast('success', answer.message);
      await navigate({ href: dashboardPathFor(profile?.role ?? invitation.role), replace: true });
    });

  if (invitation.kind === 'organization') {
    return (
      <AuthCard title={t`Your invitation`} subtitle={t`${who} invites your organization to StoryNest.`}>
        <Link className="button auth-wide" {...registerHere}>
          <Trans>Register your organization</Trans>
        </Link>
      </AuthCard>
    );
  }

  if (invitation.kind === 'school') {
    const canLink = user?.role === 'school_admin';
    const school = site.school_name;
    return (
      <AuthCard title={t`Your invitation`} subtitle={t`${who} invites your school to join them on StoryNest.`}>
        <FormAlert message={error} />
        {canLink ? (
          <button type="button" className="button auth-wide" disabled={busy} onClick={() => void acceptSignedIn()}>
            {busy ? t`Linking…` : t`Link ${school} to ${who}`}
          </button>
        ) : (
          <div className="auth-actions">
            <Link className="button auth-wide" {...signInHere}>
              <Trans>Sign in as your school&apos;s admin</Trans>
            </Link>
            <Link className="button button-secondary auth-wide" {...registerHere}>
              <Trans>Register a new school</Trans>
            </Link>
          </div>
        )}
      </AuthCard>
    );
  }

  const { email, role } = invitation;
  const subtitle = t`${who} invites ${email} to join as ${select(role, {
    teacher: 'a teacher',
    teacher_admin: 'a teacher admin',
    school_admin: 'a school admin',
    organization_admin: 'an organization admin',
    upschool_admin: 'a platform admin',
    other: 'a student',
  })}.`;
  if (user) {
    const mine = user.email?.toLowerCase() === invitation.email;
    return (
      <AuthCard title={t`Your invitation`} subtitle={subtitle}>
        <FormAlert message={error ?? (mine ? null : AUTH_MSG.invitationOtherEmail)} />
        {mine ? (
          <button type="button" className="button auth-wide" disabled={busy} onClick={() => void acceptSignedIn()}>
            {busy ? t`Accepting…` : t`Accept Invitation`}
          </button>
        ) : (
          <Link className="button auth-wide" to="/logout">
            <Trans>Sign out</Trans>
          </Link>
        )}
      </AuthCard>
    );
  }
  if (invitation.account_exists) {
    return (
      <AuthCard title={t`Your invitation`} subtitle={subtitle}>
        <p className="auth-note">
          <Trans>You already have an account. Sign in to accept the invitation.</Trans>
        </p>
        <Link className="button auth-wide" {...signInHere}>
          <Trans>Sign in to accept</Trans>
        </Link>
      </AuthCard>
    );
  }
  return <CreateAccount token={token} invitation={invitation} subtitle={subtitle} site={site} />;
}

function CreateAccount({
  token,
  invitation,
  subtitle,
  site,
}: {
  token: string;
  invitation: Invitation;
  subtitle: string;
  site: TenantRecord;
}) {
  const navigate = useNavigate();
  const [name, setName] = useState({ first_name: '', last_name: '' });
  const [password, setPassword] = useState({ password: '', confirm: '' });
  const [tried, setTried] = useState(false);
  const { busy, error, run } = useAsyncAction();
  const { t } = useLingui();
  const nameErrors = {
    first_name: name.first_name.trim() ? undefined : NAME_MSG.firstRequired,
    last_name: name.last_name.trim() ? undefined : NAME_MSG.lastRequired,
  };
  const passwordErrors = newPasswordErrors(password);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (nameErrors.first_name || nameErrors.last_name || Object.keys(passwordErrors).length) return;
    void run(async () => {
      const answer = await expectData(
        () =>
          publicApi.POST('/invitations/{token}/accept/', { params: { path: { token } }, body: { ...name, password: password.password } }),
        AUTH_MSG.invitationInvalid,
        true,
      );
      if (answer.access && answer.refresh && answer.user)
        await storeSignIn({ access: answer.access, refresh: answer.refresh, user: answer.user }, site.subdomain);
      toast('success', answer.message);
      await navigate({ href: dashboardPathFor(invitation.role), replace: true });
    });
  };
  return (
    <AuthCard title={t`Create your account`} subtitle={subtitle}>
      <form className="auth-form" onSubmit={submit} noValidate>
        <FormAlert message={error} />
        <Field label={t`Email`} value={invitation.email} autoComplete="username" readOnly />
        <div className="register-row">
          <Field
            label={t`First name`}
            autoComplete="given-name"
            value={name.first_name}
            error={tried ? nameErrors.first_name : undefined}
            onValue={(first_name) => setName((n) => ({ ...n, first_name }))}
          />
          <Field
            label={t`Last name`}
            autoComplete="family-name"
            value={name.last_name}
            error={tried ? nameErrors.last_name : undefined}
            onValue={(last_name) => setName((n) => ({ ...n, last_name }))}
          />
        </div>
        <NewPasswordFields value={password} errors={tried ? passwordErrors : {}} onChange={setPassword} disabled={busy} />
        <SubmitButton busy={busy} busyLabel={t`Creating your account…`}>
          <Trans>Accept Invitation</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
