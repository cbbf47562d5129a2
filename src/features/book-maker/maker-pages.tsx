// The book maker's screens: /uploadbook (my books on this tablet, my class's books, start a book,
// upload a finished one) and /uploadbook/{slug} (the cover and the pages: layout, pictures, text,
// order; a preview that looks like the printed book; send it to the school). Everything works
// offline: it reads and writes the device's documents table, and the outbox sends it later.
import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
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
const LAYOUT_TEXT: Record<BookLayout, string> = {
  'picture-above': 'Picture above the words',
  'text-only': 'Words only',
  'full-picture': 'Full-page picture',
  'two-pictures': 'Two pictures',
};
const TRIM_TEXT: Record<BookTrim, string> = { a5: 'Tall (A5)', square: 'Square' };

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
  return (
    <Frame title="Make a book">
      {may === 'guest' ? (
        <p className="notice notice-warning">
          Sign in to make a book. <Link to="/login/{-$token}">Sign in</Link>
        </p>
      ) : (
        <p className="notice notice-warning">Books are made by students and their teachers.</p>
      )}
    </Frame>
  );
}

/** /uploadbook */
export function BookMakerHome() {
  const may = useMayMake();
  if (may !== 'ok') return <NotForYou may={may} />;
  return (
    <Frame title="Make a book">
      <p>A book is a cover and pages. Everything is saved on this tablet as you go, even with no internet.</p>
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
  return (
    <form className="maker-card" onSubmit={onSubmit} noValidate aria-labelledby="start-book-title">
      <h2 id="start-book-title">Start a new book</h2>
      <p className="field">
        <label htmlFor="book-title">Title of the book</label>
        <input
          id="book-title"
          {...form.register('title')}
          aria-invalid={!!titleError}
          aria-describedby={titleError ? 'book-title-error' : undefined}
        />
        {titleError && (
          <span id="book-title-error" className="notice notice-error" role="alert">
            {titleError}
          </span>
        )}
      </p>
      <fieldset className="maker-choices">
        <legend>Shape of the book</legend>
        {(Object.keys(BOOK_TRIMS) as BookTrim[]).map((t) => (
          <label key={t} className="maker-choice">
            <input type="radio" value={t} {...form.register('trim')} /> {TRIM_TEXT[t]}
          </label>
        ))}
      </fieldset>
      <label className="maker-choice">
        <input type="checkbox" {...form.register('class_book')} /> A class book: everyone in the class adds pages
      </label>
      {staff && classBook && (
        <p className="field">
          <label htmlFor="book-class">Class</label>
          <select id="book-class" value={classId} onChange={(e) => setClassId(e.target.value)} required>
            <option value="">Choose a class</option>
            {classes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.class_id})
              </option>
            ))}
          </select>
        </p>
      )}
      <button type="submit" className="button maker-big" disabled={form.formState.isSubmitting || (staff && classBook && !classId)}>
        Start the book
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
  if (!books?.length && !others.length) return null;
  return (
    <>
      <h2>My books</h2>
      <ul className="maker-list">
        {(books ?? []).map((b) => {
          const meta = b.meta as BookMeta;
          return (
            <li key={b.key}>
              <Link to="/uploadbook/$slug" params={{ slug: b.id }} className="maker-list-item">
                <span className="maker-list-title">{meta.title || 'My book (no title yet)'}</span>
                <span>{bookStatusText(meta.status)} · on this tablet</span>
              </Link>
            </li>
          );
        })}
        {others.map((b) => (
          <li key={b.slug}>
            <Link to="/uploadbook/$slug" params={{ slug: b.slug }} className="maker-list-item">
              <span className="maker-list-title">{b.title || 'A book (no title yet)'}</span>
              <span>
                {bookStatusText(b.status)}
                {b.class_id ? ' · class book' : ''}
              </span>
            </Link>
          </li>
        ))}
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
      <h2 id="upload-book-title">Upload a finished book</h2>
      <p>
        One PDF (at most 50 MB), or pictures of the pages in order (JPEG, PNG or WebP), for example a class’s handmade book scanned page by
        page.
      </p>
      <p className="field">
        <label htmlFor="upload-title">Title of the book</label>
        <input id="upload-title" value={title} onChange={(e) => setTitle(e.target.value)} />
      </p>
      {user.role !== 'student' && classes.length > 0 && (
        <p className="field">
          <label htmlFor="upload-class">Class (optional)</label>
          <select id="upload-class" value={classId} onChange={(e) => setClassId(e.target.value)}>
            <option value="">No class</option>
            {classes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.class_id})
              </option>
            ))}
          </select>
        </p>
      )}
      <p className="field">
        <label htmlFor="upload-files">The PDF or the page pictures</label>
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
          {error}
        </p>
      )}
      <button type="submit" className="button maker-big" disabled={busy}>
        Upload the book
      </button>
    </form>
  );
}

