// /resetpasswordemail: staff ask for a password reset link (sent through the server's e-mail
// outbox). The answer is the same whether or not the address has an account.
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { publicApi } from '@/api/client';
import { PasswordResetRequest } from '@/contract/auth';
import { AUTH_MSG } from '@/contract/messages';
import { useKnown } from '@/i18n/known';
import { expectData } from './api-errors';
import { AuthCard, Field, FormAlert, SubmitButton } from './auth-ui';
import { useAsyncAction } from './use-async-action';

export function ResetPasswordEmailPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const { busy, error, run } = useAsyncAction();
  const { t } = useLingui();
  const known = useKnown();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = PasswordResetRequest.safeParse({ email });
    setFieldError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    void run(async () => {
      const answer = await expectData(() => publicApi.POST('/password-reset/', { body: parsed.data }), AUTH_MSG.offline, true);
      setSent(answer.message);
    });
  };

  if (sent) {
    return (
      <AuthCard title={t`Check your email`}>
        <p className="auth-status" role="status">
          {known(sent)}
        </p>
        <p className="auth-note">
          <Link to="/login/{-$token}" params={{}}>
            <Trans>Back to sign in</Trans>
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t`Forgot Password?`} subtitle={t`Enter your email and we will send you a link to choose a new password.`}>
      <form className="auth-form" onSubmit={submit} noValidate>
        <FormAlert message={error} />
        <Field
          label={t`Email`}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          error={fieldError}
          onValue={(value) => {
            setEmail(value);
            setFieldError(undefined);
          }}
          disabled={busy}
        />
        <SubmitButton busy={busy} busyLabel={t`Sending…`}>
          <Trans>Send Reset Link</Trans>
        </SubmitButton>
        <p className="auth-note">
          <Link to="/login/{-$token}" params={{}}>
            <Trans>Back to sign in</Trans>
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
