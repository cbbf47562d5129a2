// The one admin dashboard screen: number cards and small charts from one load, as a declaration
// gives them (the platform, users and charities dashboards; later the school and organization ones).
import { Trans } from '@lingui/react/macro';
import { useMemo, type ReactNode } from 'react';
import { useRemote } from '@/api/use-remote';
import { Chart, type ChartSeries } from './chart';
import './admin.css';
import { LoadFailed } from './load-failed';
import type { Words } from './resource';
import { useWords } from './words';

export interface DashboardResource<Data> {
  title: Words;
  key: string;
  load: () => Promise<Data>;
  cards: (data: Data) => [label: Words, value: ReactNode][];
  charts: (data: Data) => {
    title: Words;
    labels: string[];
    series: (Omit<ChartSeries, 'label'> & { label: Words })[];
    format?: (n: number) => string;
  }[];
}

export function Dashboard<Data>({ resource }: { resource: DashboardResource<Data> }) {
  const remote = useRemote(resource.key, resource.load);
  const data = remote.status === 'succeeded' ? remote.data : null;
  const say = useWords();
  // Said here, so a new language draws the charts again with its words.
  const charts = useMemo(
    () =>
      (data ? resource.charts(data) : []).map((c) => ({
        ...c,
        title: say(c.title),
        series: c.series.map((s) => ({ ...s, label: say(s.label) })),
      })),
    [data, resource, say],
  );
  return (
    <section className="admin-page" aria-labelledby="dashboard-title">
      <div className="admin-head">
        <h1 id="dashboard-title">{say(resource.title)}</h1>
      </div>
      {remote.status === 'loading' ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : remote.status === 'failed' ? (
        <LoadFailed error={remote.error} onRetry={remote.reload} />
      ) : (
        <>
          <dl className="admin-cards">
            {resource.cards(remote.data).map(([label, value], i) => (
              <div className="admin-card" key={i}>
                <dt>{say(label)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <div className="admin-charts">
            {charts.map((c) => (
              <Chart key={c.title} {...c} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
