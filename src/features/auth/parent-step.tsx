// Step 2 for parents: the school's community password and Enter Community.
import type { FormEvent } from 'react';
import { AuthCard, FormAlert, PasswordField, SubmitButton } from './auth-ui';
import type { StepProps } from './login-steps';

export function ParentStep({ state, send, moved, schoolName }: StepProps & { schoolName: string }) {
  const { communityPassword, showPassword, fieldErrors, error } = state.context;
  const checking = state.matches({ parent: 'checking' });
  const busy = state.matches({ parent: 'submitting' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'SUBMIT' });
  };
  return (
    <AuthCard title="Parent" focusOnMount={moved} subtitle={`Community access to ${schoolName}: view the stories and books the school shares.`} onBack={() => send({ type: 'BACK' })}>
      <form className="auth-form" onSubmit={submit} noValidate>
        <FormAlert message={error} />
        <PasswordField
          label="Community password"
          name="community-password"
          autoComplete="current-password"
          value={communityPassword}
          error={fieldErrors.communityPassword}
          hint="Your school gives this password to every family."
          shown={showPassword}
          onToggle={() => send({ type: 'TOGGLE_PASSWORD' })}
          onValue={(value) => send({ type: 'EDIT', field: 'communityPassword', value })}
          autoFocusStep
          disabled={busy || checking}
        />
        <SubmitButton busy={busy || checking} busyLabel={checking ? 'Checking…' : 'Entering…'}>
          Enter Community
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