/** /uploadbook/{slug}: a book started elsewhere (the teacher's class book, another tablet) is fetched the first time this tablet opens it, then edited here. */
export function BookMakerPage({ slug }: { slug: string }) {
  const may = useMayMake();
  const draft = useBookDraft(slug);
  if (may !== 'ok') return <NotForYou may={may} />;
  if (draft.record === undefined) return <Frame title="Make a book">{null}</Frame>;
  if (draft.missing || draft.fetching)
    return (
      <Frame title="Make a book">
        <p className="notice notice-warning">
          {draft.fetching
            ? 'Opening the book…'
            : draft.fetchError ||
              (draft.fetchError === null ? 'This book is not on this tablet. Connect to the internet to open it.' : BOOK_MSG.notFound)}
        </p>
        <Link to="/uploadbook">Back to my books</Link>
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
  if (!ydoc || !info) return <Frame title="Make a book">{null}</Frame>;
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
    <Frame title={title || 'My book'}>
      <SaveStatus text={draft.saveText} failed={draft.save === 'failed'} />
      <p className="maker-status">
        {bookStatusText(meta.status)}
        {meta.class_id ? ' · a class book' : ''} · {pages.length} {pages.length === 1 ? 'page' : 'pages'}
      </p>
      <div className="maker-actions">
        <button type="button" className="button button-secondary maker-big" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
          {preview ? 'Back to making' : 'Preview the book'}
        </button>
        {meta.status !== 'submitted' && meta.status !== 'sending' && meta.status !== 'published' && (
          <button type="button" className="button maker-big" onClick={() => void send()}>
            Send to the school
          </button>
        )}
        <Link to="/uploadbook" className="button button-secondary maker-big">
          My books
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
          {sendError}
        </p>
      )}
      {meta.status === 'sending' && <SendingNotice draft={draft} slug={slug} />}
      {meta.status === 'submitted' && (
        <p className="notice" role="status">
          {BOOK_MSG.submitted}
        </p>
      )}
      {preview || !editable ? (
        <BookPreview
          content={localBookContent(ydoc, title)}
          file={uploaded && !pages.length ? 'A PDF book: the school sees its pages once it is sent.' : null}
        />
      ) : (
        <div className="maker-workbench">
          <nav className="maker-strip" aria-label="Pages of the book">
            <ol>
              <li>
                <button
                  type="button"
                  className="maker-thumb"
                  aria-current={selected === 'cover' ? 'page' : undefined}
                  onClick={() => setSelected('cover')}
                >
                  Cover
                </button>
              </li>
              {pages.map((p, i) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className="maker-thumb"
                    aria-current={selected === p.id ? 'page' : undefined}
                    onClick={() => setSelected(p.id)}
                  >
                    Page {i + 1}
                    {p.author && <span className="maker-thumb-credit">{p.author.name}</span>}
                  </button>
                </li>
              ))}
            </ol>
            <button type="button" className="button maker-big" onClick={add}>
              Add a page
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
  if (sending?.state === 'refused')
    return (
      <p className="notice notice-error" role="alert">
        Your book was not sent{sending.message ? `: ${sending.message}` : '.'}
      </p>
    );
  return (
    <p className="notice" role="status">
      {online
        ? 'Your book is saved on this tablet and is on its way to the school.'
        : 'Your book is saved on this tablet. It will be sent to the school when the tablet is online.'}
    </p>
  );
}

