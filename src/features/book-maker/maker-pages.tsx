// The book maker's screens: /uploadbook (my books on this tablet, my class's books, start a book,
// upload a finished one) and /uploadbook/{slug} (the cover and the pages: layout, pictures, text,
// order; a preview that looks like the printed book; send it to the school). Everything works
// offline: it reads and writes the device's documents table, and the outbox sends it later.
import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';
import { api } from '@/api/client';
import { unwrap, useRemote } from '@/api/use-remote';
import { useSessionUser } from '@/api/use-session';
import {
  addPage,
  movePage,
  pageField,
  pictureSlots,
  removePage,
  setInfo,
  setLayout,
  setPicture,
  type PageInfo,
} from '@/contract/book-document';
import { BOOK_MSG, BOOK_UPLOAD, checkUpload, StartBookForm } from '@/contract/book-forms';
import { BOOK_LAYOUTS, BOOK_TRIMS, LAYOUT_PICTURES, type BookLayout, type BookTrim } from '@/contract/book-pages';
import { db } from '@/data/db';
import { sendingState } from '@/sync/document-changes';
import { useLive } from '@/data/live';
import { BookPicture } from '@/ui/book/book-page-view';
import { BookPdfButton } from '@/ui/book/book-pdf-button';
import { DocumentEditor } from '@/ui/editor/document-editor';
import { SaveStatus } from '@/ui/editor/save-status';
import { isPictureFile } from '@/ui/editor/resize-picture';
import { useOnline } from '@/ui/use-online';
import { addBookPicture, startBook, submitBook, uploadPdfBook, uploadPictureBook, type BookMeta } from './book-commands';
import { BookPreview } from './book-preview';
import { bookStatusText } from './book-status';
import { localBookContent, useBookDraft, useMyBooks } from './use-book-draft';
import '@/ui/forms.css';
import './maker.css';

const MAKERS = ['student', 'teacher', 'teacher_admin', 'school_admin'];
const LAYOUT_TEXT: Record<BookLayout, MessageDescriptor> = {
  'picture-above': msg`Picture above the words`,
  'text-only': msg`Words only`,
  'full-picture': msg`Full-page picture`,
  'two-pictures': msg`Two pictures`,
};
const TRIM_TEXT: Record<BookTrim, MessageDescriptor> = { a5: msg`Tall (A5)`, square: msg`Square` };

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="page maker" aria-labelledby="maker-title">
      <h1 id="maker-title">{title}</h1>
      {children}
    </section>
  );
}

/** Guests and roles that do not make books see why, and where to sign in. */
function useMayMake(): 'guest' | 'other' | 'ok' {
  const user = useSessionUser();
  if (!user) return 'guest';
  return MAKERS.includes(user.role) ? 'ok' : 'other';
}

function NotForYou({ may }: { may: 'guest' | 'other' }) {
  const { t } = useLingui();
  return (
    <Frame title={t`Make a book`}>
      {may === 'guest' ? (
        <p className="notice notice-warning">
          <Trans>
            Sign in to make a book. <Link to="/login/{-$token}">Sign in</Link>
          </Trans>
        </p>
      ) : (
        <p className="notice notice-warning">
          <Trans>Books are made by students and their teachers.</Trans>
        </p>
      )}
    </Frame>
  );
}

/** /uploadbook */
export function BookMakerHome() {
  const may = useMayMake();
  const { t } = useLingui();
  if (may !== 'ok') return <NotForYou may={may} />;
  return (
    <Frame title={t`Make a book`}>
      <p>
        <Trans>A book is a cover and pages. Everything is saved on this tablet as you go, even with no internet.</Trans>
      </p>
      <StartBook />
      <MyBooks />
      <UploadBook />
    </Frame>
  );
}

function useTeacherClasses() {
  const user = useSessionUser();
  const staff = !!user && user.role !== 'student';
  return useLive(() => (staff ? db.classes.orderBy('class_id').toArray() : []), [staff]) ?? [];
}

