// The Teacher Dashboard's review queue: stories waiting in the teacher's classes. Read one (its
// text as it is now and, when it was sent back before, the teacher's comment and what the child
// changed since it), correct it in the writer (the child sees what was changed), approve it
// (published) or send it back with a short comment the child sees on their dashboard. Each
// decision is queued through the outbox.
import { Trans, useLingui } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { api } from '@/api/client';
import { unwrap, useRemote } from '@/api/use-remote';
import { REVIEW_COMMENT_MAX, STORY_MSG } from '@/contract/story-review';
import { toast } from '@/ui/toast';
import { approveStory, returnStory } from './story-commands';
import { StoryChanges } from './story-changes';

type Waiting = { id: number; title: string; author: string; class_name: string | null; slug: string; excerpt: string };

export function ReviewQueue() {
  const remote = useRemote('review-queue', () =>
    unwrap(api.GET('/teacher/stories/', { params: { query: { status: 'submitted', limit: 100 } } })),
  );
  const [done, setDone] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState<number | null>(null);
  const { t } = useLingui();
  const known = useKnown();

  const settle = (id: number, message: string) => {
    setDone((d) => new Set(d).add(id));
    setOpen(null);
    toast('success', known(message));
  };
  const waiting = remote.status === 'succeeded' ? remote.data.results.filter((s) => !done.has(s.id)) : [];

  return (
    <section className="page" aria-labelledby="review-title">
      <h2 id="review-title">
        <Trans>Stories waiting for review</Trans>
      </h2>
      {remote.status === 'loading' ? (
        <p>
          <Trans>Loading…</Trans>
        </p>
      ) : null}
      {remote.status === 'failed' ? <p role="alert">{known(remote.error)}</p> : null}
      {remote.status === 'succeeded' && !waiting.length ? <p>{known(STORY_MSG.noneWaiting)}</p> : null}
      <ul className="story-list">
        {waiting.map((s) => {
          const { title, author, class_name: className } = s;
          return (
            <li key={s.id} className="story-row">
              <h3>{title}</h3>
              <p>{className ? t`by ${author} · ${className}` : t`by ${author}`}</p>
              <div className="story-actions">
                <button
                  type="button"
                  className="button button-secondary"
                  aria-expanded={open === s.id}
                  onClick={() => setOpen(open === s.id ? null : s.id)}
                >
                  {open === s.id ? t`Close` : t`Read`}
                </button>
                <button
                  type="button"
                  className="button"
                  onClick={() =>
                    approveStory(s).then(
                      () => settle(s.id, STORY_MSG.approved),
                      (err: unknown) => toast('error', String(err)),
                    )
                  }
                >
                  {t`Approve “${title}”`}
                </button>
              </div>
              {open === s.id ? <ReviewStory story={s} onReturned={() => settle(s.id, STORY_MSG.returned)} /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ReviewStory({ story, onReturned }: { story: Waiting; onReturned: () => void }) {
  const detail = useRemote(`review-${story.id}`, () => unwrap(api.GET('/teacher/stories/{id}/', { params: { path: { id: story.id } } })));
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = `comment-${story.id}`;
  const { t } = useLingui();
  const known = useKnown();
  if (detail.status === 'loading')
    return (
      <p>
        <Trans>Loading…</Trans>
      </p>
    );
  if (detail.status === 'failed') return <p role="alert">{known(detail.error)}</p>;
  const d = detail.data;
  const { title, review_comment: yourComment } = d;
  return (
    <div className="review-story">
      <p className="story-text">{d.current_text}</p>
      {yourComment ? (
        <p className="review-comment">
          <Trans>
            <strong>Your comment:</strong> {yourComment}
          </Trans>
        </p>
      ) : null}
      {/* Sent back before: what the child changed since the comment, shown open. */}
      {d.returned_text !== null ? (
        <StoryChanges before={d.returned_text} after={d.current_text} title={t`What the child changed since your comment`} open />
      ) : d.submitted_text !== null ? (
        <StoryChanges before={d.submitted_text} after={d.current_text} title={t`What changed since it was handed in`} />
      ) : null}
      <p className="story-actions">
        <Link to="/storyedit" search={{ slug: d.slug }} className="button button-secondary">
          {t`Edit “${title}”`}
        </Link>
        <Link to="/stories/$slug" params={{ slug: d.slug }}>
          <Trans>Open the story page</Trans>
        </Link>
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const text = comment.trim();
          if (!text) return setError(STORY_MSG.commentNeeded);
          if (text.length > REVIEW_COMMENT_MAX) return setError(STORY_MSG.commentTooLong);
          returnStory(story, text).then(onReturned, (err: unknown) => setError(String(err)));
        }}
      >
        <label htmlFor={fieldId}>
          <Trans>Comment for the child</Trans>
        </label>
        <textarea
          id={fieldId}
          rows={3}
          maxLength={REVIEW_COMMENT_MAX}
          value={comment}
          aria-invalid={!!error}
          onChange={(e) => setComment(e.target.value)}
        />
        {error ? <p role="alert">{known(error)}</p> : null}
        <button type="submit" className="button button-secondary">
          <Trans>Send back</Trans>
        </button>
      </form>
    </div>
  );
}
