// Choosing a password twice (password reset, a new account from an invitation): the same rule
// as the server's, and the two must match.
import { useLingui } from '@lingui/react/macro';
import { NewPassword } from '@/contract/auth';
import { AUTH_MSG } from '@/contract/messages';
import { PasswordField } from './auth-ui';

export interface NewPasswordValue {
  password: string;
  confirm: string;
}

/** The message for each field, or nothing when both are fine. */
export function newPasswordErrors({ password, confirm }: NewPasswordValue): { password?: string; confirm?: string } {
  const rule = NewPassword.safeParse(password);
  if (!rule.success) return { password: rule.error.issues[0]?.message };
  return password === confirm ? {} : { confirm: AUTH_MSG.passwordsDiffer };
}

export function NewPasswordFields(props: {
  value: NewPasswordValue;
  errors: { password?: string; confirm?: string };
  onChange: (value: NewPasswordValue) => void;
  disabled?: boolean;
}) {
  const { value, errors, onChange, disabled } = props;
  const { t } = useLingui();
  return (
    <>
      <PasswordField
        label={t`New password`}
        autoComplete="new-password"
        hint={t`At least 8 characters.`}
        value={value.password}
        error={errors.password}
        onValue={(password) => onChange({ ...value, password })}
        disabled={disabled}
      />
      <PasswordField
        label={t`Confirm new password`}
        autoComplete="new-password"
        value={value.confirm}
        error={errors.confirm}
        onValue={(confirm) => onChange({ ...value, confirm })}
        disabled={disabled}
      />
    </>
  );
}
