// The one admin detail screen: a record's facts as a definition list, with its actions (edit,
// deactivate...) as the declaration gives them. Used for userprofile, charity details and orders.
import { Trans } from '@lingui/react/macro';
import { useEffect, useState, type ReactNode } from 'react';
import { ADMIN_MSG } from '@/contract/messages';
import { AdminLink } from './admin-link';
import './admin.css';
import { LoadFailed } from './load-failed';
import type { Words } from './resource';
import { useWords } from './words';

export interface ShowResource<Record> {
  title: (r: Record) => Words;
  load: (id: number) => Promise<Record>;
  facts: (r: Record) => [label: Words, value: ReactNode][];
  actions?: (r: Record, reload: () => void) => ReactNode;
  back: { href: string; label: Words };
}

export function ResourceShow<Record>({ resource, id }: { resource: ShowResource<Record>; id: number }) {
  const [state, setState] = useState<{ id: number; record: Record } | { id: number; error: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const say = useWords();
  useEffect(() => {
    let live = true;
    resource.load(id).then(
      (record) => live && setState({ id, record }),
      (err: unknown) =>
        live && setState({ id, error: !navigator.onLine ? ADMIN_MSG.needsNetwork : err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [resource, id, attempt]);
  const reload = () => setAttempt((n) => n + 1);
  const back = (
    <AdminLink className="button button-small button-secondary" href={resource.back.href}>
      {say(resource.back.label)}
    </AdminLink>
  );
  if (!state || state.id !== id)
    return (
      <p role="status">
        <Trans>Loading…</Trans>
      </p>
    );
  if ('error' in state)
    return (
      <section className="admin-page">
        <LoadFailed error={state.error} onRetry={reload} />
        {back}
      </section>
    );
  const r = state.record;
  return (
    <section className="admin-page" aria-labelledby="admin-show-title">
      <div className="admin-head">
        <h1 id="admin-show-title">{say(resource.title(r))}</h1>
        <div className="admin-head-actions">
          {resource.actions?.(r, reload)}
          {back}
        </div>
      </div>
      <dl className="admin-facts">
        {resource.facts(r).map(([label, value], i) => (
          <div key={i}>
            <dt>{say(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
