// /verification: confirms a registering school's e-mail address from the link it was sent
// (?token=), which puts the school live and leads on to choosing the admin's password; without
// a working link, asks for a new one. Needs the network (it is a one-time exchange with the server).
import { useEffect, useState, type FormEvent } from 'react';
import { t as tNow } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { publicApi } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import { useKnown } from '@/i18n/known';

type State =
  | { kind: 'ask' }
  | { kind: 'checking' }
  | { kind: 'confirmed'; message: string; link: string; school: string }
  | { kind: 'invalid'; message: string };

export function VerificationPage({ token }: { token?: string }) {
  const [state, setState] = useState<State>(token ? { kind: 'checking' } : { kind: 'ask' });
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { t } = useLingui();
  const known = useKnown();
  const school = state.kind === 'confirmed' ? state.school : '';

  useEffect(() => {
    if (!token) return;
    unwrap(publicApi.POST('/verification/', { body: { token } })).then(
      (r) => setState({ kind: 'confirmed', message: r.message, link: r.password_link, school: r.school_name }),
      (err: unknown) => setState({ kind: 'invalid', message: err instanceof Error ? err.message : String(err) }),
    );
  }, [token]);

  const resend = async (e: FormEvent) => {
    e.preventDefault();
    try {
      setSent((await unwrap(publicApi.POST('/verification/resend/', { body: { email: email.trim() } }))).message);
    } catch (err) {
      setSent(
        navigator.onLine
          ? err instanceof Error
            ? err.message
            : String(err)
          : tNow`You are offline. Please connect to the internet and try again.`,
      );
    }
  };

  return (
    <section className="page" aria-labelledby="verify-title">
      <h1 id="verify-title">
        <Trans>Confirm your e-mail address</Trans>
      </h1>
      {state.kind === 'checking' ? <p role="status">{t`Checking your link…`}</p> : null}
      {state.kind === 'confirmed' ? (
        <>
          <p role="status">{known(state.message)}</p>
          <p>
            <a className="button" href={state.link}>
              <Trans>Choose your password for {school}</Trans>
            </a>
          </p>
        </>
      ) : null}
      {state.kind === 'invalid' ? (
        <p className="notice notice-error" role="alert">
          {known(state.message)}
        </p>
      ) : null}
      {state.kind === 'ask' || state.kind === 'invalid' ? (
        <form className="payment-form" onSubmit={(e) => void resend(e)}>
          <p>
            <Trans>
              Registered a school or organization? We sent a confirmation link to its e-mail address. Nobody can sign in to the new site
              until it is confirmed. No e-mail? Ask for a new link:
            </Trans>
          </p>
          <p className="field">
            <label htmlFor="verify-email">
              <Trans>The school’s e-mail address</Trans>
            </label>
            <input id="verify-email" type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </p>
          <button type="submit" className="button">
            <Trans>Send a new link</Trans>
          </button>
          {sent ? <p role="status">{known(sent)}</p> : null}
        </form>
      ) : null}
    </section>
  );
}
