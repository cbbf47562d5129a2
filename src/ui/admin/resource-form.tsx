// The one admin form screen: renders any FormResource (./resource.ts) with react-hook-form and the
// declaration's zod schema from src/contract, so every message is the spec's (the server checks the
// same schema). Editing sends only the fields that changed, never the untouched ones; a save says
// the declaration's success or failure message and returns to its list. A declaration that needs
// the server's answer first (a new tenant's subdomain) says plainly, offline, that it needs the
// network instead of queueing.
import { Suspense, lazy, useEffect, useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from '@tanstack/react-router';
import type { z } from 'zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { ADMIN_MSG } from '@/contract/messages';
import { useKnown } from '@/i18n/known';
import { useOnline } from '@/ui/use-online';
import { AdminLink } from './admin-link';
import { sayOutcome } from './outcome';
import type { FieldDef, FormResource, Option } from './resource';
import { useOptions } from './use-options';
import './admin.css';
import { LoadFailed } from './load-failed';
import { useWords } from './words';

type Values = Record<string, unknown>;

// Tiptap only when a form has rich text (help articles, public pages), never with the list screens.
const HtmlEditor = lazy(() => import('@/ui/editor/document-editor').then((m) => ({ default: m.HtmlEditor })));

export function ResourceForm<S extends z.ZodType>({ resource, id }: { resource: FormResource<S>; id: number | null }) {
  const [initial, setInitial] = useState<{ id: number | null; values: Record<string, string> } | null>(
    id === null ? { id, values: resource.blank } : null,
  );
  const [error, setError] = useState<string | null>(null);
  const say = useWords();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (id === null) {
      setInitial({ id, values: resource.blank });
      return;
    }
    let live = true;
    setError(null);
    resource.load(id).then(
      (values) => live && setInitial({ id, values }),
      (err: unknown) => live && setError(!navigator.onLine ? ADMIN_MSG.needsNetwork : err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [resource, id, attempt]);

  const title = say(id === null ? resource.titles.create : resource.titles.edit);
  if (error)
    return (
      <section className="admin-page">
        <h1>{title}</h1>
        <LoadFailed error={error} onRetry={() => setAttempt((n) => n + 1)} />
      </section>
    );
  if (!initial || initial.id !== id)
    return (
      <section className="admin-page">
        <h1>{title}</h1>
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      </section>
    );
  return <FormBody key={id ?? 'new'} resource={resource} id={id} initial={initial.values} title={title} />;
}

function FormBody<S extends z.ZodType>({
  resource,
  id,
  initial,
  title,
}: {
  resource: FormResource<S>;
  id: number | null;
  initial: Record<string, string>;
  title: string;
}) {
  const router = useRouter();
  const online = useOnline();
  const [serverError, setServerError] = useState<string | null>(null);
  const say = useWords();
  const known = useKnown();
  const { t } = useLingui();
  const form = useForm<Values>({
    // raw: the form sends what was typed (strings and files); the server parses it again.
    resolver: zodResolver(resource.schema as never, undefined, { raw: true }) as never,
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, formState } = form;
  const networkOnly = resource.needsNetwork?.(id) ?? false;

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    if (networkOnly && !navigator.onLine) {
      setServerError(ADMIN_MSG.needsNetwork);
      return;
    }
    // What differs from the loaded record (a new record: everything filled in).
    const changed: Record<string, string | File> = {};
    for (const [key, v] of Object.entries(values)) {
      if (v instanceof File) changed[key] = v;
      else if (typeof v === 'string' && (id === null ? v !== '' : v !== (initial[key] ?? ''))) changed[key] = v;
    }
    if (id !== null && Object.keys(changed).length === 0) {
      void router.navigate({ href: resource.back });
      return;
    }
    const outcome = await resource
      .save(id, changed)
      .catch((err: unknown) => ({ status: 'failed' as const, message: err instanceof Error ? err.message : String(err) }));
    if (outcome.status === 'failed') setServerError(outcome.message || say(resource.messages.failed));
    if (sayOutcome(outcome, say(id === null ? resource.messages.created : resource.messages.updated), say(resource.messages.failed))) {
      void router.navigate({ href: resource.back });
    }
  });

  return (
    <section className="admin-page" aria-labelledby="admin-form-title">
      <div className="admin-head">
        <h1 id="admin-form-title">{title}</h1>
        <AdminLink className="button button-small button-secondary" href={resource.back}>
          <Trans>Back</Trans>
        </AdminLink>
      </div>
      <div className={resource.preview ? 'admin-form-grid' : undefined}>
        <form className="admin-form" noValidate onSubmit={(e) => void onSubmit(e)}>
          {resource.fields.map((field) => (
            <Field key={field.name} field={field} register={register} control={control} errors={formState.errors} />
          ))}
          {networkOnly && !online ? (
            <p className="admin-notice" role="status">
              {known(ADMIN_MSG.needsNetwork)}
            </p>
          ) : null}
          {serverError ? (
            <p className="admin-error" role="alert">
              {known(serverError)}
            </p>
          ) : null}
          <div className="admin-form-actions">
            <button type="submit" className="button" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? t`Saving…` : t`Save`}
            </button>
          </div>
        </form>
        {resource.preview ? <Preview control={control} render={resource.preview} /> : null}
      </div>
    </section>
  );
}

