// Step 2 for staff: e-mail and password, show/hide, and the Forgot Password link.
import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { AuthCard, Field, FormAlert, PasswordField, SubmitButton } from './auth-ui';
import type { StepProps } from './login-steps';

export function TeacherStep({ state, send, moved }: StepProps) {
  const { email, password, showPassword, fieldErrors, error } = state.context;
  const busy = state.matches({ teacher: 'submitting' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'SUBMIT' });
  };
  return (
    <AuthCard title="Teacher or Administrator" focusOnMount={moved} subtitle="Sign in with your email and password." onBack={() => send({ type: 'BACK' })}>
      <form className="auth-form" onSubmit={submit} noValidate>
        <FormAlert message={error} />
        <Field
          label="Email"
          type="email"
          name="username"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          value={email}
          error={fieldErrors.email}
          onValue={(value) => send({ type: 'EDIT', field: 'email', value })}
          autoFocusStep
          disabled={busy}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={fieldErrors.password}
          shown={showPassword}
          onToggle={() => send({ type: 'TOGGLE_PASSWORD' })}
          onValue={(value) => send({ type: 'EDIT', field: 'password', value })}
          disabled={busy}
        />
        <p className="auth-aside">
          <Link to="/resetpasswordemail">Forgot Password?</Link>
        </p>
        <SubmitButton busy={busy} busyLabel="Signing in…">
          Sign In
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
