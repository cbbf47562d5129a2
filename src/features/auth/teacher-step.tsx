// Step 2 for staff: e-mail and password, show/hide, and the Forgot Password link.
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { roleLabel } from '@/contract/login-roles';
import { useKnown } from '@/i18n/known';
import { AuthCard, Field, SubmitButton } from './auth-ui';
import { StepForm, StepPassword } from './step-form';
import type { StepProps } from './login-steps';

export function TeacherStep({ state, send, moved }: StepProps) {
  const busy = state.matches({ teacher: 'submitting' });
  const { t } = useLingui();
  const known = useKnown();
  return (
    <AuthCard
      title={known(roleLabel('teacher'))}
      focusOnMount={moved}
      subtitle={t`Sign in with your email and password.`}
      onBack={() => send({ type: 'BACK' })}
    >
      <StepForm send={send} error={state.context.error}>
        <Field
          label={t`Email`}
          type="email"
          name="username"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          value={state.context.email}
          error={state.context.fieldErrors.email}
          onValue={(value) => send({ type: 'EDIT', field: 'email', value })}
          autoFocusStep
          disabled={busy}
        />
        <StepPassword state={state} send={send} field="password" label={t`Password`} busy={busy} />
        <p className="auth-aside">
          <Link to="/resetpasswordemail">
            <Trans>Forgot Password?</Trans>
          </Link>
        </p>
        <SubmitButton busy={busy} busyLabel={t`Signing in…`}>
          <Trans>Sign In</Trans>
        </SubmitButton>
      </StepForm>
    </AuthCard>
  );
}
