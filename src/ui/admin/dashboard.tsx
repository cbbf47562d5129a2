// The one admin dashboard screen: number cards and small charts from one load, as a declaration
// gives them (the platform, users and charities dashboards; later the school and organization ones).
import { Trans } from '@lingui/react/macro';
import { useMemo, type ReactNode } from 'react';
import { useRemote } from '@/api/use-remote';
import { Chart, type ChartSeries } from './chart';
import './admin.css';
import { LoadFailed } from './load-failed';

export interface DashboardResource<Data> {
  title: string;
  key: string;
  load: () => Promise<Data>;
  cards: (data: Data) => [label: string, value: ReactNode][];
  charts: (data: Data) => { title: string; labels: string[]; series: ChartSeries[]; format?: (n: number) => string }[];
}

export function Dashboard<Data>({ resource }: { resource: DashboardResource<Data> }) {
  const remote = useRemote(resource.key, resource.load);
  const data = remote.status === 'succeeded' ? remote.data : null;
  const charts = useMemo(() => (data ? resource.charts(data) : []), [data, resource]);
  return (
    <section className="admin-page" aria-labelledby="dashboard-title">
      <div className="admin-head">
        <h1 id="dashboard-title">{resource.title}</h1>
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
            {resource.cards(remote.data).map(([label, value]) => (
              <div className="admin-card" key={label}>
                <dt>{label}</dt>
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
