// The form of a sign-in step: submitting it (button or Enter) is the machine's SUBMIT.
import type { ReactNode } from 'react';
import { FormAlert, PasswordField } from './auth-ui';
import type { StepProps } from './login-steps';

export function StepForm({ send, error, children }: Pick<StepProps, 'send'> & { error: string | null; children: ReactNode }) {
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      <FormAlert message={error} />
      {children}
    </form>
  );
}

/** The step's password (or community password), with the machine's show/hide state. */
export function StepPassword(
  props: Pick<StepProps, 'state' | 'send'> & {
    field: 'password' | 'communityPassword';
    label: string;
    hint?: string;
    busy: boolean;
    focus?: boolean;
  },
) {
  const { state, send, field, label, hint, busy, focus } = props;
  return (
    <PasswordField
      label={label}
      name={field === 'password' ? 'password' : 'community-password'}
      autoComplete="current-password"
      value={state.context[field]}
      error={state.context.fieldErrors[field]}
      hint={hint}
      shown={state.context.showPassword}
      onToggle={() => send({ type: 'TOGGLE_PASSWORD' })}
      onValue={(value) => send({ type: 'EDIT', field, value })}
      autoFocusStep={focus}
      disabled={busy}
    />
  );
}
