// /register and /register/{token}: a school or organization registers.
// Every rule and message comes from the schema the server uses; a field shows its message once
// it has been left, the website gets https:// on blur, and the button stays disabled while
// anything is invalid or the form is being sent. Then: Thank You for Registering.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useParams, useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { fromPromise } from 'xstate';
import { publicApi } from '@/api/client';
import { DEFAULT_TENANT_COLORS } from '@/contract/tenant-colors';
import { AUTH_MSG, MSG } from '@/contract/messages';
import {
  LOGO_TYPES,
  RegistrationRequest,
  registrationError,
  suggestSubdomain,
  withScheme,
  type RegistrationField,
  type RegistrationInput,
} from '@/contract/registration';
import { useKnown } from '@/i18n/known';
import { toast } from '@/ui/toast';
import { AuthCard, Field, FormAlert, SubmitButton } from './auth-ui';
import { CheckIcon } from './auth-icons';
import { useInvitation } from './invitation';
import { registrationMachine, type Registered } from './registration.machine';

type Values = Omit<Required<RegistrationInput>, 'logo'> & { logo: File | undefined };

const INITIAL: Values = {
  is_organization: 'false',
  school_name: '',
  school_email: '',
  domain_url: '',
  subdomain: '',
  first_name: '',
  last_name: '',
  primary_color: DEFAULT_TENANT_COLORS.primary_color,
  primary_color_light: '#3A6EA5',
  primary_color_dark: '#0B2545',
  logo: undefined,
};

async function register({ values, invitation }: { values: RegistrationInput; invitation?: string }): Promise<Registered> {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') form.set(key, value);
  let answer;
  try {
    answer = await publicApi.POST('/tenants/create/', {
      params: { query: invitation ? { invitation_link: invitation } : {} },
      body: {} as never,
      bodySerializer: () => form,
    });
  } catch {
    throw new Error(AUTH_MSG.offline);
  }
  if (!answer.data) throw new Error(registrationError(answer.error, MSG.registrationFailed));
  return { message: answer.data.message, subdomain: answer.data.tenant.subdomain, site: answer.data.tenant.site };
}

/** The address a new school gets beside this one: greenfield.example.com for example.com. */
function siteSuffix(): string {
  const { host, hostname } = location;
  const labels = hostname.split('.');
  const onSchoolSite = hostname.endsWith('.localhost') || labels.length > 2;
  return onSchoolSite && !/^[\d.]+$/.test(hostname) ? host.slice(host.indexOf('.') + 1) : host;
}