function StartBook() {
  const user = useSessionUser()!;
  const navigate = useNavigate();
  const classes = useTeacherClasses();
  const [classId, setClassId] = useState<string>('');
  const form = useForm<z.infer<typeof StartBookForm>>({
    resolver: zodResolver(StartBookForm),
    defaultValues: { title: '', trim: 'a5', class_book: false },
  });
  const classBook = form.watch('class_book');
  const staff = user.role !== 'student';
  const onSubmit = form.handleSubmit(async (values) => {
    const chosen = staff && values.class_book && classId ? Number(classId) : undefined;
    const slug = await startBook({
      title: values.title,
      trim: values.trim,
      ...(chosen ? { class_id: chosen } : {}),
      ...(!staff && values.class_book ? { class_book: true } : {}),
    });
    await navigate({ to: '/uploadbook/$slug', params: { slug } });
  });
  const titleError = form.formState.errors.title?.message;
  const { t, i18n } = useLingui();
  const known = useKnown();
  return (
    <form className="maker-card" onSubmit={onSubmit} noValidate aria-labelledby="start-book-title">
      <h2 id="start-book-title">
        <Trans>Start a new book</Trans>
      </h2>
      <p className="field">
        <label htmlFor="book-title">
          <Trans>Title of the book</Trans>
        </label>
        <input
          id="book-title"
          {...form.register('title')}
          aria-invalid={!!titleError}
          aria-describedby={titleError ? 'book-title-error' : undefined}
        />
        {titleError && (
          <span id="book-title-error" className="notice notice-error" role="alert">
            {known(titleError)}
          </span>
        )}
      </p>
      <fieldset className="maker-choices">
        <legend>
          <Trans>Shape of the book</Trans>
        </legend>
        {(Object.keys(BOOK_TRIMS) as BookTrim[]).map((trim) => (
          <label key={trim} className="maker-choice">
            <input type="radio" value={trim} {...form.register('trim')} /> {i18n._(TRIM_TEXT[trim])}
          </label>
        ))}
      </fieldset>
      <label className="maker-choice">
        <input type="checkbox" {...form.register('class_book')} /> <Trans>A class book: everyone in the class adds pages</Trans>
      </label>
      {staff && classBook && (
        <p className="field">
          <label htmlFor="book-class">
            <Trans>Class</Trans>
          </label>
          <select id="book-class" value={classId} onChange={(e) => setClassId(e.target.value)} required>
            <option value="">{t`Choose a class`}</option>
            {classes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.class_id})
              </option>
            ))}
          </select>
        </p>
      )}
      <button type="submit" className="button maker-big" disabled={form.formState.isSubmitting || (staff && classBook && !classId)}>
        <Trans>Start the book</Trans>
      </button>
    </form>
  );
}

