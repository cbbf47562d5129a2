// Charities (/charities): the published charities of the platform and this site, and for a
// signed-in visitor what they have raised so far.
import { Link } from '@tanstack/react-router';
import { api } from '@/api/client';
import { unwrap, useRemote } from '@/api/use-remote';
import { useSessionUser } from '@/api/use-session';
import { MoneyRaised } from './money-raised';
import '@/ui/forms.css';
import './charities.css';

export function CharitiesPage() {
  const user = useSessionUser();
  const list = useRemote('charities', () => unwrap(api.GET('/charities/')));
  return (
    <section className="page" aria-labelledby="charities-title">
      <h1 id="charities-title">Charities</h1>
      <p className="lead">Every donation goes to a cause our schools chose. Pick one to support.</p>
      {list.status === 'failed' ? (
        <p className="notice notice-error" role="alert">
          {list.error}{' '}
          <button type="button" className="button button-small" onClick={list.reload}>
            Try again
          </button>
        </p>
      ) : list.status === 'succeeded' ? (
        <ul className="charity-grid">
          {list.data.results.map((c) => (
            <li key={c.id} className="charity-card">
              <h2>
                <Link to="/charities/$charity" params={{ charity: c.slug }}>
                  {c.name}
                </Link>
              </h2>
              <p>{c.description}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p role="status">Loading charities…</p>
      )}
      {user ? <MoneyRaised /> : null}
    </section>
  );
}