export function RegisterPage() {
  const params = useParams({ strict: false }) as { token?: string };
  const search = useSearch({ strict: false }) as { invitation?: string };
  const token = search.invitation ?? params.token;
  const fetched = useInvitation(token);
  // An invitation to join as a user is accepted on its own page, not by registering.
  const invitation = fetched.status === 'ready' && fetched.value.kind !== 'user' ? fetched.value : null;
  const invalid = Boolean(token) && fetched.status !== 'loading' && !invitation;
  const inviter = invitation?.inviter;
  const [machine] = useState(() =>
    registrationMachine.provide({
      actors: { register: fromPromise(({ input }) => register(input)) },
      actions: { announce: (_, { message, kind }) => toast(kind, message) },
    }),
  );
  const [state, send] = useMachine(machine);
  const known = useKnown();
  const [values, setValues] = useState<Values>(INITIAL);
  const [touched, setTouched] = useState<Partial<Record<RegistrationField, boolean>>>({});

  useEffect(() => {
    if (!invitation) return;
    setValues((v) => ({
      ...v,
      is_organization: invitation.kind === 'organization' ? 'true' : 'false',
      school_email: v.school_email || invitation.email,
    }));
  }, [invitation]);

  const parsed = useMemo(() => RegistrationRequest.safeParse(values), [values]);
  const errors = useMemo(() => {
    const out: Partial<Record<RegistrationField, string>> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) out[issue.path[0] as RegistrationField] ??= issue.message;
    return out;
  }, [parsed]);
  const errorOf = (field: RegistrationField) => (touched[field] ? errors[field] : undefined);

  const set = (field: keyof Values, value: string | File | undefined) => {
    setValues((v) => ({ ...v, [field]: value }));
    send({ type: 'EDIT' });
  };
  const leave = (field: RegistrationField) => setTouched((t) => ({ ...t, [field]: true }));
  const busy = state.matches('submitting');
  const organization = values.is_organization === 'true';
  const { t } = useLingui();

  if (state.matches('registered') && state.context.result) {
    const { result } = state.context;
    const address = result.site.replace(/^https?:\/\//, '');
    return (
      <AuthCard title={known(MSG.registrationThanks)}>
        <div className="auth-done" role="status">
          <CheckIcon />
          <p>{known(result.message)}</p>
        </div>
        <p className="auth-note">
          <Trans>
            Your site: <a href={result.site}>{address}</a>
          </Trans>
        </p>
        <p className="auth-note">
          <Trans>Open the link in the email to choose your password, then sign in on your site.</Trans>
        </p>
      </AuthCard>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])));
    const { logo, ...rest } = values;
    send({ type: 'SUBMIT', values: { ...rest, ...(logo ? { logo } : {}) }, invitation: invitation && token ? token : undefined });
  };

  return (
    <AuthCard
      title={organization ? t`Register your organization` : t`Register your school`}
      subtitle={inviter ? t`${inviter} invites you to join StoryNest.` : t`Create your own StoryNest site in a minute.`}
      wide
    >
      <form className="auth-form" onSubmit={submit} noValidate>
        <FormAlert message={state.context.error ?? (invalid ? AUTH_MSG.invitationInvalid : null)} />
        {invitation ? null : (
          <fieldset className="register-kind">
            <legend>
              <Trans>I am registering</Trans>
            </legend>
            {(['false', 'true'] as const).map((v) => (
              <label key={v}>
                <input
                  type="radio"
                  name="is_organization"
                  value={v}
                  checked={values.is_organization === v}
                  onChange={() => set('is_organization', v)}
                />
                {v === 'true' ? t`An organization` : t`A school`}
              </label>
            ))}
          </fieldset>
        )}
        <Field
          label={organization ? t`Organization name` : t`School name`}
          value={values.school_name}
          autoComplete="organization"
          error={errorOf('school_name')}
          onValue={(v) => set('school_name', v)}
          onBlur={() => leave('school_name')}
          required
        />
        <div className="register-row">
          <Field
            label={t`First name`}
            value={values.first_name}
            autoComplete="given-name"
            error={errorOf('first_name')}
            onValue={(v) => set('first_name', v)}
            onBlur={() => leave('first_name')}
            required
          />
          <Field
            label={t`Last name`}
            value={values.last_name}
            autoComplete="family-name"
            error={errorOf('last_name')}
            onValue={(v) => set('last_name', v)}
            onBlur={() => leave('last_name')}
            required
          />
        </div>
        <Field
          label={t`Email`}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.school_email}
          error={errorOf('school_email')}
          hint={t`We send the link to choose your password here.`}
          onValue={(v) => set('school_email', v)}
          onBlur={() => leave('school_email')}
          required
        />
        <Field
          label={t`Website`}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder={t`www.your-school.org`}
          value={values.domain_url}
          error={errorOf('domain_url')}
          onValue={(v) => set('domain_url', v)}
          onBlur={() => {
            set('domain_url', withScheme(values.domain_url));
            leave('domain_url');
          }}
          required
        />
        <Field
          label={t`Site address`}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder={suggestSubdomain(values.school_name) || t`your-school`}
          value={values.subdomain}
          error={errorOf('subdomain')}
          hint={t`Lowercase letters, numbers and hyphens. Leave it empty to use your name.`}
          after={<span className="auth-suffix">.{siteSuffix()}</span>}
          onValue={(v) => set('subdomain', v)}
          onBlur={() => leave('subdomain')}
        />
        <h2 className="register-section">
          <Trans>Your colours and logo</Trans>
        </h2>
        <div className="register-colors">
          {(
            [
              ['primary_color', t`Primary colour`],
              ['primary_color_light', t`Light colour`],
              ['primary_color_dark', t`Dark colour`],
            ] as const
          ).map(([field, label]) => (
            <Field
              key={field}
              label={label}
              type="color"
              value={values[field]}
              error={errorOf(field)}
              onValue={(v) => set(field, v)}
              onBlur={() => leave(field)}
            />
          ))}
        </div>
        <LogoField file={values.logo} error={values.logo ? errors.logo : undefined} onFile={(file) => set('logo', file)} />
        <SubmitButton busy={busy} busyLabel={t`Registering…`} disabled={!parsed.success}>
          {organization ? <Trans>Register Organization</Trans> : <Trans>Register School</Trans>}
        </SubmitButton>
        {!parsed.success && !busy ? (
          <p className="auth-hint">
            <Trans>Fill in every field above to register.</Trans>
          </p>
        ) : null}
      </form>
    </AuthCard>
  );
}

function LogoField({
  file,
  error,
  onFile,
}: {
  file: File | undefined;
  error: string | undefined;
  onFile: (file: File | undefined) => void;
}) {
  const { t } = useLingui();
  const preview = useMemo(() => (file && !error ? URL.createObjectURL(file) : null), [file, error]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  return (
    <div>
      <Field
        label={t`Logo (optional)`}
        type="file"
        className="file-input"
        accept={[...LOGO_TYPES, '.jpg', '.jpeg', '.png', '.svg'].join(',')}
        hint={t`JPEG, PNG or SVG, up to 5 MB.`}
        error={error}
        onChange={(e) => onFile(e.target.files?.[0])}
      />
      {preview ? (
        <p className="logo-preview">
          <img src={preview} alt={t`Your logo`} /> {file?.name}
        </p>
      ) : null}
    </div>
  );
}
