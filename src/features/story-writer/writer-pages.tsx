// The story writer's screens: /uploadblogsteps (my unfinished stories and "Start a new
// story"), /uploadblogsteps/{slug} (the four steps), /storyedit?slug= and /upload-blog (the
// one-page form), /uploadcontent (a teacher uploads a finished piece for a child or the class).
// Everything here works offline: it reads and writes the device's documents table.
import { compareText, formatNumber } from '@/ui/format';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import { api } from '@/api/client';
import { unwrap, useRemote } from '@/api/use-remote';
import { useSessionUser } from '@/api/use-session';
import { SDG_COUNT, type PrivacyPreference } from '@/contract/domain';
import { pictureSrc } from '@/contract/document';
import { allowedVisibilities, STORY_MSG, TitleForm } from '@/contract/story-forms';
import { db } from '@/data/db';
import { localPictureUrl } from '@/data/documents';
import { sendingState } from '@/sync/document-changes';
import { useLive } from '@/data/live';
import { DocumentEditor } from '@/ui/editor/document-editor';
import { isPictureFile } from '@/ui/editor/resize-picture';
import { useOnline } from '@/ui/use-online';
import { PIECE_ACCEPT, PIECE_MAX_PICTURES, PIECE_MSG, pieceKind, pieceToDocumentState, titleFromFileName } from './import-piece';
import { addPicture, saveStoryDetails, saveStoryText, startStory, submitStory, type StoryMeta } from './story-commands';
import { SaveStatus } from '@/ui/editor/save-status';
import { useMyDrafts, useStoryDraft } from './use-story-draft';
import type { STEPS } from './writer.machine';
import { writerMachine } from './writer.machine';
import '@/ui/forms.css';
import './writer.css';

const STEP_LABELS = [msg`Title and cover`, msg`My story`, msg`What it is about`, msg`Who may read it`];
const VISIBILITY_TEXT: Record<PrivacyPreference, MessageDescriptor> = {
  private: msg`Private: only me and my teachers`,
  community: msg`Community: my school and our families`,
  public: msg`Public: everyone, in the library`,
};

function SignInFirst() {
  return (
    <section className="page writer" aria-labelledby="writer-title">
      <h1 id="writer-title">
        <Trans>Write a story</Trans>
      </h1>
      <p className="notice notice-warning">
        <Trans>
          Sign in to write a story. <Link to="/login/{-$token}">Sign in</Link>
        </Trans>
      </p>
    </section>
  );
}

/** A story the write page lists: one on this tablet, or one the server keeps for the child. */
interface Unfinished {
  slug: string;
  title: string;
  status: string | undefined;
}

/**
 * The child's unfinished stories: those on this tablet (their details as the tablet knows them),
 * then, when online, the drafts and sent-back stories the server keeps for them, written on
 * another tablet or sent from this one and gone from it since (they open from the server).
 */
function useUnfinishedStories(owner: number | null): Unfinished[] | undefined {
  const device = useMyDrafts();
  const online = useOnline();
  const remote = useRemote(online && owner ? `unfinished-stories:${owner}` : null, () => unwrap(api.GET('/student/stories/')));
  if (!device) return undefined;
  const rows: Unfinished[] = device.map((d) => {
    const meta = d.meta as StoryMeta;
    return { slug: d.id, title: meta.title ?? '', status: meta.status };
  });
  const here = new Set(rows.map((r) => r.slug));
  if (remote.status === 'succeeded')
    for (const s of remote.data.results)
      if ((s.status === 'draft' || s.status === 'returned') && !here.has(s.slug))
        rows.push({ slug: s.slug, title: s.title, status: s.status });
  return rows;
}

