// Step 4 for students: Enter Password, with the chosen child's username filled in.
import { Trans, useLingui } from '@lingui/react/macro';
import { AuthCard, Field, SubmitButton } from './auth-ui';
import { Avatar } from './avatar';
import { StepForm, StepPassword } from './step-form';
import type { StepProps } from './login-steps';

export function StudentPasswordStep({ state, send, moved }: StepProps) {
  const { student } = state.context;
  const busy = state.matches({ student: { password: 'submitting' } });
  const { t } = useLingui();
  if (!student) return null;
  return (
    <AuthCard title={t`Enter Password`} focusOnMount={moved} onBack={() => send({ type: 'BACK' })}>
      <div className="chosen-profile">
        <Avatar id={student.id} first={student.first_name} last={student.last_name} size="large" />
        <p className="chosen-name">
          {student.first_name} {student.last_name}
        </p>
      </div>
      <StepForm send={send} error={state.context.error}>
        <Field label={t`Username`} name="username" autoComplete="username" value={student.username} readOnly />
        <StepPassword state={state} send={send} field="password" label={t`Password`} busy={busy} focus />
        <SubmitButton busy={busy} busyLabel={t`Signing in…`}>
          <Trans>Sign In</Trans>
        </SubmitButton>
      </StepForm>
    </AuthCard>
  );
}
