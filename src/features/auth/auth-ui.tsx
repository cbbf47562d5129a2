// The building blocks every sign-in, registration and password screen shares: a card with a
// Back button and a heading that takes focus on each new step, labelled fields whose messages
// are tied to them, the password field with its show/hide toggle, and the form's alert.
import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import { BackIcon, EyeIcon, EyeOffIcon } from './auth-icons';

export function AuthCard(props: {
  title: string;
  subtitle?: ReactNode;
  onBack?: () => void;
  wide?: boolean;
  /** This card is a later step of a flow: take focus as soon as it appears. */
  focusOnMount?: boolean;
  children: ReactNode;
}) {
  const { title, subtitle, onBack, wide, focusOnMount = false, children } = props;
  const card = useRef<HTMLDivElement>(null);
  const focusNow = useRef(focusOnMount);
  const { i18n } = useLingui();
  const locale = useRef(i18n.locale);
  // A new step is announced and ready to type in: focus its first marked field, or its heading.
  // Not when the page opens, so the keyboard does not pop up by surprise, nor when the title
  // only changed language (the language picker keeps its focus).
  useEffect(() => {
    if (locale.current !== i18n.locale) {
      locale.current = i18n.locale;
      return;
    }
    if (!focusNow.current) {
      focusNow.current = true;
      return;
    }
    const target = card.current?.querySelector<HTMLElement>('[data-autofocus]') ?? card.current?.querySelector<HTMLElement>('h1');
    target?.focus();
  }, [title, i18n.locale]);
  return (
    <section className="auth" aria-labelledby="auth-title">
      <div className={`auth-card${wide ? ' auth-card-wide' : ''}`} ref={card}>
        {onBack ? (
          <button type="button" className="auth-back" onClick={onBack}>
            <BackIcon /> <Trans>Back</Trans>
          </button>
        ) : null}
        <h1 id="auth-title" tabIndex={-1}>
          {title}
        </h1>
        {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
        {children}
      </div>
    </section>
  );
}

/** A card that only says what is happening (loading, signing out), to screen readers too. */
export function StatusCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AuthCard title={title}>
      <p className="auth-status" role="status">
        {children}
      </p>
    </AuthCard>
  );
}

/** The form's alert: the contract's and the server's words, in the page's language when known. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  const known = useKnown();
  if (!message) return null;
  return (
    <p className="auth-alert" role="alert">
      {known(message)}
    </p>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  onValue?: (value: string) => void;
  autoFocusStep?: boolean;
  /** Something after the input, inside its frame (a toggle button, a suffix). */
  after?: ReactNode;
};

export function Field({ label, error, hint, onValue, onChange, autoFocusStep, after, className, ...input }: InputProps) {
  const id = useId();
  const known = useKnown();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`auth-field${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="auth-input">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-autofocus={autoFocusStep ? '' : undefined}
          onChange={(e) => {
            onValue?.(e.target.value);
            onChange?.(e);
          }}
          {...input}
        />
        {after}
      </div>
      {hint ? (
        <p className="auth-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="auth-field-error" id={`${id}-error`}>
          {known(error)}
        </p>
      ) : null}
    </div>
  );
}

/** A password with a show/hide toggle. `shown` may be controlled (the sign-in machine holds it). */
export function PasswordField(props: Omit<InputProps, 'type' | 'after'> & { shown?: boolean; onToggle?: () => void }) {
  const { shown: controlled, onToggle, ...field } = props;
  const [own, setOwn] = useState(false);
  const shown = controlled ?? own;
  const { t } = useLingui();
  return (
    <Field
      {...field}
      type={shown ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      after={
        <button
          type="button"
          className="auth-toggle"
          aria-label={shown ? t`Hide password` : t`Show password`}
          aria-pressed={shown}
          onClick={onToggle ?? (() => setOwn((s) => !s))}
        >
          {shown ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}

export function SubmitButton({
  busy,
  busyLabel,
  children,
  disabled,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <button type="submit" className="button auth-submit" disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? busyLabel : children}
    </button>
  );
}