/** /uploadblogsteps: the child's unfinished stories (on this tablet or kept by the server), and a new one. */
export function StartStoryPage() {
  const user = useSessionUser();
  const stories = useUnfinishedStories(user?.id ?? null);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const { t } = useLingui();
  if (!user) return <SignInFirst />;
  const start = async () => {
    setBusy(true);
    try {
      const slug = await startStory();
      await navigate({ to: '/uploadblogsteps/$slug', params: { slug } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="page writer" aria-labelledby="writer-title">
      <h1 id="writer-title">
        <Trans>Write a story</Trans>
      </h1>
      <button type="button" className="button writer-big" onClick={start} disabled={busy}>
        <Trans>Start a new story</Trans>
      </button>
      {stories?.length ? (
        <>
          <h2>
            <Trans>My stories</Trans>
          </h2>
          <ul className="writer-drafts">
            {stories.map((d) => (
              <li key={d.slug}>
                <Link to="/uploadblogsteps/$slug" params={{ slug: d.slug }} className="writer-draft">
                  <span className="writer-draft-title">{d.title || t`My story (no title yet)`}</span>
                  <span className="writer-draft-status">{statusText(d.status)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function statusText(status: string | undefined): string {
  switch (status) {
    case 'sending':
      return t`Will be sent to my teacher`;
    case 'submitted':
      return t`Sent to my teacher`;
    case 'returned':
      return t`My teacher sent it back`;
    case 'published':
      return t`Published`;
    default:
      return t`Draft`;
  }
}

function Cover({ cover }: { cover: string | null | undefined }) {
  const [src, setSrc] = useState<string | null>(null);
  const { t } = useLingui();
  useEffect(() => {
    const id = cover ? (/\/api\/pictures\/([^/]+)\//.exec(cover)?.[1] ?? cover) : null;
    if (!id) return setSrc(null);
    setSrc(pictureSrc(id));
    void localPictureUrl(id).then((url) => url && setSrc(url));
  }, [cover]);
  return src ? <img className="writer-cover" src={src} alt={t`The cover picture`} /> : null;
}

function PictureButton({ label, onPicture, testId }: { label: string; onPicture: (id: string) => void; testId: string }) {
  const [error, setError] = useState<string | null>(null);
  const { t } = useLingui();
  return (
    <p className="field">
      <label htmlFor={testId}>{label}</label>
      <input
        id={testId}
        data-testid={testId}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          if (!isPictureFile(file)) return setError(t`Pictures must be JPEG, PNG or WebP.`);
          setError(null);
          try {
            onPicture(await addPicture(file));
          } catch (err) {
            setError((err as Error).message);
          }
        }}
      />
      {error ? (
        <span className="notice notice-error" role="alert">
          {error}
        </span>
      ) : null}
    </p>
  );
}

function TitleStep({ slug, meta, onDone, children }: { slug: string; meta: StoryMeta; onDone: () => void; children?: ReactNode }) {
  const form = useForm({ resolver: zodResolver(TitleForm), values: { title: meta.title ?? '' } });
  const { t } = useLingui();
  const known = useKnown();
  const titleError = form.formState.errors.title?.message;
  const submit = form.handleSubmit(async ({ title }) => {
    await saveStoryDetails(slug, { title, step: 2 }, t`Named a story`);
    onDone();
  });
  return (
    <form onSubmit={submit} className="writer-form" noValidate>
      <p className="field">
        <label htmlFor="story-title">
          <Trans>Title of my story</Trans>
        </label>
        <input
          id="story-title"
          {...form.register('title')}
          aria-invalid={!!form.formState.errors.title}
          aria-describedby="story-title-error"
          maxLength={120}
        />
        {form.formState.errors.title ? (
          <span id="story-title-error" className="notice notice-error" role="alert">
            {titleError ? known(titleError) : null}
          </span>
        ) : null}
      </p>
      <Cover cover={meta.cover} />
      <PictureButton
        label={t`Cover picture`}
        testId="cover-input"
        onPicture={(id) => void saveStoryDetails(slug, { cover: id }, t`Added a cover picture`)}
      />
      <div className="writer-nav">
        {children}
        <button type="submit" className="button writer-big">
          <Trans>Next</Trans>
        </button>
      </div>
    </form>
  );
}

function AboutFields({ slug, meta }: { slug: string; meta: StoryMeta }) {
  const categories = useLive(() => db.categories.orderBy('name').toArray(), []);
  const online = useOnline();
  const causes = useRemote(online ? 'charities' : null, () => unwrap(api.GET('/charities/')));
  const sdgs = meta.sdgs ?? [];
  const { t } = useLingui();
  return (
    <>
      <p className="field">
        <label htmlFor="story-category">
          <Trans>Category</Trans>
        </label>
        <select
          id="story-category"
          value={meta.category_id ?? ''}
          onChange={(e) =>
            void saveStoryDetails(slug, { category_id: e.target.value ? Number(e.target.value) : null }, t`Chose a category`)
          }
        >
          <option value="">{t`Choose a category`}</option>
          {categories?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </p>
      <fieldset className="writer-sdgs">
        <legend>
          <Trans>Global Goals (you may choose some)</Trans>
        </legend>
        {Array.from({ length: SDG_COUNT }, (_, i) => i + 1).map((n) => {
          const goal = formatNumber(n);
          return (
            <label key={n} className="writer-sdg">
              <input
                type="checkbox"
                checked={sdgs.includes(n)}
                onChange={(e) =>
                  void saveStoryDetails(
                    slug,
                    { sdgs: e.target.checked ? [...sdgs, n].sort((a, b) => a - b) : sdgs.filter((x) => x !== n) },
                    t`Chose goals`,
                  )
                }
              />
              {t`Goal ${goal}`}
            </label>
          );
        })}
      </fieldset>
      {causes.status === 'succeeded' && causes.data.results.length ? (
        <p className="field">
          <label htmlFor="story-cause">
            <Trans>A charity cause of my school (optional)</Trans>
          </label>
          <select
            id="story-cause"
            value={meta.charity_id ?? ''}
            onChange={(e) => void saveStoryDetails(slug, { charity_id: e.target.value ? Number(e.target.value) : null }, t`Chose a cause`)}
          >
            <option value="">{t`No cause`}</option>
            {causes.data.results.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </p>
      ) : null}
    </>
  );
}

function AudienceFields({ slug, meta }: { slug: string; meta: StoryMeta }) {
  const allowed = allowedVisibilities(meta.author_privacy ?? 'public');
  const current = meta.privacy_preference ?? allowed[Math.min(1, allowed.length - 1)]!;
  const { t, i18n } = useLingui();
  return (
    <fieldset className="writer-audience">
      <legend>
        <Trans>Who may read my story?</Trans>
      </legend>
      {(['private', 'community', 'public'] as const).map((v) => (
        <label key={v} className="writer-choice">
          <input
            type="radio"
            name="visibility"
            value={v}
            checked={current === v}
            disabled={!allowed.includes(v)}
            onChange={() => void saveStoryDetails(slug, { privacy_preference: v }, t`Chose who may read a story`)}
          />
          {i18n._(VISIBILITY_TEXT[v])}
        </label>
      ))}
    </fieldset>
  );
}

function readyToSend(meta: StoryMeta, hasText: boolean): string | null {
  if (!meta.title?.trim()) return STORY_MSG.noTitle;
  if (!hasText) return STORY_MSG.emptyStory;
  return null;
}

/** /uploadblogsteps/{slug}: the four steps. */
export function WriteStepsPage({ slug }: { slug: string }) {
  const draft = useStoryDraft(slug);
  const user = useSessionUser();
  if (!user) return <SignInFirst />;
  if (draft.missing) return <NotOnTablet refused={draft.fetchError} />;
  if (!draft.record || !draft.ydoc)
    return (
      <p role="status">
        <Trans>Opening your story…</Trans>
      </p>
    );
  return <Steps slug={slug} draft={draft} staff={user.role !== 'student'} />;
}

/** A story this tablet does not have: offline (it opens once online), or the server would not give it. */
function NotOnTablet({ refused }: { refused: string | null }) {
  return (
    <section className="page writer" aria-labelledby="writer-title">
      <h1 id="writer-title">
        <Trans>Write a story</Trans>
      </h1>
      <p className="notice notice-warning">
        {refused === null ? (
          <Trans>This story is not on this tablet yet. Connect to the internet to open it.</Trans>
        ) : (
          <Trans>This story is not on this tablet. It may belong to someone else.</Trans>
        )}
      </p>
      <Link to="/uploadblogsteps" className="button">
        <Trans>My stories</Trans>
      </Link>
    </section>
  );
}

type Draft = ReturnType<typeof useStoryDraft>;

function Steps({ slug, draft, staff }: { slug: string; draft: Draft; staff: boolean }) {
  const meta = draft.meta;
  const comment = meta.review_comment;
  const { t, i18n } = useLingui();
  const known = useKnown();
  // A story sent back opens at its words (the teacher's comment is about them); a draft where
  // it was left; a sent one at the last step.
  const [snapshot, send] = useMachine(writerMachine, {
    input: { step: meta.status === 'returned' ? 2 : meta.status === 'draft' || !meta.status ? (meta.step ?? 1) : 4 },
  });
  const state = snapshot.value as (typeof STEPS)[number] | 'sending' | 'sent' | 'resume';
  const step = snapshot.context.step;
  const go = (n: number) => {
    void saveStoryDetails(slug, { step: n }, t`Moved to another step`);
    send({ type: 'GOTO', step: n });
  };
  const next = () => {
    void saveStoryDetails(slug, { step: Math.min(4, step + 1) }, t`Moved to the next step`);
    send({ type: 'NEXT' });
  };
  const back = () => send({ type: 'BACK' });
  const sendStory = async () => {
    const problem = readyToSend(meta, draft.ydoc!.getXmlFragment('default').length > 0);
    send({ type: 'SUBMIT' });
    if (problem) return send({ type: 'FAILED', message: problem });
    try {
      // The words first: the sending is queued after every change typed so far, never ahead.
      await draft.flush();
      await submitStory(slug, meta.title ?? '');
    } catch (err) {
      return send({ type: 'FAILED', message: err instanceof Error ? err.message : String(err) });
    }
    send({ type: 'SENT' });
  };
  const Back = () => (
    <button type="button" className="button button-secondary writer-big" onClick={back}>
      <Trans>Back</Trans>
    </button>
  );
  return (
    <section className="page writer" aria-labelledby="writer-title">
      <h1 id="writer-title">{meta.title || t`My new story`}</h1>
      <ol className="writer-steps" aria-label={t`Steps`}>
        {STEP_LABELS.map((label, i) => (
          <li key={i}>
            <button
              type="button"
              className="writer-step"
              aria-current={step === i + 1 && state !== 'sent' ? 'step' : undefined}
              onClick={() => go(i + 1)}
            >
              <span className="writer-step-n">{formatNumber(i + 1)}</span> {i18n._(label)}
            </button>
          </li>
        ))}
      </ol>
      <SaveStatus text={draft.saveText} failed={draft.save === 'failed'} />
      {comment && meta.status === 'returned' ? (
        <p className="notice notice-warning">
          <Trans>
            <strong>My teacher says:</strong> {comment}
          </Trans>
        </p>
      ) : null}
      {state === 'title' ? (
        <>
          <h2>
            <Trans>1. Title and cover</Trans>
          </h2>
          <TitleStep slug={slug} meta={meta} onDone={() => send({ type: 'NEXT' })} />
        </>
      ) : state === 'story' ? (
        <>
          <h2>
            <Trans>2. My story</Trans>
          </h2>
          <DocumentEditor ydoc={draft.ydoc!} label={t`My story`} placeholder={t`Once upon a time…`} onPicture={pictureFor} />
          <div className="writer-nav">
            <Back />
            <button type="button" className="button writer-big" onClick={next}>
              <Trans>Next</Trans>
            </button>
          </div>
        </>
      ) : state === 'about' ? (
        <>
          <h2>
            <Trans>3. What it is about</Trans>
          </h2>
          <AboutFields slug={slug} meta={meta} />
          <div className="writer-nav">
            <Back />
            <button type="button" className="button writer-big" onClick={next}>
              <Trans>Next</Trans>
            </button>
          </div>
        </>
      ) : state === 'audience' || state === 'sending' ? (
        <>
          <h2>
            <Trans>4. Who may read it</Trans>
          </h2>
          <AudienceFields slug={slug} meta={meta} />
          {snapshot.context.error ? (
            <p className="notice notice-error" role="alert">
              {known(snapshot.context.error)}
            </p>
          ) : null}
          <div className="writer-nav">
            <Back />
            <button type="button" className="button writer-big" onClick={sendStory} disabled={state === 'sending'}>
              {staff ? t`Publish` : t`Send to my teacher`}
            </button>
          </div>
        </>
      ) : state === 'sent' ? (
        <div className="writer-sent">
          <SentNotice slug={slug} owner={draft.owner} status={meta.status} staff={staff} />
          <div className="writer-nav">
            <button type="button" className="button button-secondary writer-big" onClick={() => send({ type: 'EDIT' })}>
              <Trans>Keep writing</Trans>
            </button>
            <Link to="/uploadblogsteps" className="button writer-big">
              <Trans>My stories</Trans>
            </Link>
          </div>
        </div>
      ) : null}
    </section>
  );
}

/**
 * What became of a story sent (or published): "Sent!" only once the server has it (its answer
 * left the queue, or the server's copy says so), "Will be sent" while it waits on this tablet,
 * and the server's words when it refused it.
 */
function SentNotice({ slug, owner, status, staff }: { slug: string; owner: number | null; status: string | undefined; staff: boolean }) {
  const online = useOnline();
  const { t } = useLingui();
  const known = useKnown();
  const sending = useLive(() => (owner ? sendingState(owner, 'story', slug) : undefined), [owner, slug]);
  if (!sending) return null;
  const confirmed = status === 'submitted' || status === 'published' || (status === 'sending' && sending.state === 'none');
  if (sending.state === 'refused' || (!confirmed && sending.state === 'none'))
    return (
      <>
        <h2>
          <Trans>Not sent</Trans>
        </h2>
        <p role="alert" className="notice notice-error">
          {sending.message
            ? notSentBecause(staff, known(sending.message))
            : staff
              ? t`Your story was not published.`
              : t`Your story was not sent.`}
        </p>
      </>
    );
  if (!confirmed)
    return (
      <>
        <h2>{staff ? t`Will be published` : t`Will be sent`}</h2>
        <p role="status">
          {online
            ? staff
              ? t`Your story is saved on this tablet and is on its way to be published.`
              : t`Your story is saved on this tablet and is on its way to your teacher.`
            : staff
              ? t`Your story is saved on this tablet. It will be published when the tablet is online.`
              : t`Your story is saved on this tablet. It will be sent to your teacher when the tablet is online.`}
        </p>
      </>
    );
  return (
    <>
      <h2>{staff ? t`Published` : t`Sent!`}</h2>
      <p role="status">{known(staff ? STORY_MSG.published : STORY_MSG.submitted)}</p>
    </>
  );
}

/** "Your story was not sent: {why}." in one sentence a translator can turn round. */
function notSentBecause(staff: boolean, reason: string): string {
  return staff ? t`Your story was not published: ${reason}` : t`Your story was not sent: ${reason}`;
}

async function pictureFor(file: File) {
  if (!isPictureFile(file)) return null;
  return { id: await addPicture(file), alt: t`A picture in my story` };
}

/** /storyedit?slug= and /upload-blog: the whole story on one page. */
export function OnePageStory({ slug }: { slug: string | undefined }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  useEffect(() => {
    if (user && !slug) void startStory().then((s) => navigate({ to: '/storyedit', search: { slug: s }, replace: true }));
  }, [user, slug, navigate]);
  if (!user) return <SignInFirst />;
  if (!slug)
    return (
      <p role="status">
        <Trans>Starting a story…</Trans>
      </p>
    );
  return <OnePageForm slug={slug} staff={user.role !== 'student'} />;
}

function OnePageForm({ slug, staff }: { slug: string; staff: boolean }) {
  const draft = useStoryDraft(slug);
  const [message, setMessage] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const { t } = useLingui();
  const known = useKnown();
  if (draft.missing) return <NotOnTablet refused={draft.fetchError} />;
  if (!draft.record || !draft.ydoc)
    return (
      <p role="status">
        <Trans>Opening the story…</Trans>
      </p>
    );
  const meta = draft.meta;
  const title = meta.title;
  return (
    <section className="page writer" aria-labelledby="writer-title">
      <h1 id="writer-title">{title ? t`Edit “${title}”` : t`Write a story`}</h1>
      <SaveStatus text={draft.saveText} failed={draft.save === 'failed'} />
      <TitleStep slug={slug} meta={meta} onDone={() => setMessage(t`Title saved.`)} />
      <h2>
        <Trans>The story</Trans>
      </h2>
      <DocumentEditor ydoc={draft.ydoc} label={t`The story`} onPicture={pictureFor} />
      <AboutFields slug={slug} meta={meta} />
      <AudienceFields slug={slug} meta={meta} />
      {message ? <p role="status">{known(message)}</p> : null}
      {sent ? <SentNotice slug={slug} owner={draft.owner} status={meta.status} staff={staff} /> : null}
      <div className="writer-nav">
        <button
          type="button"
          className="button writer-big"
          onClick={async () => {
            const problem = readyToSend(meta, draft.ydoc!.getXmlFragment('default').length > 0);
            if (problem) return setMessage(problem);
            setMessage(null);
            try {
              // The words first: the sending is queued after every change typed so far.
              await draft.flush();
              await submitStory(slug, meta.title ?? '');
              setSent(true);
            } catch (err) {
              setMessage(err instanceof Error ? err.message : String(err));
            }
          }}
        >
          {staff ? t`Publish` : t`Send to my teacher`}
        </button>
      </div>
    </section>
  );
}

/**
 * /uploadcontent: a teacher turns a finished piece into a story for a child, the class or
 * themselves: a Word document (.docx) or a text file (.txt) and/or pictures (a photo of each
 * page). The piece becomes the story's document on this device (sanitised, in the editor's
 * schema; source 'uploaded'), then the one-page form opens to check it and publish.
 */
export function UploadContentPage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  // first_name is not an index of the device's students: sorted here.
  const students = useLive(
    async () =>
      (await db.students.filter((s) => !s.archived && s.id > 0).toArray()).sort((a, b) =>
        compareText(`${a.first_name} ${a.last_name}`, `${b.first_name} ${b.last_name}`),
      ),
    [],
  );
  const classes = useLive(() => db.classes.toArray(), []);
  const [who, setWho] = useState('');
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [pictures, setPictures] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useLingui();
  const known = useKnown();
  if (!user) return <SignInFirst />;
  if (user.role === 'student') return <StartStoryPage />;
  const create = async () => {
    setProblem(null);
    if (file && !pieceKind(file)) return setProblem(PIECE_MSG.type);
    if (pictures.length > PIECE_MAX_PICTURES) return setProblem(PIECE_MSG.tooManyPictures);
    if (pictures.some((p) => !isPictureFile(p))) return setProblem(PIECE_MSG.pictureType);
    setBusy(true);
    try {
      const name = title.trim() || (file ? titleFromFileName(file.name) : '');
      // Read first: a document that cannot be read starts no story.
      const state = file || pictures.length ? await pieceToDocumentState({ file, pictures }, (p) => addPicture(p)) : null;
      const [kind, id] = who.split(':');
      const slug = await startStory({
        title: name || undefined,
        source: 'uploaded',
        ...(kind === 'student' ? { author_id: Number(id) } : kind === 'class' ? { class_id: Number(id) } : {}),
      });
      if (state) await saveStoryText(slug, name, state, state);
      await navigate({ to: '/storyedit', search: { slug } });
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="page writer" aria-labelledby="writer-title">
      <h1 id="writer-title">
        <Trans>Upload a finished piece</Trans>
      </h1>
      <p className="lead">
        <Trans>
          Choose whose story it is, then add the piece: a Word document or a text file, and pictures (a photo of each page works well). You
          can check and change everything before it is published.
        </Trans>
      </p>
      <p className="field">
        <label htmlFor="upload-for">
          <Trans>Whose story is it?</Trans>
        </label>
        <select id="upload-for" value={who} onChange={(e) => setWho(e.target.value)}>
          <option value="">{t`Mine`}</option>
          {classes?.map(({ id, name }) => (
            <option key={`c${id}`} value={`class:${id}`}>
              {t`The class ${name}`}
            </option>
          ))}
          {students?.map((s) => (
            <option key={s.id} value={`student:${s.id}`}>
              {s.first_name} {s.last_name}
            </option>
          ))}
        </select>
      </p>
      <p className="field">
        <label htmlFor="upload-title">
          <Trans>Title</Trans>
        </label>
        <input
          id="upload-title"
          value={title}
          maxLength={120}
          placeholder={file ? titleFromFileName(file.name) : t`The story’s title`}
          onChange={(e) => setTitle(e.target.value)}
        />
      </p>
      <p className="field">
        <label htmlFor="upload-file">
          <Trans>The piece: a Word document (.docx) or a text file (.txt)</Trans>
        </label>
        <input
          id="upload-file"
          type="file"
          accept={PIECE_ACCEPT}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setProblem(null);
          }}
        />
      </p>
      <p className="field">
        <label htmlFor="upload-pictures">
          <Trans>Pictures (JPEG, PNG or WebP; up to 30)</Trans>
        </label>
        <input
          id="upload-pictures"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          onChange={(e) => {
            setPictures([...(e.target.files ?? [])]);
            setProblem(null);
          }}
        />
      </p>
      {problem ? (
        <p role="alert" className="notice notice-error">
          {known(problem)}
        </p>
      ) : null}
      <button type="button" className="button writer-big" onClick={() => void create()} disabled={busy}>
        {busy ? t`Reading the piece…` : t`Continue`}
      </button>
    </section>
  );
}
