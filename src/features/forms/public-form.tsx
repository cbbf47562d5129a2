// One form screen for every public form: fields declared as data, validated with the form's
// schema from src/contract/forms.ts (react-hook-form + zod, the same rules as the server), a
// honeypot, and an honest status: sent, or kept on this device until it is back online.
import { useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import type { z } from 'zod';
import { useLive } from '@/data/live';
import { FORM_MSG, type FormKind } from '@/contract/forms';
import { useOnline } from '@/ui/use-online';
import { formStatus, forgetForm, sendForm } from './form-commands';
import '@/ui/forms.css';
import './forms.css';

export interface Field {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'textarea' | 'select' | 'number';
  options?: readonly (readonly [string, string])[];
  autoComplete?: string;
  hint?: string;
  optional?: boolean;
}

interface Props {
  kind: FormKind;
  title: string;
  intro: ReactNode;
  schema: z.ZodType<FieldValues, FieldValues>;
  fields: Field[];
  defaults: Record<string, unknown>;
  submitLabel: string;
  site: string | null;
  /** Extra content inside the form (a file picker), given the form's setValue. */
  extra?: (form: { setValue: (name: string, value: unknown) => void; error: (name: string) => string | undefined }) => ReactNode;
}

function SentStatus({ id, online, onRetry }: { id: string; online: boolean; onRetry: () => void }) {
  const status = useLive(() => formStatus(id), [id]);
  const { t } = useLingui();
  const known = useKnown();
  if (!status) return null;
  if (status.state === 'sent') {
    return (
      <p className="notice notice-success" role="status">
        {known(FORM_MSG.sentOnline)}
      </p>
    );
  }
  if (status.state === 'failed') {
    return (
      <div className="notice notice-error" role="alert">
        <p>{status.error ? known(status.error) : t`The form could not be sent.`}</p>
        <button type="button" className="button button-secondary" onClick={onRetry}>
          <Trans>Correct and send again</Trans>
        </button>
      </div>
    );
  }
  return (
    <p className="notice notice-warning" role="status">
      {online ? t`Sending…` : known(FORM_MSG.queuedOffline)}
    </p>
  );
}

export function PublicForm({ kind, title, intro, schema, fields, defaults, submitLabel, site, extra }: Props) {
  const online = useOnline();
  const [sentId, setSentId] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const form = useForm<FieldValues>({ resolver: zodResolver(schema), defaultValues: defaults, mode: 'onTouched' });
  const { register, handleSubmit, formState, setValue, reset, getValues } = form;
  const error = (name: string) => formState.errors[name]?.message as string | undefined;
  const { t } = useLingui();
  const known = useKnown();
  const optional = (label: string) => t`${label} (optional)`;

  const submit = handleSubmit(async (values) => {
    setSaveError(null);
    try {
      setSentId(await sendForm(kind, values, site));
    } catch (err) {
      setSaveError(err instanceof Error ? err.message : String(err));
    }
  });

  if (sentId) {
    return (
      <section className="page form-page" aria-labelledby="form-title">
        <h1 id="form-title">{title}</h1>
        <SentStatus
          id={sentId}
          online={online}
          onRetry={() => {
            void forgetForm(sentId);
            reset(getValues());
            setSentId(null);
          }}
        />
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            reset(defaults);
            setSentId(null);
          }}
        >
          <Trans>Send another</Trans>
        </button>
      </section>
    );
  }

  return (
    <section className="page form-page" aria-labelledby="form-title">
      <h1 id="form-title">{title}</h1>
      <div className="lead">{intro}</div>
      {!online ? (
        <p className="notice notice-warning" role="status">
          <Trans>
            You are offline. You can still fill in and send this form: it is kept on this device and sent as soon as you are back online.
          </Trans>
        </p>
      ) : null}
      <form className="public-form" noValidate onSubmit={(e) => void submit(e)}>
        {fields.map((f) => {
          const id = `form-${f.name}`;
          const message = error(f.name);
          const common = {
            id,
            'aria-invalid': Boolean(message),
            'aria-describedby': [message ? `${id}-error` : '', f.hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined,
            ...register(f.name as Path<FieldValues>),
          };
          return (
            <p className="field" key={f.name}>
              <label htmlFor={id}>{f.optional ? optional(f.label) : f.label}</label>
              {f.hint ? (
                <span id={`${id}-hint`} className="field-hint">
                  {f.hint}
                </span>
              ) : null}
              {f.type === 'textarea' ? (
                <textarea rows={6} {...common} />
              ) : f.type === 'select' ? (
                <select {...common}>
                  {f.options?.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  type={f.type ?? 'text'}
                  autoComplete={f.autoComplete}
                  inputMode={f.type === 'number' ? 'numeric' : undefined}
                  {...common}
                />
              )}
              {message ? (
                <span id={`${id}-error`} className="field-error">
                  {known(message)}
                </span>
              ) : null}
            </p>
          );
        })}
        {extra?.({ setValue: (name, value) => setValue(name, value, { shouldValidate: true }), error })}
        {/* The honeypot: people never see it; robots fill it in, and then nothing is kept. */}
        <p className="honeypot" aria-hidden="true">
          <label htmlFor={`form-${kind}-website`}>
            <Trans>Leave this empty</Trans>
          </label>
          <input id={`form-${kind}-website`} tabIndex={-1} autoComplete="off" {...register('website')} />
        </p>
        {saveError ? (
          <p className="notice notice-error" role="alert">
            {known(saveError)}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={formState.isSubmitting}>
          {submitLabel}
        </button>
      </form>
    </section>
  );
}
