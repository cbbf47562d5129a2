// The Teacher Dashboard's numbers: story stats, reactions by emoji, reactions per category and the
// impact count, as the spec's statistics state (each part with loading and error, and its
// fallback message). Charts are uPlot, imported only when this panel renders, so no other route
// carries it.
import { Trans, useLingui } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import { formatNumber } from '@/ui/format';
import { useEffect, useRef } from 'react';
import { api } from '@/api/client';
import { unwrap, useRemote, type Remote } from '@/api/use-remote';
import { STATS_MSG } from '@/contract/story-review';
import { REACTION_LABELS } from './reaction-commands';

/** A part of the statistics state: its data, or the spec's fallback message when it failed. */
function part<T>(remote: Remote<T>, fallback: string): { loading: boolean; error: string | null; data: T | null } {
  if (remote.status === 'loading') return { loading: true, error: null, data: null };
  if (remote.status === 'failed') return { loading: false, error: fallback, data: null };
  return { loading: false, error: null, data: remote.data };
}

export function StoryStats() {
  const storyStats = part(
    useRemote('blog-stats', () => unwrap(api.GET('/teacher/blog-stats/'))),
    STATS_MSG.storyStats,
  );
  const categories = part(
    useRemote('reaction-contributions', () => unwrap(api.GET('/categories/reaction-contributions/'))),
    STATS_MSG.analytics,
  );
  const reactionsStats = part(
    useRemote('reaction-stats', () => unwrap(api.GET('/reactions/stats/'))),
    STATS_MSG.reactionStats,
  );
  const impactCount = part(
    useRemote('impact-count', () => unwrap(api.GET('/v1/impacts/count/'))),
    STATS_MSG.impactCount,
  );
  const s = storyStats.data?.blog_stats;
  const { t } = useLingui();
  const known = useKnown();
  const impacts = impactCount.data ? formatNumber(impactCount.data.total_impacts) : '';

  return (
    <section className="page" aria-labelledby="story-stats-title">
      <h2 id="story-stats-title">
        <Trans>Stories in numbers</Trans>
      </h2>
      <div className="stats-grid">
        <div className="story-row">
          <h3>
            <Trans>Story stats</Trans>
          </h3>
          {storyStats.error ? <p role="alert">{known(storyStats.error)}</p> : null}
          {s ? (
            <dl className="stats-list">
              <dt>
                <Trans>All stories</Trans>
              </dt>
              <dd>{formatNumber(s.all_blog)}</dd>
              <dt>
                <Trans>Published</Trans>
              </dt>
              <dd>{formatNumber(s.published_blog)}</dd>
              <dt>
                <Trans>Waiting for review</Trans>
              </dt>
              <dd>{formatNumber(s.submitted_blog)}</dd>
              <dt>
                <Trans>Sent back</Trans>
              </dt>
              <dd>{formatNumber(s.returned_blog)}</dd>
              <dt>
                <Trans>Featured</Trans>
              </dt>
              <dd>{formatNumber(s.featured_blog)}</dd>
            </dl>
          ) : null}
        </div>
        <div className="story-row">
          <h3>
            <Trans>Impact</Trans>
          </h3>
          {impactCount.error ? <p role="alert">{known(impactCount.error)}</p> : null}
          {impactCount.data ? (
            <p>
              <Trans>
                <strong className="stats-big">{impacts}</strong> impacts (SDGs and causes in published stories)
              </Trans>
            </p>
          ) : null}
        </div>
        <div className="story-row">
          <h3>
            <Trans>Reactions</Trans>
          </h3>
          {reactionsStats.error ? <p role="alert">{known(reactionsStats.error)}</p> : null}
          {reactionsStats.data ? (
            <BarChart
              label={t`Reactions by emoji`}
              names={reactionsStats.data.results.map(
                (r) => `${REACTION_LABELS[r.reaction].emoji} ${known(REACTION_LABELS[r.reaction].name)}`,
              )}
              values={reactionsStats.data.results.map((r) => r.count)}
            />
          ) : null}
        </div>
        <div className="story-row">
          <h3>
            <Trans>Reactions by category</Trans>
          </h3>
          {categories.error ? <p role="alert">{known(categories.error)}</p> : null}
          {categories.data ? (
            <BarChart
              label={t`Reactions by category`}
              names={categories.data.results.map((r) => r.category)}
              values={categories.data.results.map((r) => r.reactions)}
            />
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** A small bar chart (uPlot), with the same numbers as a list for screen readers. */
function BarChart({ label, names, values }: { label: string; names: string[]; values: number[] }) {
  const box = useRef<HTMLDivElement>(null);
  const key = JSON.stringify([names, values]);
  useEffect(() => {
    const node = box.current;
    if (!node || !names.length) return;
    let chart: { destroy: () => void } | undefined;
    let live = true;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (!live) return;
      const xs = names.map((_, i) => i);
      chart = new UPlot(
        {
          width: Math.max(240, node.clientWidth),
          height: 180,
          legend: { show: false },
          scales: { x: { time: false, range: [-0.5, names.length - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
          axes: [{ values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? (names[t] ?? '') : '')), size: 40 }, { size: 36 }],
          series: [
            {},
            {
              label,
              // eslint-disable-next-line lingui/no-unlocalized-strings -- a colour
              fill: 'rgba(17, 54, 90, 0.6)',
              stroke: '#11365A',
              paths: UPlot.paths.bars!({ size: [0.6, 60] }),
              points: { show: false },
            },
          ],
        },
        [xs, values],
        node,
      );
    });
    return () => {
      live = false;
      chart?.destroy();
    };
    // `key` holds names and values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, label]);
  return (
    <figure className="stats-chart">
      {/* The canvas draws its axes left to right, as a number line (right to left, uPlot's labels overflow the canvas). */}
      <div ref={box} aria-hidden="true" dir="ltr" />
      <figcaption>
        <ul aria-label={label}>
          {names.map((n, i) => (
            <li key={n}>
              {n}: {formatNumber(values[i] ?? 0)}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
