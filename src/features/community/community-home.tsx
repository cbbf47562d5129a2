// A parent's home (/community): the school's community work as a family looks for it. The parent
// says once which class their child is in, and then which of the class's writers is their child;
// both choices stay on this device. The stories come newest first on four shelves: what the
// school has pinned (while the pin lasts) on top, then their child's, then the class's, then the
// rest of the school's (GET /community/home/).
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { api } from '@/api/client';
import { unwrap, useRemote } from '@/api/use-remote';
import type { components } from '@/api/schema';
import { useKnown } from '@/i18n/known';
import './community.css';

type Home = components['schemas']['CommunityHome'];
type Story = Home['stories'][number];

const CHOICE_KEY = 'community_home';

interface Choice {
  class_id?: number;
  child?: number;
}

function readChoice(): Choice {
  try {
    const raw = JSON.parse(localStorage.getItem(CHOICE_KEY) ?? '{}') as Choice;
    return { class_id: Number(raw.class_id) || undefined, child: Number(raw.child) || undefined };
  } catch {
    return {};
  }
}

function keepChoice(choice: Choice) {
  try {
    localStorage.setItem(CHOICE_KEY, JSON.stringify(choice));
  } catch {
    /* storage blocked: the choice lasts while the page is open */
  }
}

function Shelf({ id, title, stories }: { id: string; title: string; stories: Story[] }) {
  const { t } = useLingui();
  if (!stories.length) return null;
  return (
    <section className="community-shelf" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="story-grid">
        {stories.map(({ id: storyId, slug, title: storyTitle, author, excerpt }) => (
          <li key={storyId} className="story-card">
            <h3>
              <Link to="/stories/$slug" params={{ slug }}>
                {storyTitle}
              </Link>
            </h3>
            <p className="book-author">{t`by ${author}`}</p>
            <p>{excerpt}…</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CommunityHome() {
  const { t } = useLingui();
  const known = useKnown();
  const [choice, setChoice] = useState<Choice>(readChoice);
  const choose = (next: Choice) => {
    keepChoice(next);
    setChoice(next);
  };
  const home = useRemote(`${choice.class_id ?? ''}:${choice.child ?? ''}`, () =>
    unwrap(api.GET('/community/home/', { params: { query: { class_id: choice.class_id, child: choice.child } } })),
  );

  if (home.status === 'loading') return null;
  if (home.status === 'failed') {
    return (
      <section className="page community-home">
        <h1>{t`Our school’s stories`}</h1>
        <p className="notice notice-error" role="alert">
          {known(home.error)}
        </p>
        <p>
          <Link to="/login/{-$token}" params={{}}>
            {t`Enter the community password`}
          </Link>
        </p>
      </section>
    );
  }
  const { classes, writers, stories } = home.data;
  const className = classes.find((k) => k.id === choice.class_id)?.name;
  const childName = writers.find((w) => w.id === choice.child)?.name;
  const on = (shelf: Story['shelf']) => stories.filter((s) => s.shelf === shelf);

  return (
    <section className="page community-home" aria-labelledby="community-title">
      <h1 id="community-title">{t`Our school’s stories`}</h1>
      <form className="community-choice" onSubmit={(e) => e.preventDefault()}>
        <p className="field">
          <label htmlFor="community-class">{t`Your child’s class`}</label>
          <select
            id="community-class"
            value={choice.class_id ?? ''}
            onChange={(e) => choose({ class_id: Number(e.target.value) || undefined })}
          >
            <option value="">{t`Choose a class`}</option>
            {classes.map((k) => (
              <option key={k.id} value={k.id}>
                {k.name}
              </option>
            ))}
          </select>
        </p>
        {writers.length ? (
          <p className="field">
            <label htmlFor="community-child">{t`Your child`}</label>
            <select
              id="community-child"
              value={choice.child ?? ''}
              onChange={(e) => choose({ class_id: choice.class_id, child: Number(e.target.value) || undefined })}
            >
              <option value="">{t`Choose your child`}</option>
              {writers.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </select>
          </p>
        ) : null}
      </form>
      {stories.length === 0 ? <p>{t`No stories have been shared with families yet.`}</p> : null}
      <Shelf id="shelf-pinned" title={t`Chosen by our school`} stories={on('pinned')} />
      {childName ? <Shelf id="shelf-child" title={t`Stories by ${childName}`} stories={on('child')} /> : null}
      {className ? <Shelf id="shelf-class" title={t`Stories from ${className}`} stories={on('class')} /> : null}
      <Shelf id="shelf-school" title={className ? t`More from our school` : t`Stories from our school`} stories={on('school')} />
    </section>
  );
}
