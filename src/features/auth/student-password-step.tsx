// Step 4 for students: Enter Password, with the chosen child's username filled in.
import type { FormEvent } from 'react';
import { AuthCard, Field, FormAlert, PasswordField, SubmitButton } from './auth-ui';
import { Avatar } from './avatar';
import type { StepProps } from './login-steps';

export function StudentPasswordStep({ state, send, moved }: StepProps) {
  const { student, password, showPassword, fieldErrors, error } = state.context;
  const busy = state.matches({ student: { password: 'submitting' } });
  if (!student) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'SUBMIT' });
  };
  return (
    <AuthCard title="Enter Password" focusOnMount={moved} onBack={() => send({ type: 'BACK' })}>
      <div className="chosen-profile">
        <Avatar id={student.id} first={student.first_name} last={student.last_name} size="large" />
        <p className="chosen-name">
          {student.first_name} {student.last_name}
        </p>
      </div>
      <form className="auth-form" onSubmit={submit} noValidate>
        <FormAlert message={error} />
        <Field label="Username" name="username" autoComplete="username" value={student.username} readOnly />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={fieldErrors.password}
          shown={showPassword}
          onToggle={() => send({ type: 'TOGGLE_PASSWORD' })}
          onValue={(value) => send({ type: 'EDIT', field: 'password', value })}
          autoFocusStep
          disabled={busy}
        />
        <SubmitButton busy={busy} busyLabel="Signing in…">
          Sign In
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
