// Step 2 for parents: the school's community password and Enter Community.
import { Trans, useLingui } from '@lingui/react/macro';
import { roleLabel } from '@/contract/login-roles';
import { useKnown } from '@/i18n/known';
import { AuthCard, SubmitButton } from './auth-ui';
import { StepForm, StepPassword } from './step-form';
import type { StepProps } from './login-steps';

export function ParentStep({ state, send, moved, schoolName }: StepProps & { schoolName: string }) {
  const checking = state.matches({ parent: 'checking' });
  const busy = state.matches({ parent: 'submitting' });
  const { t } = useLingui();
  const known = useKnown();
  return (
    <AuthCard
      title={known(roleLabel('parent'))}
      focusOnMount={moved}
      subtitle={t`Community access to ${schoolName}: view the stories and books the school shares.`}
      onBack={() => send({ type: 'BACK' })}
    >
      <StepForm send={send} error={state.context.error}>
        <StepPassword
          state={state}
          send={send}
          field="communityPassword"
          label={t`Community password`}
          hint={t`Your school gives this password to every family.`}
          busy={busy || checking}
          focus
        />
        <SubmitButton busy={busy || checking} busyLabel={checking ? t`Checking…` : t`Entering…`}>
          <Trans>Enter Community</Trans>
        </SubmitButton>
      </StepForm>
    </AuthCard>
  );
}
