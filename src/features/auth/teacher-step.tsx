// Step 2 for staff: e-mail and password, show/hide, and the Forgot Password link.
import { Link } from '@tanstack/react-router';
import { AuthCard, Field, SubmitButton } from './auth-ui';
import { StepForm, StepPassword } from './step-form';
import type { StepProps } from './login-steps';

export function TeacherStep({ state, send, moved }: StepProps) {
  const busy = state.matches({ teacher: 'submitting' });
  return (
    <AuthCard
      title="Teacher or Administrator"
      focusOnMount={moved}
      subtitle="Sign in with your email and password."
      onBack={() => send({ type: 'BACK' })}
    >
      <StepForm send={send} error={state.context.error}>
        <Field
          label="Email"
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
        <StepPassword state={state} send={send} field="password" label="Password" busy={busy} />
        <p className="auth-aside">
          <Link to="/resetpasswordemail">Forgot Password?</Link>
        </p>
        <SubmitButton busy={busy} busyLabel="Signing in…">
          Sign In
        </SubmitButton>
      </StepForm>
    </AuthCard>
  );
}
