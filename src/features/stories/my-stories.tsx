// A child's own dashboard: their stories grouped as drafts, waiting for review, sent back with
// their teacher's comment (and what the teacher changed), and published, with the reactions
// they received. Drafts and returned stories link to the writer to carry on.
import { Link } from '@tanstack/react-router';
import { api } from '@/api/client';
import { unwrap, useRemote } from '@/api/use-remote';
import type { StoryStatus } from '@/contract/domain';
import { StoryChanges } from './story-changes';

const GROUPS: { status: StoryStatus; title: string; empty: string }[] = [
  { status: 'returned', title: 'Sent back with a comment', empty: 'Nothing sent back.' },
  { status: 'draft', title: 'Drafts', empty: 'No drafts.' },
  { status: 'submitted', title: 'Waiting for review', empty: 'Nothing waiting for review.' },
  { status: 'published', title: 'Published', empty: 'Nothing published yet.' },
];

export function MyStories() {
  const remote = useRemote('my-stories', () => unwrap(api.GET('/student/stories/')));
  if (remote.status === 'loading') return <p className="page">Loading your stories…</p>;
  if (remote.status === 'failed')
    return (
      <p className="page" role="alert">
        {remote.error}
      </p>
    );
  const { results, reactions_received } = remote.data;
  return (
    <section className="page" aria-labelledby="my-stories-title">
      <h1 id="my-stories-title">My stories</h1>
      <p>
        <Link to="/uploadblogsteps" className="button">
          Write a new story
        </Link>
      </p>
      <p>
        Reactions received: <strong>{reactions_received}</strong>
      </p>
      {GROUPS.map((g) => {
        const mine = results.filter((s) => s.status === g.status);
        return (
          <section key={g.status} aria-labelledby={`group-${g.status}`}>
            <h2 id={`group-${g.status}`}>
              {g.title} ({mine.length})
            </h2>
            {!mine.length ? <p>{g.empty}</p> : null}
            <ul className="story-list">
              {mine.map((s) => (
                <li key={s.id} className="story-row">
                  <h3>{s.title || 'Untitled story'}</h3>
                  {s.review_comment && s.status === 'returned' ? (
                    <p className="review-comment">
                      <strong>Your teacher says:</strong> {s.review_comment}
                    </p>
                  ) : null}
                  {s.submitted_text !== null && s.status !== 'draft' ? (
                    <StoryChanges before={s.submitted_text} after={s.current_text} title="What your teacher changed" />
                  ) : null}
                  <div className="story-actions">
                    {s.status === 'draft' || s.status === 'returned' ? (
                      <Link to="/uploadblogsteps/$slug" params={{ slug: s.slug }} className="button">
                        Continue writing “{s.title || 'Untitled story'}”
                      </Link>
                    ) : (
                      <Link to="/stories/$slug" params={{ slug: s.slug }} className="button button-secondary">
                        Read “{s.title}”
                      </Link>
                    )}
                    {s.status === 'published' ? <span>{s.reactions} reactions</span> : null}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}
