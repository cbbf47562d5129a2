// Charities (/charities): the published charities of the platform and this site, and for a
// signed-in visitor what they have raised so far. A first visit draws the list the server sent
// with the page (server/http/page-data.ts); a visit from another screen asks the API.
import { Trans } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { api } from '@/api/client';
import { unwrap, useRemote } from '@/api/use-remote';
import { useSessionUser } from '@/api/use-session';
import { hasShape } from '@/contract/shape';
import { sentWithPage } from '@/ui/sent-with-page';
import { MoneyRaised } from './money-raised';
import '@/ui/forms.css';

type Charity = { id: number; slug: string; name: string; description: string };

function sentCharities(): Charity[] | undefined {
  const list = sentWithPage<unknown>('charities', location.pathname);
  return Array.isArray(list) && list.every((c) => hasShape(c, { id: 'number', slug: 'string', name: 'string', description: 'string' }))
    ? (list as Charity[])
    : undefined;
}

export function CharitiesPage() {
  const user = useSessionUser();
  const [sent] = useState(sentCharities);
  const fetched = useRemote(sent ? null : 'charities', () => unwrap(api.GET('/charities/')).then((d) => d.results));
  const list = sent ? { status: 'succeeded' as const, data: sent, reload: fetched.reload } : fetched;
  const known = useKnown();
  return (
    <section className="page" aria-labelledby="charities-title">
      <h1 id="charities-title">
        <Trans>Charities</Trans>
      </h1>
      <p className="lead">
        <Trans>Every donation goes to a cause our schools chose. Pick one to support.</Trans>
      </p>
      {list.status === 'failed' ? (
        <p className="notice notice-error" role="alert">
          {known(list.error)}{' '}
          <button type="button" className="button button-small" onClick={list.reload}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : list.status === 'succeeded' ? (
        <ul className="charity-grid">
          {list.data.map((c) => (
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
        <p role="status">
          <Trans>Loading charities…</Trans>
        </p>
      )}
      {user ? <MoneyRaised /> : null}
    </section>
  );
}