function PictureSlot({
  label,
  picture,
  onChoose,
  onClear,
  testId,
}: {
  label: string;
  picture: string;
  onChoose: (file: File) => Promise<void>;
  onClear: () => void;
  testId: string;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="maker-slot">
      {picture ? (
        <BookPicture id={picture} alt={label} className="maker-slot-picture" />
      ) : (
        <div className="maker-slot-empty">No picture yet</div>
      )}
      <label className="button button-secondary maker-big" htmlFor={testId}>
        {picture ? `Change ${label.toLowerCase()}` : `Choose ${label.toLowerCase()}`}
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
          if (!isPictureFile(file)) return setError('Pictures must be JPEG, PNG or WebP.');
          setError(null);
          await onChoose(file);
        }}
      />
      {picture && (
        <button type="button" className="button button-secondary" onClick={onClear}>
          Remove {label.toLowerCase()}
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
  return (
    <div className="maker-card">
      <h2>The cover</h2>
      <p className="field">
        <label htmlFor="cover-title">Title</label>
        <input id="cover-title" value={info.title} maxLength={120} onChange={(e) => setInfo(ydoc, { title: e.target.value })} />
      </p>
      <p className="field">
        <label htmlFor="cover-authors">Names on the cover (leave empty to name everyone who wrote a page)</label>
        <input id="cover-authors" value={info.authors} maxLength={200} onChange={(e) => setInfo(ydoc, { authors: e.target.value })} />
      </p>
      <fieldset className="maker-choices">
        <legend>Shape of the book</legend>
        {(Object.keys(BOOK_TRIMS) as BookTrim[]).map((t) => (
          <label key={t} className="maker-choice">
            <input type="radio" name="trim" checked={info.trim === t} onChange={() => setInfo(ydoc, { trim: t })} /> {TRIM_TEXT[t]}
          </label>
        ))}
      </fieldset>
      <PictureSlot
        label="Cover picture"
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
  return (
    <div className="maker-card" aria-labelledby="page-editor-title">
      <h2 id="page-editor-title">
        Page {number} of {total}
      </h2>
      {page.author && <p className="maker-credit">Written by {page.author.name}</p>}
      <fieldset className="maker-choices" aria-label="Layout of the page">
        <legend>Layout</legend>
        {BOOK_LAYOUTS.map((l) => (
          <label key={l} className="maker-choice">
            <input type="radio" name={`layout-${page.id}`} checked={page.layout === l} onChange={() => setLayout(ydoc, page.id, l)} />{' '}
            {LAYOUT_TEXT[l]}
          </label>
        ))}
      </fieldset>
      {places > 0 && (
        <div className="maker-slots">
          {Array.from({ length: places }, (_, i) => (
            <PictureSlot
              key={i}
              label={places > 1 ? `Picture ${i + 1}` : 'Picture'}
              picture={slots[i] ?? ''}
              testId={`page-picture-${i + 1}`}
              onChoose={async (file) => setPicture(ydoc, page.id, i, await addBookPicture(file))}
              onClear={() => setPicture(ydoc, page.id, i, null)}
            />
          ))}
        </div>
      )}
      <DocumentEditor ydoc={ydoc} field={pageField(page.id)} label={`Words of page ${number}`} placeholder="Write this page…" />
      <div className="maker-actions">
        <button type="button" className="button button-secondary" disabled={number === 1} onClick={() => movePage(ydoc, page.id, -1)}>
          Move page earlier
        </button>
        <button type="button" className="button button-secondary" disabled={number === total} onClick={() => movePage(ydoc, page.id, 1)}>
          Move page later
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            if (!window.confirm(`Remove page ${number}? Its words and pictures leave the book.`)) return;
            removePage(ydoc, page.id);
            onRemoved();
          }}
        >
          Remove page
        </button>
      </div>
    </div>
  );
}
