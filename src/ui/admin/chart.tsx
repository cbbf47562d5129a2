// A small line chart on uPlot (the one chart library), for the admin dashboards only: this file is
// imported by admin screens alone, so uPlot never reaches the public pages. The canvas is hidden
// from assistive technology; the same figures are in a table beside it for screen readers.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { Trans, useLingui } from '@lingui/react/macro';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

export function Chart({
  title,
  labels,
  series,
  format = String,
}: {
  title: string;
  labels: string[];
  series: ChartSeries[];
  format?: (n: number) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { t } = useLingui();
  const month = t`Month`;
  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const width = () => Math.max(240, node.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 200,
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false } },
        axes: [
          { values: (_u, ticks) => ticks.map((t) => labels[t]?.slice(2) ?? '') },
          { values: (_u, ticks) => ticks.map((t) => format(t)), size: 64 },
        ],
        series: [
          { label: month, value: (_u, i) => labels[i] ?? '' },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            fill: `${s.color}22`,
            value: (_u: uPlot, v: number | null) => (v === null ? '' : format(v)),
          })),
        ],
      },
      [labels.map((_, i) => i), ...series.map((s) => s.values)],
      node,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: 200 }));
    resize.observe(node);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [labels, series, format, month]);
  return (
    <figure className="admin-chart">
      <h2>{title}</h2>
      {/* The canvas draws its axes left to right, as a number line (right to left, uPlot's labels overflow the canvas). */}
      <div ref={box} aria-hidden="true" dir="ltr" />
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Month</Trans>
            </th>
            {series.map((s) => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, i) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {series.map((s) => (
                <td key={s.label}>{format(s.values[i] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
