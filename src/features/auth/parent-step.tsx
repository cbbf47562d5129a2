// Step 2 for parents: the school's community password and Enter Community.
import { AuthCard, SubmitButton } from './auth-ui';
import { StepForm, StepPassword } from './step-form';
import type { StepProps } from './login-steps';

export function ParentStep({ state, send, moved, schoolName }: StepProps & { schoolName: string }) {
  const checking = state.matches({ parent: 'checking' });
  const busy = state.matches({ parent: 'submitting' });
  return (
    <AuthCard
      title="Parent"
      focusOnMount={moved}
      subtitle={`Community access to ${schoolName}: view the stories and books the school shares.`}
      onBack={() => send({ type: 'BACK' })}
    >
      <StepForm send={send} error={state.context.error}>
        <StepPassword
          state={state}
          send={send}
          field="communityPassword"
          label="Community password"
          hint="Your school gives this password to every family."
          busy={busy || checking}
          focus
        />
        <SubmitButton busy={busy || checking} busyLabel={checking ? 'Checking…' : 'Entering…'}>
          Enter Community
        </SubmitButton>
      </StepForm>
    </AuthCard>
  );
}
