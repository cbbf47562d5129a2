// A child's own stories on their dashboard, drafts first: drafts, sent back with their teacher's
// comment (and what the teacher changed), waiting for review, published, with the reactions
// they received. It works offline: the stories written on this tablet come from the device, and
// the server's list (`GET /student/stories/`) is kept on the device each time it is fetched
// (src/data/my-lists.ts, gone at sign-out), so with no network the last one is shown.
import { formatNumber } from '@/ui/format';
import { Link } from '@tanstack/react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { api } from '@/api/client';
import { unwrap, useRemote } from '@/api/use-remote';
import { useSessionUser } from '@/api/use-session';
import type { components } from '@/api/schema';
import { hasShape } from '@/contract/shape';
import { ownerDocuments } from '@/data/documents';
import { useLive } from '@/data/live';
import { keepMyList, keptMyList } from '@/data/my-lists';
import { useOnline } from '@/ui/use-online';
import { StoryChanges } from './story-changes';

type MyStory = components['schemas']['MyStory'];
/** A story as the dashboard shows it: the server's row, or one only this tablet has so far. */
type Row = Pick<MyStory, 'slug' | 'title' | 'review_comment' | 'reactions'> & {
  status: MyStory['status'] | 'sending';
  submitted_text: string | null;
  returned_text: string | null;
  current_text: string;
  onDevice: boolean;
};

const GROUPS: { title: MessageDescriptor; empty: MessageDescriptor; holds: Row['status'][] }[] = [
  { title: msg`Drafts`, empty: msg`No drafts.`, holds: ['draft'] },
  { title: msg`Sent back with a comment`, empty: msg`Nothing sent back.`, holds: ['returned'] },
  { title: msg`Waiting for review`, empty: msg`Nothing waiting for review.`, holds: ['sending', 'submitted'] },
  { title: msg`Published`, empty: msg`Nothing published yet.`, holds: ['published'] },
];

const STATUSES = ['draft', 'submitted', 'returned', 'published'] as const;
const isMyStory = (row: unknown): row is MyStory =>
  hasShape(row, {
    slug: 'string',
    title: 'string',
    status: STATUSES,
    review_comment: 'string?',
    submitted_text: 'string?',
    returned_text: 'string?',
    current_text: 'string',
    reactions: 'number',
  });

/** The device's drafts over the server's rows: what this tablet still has to send wins. */
function merge(server: MyStory[], device: { id: string; meta: Record<string, unknown> }[]): Row[] {
  const rows = new Map<string, Row>(server.map((s) => [s.slug, { ...s, onDevice: false }]));
  for (const d of device) {
    const meta = d.meta as { title?: string; status?: string; review_comment?: string | null };
    const known = rows.get(d.id);
    const local = (STATUSES as readonly string[]).includes(meta.status ?? '') ? (meta.status as MyStory['status']) : 'draft';
    const status: Row['status'] = meta.status === 'sending' ? 'sending' : (known?.status ?? local);
    rows.set(d.id, {
      slug: d.id,
      title: known?.title || meta.title || '',
      status,
      review_comment: known?.review_comment ?? meta.review_comment ?? null,
      reactions: known?.reactions ?? 0,
      submitted_text: known?.submitted_text ?? null,
      returned_text: known?.returned_text ?? null,
      current_text: known?.current_text ?? '',
      onDevice: true,
    });
  }
  return [...rows.values()];
}

export function MyStories() {
  const owner = useSessionUser()?.id ?? null;
  const online = useOnline();
  const { t, i18n } = useLingui();
  // Fetched when online and kept on the device; the screen draws what the device holds.
  const remote = useRemote(online && owner ? `my-stories:${owner}` : null, async () => {
    const data = await unwrap(api.GET('/student/stories/'));
    await keepMyList('stories', owner!, data.results, { reactions_received: data.reactions_received });
    return data;
  });
  const kept = useLive(() => (owner ? keptMyList('stories', owner, isMyStory) : null), [owner]);
  const device = useLive(() => (owner ? ownerDocuments(owner, 'story') : []), [owner]);
  if (kept === undefined || device === undefined || (kept === null && !device.length && online && remote.status === 'loading'))
    return (
      <p>
        <Trans>Loading your stories…</Trans>
      </p>
    );
  const rows = merge(kept?.rows ?? [], device);
  const reactions = kept?.extra['reactions_received'];
  const received = typeof reactions === 'number' ? formatNumber(reactions) : '';
  return (
    <section aria-labelledby="my-stories-title">
      <h2 id="my-stories-title">
        <Trans>My stories</Trans>
      </h2>
      {!kept && (!online || remote.status === 'failed') ? (
        <p className="notice" role="status">
          {online && remote.status === 'failed'
            ? remote.error
            : t`These are the stories on this tablet. Your other stories show here when the tablet is online.`}
        </p>
      ) : null}
      {typeof reactions === 'number' ? (
        <p>
          <Trans>
            Reactions received: <strong>{received}</strong>
          </Trans>
        </p>
      ) : null}
      {GROUPS.map((g) => {
        const mine = rows.filter((s) => g.holds.includes(s.status));
        const id = `group-${g.holds[0]}`;
        const group = i18n._(g.title);
        const count = formatNumber(mine.length);
        return (
          <section key={id} aria-labelledby={id}>
            <h3 id={id}>{t`${group} (${count})`}</h3>
            {!mine.length ? <p>{i18n._(g.empty)}</p> : null}
            <ul className="story-list">
              {mine.map((s) => {
                const title = s.title || t`Untitled story`;
                const comment = s.review_comment;
                const reactionCount = s.reactions;
                return (
                  <li key={s.slug} className="story-row">
                    <h4>{title}</h4>
                    {s.status === 'sending' ? (
                      <p>
                        <Trans>Will be sent to your teacher when the tablet is online.</Trans>
                      </p>
                    ) : null}
                    {comment && s.status === 'returned' ? (
                      <p className="review-comment">
                        <Trans>
                          <strong>Your teacher says:</strong> {comment}
                        </Trans>
                      </p>
                    ) : null}
                    {/* Sent back: the teacher's changes up to their comment (the child's own edits since are not theirs). */}
                    {s.submitted_text !== null && s.status !== 'draft' ? (
                      <StoryChanges
                        before={s.submitted_text}
                        after={s.status === 'returned' ? (s.returned_text ?? s.submitted_text) : s.current_text}
                        title={t`What your teacher changed`}
                      />
                    ) : null}
                    <div className="story-actions">
                      {s.status === 'draft' || s.status === 'returned' ? (
                        <Link to="/uploadblogsteps/$slug" params={{ slug: s.slug }} className="button">
                          {t`Continue writing “${title}”`}
                        </Link>
                      ) : s.status === 'sending' ? null : (
                        <Link to="/stories/$slug" params={{ slug: s.slug }} className="button button-secondary">
                          {t`Read “${title}”`}
                        </Link>
                      )}
                      {s.status === 'published' ? (
                        <span>{t`${plural(reactionCount, { one: '# reaction', other: '# reactions' })}`}</span>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </section>
  );
}
