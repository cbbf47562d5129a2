// A story's reading page (/stories/{slug}): cover, title, the author as first name and initial,
// the school, category, SDGs, the body and reactions. It asks the server each time it opens and
// keeps the answer on the device (src/data/kept-stories.ts), so once opened it opens offline.
// The body is HTML written by someone else: it is sanitised with DOMPurify here, in the browser,
// before display (this route's chunk is the only one that loads DOMPurify).
// A first visit to a story anyone may read draws the copy the server sent with the page
// (server/http/page-data.ts); the device's copy and the reader's own answer follow once idle.
import { Trans, useLingui } from '@lingui/react/macro';
import { t as tr } from '@lingui/core/macro';
import { useKnown } from '@/i18n/known';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import DOMPurify from 'dompurify';
import { api } from '@/api/client';
import { useCommunityAccess, useSessionUser } from '@/api/use-session';
import { REACTIONS, type Reaction } from '@/contract/domain';
import { hasShape } from '@/contract/shape';
import type { KeptStory } from '@/data/kept-stories';
import { useLiveOnDemand } from '@/data/on-demand';
import { sentWithPage } from '@/ui/sent-with-page';
import { formatNumber } from '@/ui/format';
import { toast } from '@/ui/toast';
import { useIdleAfterLoad } from '@/ui/when-idle';
import { react, REACTION_LABELS } from './reaction-commands';

type Fetched = 'loading' | 'fresh' | 'gone' | 'offline';

const kept = () => import('@/data/kept-stories');

function sentStory(slug: string): KeptStory | undefined {
  const story = sentWithPage<unknown>('story', `/stories/${slug}`);
  const fits =
    hasShape(story, { id: 'number', slug: 'string', title: 'string', body: 'string', author: 'string', school: 'string' }) &&
    Array.isArray(story.sdgs) &&
    hasShape(story.reactions, {});
  return fits && story.slug === slug ? (story as KeptStory) : undefined;
}

export function StoryPage() {
  const { slug } = useParams({ strict: false }) as { slug: string };
  const sent = sentStory(slug);
  const idle = useIdleAfterLoad();
  const device = idle || !sent ? kept : null;
  const stored = useLiveOnDemand(device, (m) => m.keptStory(slug).then((s) => s ?? null), [slug]);
  const [fetched, setFetched] = useState<Fetched>('loading');
  // The device's copy once it has one; the page's own until then, unless the server now says no.
  const story = stored ?? (fetched === 'gone' ? null : sent) ?? stored;
  const user = useSessionUser();
  const community = useCommunityAccess();
  const asking = device !== null;
  const { t } = useLingui();
  const known = useKnown();

  useEffect(() => {
    if (!asking) return;
    let live = true;
    setFetched('loading');
    api.GET('/reading/stories/{slug}/', { params: { path: { slug } } }).then(
      async ({ data, response }) => {
        const { keepStory, forgetStory } = await kept();
        if (data) await keepStory(data);
        else if (response.status === 404) await forgetStory(slug);
        if (live) setFetched(data ? 'fresh' : response.status === 404 ? 'gone' : 'offline');
      },
      () => live && setFetched('offline'),
    );
    return () => {
      live = false;
    };
    // A new sign-in may see more (or less): ask again.
  }, [slug, user?.id, community, asking]);

  const body = useMemo(() => (story ? DOMPurify.sanitize(story.body, { USE_PROFILES: { html: true } }) : ''), [story]);

  if (story === undefined || (story === null && fetched === 'loading'))
    return (
      <p className="page">
        <Trans>Loading the story…</Trans>
      </p>
    );
  if (!story) {
    return (
      <section className="page" aria-labelledby="story-title">
        <h1 id="story-title">
          <Trans>Story not found</Trans>
        </h1>
        <p>
          {fetched === 'offline' ? (
            <Trans>You are offline. Please connect to the internet and try again.</Trans>
          ) : (
            <Trans>This story is not in the library.</Trans>
          )}
        </p>
        <p>
          <Link to="/library">
            <Trans>Back to the library</Trans>
          </Link>
        </p>
      </section>
    );
  }

  const as = user?.role === 'student' ? 'child' : !user && community ? 'parent' : null;
  const canReact = as !== null && story.reactions.can_react !== false && story.status === 'published';
  const choose = async (reaction: Reaction) => {
    if (!as) return;
    try {
      await react(story, story.reactions.mine === reaction ? null : reaction, as);
    } catch (err) {
      toast('error', known(err instanceof Error ? err.message : String(err)));
    }
  };
  const { title, author, school, category, charity, status } = story;
  const goalName = (n: number) => {
    const goal = formatNumber(n);
    return t`Goal ${goal}`;
  };

  return (
    <article className="page story-page" aria-labelledby="story-title">
      <p className="breadcrumbs">
        <Link to="/library">
          <Trans>Library</Trans>
        </Link>
        {category ? ` › ${category}` : null}
      </p>
      {story.cover ? <img src={story.cover} alt={t`Cover of ${title}`} className="story-cover" /> : null}
      <h1 id="story-title">{title}</h1>
      <p className="story-byline">{t`by ${author} · ${school}`}</p>
      {status !== 'published' ? <p className="story-status">{notPublishedYet(status)}</p> : null}
      {story.sdgs.length ? (
        <ul className="story-sdgs" aria-label={t`Sustainable Development Goals`}>
          {story.sdgs.map((goal) => (
            <li key={goal}>{goalName(goal)}</li>
          ))}
        </ul>
      ) : null}
      {charity ? <p className="story-charity">{t`Supports ${charity}`}</p> : null}
      <div className="story-body" dangerouslySetInnerHTML={{ __html: body }} />
      <section className="story-reactions" aria-labelledby="reactions-title">
        <h2 id="reactions-title">
          <Trans>Reactions</Trans>
        </h2>
        <div role="group" aria-label={t`React to this story`} className="reaction-bar">
          {REACTIONS.map((r) => {
            const name = known(REACTION_LABELS[r].name);
            const count = formatNumber(story.reactions.counts[r]);
            return (
              <button
                key={r}
                type="button"
                className="reaction"
                aria-pressed={story.reactions.mine === r}
                disabled={!canReact}
                onClick={() => void choose(r)}
                aria-label={t`${name}: ${count}`}
              >
                <span aria-hidden="true">{REACTION_LABELS[r].emoji}</span> <span aria-hidden="true">{count}</span>
              </button>
            );
          })}
        </div>
        {!as ? (
          <p className="story-hint">
            <Trans>Children signed in and parents with the community password can react.</Trans>
          </p>
        ) : null}
      </section>
      {fetched === 'offline' ? (
        <p className="story-hint">
          <Trans>You are offline: this is the copy saved on this device.</Trans>
        </p>
      ) : null}
      <p className="story-report">
        <Link to="/report-a-problem" search={{ type: 'story', id: story.id }}>
          <Trans>Report a problem with this story</Trans>
        </Link>
      </p>
    </article>
  );
}

/** "This story is not published yet (draft)." with the state in the reader's words. */
function notPublishedYet(status: string): string {
  switch (status) {
    case 'draft':
      return tr`This story is not published yet (draft).`;
    case 'submitted':
      return tr`This story is not published yet (submitted).`;
    case 'returned':
      return tr`This story is not published yet (returned).`;
    default:
      return tr`This story is not published yet (${status}).`;
  }
}