function Preview({ control, render }: { control: Control<Values>; render: (values: Values) => ReactNode }) {
  const values = useWatch({ control });
  return <aside className="admin-preview">{render(values)}</aside>;
}

function SelectOptions({ options }: { options: readonly Option[] | (() => Promise<readonly Option[]>) }) {
  const loaded = useOptions(options);
  const say = useWords();
  return (
    <>
      {loaded.map(([v, l]) => (
        <option key={v} value={v}>
          {say(l)}
        </option>
      ))}
    </>
  );
}

/** Checkboxes whose value is the chosen ids joined with commas ('1,3'). */
function Checks({
  field,
  control,
  error,
  id,
}: {
  field: Extract<FieldDef, { kind: 'checks' }>;
  control: Control<Values>;
  error: string | null;
  id: string;
}) {
  const options = useOptions(field.options);
  const say = useWords();
  const { t } = useLingui();
  return (
    <fieldset className="admin-field admin-checks" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{say(field.label)}</legend>
      {field.hint ? <span className="admin-muted">{say(field.hint)}</span> : null}
      <Controller
        control={control}
        name={field.name}
        render={({ field: f }) => {
          const chosen = new Set(
            String(f.value ?? '')
              .split(',')
              .filter(Boolean),
          );
          const toggle = (value: string, on: boolean) => {
            const next = options.map(([v]) => v).filter((v) => (v === value ? on : chosen.has(v)));
            f.onChange(next.join(','));
          };
          if (!options.length) return <p className="admin-muted">{field.empty ? say(field.empty) : t`Nothing to choose from.`}</p>;
          return (
            <>
              {options.map(([value, label]) => (
                <label key={value} className="admin-check">
                  <input type="checkbox" checked={chosen.has(value)} onChange={(e) => toggle(value, e.target.checked)} onBlur={f.onBlur} />{' '}
                  {say(label)}
                </label>
              ))}
            </>
          );
        }}
      />
      {error ? (
        <span className="admin-error" id={`${id}-error`} role="alert">
          {say(error)}
        </span>
      ) : null}
    </fieldset>
  );
}

function Field({
  field,
  register,
  control,
  errors,
}: {
  field: FieldDef;
  register: UseFormRegister<Values>;
  control: Control<Values>;
  errors: FieldErrors<Values>;
}) {
  const id = useId();
  const say = useWords();
  const { t } = useLingui();
  const label = say(field.label);
  const message = errors[field.name]?.message;
  const error = typeof message === 'string' ? message : null;
  const described = error ? `${id}-error` : undefined;
  if (field.kind === 'checks') return <Checks field={field} control={control} error={error} id={id} />;
  const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described } as const;
  let control_: ReactNode;
  if (field.kind === 'text' || field.kind === 'email') {
    control_ = <input {...common} type={field.kind} autoComplete={field.autoComplete} {...register(field.name)} />;
  } else if (field.kind === 'textarea') {
    control_ = <textarea {...common} rows={field.rows ?? 4} {...register(field.name)} />;
  } else if (field.kind === 'select') {
    control_ = (
      <select {...common} {...register(field.name)}>
        <option value="">{field.placeholder ? say(field.placeholder) : t`Choose…`}</option>
        <SelectOptions options={field.options} />
      </select>
    );
  } else if (field.kind === 'color') {
    control_ = (
      <Controller
        control={control}
        name={field.name}
        render={({ field: f }) => {
          const value = typeof f.value === 'string' ? f.value : '';
          return (
            <span className="admin-color">
              <input
                type="color"
                aria-label={t`${label} picker`}
                value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
                onChange={(e) => f.onChange(e.target.value)}
                onBlur={f.onBlur}
              />
              <input
                {...common}
                type="text"
                inputMode="text"
                spellCheck={false}
                value={value}
                onChange={(e) => f.onChange(e.target.value)}
                onBlur={f.onBlur}
                ref={f.ref}
              />
            </span>
          );
        }}
      />
    );
  } else if (field.kind === 'richtext') {
    control_ = (
      <Controller
        control={control}
        name={field.name}
        render={({ field: f }) => (
          <Suspense
            fallback={
              <p role="status">
                <Trans>Loading the editor…</Trans>
              </p>
            }
          >
            <HtmlEditor
              value={typeof f.value === 'string' ? f.value : ''}
              onChange={f.onChange}
              onBlur={f.onBlur}
              labelledBy={`${id}-label`}
              describedBy={described}
              invalid={Boolean(error)}
            />
          </Suspense>
        )}
      />
    );
  } else if (field.kind === 'file') {
    const accept = field.accept;
    control_ = (
      <Controller
        control={control}
        name={field.name}
        render={({ field: f }) => (
          <input
            {...common}
            type="file"
            accept={accept}
            onChange={(e) => f.onChange(e.target.files?.[0] ?? undefined)}
            onBlur={f.onBlur}
            ref={f.ref}
          />
        )}
      />
    );
  }
  return (
    <div className="admin-field">
      {field.kind === 'richtext' ? (
        // The editor is not a form control a <label for> can name: it is named by this id.
        <span className="admin-label" id={`${id}-label`}>
          {label}
        </span>
      ) : (
        <label htmlFor={id}>{label}</label>
      )}
      {control_}
      {field.kind === 'file' && field.hint ? <span className="admin-muted">{say(field.hint)}</span> : null}
      {error ? (
        <span className="admin-error" id={described} role="alert">
          {say(error)}
        </span>
      ) : null}
    </div>
  );
}
