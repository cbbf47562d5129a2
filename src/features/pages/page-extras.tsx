// The live parts of three pages, drawn from the figures the API adds to them: the platform's
// reach, the stories that carry each Sustainable Development Goal, and every school's library.
import type { PageRecord } from '@/data/db';
import { formatNumber } from '@/ui/format';

export function PageExtras({ extras }: { extras: NonNullable<PageRecord['extras']> }) {
  return (
    <>
      {extras.reach ? (
        <dl className="reach" aria-label="StoryNest in numbers">
          {(
            [
              ['schools', 'Schools'],
              ['countries', 'Countries'],
              ['students', 'Students'],
              ['stories', 'Published stories'],
              ['books', 'Books in the library'],
            ] as const
          ).map(([key, label]) => (
            <div key={key}>
              <dt>{label}</dt>
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
                <p className="muted">No published story carries this goal yet. Yours could be the first.</p>
              )}
            </li>
          ))}
        </ol>
      ) : null}
      {extras.libraries ? (
        <ul className="library-list">
          {extras.libraries.map((l) => (
            <li key={l.site}>
              <a href={`${l.site}/library`}>{l.school_name}</a>
              <span>
                {formatNumber(l.stories)} published {l.stories === 1 ? 'story' : 'stories'}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
