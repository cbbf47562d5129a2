// /password-reset-confirm?token=...: the link from the reset (or welcome) e-mail. Checks the
// link first, so an expired one says so before anyone types a password.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { publicApi } from '@/api/client';
import { AUTH_MSG } from '@/contract/messages';
import { toast } from '@/ui/toast';
import { expectData } from './api-errors';
import { AuthCard, FormAlert, StatusCard, SubmitButton } from './auth-ui';
import { NewPasswordFields, newPasswordErrors } from './new-password-fields';
import { useAsyncAction } from './use-async-action';
import { useFetched } from './use-fetched';

async function checkLink(token: string) {
  const { data } = await publicApi.GET('/password-reset/confirm/', { params: { query: { token } } });
  return data?.valid ? { email: data.email } : null;
}

export function PasswordResetConfirmPage() {
  const { token = '' } = useSearch({ strict: false }) as { token?: string };
  const navigate = useNavigate();
  const link = useFetched(token, checkLink);
  const [value, setValue] = useState({ password: '', confirm: '' });
  const [tried, setTried] = useState(false);
  const { busy, error, run } = useAsyncAction();
  const { t } = useLingui();

  const errors = tried ? newPasswordErrors(value) : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(newPasswordErrors(value)).length) return;
    void run(async () => {
      const answer = await expectData(
        () => publicApi.POST('/password-reset/confirm/', { body: { token, password: value.password } }),
        AUTH_MSG.resetInvalid,
        true,
      );
      toast('success', answer.message);
      await navigate({ to: '/login/{-$token}', params: {} });
    });
  };

  if (link.status === 'loading')
    return (
      <StatusCard title={t`Choose a new password`}>
        <Trans>Checking your link…</Trans>
      </StatusCard>
    );
  if (link.status === 'missing') {
    return (
      <AuthCard title={t`Choose a new password`}>
        <FormAlert message={AUTH_MSG.resetInvalid} />
        <p className="auth-note">
          <Link to="/resetpasswordemail">
            <Trans>Ask for a new link</Trans>
          </Link>
        </p>
      </AuthCard>
    );
  }
  const email = link.value.email;
  return (
    <AuthCard title={t`Choose a new password`} subtitle={email ? t`For ${email}` : undefined}>
      <form className="auth-form" onSubmit={submit} noValidate>
        <FormAlert message={error} />
        <input type="email" name="username" autoComplete="username" value={link.value.email ?? ''} readOnly hidden />
        <NewPasswordFields value={value} errors={errors} onChange={setValue} disabled={busy} />
        <SubmitButton busy={busy} busyLabel={t`Saving…`}>
          <Trans>Save Password</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
