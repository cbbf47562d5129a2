// /verification: confirms a registering school's e-mail address from the link it was sent
// (?token=), which puts the school live and leads on to choosing the admin's password; without
// a working link, asks for a new one. Needs the network (it is a one-time exchange with the server).
import { useEffect, useState, type FormEvent } from 'react';
import { publicApi } from '@/api/client';
import { unwrap } from '@/api/use-remote';

type State =
  | { kind: 'ask' }
  | { kind: 'checking' }
  | { kind: 'confirmed'; message: string; link: string; school: string }
  | { kind: 'invalid'; message: string };

export function VerificationPage({ token }: { token?: string }) {
  const [state, setState] = useState<State>(token ? { kind: 'checking' } : { kind: 'ask' });
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);

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
          : 'You are offline. Please connect to the internet and try again.',
      );
    }
  };

  return (
    <section className="page" aria-labelledby="verify-title">
      <h1 id="verify-title">Confirm your e-mail address</h1>
      {state.kind === 'checking' ? <p role="status">Checking your link…</p> : null}
      {state.kind === 'confirmed' ? (
        <>
          <p role="status">{state.message}</p>
          <p>
            <a className="button" href={state.link}>
              Choose your password for {state.school}
            </a>
          </p>
        </>
      ) : null}
      {state.kind === 'invalid' ? (
        <p className="notice notice-error" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.kind === 'ask' || state.kind === 'invalid' ? (
        <form className="payment-form" onSubmit={(e) => void resend(e)}>
          <p>
            Registered a school or organization? We sent a confirmation link to its e-mail address. Nobody can sign in to the new site until
            it is confirmed. No e-mail? Ask for a new link:
          </p>
          <p className="field">
            <label htmlFor="verify-email">The school’s e-mail address</label>
            <input id="verify-email" type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </p>
          <button type="submit" className="button">
            Send a new link
          </button>
          {sent ? <p role="status">{sent}</p> : null}
        </form>
      ) : null}
    </section>
  );
}