function MyBooks() {
  const books = useMyBooks();
  const online = useOnline();
  const onDevice = new Set((books ?? []).map((b) => b.id));
  const remote = useRemote(online ? 'book-drafts' : null, () => unwrap(api.GET('/book-drafts/', { params: { query: { limit: 50 } } })));
  const others = remote.status === 'succeeded' ? remote.data.results.filter((b) => !onDevice.has(b.slug)) : [];
  const { t } = useLingui();
  if (!books?.length && !others.length) return null;
  return (
    <>
      <h2>
        <Trans>My books</Trans>
      </h2>
      <ul className="maker-list">
        {(books ?? []).map((b) => {
          const meta = b.meta as BookMeta;
          const status = bookStatusText(meta.status);
          return (
            <li key={b.key}>
              <Link to="/uploadbook/$slug" params={{ slug: b.id }} className="maker-list-item">
                <span className="maker-list-title">{meta.title || t`My book (no title yet)`}</span>
                <span>{t`${status} · on this tablet`}</span>
              </Link>
            </li>
          );
        })}
        {others.map((b) => {
          const status = bookStatusText(b.status);
          return (
            <li key={b.slug}>
              <Link to="/uploadbook/$slug" params={{ slug: b.slug }} className="maker-list-item">
                <span className="maker-list-title">{b.title || t`A book (no title yet)`}</span>
                <span>{b.class_id ? t`${status} · class book` : status}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}

function UploadBook() {
  const navigate = useNavigate();
  const classes = useTeacherClasses();
  const user = useSessionUser()!;
  const [title, setTitle] = useState('');
  const [classId, setClassId] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useLingui();
  const known = useKnown();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setError(BOOK_MSG.titleRequired);
    const check = checkUpload(files);
    if (!check.ok) return setError(check.message);
    setError(null);
    setBusy(true);
    try {
      const input = { title: title.trim(), trim: 'a5' as const, ...(classId ? { class_id: Number(classId) } : {}) };
      const slug = check.kind === 'pdf' ? await uploadPdfBook(input, files[0]!) : await uploadPictureBook(input, files);
      await navigate({ to: '/uploadbook/$slug', params: { slug } });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="maker-card" onSubmit={submit} noValidate aria-labelledby="upload-book-title">
      <h2 id="upload-book-title">
        <Trans>Upload a finished book</Trans>
      </h2>
      <p>
        <Trans>
          One PDF (at most 50 MB), or pictures of the pages in order (JPEG, PNG or WebP), for example a class’s handmade book scanned page
          by page.
        </Trans>
      </p>
      <p className="field">
        <label htmlFor="upload-title">
          <Trans>Title of the book</Trans>
        </label>
        <input id="upload-title" value={title} onChange={(e) => setTitle(e.target.value)} />
      </p>
      {user.role !== 'student' && classes.length > 0 && (
        <p className="field">
          <label htmlFor="upload-class">
            <Trans>Class (optional)</Trans>
          </label>
          <select id="upload-class" value={classId} onChange={(e) => setClassId(e.target.value)}>
            <option value="">{t`No class`}</option>
            {classes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.class_id})
              </option>
            ))}
          </select>
        </p>
      )}
      <p className="field">
        <label htmlFor="upload-files">
          <Trans>The PDF or the page pictures</Trans>
        </label>
        <input
          id="upload-files"
          data-testid="upload-files"
          type="file"
          multiple
          accept={[BOOK_UPLOAD.pdfType, ...BOOK_UPLOAD.imageTypes].join(',')}
          onChange={(e) => {
            const chosen = [...(e.target.files ?? [])];
            setFiles(chosen);
            const check = checkUpload(chosen);
            setError(check.ok ? null : check.message);
          }}
        />
      </p>
      {error && (
        <p className="notice notice-error" role="alert">
          {known(error)}
        </p>
      )}
      <button type="submit" className="button maker-big" disabled={busy}>
        <Trans>Upload the book</Trans>
      </button>
    </form>
  );
}

/** /uploadbook/{slug}: a book started elsewhere (the teacher's class book, another tablet) is fetched the first time this tablet opens it, then edited here. */
export function BookMakerPage({ slug }: { slug: string }) {
  const may = useMayMake();
  const draft = useBookDraft(slug);
  const { t } = useLingui();
  const known = useKnown();
  if (may !== 'ok') return <NotForYou may={may} />;
  if (draft.record === undefined) return <Frame title={t`Make a book`}>{null}</Frame>;
  if (draft.missing || draft.fetching)
    return (
      <Frame title={t`Make a book`}>
        <p className="notice notice-warning">
          {draft.fetching
            ? t`Opening the book…`
            : known(
                draft.fetchError ||
                  (draft.fetchError === null ? t`This book is not on this tablet. Connect to the internet to open it.` : BOOK_MSG.notFound),
              )}
        </p>
        <Link to="/uploadbook">
          <Trans>Back to my books</Trans>
        </Link>
      </Frame>
    );
  return <BookWorkbench slug={slug} draft={draft} />;
}

type Draft = ReturnType<typeof useBookDraft>;

function BookWorkbench({ slug, draft }: { slug: string; draft: Draft }) {
  const user = useSessionUser()!;
  const [selected, setSelected] = useState<string>('cover');
  const [preview, setPreview] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const { ydoc, info, pages, meta } = draft;
  const { t } = useLingui();
  const known = useKnown();
  if (!ydoc || !info) return <Frame title={t`Make a book`}>{null}</Frame>;
  const title = info.title || meta.title || '';
  const uploaded = meta.kind === 'uploaded';
  const editable =
    !uploaded && (meta.status === 'draft' || meta.status === undefined || (user.role !== 'student' && meta.status === 'submitted'));
  const current = pages.find((p) => p.id === selected);
  const author = { id: user.id, name: `${user.first_name} ${user.last_name.slice(0, 1)}.` };
  const add = () => {
    const id = addPage(ydoc, { layout: 'picture-above', author, ...(current ? { after: current.id } : {}) });
    setSelected(id);
  };
  const send = async () => {
    setSendError(null);
    if (!title.trim()) return setSendError(BOOK_MSG.noTitle);
    if (!pages.length && !uploaded) return setSendError(BOOK_MSG.noPages);
    try {
      // The pages first: the sending is queued after every change made so far, never ahead.
      await draft.flush();
      await submitBook(slug, title);
    } catch (err) {
      setSendError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <Frame title={title || t`My book`}>
      <SaveStatus text={draft.saveText} failed={draft.save === 'failed'} />
      <p className="maker-status">{bookSummary(bookStatusText(meta.status), !!meta.class_id, pages.length)}</p>
      <div className="maker-actions">
        <button type="button" className="button button-secondary maker-big" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
          {preview ? t`Back to making` : t`Preview the book`}
        </button>
        {meta.status !== 'submitted' && meta.status !== 'sending' && meta.status !== 'published' && (
          <button type="button" className="button maker-big" onClick={() => void send()}>
            <Trans>Send to the school</Trans>
          </button>
        )}
        <Link to="/uploadbook" className="button button-secondary maker-big">
          <Trans>My books</Trans>
        </Link>
        {user.role !== 'student' && !uploaded && meta.book_id ? (
          <BookPdfButton
            bookId={meta.book_id}
            title={title}
            className="button button-secondary maker-big"
            waiting={draft.save === 'saving' || draft.unsent > 0}
          />
        ) : null}
      </div>
      {sendError && (
        <p className="notice notice-error" role="alert">
          {known(sendError)}
        </p>
      )}
      {meta.status === 'sending' && <SendingNotice draft={draft} slug={slug} />}
      {meta.status === 'submitted' && (
        <p className="notice" role="status">
          {known(BOOK_MSG.submitted)}
        </p>
      )}
      {preview || !editable ? (
        <BookPreview
          content={localBookContent(ydoc, title)}
          file={uploaded && !pages.length ? t`A PDF book: the school sees its pages once it is sent.` : null}
        />
      ) : (
        <div className="maker-workbench">
          <nav className="maker-strip" aria-label={t`Pages of the book`}>
            <ol>
              <li>
                <button
                  type="button"
                  className="maker-thumb"
                  aria-current={selected === 'cover' ? 'page' : undefined}
                  onClick={() => setSelected('cover')}
                >
                  <Trans>Cover</Trans>
                </button>
              </li>
              {pages.map((p, i) => {
                const n = i + 1;
                return (
                  <li key={p.id}>
                    <button
                      type="button"
                      className="maker-thumb"
                      aria-current={selected === p.id ? 'page' : undefined}
                      onClick={() => setSelected(p.id)}
                    >
                      {t`Page ${n}`}
                      {p.author && <span className="maker-thumb-credit">{p.author.name}</span>}
                    </button>
                  </li>
                );
              })}
            </ol>
            <button type="button" className="button maker-big" onClick={add}>
              <Trans>Add a page</Trans>
            </button>
          </nav>
          <div className="maker-editor">
            {current ? (
              <PageEditor
                key={current.id}
                draft={draft}
                page={current}
                number={pages.indexOf(current) + 1}
                total={pages.length}
                onRemoved={() => setSelected('cover')}
              />
            ) : (
              <CoverEditor draft={draft} />
            )}
          </div>
        </div>
      )}
    </Frame>
  );
}

/**
 * A book sent from this tablet: "will be sent" while it waits in the queue, the server's words
 * if it refused it. "Sent" is said only once the server's copy says so (status submitted).
 */
function SendingNotice({ draft, slug }: { draft: Draft; slug: string }) {
  const online = useOnline();
  const owner = draft.owner;
  const sending = useLive(() => (owner ? sendingState(owner, 'book', slug) : undefined), [owner, slug]);
  const { t } = useLingui();
  const known = useKnown();
  if (sending?.state === 'refused') {
    const reason = sending.message ? known(sending.message) : null;
    return (
      <p className="notice notice-error" role="alert">
        {reason ? t`Your book was not sent: ${reason}` : t`Your book was not sent.`}
      </p>
    );
  }
  return (
    <p className="notice" role="status">
      {online
        ? t`Your book is saved on this tablet and is on its way to the school.`
        : t`Your book is saved on this tablet. It will be sent to the school when the tablet is online.`}
    </p>
  );
}

/** A picture's place: its name ("Cover picture") and its buttons' words, each a whole sentence. */
interface SlotWords {
  label: string;
  choose: string;
  change: string;
  remove: string;
}

function PictureSlot({
  words,
  picture,
  onChoose,
  onClear,
  testId,
}: {
  words: SlotWords;
  picture: string;
  onChoose: (file: File) => Promise<void>;
  onClear: () => void;
  testId: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const { t } = useLingui();
  return (
    <div className="maker-slot">
      {picture ? (
        <BookPicture id={picture} alt={words.label} className="maker-slot-picture" />
      ) : (
        <div className="maker-slot-empty">
          <Trans>No picture yet</Trans>
        </div>
      )}
      <label className="button button-secondary maker-big" htmlFor={testId}>
        {picture ? words.change : words.choose}
      </label>
      <input
        id={testId}
        data-testid={testId}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="visually-hidden"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          if (!isPictureFile(file)) return setError(t`Pictures must be JPEG, PNG or WebP.`);
          setError(null);
          await onChoose(file);
        }}
      />
      {picture && (
        <button type="button" className="button button-secondary" onClick={onClear}>
          {words.remove}
        </button>
      )}
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function CoverEditor({ draft }: { draft: Draft }) {
  const ydoc = draft.ydoc!;
  const info = draft.info!;
  const { t, i18n } = useLingui();
  return (
    <div className="maker-card">
      <h2>
        <Trans>The cover</Trans>
      </h2>
      <p className="field">
        <label htmlFor="cover-title">
          <Trans>Title</Trans>
        </label>
        <input id="cover-title" value={info.title} maxLength={120} onChange={(e) => setInfo(ydoc, { title: e.target.value })} />
      </p>
      <p className="field">
        <label htmlFor="cover-authors">
          <Trans>Names on the cover (leave empty to name everyone who wrote a page)</Trans>
        </label>
        <input id="cover-authors" value={info.authors} maxLength={200} onChange={(e) => setInfo(ydoc, { authors: e.target.value })} />
      </p>
      <fieldset className="maker-choices">
        <legend>
          <Trans>Shape of the book</Trans>
        </legend>
        {(Object.keys(BOOK_TRIMS) as BookTrim[]).map((trim) => (
          <label key={trim} className="maker-choice">
            <input type="radio" name="trim" checked={info.trim === trim} onChange={() => setInfo(ydoc, { trim })} />{' '}
            {i18n._(TRIM_TEXT[trim])}
          </label>
        ))}
      </fieldset>
      <PictureSlot
        words={{
          label: t`Cover picture`,
          choose: t`Choose cover picture`,
          change: t`Change cover picture`,
          remove: t`Remove cover picture`,
        }}
        picture={info.cover ?? ''}
        testId="cover-picture"
        onChoose={async (file) => setInfo(ydoc, { cover: await addBookPicture(file) })}
        onClear={() => setInfo(ydoc, { cover: undefined })}
      />
    </div>
  );
}

function PageEditor({
  draft,
  page,
  number,
  total,
  onRemoved,
}: {
  draft: Draft;
  page: PageInfo;
  number: number;
  total: number;
  onRemoved: () => void;
}) {
  const ydoc = draft.ydoc!;
  const slots = pictureSlots(ydoc, page.id);
  const places = LAYOUT_PICTURES[page.layout];
  const { t, i18n } = useLingui();
  const author = page.author?.name;
  const slotWords = (i: number): SlotWords => {
    if (places === 1) return { label: t`Picture`, choose: t`Choose picture`, change: t`Change picture`, remove: t`Remove picture` };
    const n = i + 1;
    return { label: t`Picture ${n}`, choose: t`Choose picture ${n}`, change: t`Change picture ${n}`, remove: t`Remove picture ${n}` };
  };
  return (
    <div className="maker-card" aria-labelledby="page-editor-title">
      <h2 id="page-editor-title">{t`Page ${number} of ${total}`}</h2>
      {author && <p className="maker-credit">{t`Written by ${author}`}</p>}
      <fieldset className="maker-choices" aria-label={t`Layout of the page`}>
        <legend>
          <Trans>Layout</Trans>
        </legend>
        {BOOK_LAYOUTS.map((l) => (
          <label key={l} className="maker-choice">
            <input type="radio" name={`layout-${page.id}`} checked={page.layout === l} onChange={() => setLayout(ydoc, page.id, l)} />{' '}
            {i18n._(LAYOUT_TEXT[l])}
          </label>
        ))}
      </fieldset>
      {places > 0 && (
        <div className="maker-slots">
          {Array.from({ length: places }, (_, i) => (
            <PictureSlot
              key={i}
              words={slotWords(i)}
              picture={slots[i] ?? ''}
              testId={`page-picture-${i + 1}`}
              onChoose={async (file) => setPicture(ydoc, page.id, i, await addBookPicture(file))}
              onClear={() => setPicture(ydoc, page.id, i, null)}
            />
          ))}
        </div>
      )}
      <DocumentEditor ydoc={ydoc} field={pageField(page.id)} label={t`Words of page ${number}`} placeholder={t`Write this page…`} />
      <div className="maker-actions">
        <button type="button" className="button button-secondary" disabled={number === 1} onClick={() => movePage(ydoc, page.id, -1)}>
          <Trans>Move page earlier</Trans>
        </button>
        <button type="button" className="button button-secondary" disabled={number === total} onClick={() => movePage(ydoc, page.id, 1)}>
          <Trans>Move page later</Trans>
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            if (!window.confirm(t`Remove page ${number}? Its words and pictures leave the book.`)) return;
            removePage(ydoc, page.id);
            onRemoved();
          }}
        >
          <Trans>Remove page</Trans>
        </button>
      </div>
    </div>
  );
}

/** "Draft · a class book · 3 pages": the book's state, its kind and its size, in one line. */
function bookSummary(status: string, classBook: boolean, count: number): string {
  return classBook
    ? t`${status} · a class book · ${plural(count, { one: '# page', other: '# pages' })}`
    : t`${status} · ${plural(count, { one: '# page', other: '# pages' })}`;
}
