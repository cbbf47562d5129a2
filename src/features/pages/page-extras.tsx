// The live parts of three pages, drawn from the figures the API adds to them: the platform's
// reach, the stories that carry each Sustainable Development Goal, and every school's library.
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PageRecord } from '@/data/db';
import { formatNumber } from '@/ui/format';

const REACH = [
  ['schools', msg`Schools`],
  ['countries', msg`Countries`],
  ['students', msg`Students`],
  ['stories', msg`Published stories`],
  ['books', msg`Books in the library`],
] as const;

export function PageExtras({ extras }: { extras: NonNullable<PageRecord['extras']> }) {
  const { t, i18n } = useLingui();
  return (
    <>
      {extras.reach ? (
        <dl className="reach" aria-label={t`StoryNest in numbers`}>
          {REACH.map(([key, label]) => (
            <div key={key}>
              <dt>{i18n._(label)}</dt>
              <dd>{formatNumber(extras.reach![key])}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {extras.sdgs ? (
        <ol className="sdg-list">
          {extras.sdgs.map((goal) => (
            <li key={goal.goal} id={`goal-${goal.goal}`}>
              <h2>
                <span className="sdg-number" aria-hidden="true">
                  {goal.goal}
                </span>{' '}
                {goal.name}
              </h2>
              {goal.stories.length ? (
                <ul>
                  {goal.stories.map((s) => (
                    <li key={s.id}>
                      <a href={`/library?search=${encodeURIComponent(s.title)}`}>{s.title}</a>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">
                  <Trans>No published story carries this goal yet. Yours could be the first.</Trans>
                </p>
              )}
            </li>
          ))}
        </ol>
      ) : null}
      {extras.libraries ? (
        <ul className="library-list">
          {extras.libraries.map(({ site, school_name: school, stories }) => (
            <li key={site}>
              <a href={`${site}/library`}>{school}</a>
              <span>{t`${plural(stories, { one: '# published story', other: '# published stories' })}`}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
