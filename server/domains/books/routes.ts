// Making books: start a draft (its slug made on the device), merge a document change (one Yjs
// document per book: a fragment per page, see src/contract/book-document.ts), list the books I
// may work on, open one, submit it ('submitted', submitted_at), and upload a finished book (a
// PDF, or page pictures already sent through POST /pictures/) as kind 'uploaded'. Reading a
// book page by page (GET /book-reading/{id}/) and an uploaded PDF (GET /book-files/{id}/) too.
// Publishing, categories and moderation are the catalogue's (another route file).
//
// Who may change a book: whoever started it; in a class book every child of the class, its
// teacher and the school's admins. Another child gets a 403, another school a 404. Who may read
// it: everyone on its site once it is published (and not hidden); before that, those who may
// change it.
import { createHash } from 'node:crypto';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, desc, eq, getTableColumns, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import * as Y from 'yjs';
import { addPage, setInfo, setPicture } from '../../../src/contract/book-document';
import { BOOK_UPLOAD, BOOK_MSG, BookSlug, BookTitle, CreateBookRequest } from '../../../src/contract/book-forms';
import { BOOK_LAYOUTS, BOOK_TRIMS, bookFileSrc } from '../../../src/contract/book-pages';
import { DOCUMENT_LIMITS } from '../../../src/contract/document';
import { BOOK_KINDS, BOOK_STATUSES } from '../../../src/contract/domain';
import { DocumentUpdateRequest } from '../../../src/contract/story-forms';
import type { Queryable } from '../../db/client';
import { books, classes, pictures, students, users, type TenantRow } from '../../db/schema';
import type { AppEnv, AuthUser } from '../../http/env';
import { documentAnswer } from '../../http/document-answer';
import { fail } from '../../http/errors';
import { defineRoute, errorBody, jsonBody, signedInUser, jsonRequest, notFoundAnswer, prepared } from '../../http/route';
import { CpuRefusal, runCpu } from '../../lib/cpu-pool';
import { opensLikePdf } from '../../lib/uploads';
import { bodyReturned, filePart, formOf } from '../../http/request-body';
import { renderBookDoc } from '../../lib/book-render';
import { WORK_MSG } from '../../../src/contract/limits';
import type { Context } from 'hono';
import { bookContent, bookListing, contentOf, renderingOf } from './content';
import { reachableClass } from '../roster/queries';
import { Id, JsonId, IdParam } from '../../http/schemas';
import { siteTenant, SCHOOL_ADMINS, WRITERS } from '../../http/access';
import { storageKey, type FileStore } from '../../providers/storage/storage';

/** Who makes books: children, and teachers and school admins (for or with a class). */
const maker = { roles: WRITERS, site: 'tenant' } as const;
const change = { ...maker, outbox: true } as const;

const PageSchema = z.object({
  id: z.string(),
  layout: z.enum(BOOK_LAYOUTS),
  html: z.string(),
  text: z.string(),
  pictures: z.array(z.string()),
  author: z.object({ id: z.number().int(), name: z.string() }).optional(),
});
export const BookContentSchema = z
  .object({
    title: z.string(),
    trim: z.enum(Object.keys(BOOK_TRIMS) as ['a5', 'square']),
    cover: z.object({ picture: z.string().optional(), authors: z.string() }),
    pages: z.array(PageSchema),
    file: z.string().optional(),
  })
  .openapi('BookContent');

const BookDraftSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    kind: z.enum(BOOK_KINDS),
    status: z.enum(BOOK_STATUSES),
    class_id: z.number().int().nullable(),
    created_by: z.number().int().nullable(),
    page_count: z.number().int(),
    /** The merged Yjs state, base64 (null before the first change and for a PDF). */
    doc: z.string().nullable(),
    content: BookContentSchema,
    submitted_at: z.string().nullable(),
    updated_at: z.string(),
  })
  .openapi('BookDraft');

/** A book as a save of its document leaves it: its state left out (the sender holds it; see StorySaved). */
const BookSavedSchema = BookDraftSchema.omit({ doc: true }).openapi('BookSaved');

const BookReadingSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(BOOK_KINDS),
    status: z.enum(BOOK_STATUSES),
    page_count: z.number().int(),
    content: BookContentSchema,
  })
  .openapi('BookReading');

const SlugParam = z.object({ slug: BookSlug });
const notFound = notFoundAnswer(`'${BOOK_MSG.notFound}'`);
const forbidden = { 403: { description: `'${BOOK_MSG.notYours}'`, ...errorBody } };

const createDraft = defineRoute(change, {
  method: 'post',
  path: '/book-drafts/',
  summary: 'Start a book (a draft, kind made); its slug is made on the device. A class book: every child of the class may add pages.',
  request: jsonRequest(CreateBookRequest),
  responses: {
    201: jsonBody(BookDraftSchema, 'Started'),
    200: jsonBody(BookDraftSchema, 'Already started'),
    ...notFound,
    409: { description: BOOK_MSG.slugTaken, ...errorBody },
  },
});

const saveDoc = defineRoute(
  { ...change, bodyLimit: DOCUMENT_LIMITS.requestBytes, prepare: mergeAndRender },
  {
    method: 'put',
    path: '/book-drafts/{slug}/document/',
    summary: "Merge one change of the book's document (a Yjs update, base64) and count its pages",
    request: { params: SlugParam, ...jsonRequest(DocumentUpdateRequest) },
    responses: {
      200: jsonBody(BookSavedSchema),
      ...notFound,
      ...forbidden,
      409: { description: BOOK_MSG.notEditable, ...errorBody },
      413: { description: `'${BOOK_MSG.tooBig}', '${WORK_MSG.tooManyPages}' or '${WORK_MSG.pageTooBig}'`, ...errorBody },
      503: { description: `'${WORK_MSG.busy}' (another change of the book was saved meanwhile: send it again)`, ...errorBody },
    },
  },
);

const getDraft = defineRoute(maker, {
  method: 'get',
  path: '/book-drafts/{slug}/',
  summary:
    'One book for making, with its document and its pages rendered: its maker, the children and teacher of its class, the school admins',
  request: { params: SlugParam },
  responses: { 200: jsonBody(BookDraftSchema), ...notFound, ...forbidden },
});

const listDrafts = defineRoute(maker, {
  method: 'get',
  path: '/book-drafts/',
  summary: 'The books the signed-in user may work on: their own and their classes’ (newest first; archived ones left out)',
  request: { query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }) },
  responses: { 200: jsonBody(z.object({ results: z.array(BookDraftSchema.omit({ doc: true, content: true })) }).openapi('BookDraftList')) },
});

const submitDraft = defineRoute(change, {
  method: 'post',
  path: '/book-drafts/{slug}/submit/',
  summary: 'Send a book to the school (status submitted); the school publishes it or keeps it for the class',
  request: { params: SlugParam },
  responses: { 200: jsonBody(BookDraftSchema), ...notFound, ...forbidden, 400: { description: BOOK_MSG.noPages, ...errorBody } },
});

const UploadPictures = z.object({
  slug: BookSlug,
  title: BookTitle.min(1, BOOK_MSG.titleRequired),
  trim: z.enum(Object.keys(BOOK_TRIMS) as ['a5', 'square']).default('a5'),
  class_id: JsonId.optional(),
  /** The page pictures, in order, each already sent through POST /pictures/. */
  pictures: z.array(z.string().uuid()).min(1, BOOK_MSG.noFile).max(BOOK_UPLOAD.maxImages, BOOK_MSG.tooManyImages),
});

const uploadPictures = defineRoute(change, {
  method: 'post',
  path: '/book-uploads/',
  summary:
    'Upload a finished book as page pictures (scans), each sent before through POST /pictures/: a book of kind uploaded, one full picture a page',
  request: jsonRequest(UploadPictures),
  responses: {
    201: jsonBody(BookDraftSchema, 'Uploaded'),
    200: jsonBody(BookDraftSchema, 'Already uploaded'),
    ...notFound,
    409: { description: BOOK_MSG.slugTaken, ...errorBody },
  },
});

const PdfForm = z.object({
  slug: BookSlug,
  title: BookTitle.min(1, BOOK_MSG.titleRequired),
  trim: z.enum(Object.keys(BOOK_TRIMS) as ['a5', 'square']).default('a5'),
  class_id: Id.optional(),
  file: z.instanceof(File, { error: BOOK_MSG.noFile }).openapi({ type: 'string', format: 'binary' }),
});

const uploadPdf = defineRoute(
  { ...change, bodyLimit: BOOK_UPLOAD.requestBytes, prepare: readPdf },
  {
    method: 'post',
    path: '/book-uploads/pdf/',
    summary: 'Upload a finished book as one PDF (at most 50 MB, not password-protected): a book of kind uploaded',
    request: { body: { required: true, content: { 'multipart/form-data': { schema: PdfForm } } } },
    responses: {
      201: jsonBody(BookDraftSchema, 'Uploaded'),
      200: jsonBody(BookDraftSchema, 'Already uploaded'),
      ...notFound,
      409: { description: BOOK_MSG.slugTaken, ...errorBody },
      413: { description: `'${BOOK_MSG.pdfTooBig}'`, ...errorBody },
      415: { description: `'${BOOK_MSG.wrongType}'`, ...errorBody },
      422: { description: `'${BOOK_MSG.encrypted}'`, ...errorBody },
    },
  },
);

const readBook = defineRoute(
  { roles: 'anyone', site: 'tenant' },
  {
    method: 'get',
    path: '/book-reading/{id}/',
    summary:
      'A made or uploaded book, page by page, for the reader: anyone on its site once published; before that its makers, its class and the school admins',
    request: { params: IdParam },
    responses: { 200: jsonBody(BookReadingSchema), ...notFound },
  },
);

type BookRow = typeof books.$inferSelect;
/** Every column: an uploaded PDF's bytes are in the file store, read only when the file itself is asked for. */
const columns = getTableColumns(books);
/** A list shows no document and no pages. */
const { doc: _doc, rendered: _rendered, ...listColumns } = columns;
type LightRow = BookRow;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A book as the maker lists it: everything but its document and pages. */
function draftFields(row: Omit<LightRow, 'doc' | 'rendered'>) {
  return {
    id: row.id,
    slug: row.slug ?? String(row.id),
    title: row.title,
    kind: row.kind,
    status: row.status,
    class_id: row.class_id,
    created_by: row.created_by,
    page_count: row.page_count,
    submitted_at: iso(row.submitted_at),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A book for making, its state left out: its pages (their kept rendering, the children named). */
async function savedFields(db: Queryable, row: LightRow): Promise<z.infer<typeof BookSavedSchema>> {
  const content = await contentOf(db, row.tenant_id, await renderingOf(db, row), { title: row.title, authors: row.author });
  return { ...draftFields(row), content: row.has_file ? { ...content, file: bookFileSrc(row.id) } : content };
}

/** A book for making as the answer: its pages and its state (megabytes, maybe: streamed). */
async function draftAnswer(c: Context<AppEnv>, row: LightRow, status: 200 | 201 = 200) {
  return documentAnswer(c, await savedFields(c.get('db'), row), row.doc, status);
}

/** The student's class (null for staff, or a child in no class). */
async function classOf(db: Queryable, user: AuthUser): Promise<number | null> {
  if (user.role !== 'student') return null;
  const [me] = await db.select({ class_id: students.class_id }).from(students).where(eq(students.user_id, user.id));
  return me?.class_id ?? null;
}

/** May this user change (or read before publication) this book of their site? */
async function mayChange(db: Queryable, user: AuthUser, row: { created_by: number | null; class_id: number | null }): Promise<boolean> {
  if (row.created_by === user.id) return true;
  if ((SCHOOL_ADMINS as readonly string[]).includes(user.role)) return true;
  if (row.class_id === null) return false;
  if (user.role === 'student') return (await classOf(db, user)) === row.class_id;
  if (user.role === 'teacher') {
    const [c] = await db.select({ teacher: classes.teacher_id }).from(classes).where(eq(classes.id, row.class_id));
    return c?.teacher === user.id;
  }
  return false;
}

const madeHere = (tenant: TenantRow) => and(eq(books.tenant_id, tenant.id), ne(books.kind, 'catalogue'), isNull(books.deleted_at));

/**
 * The book `user` may change at `slug` (404, 403 otherwise), locked for the change when `lock`.
 * `withPages` false leaves its state and rendered pages out (null) and brings the state's digest
 * instead (`doc_md5`): a save renders them anew, and reading megabytes only to compare or drop them
 * held the event loop and, on PGlite, every other query.
 */
async function bookToChange(
  db: Queryable,
  tenant: TenantRow,
  user: AuthUser,
  slug: string,
  lock = false,
  withPages = true,
): Promise<LightRow & { doc_md5?: string | null }> {
  const query = db
    .select(
      withPages ? columns : { ...columns, doc: sql<null>`null`, rendered: sql<null>`null`, doc_md5: sql<string | null>`md5(${books.doc})` },
    )
    .from(books)
    .where(and(madeHere(tenant), eq(books.slug, slug)));
  // Concurrent saves of one book merge one after the other, never over each other.
  const [row] = lock ? await query.for('update', { of: books }) : await query;
  if (!row) fail(404, BOOK_MSG.notFound);
  if (!(await mayChange(db, user, row))) fail(403, BOOK_MSG.notYours);
  return row;
}

/** Children change a book while it is a draft; its teacher and the school's admins until it is published. */
function assertEditable(row: LightRow, user: AuthUser) {
  const staffMay = user.role !== 'student' && row.status === 'submitted';
  if (row.status !== 'draft' && !staffMay) fail(409, BOOK_MSG.notEditable);
}

async function reload(db: Queryable, id: number): Promise<LightRow> {
  const [row] = await db.select(columns).from(books).where(eq(books.id, id));
  return row!;
}

async function displayName(db: Queryable, user: AuthUser): Promise<string> {
  const [u] = await db.select({ first: users.first_name, last: users.last_name }).from(users).where(eq(users.id, user.id));
  return u ? `${u.first} ${u.last.slice(0, 1)}.`.trim() : '';
}

/** The class a new book belongs to: a child's own class only; staff, a class they reach. */
async function classForNew(db: Queryable, tenant: TenantRow, user: AuthUser, classId: number | undefined): Promise<number | null> {
  if (classId === undefined) return null;
  if (user.role === 'student') {
    if ((await classOf(db, user)) !== classId) fail(404, BOOK_MSG.noClass);
    return classId;
  }
  if (!(await reachableClass(db, tenant, user, classId))) fail(404, BOOK_MSG.noClass);
  return classId;
}

/** An existing book at this slug: answered again to the same maker (a replay), else 409. */
async function existingAt(db: Queryable, tenant: TenantRow, user: AuthUser, slug: string) {
  const [row] = await db
    .select(columns)
    .from(books)
    .where(and(eq(books.tenant_id, tenant.id), eq(books.slug, slug)));
  if (row && row.created_by !== user.id) fail(409, BOOK_MSG.slugTaken);
  return row;
}

/** A new made or uploaded book: never on sale or in the library until the school publishes it. */
async function insertBook(
  db: Queryable,
  storage: FileStore,
  tenant: TenantRow,
  user: AuthUser,
  values: {
    slug: string;
    title: string;
    kind: 'made' | 'uploaded';
    class_id: number | null;
    doc?: Uint8Array;
    file?: Uint8Array;
    page_count?: number;
  },
) {
  // A document the server made itself (a title, pages of pictures): nothing in it to render but
  // its structure, done here at once.
  const rendered = renderBookDoc(values.doc ?? null);
  if ('refused' in rendered) return fail(rendered.refused.status, rendered.refused.message);
  const [row] = await db
    .insert(books)
    .values({
      tenant_id: tenant.id,
      title: values.title,
      author: await displayName(db, user),
      price_cents: 0,
      cover: '',
      published: false,
      created_by: user.id,
      kind: values.kind,
      status: 'draft',
      class_id: values.class_id,
      slug: values.slug,
      doc: values.doc ?? null,
      rendered,
      has_file: values.file !== undefined,
      page_count: values.page_count ?? 0,
    })
    .returning({ id: books.id });
  if (values.file) await storage.put(db, storageKey.bookFile(row!.id), values.file, 'application/pdf');
  const made = await reload(db, row!.id);
  // An upload's cover (its first picture, or the drawn one for a PDF) and author line from the start.
  const content = await contentOf(db, tenant.id, rendered, { title: made.title, authors: made.author });
  await db
    .update(books)
    .set(await bookListing(db, made, content))
    .where(eq(books.id, made.id));
  return reload(db, made.id);
}

/**
 * The `prepare` of a document change: the update merged into the stored document, checked and
 * rendered in the worker pool (lib/book-render.ts's mergeBook, which refuses a book over its
 * byte, page or node limits first), before the change's transaction opens. The handler keeps the
 * result only if the stored document is still the one merged into. Null when the book is not this
 * user's to change (the handler answers why, after a replay has had its stored answer) or the body
 * is not an update (the validator answers).
 */
async function mergeAndRender(c: Context<AppEnv>) {
  const body = DocumentUpdateRequest.safeParse(await c.req.json().catch(() => null));
  if (!body.success) return null;
  const tenant = siteTenant(c);
  const [row] = await c
    .get('db')
    .select({ doc: books.doc, created_by: books.created_by, class_id: books.class_id })
    .from(books)
    .where(and(madeHere(tenant), eq(books.slug, c.req.param('slug') ?? '')));
  if (!row || !(await mayChange(c.get('db'), signedInUser(c), row))) return null;
  const merged = await runCpu('mergeBook', { stored: row.doc, update: body.data.update });
  // The state merged into, by its digest (md5, as PostgreSQL writes it): compared with the stored one's.
  return { ...merged, baseMd5: row.doc ? createHash('md5').update(row.doc).digest('hex') : null };
}

/**
 * The `prepare` of a PDF upload: the file's bytes and its structure, read by a parser in the worker
 * pool before the change's transaction opens. A file that does not even open like a PDF is refused
 * before any of that. Null when no file was sent (the validator answers).
 */
async function readPdf(c: Context<AppEnv>) {
  const file = filePart(await formOf(c), 'file');
  if (!file) return null;
  if (file.data.byteLength > BOOK_UPLOAD.pdfBytes) fail(413, BOOK_MSG.pdfTooBig);
  // The bytes decide, never the type the browser claims.
  if (!opensLikePdf(file.data)) fail(415, BOOK_MSG.wrongType);
  // The body's buffer goes to the pool and comes back: no copy of up to 50 MB either way.
  const { bytes, ...pdf } = await runCpu('inspectPdf', file.data, { transfer: [file.data.buffer as ArrayBuffer] });
  bodyReturned(c, bytes.buffer as ArrayBuffer);
  return { bytes, pdf };
}

export const bookDraftRoutes = new OpenAPIHono<AppEnv>()
  .openapi(createDraft, async (c) => {
    const db = c.get('db');
    const tenant = siteTenant(c);
    const user = signedInUser(c);
    const input = c.req.valid('json');
    const old = await existingAt(db, tenant, user, input.slug);
    if (old) return draftAnswer(c, old);
    const own = input.class_book && user.role === 'student' ? await classOf(db, user) : null;
    const classId = await classForNew(db, tenant, user, input.class_id ?? own ?? undefined);
    const ydoc = new Y.Doc();
    setInfo(ydoc, { title: input.title, trim: input.trim });
    const row = await insertBook(db, c.get('deps').storage, tenant, user, {
      slug: input.slug,
      title: input.title,
      kind: 'made',
      class_id: classId,
      doc: Y.encodeStateAsUpdate(ydoc),
    });
    return draftAnswer(c, row, 201);
  })
  .openapi(saveDoc, async (c) => {
    const db = c.get('db');
    const user = signedInUser(c);
    const row = await bookToChange(db, siteTenant(c), user, c.req.valid('param').slug, true, false);
    assertEditable(row, user);
    const merged = prepared<Awaited<ReturnType<typeof mergeAndRender>>>(c);
    // Another change of this book was saved since the merge: this one is sent again (a 503 is
    // retried), rather than rendered here while the transaction holds the database.
    if (!merged || merged.baseMd5 !== row.doc_md5) throw new CpuRefusal(503, WORK_MSG.busy, 1);
    const { doc, rendered } = merged;
    const content = await contentOf(db, row.tenant_id, rendered, { title: row.title, authors: row.author });
    // The state and its rendering in statements of their own: each of megabytes holds PGlite's
    // thread for tens of ms (the loop turns between statements).
    await db.update(books).set({ doc }).where(eq(books.id, row.id));
    await db.update(books).set({ rendered }).where(eq(books.id, row.id));
    const [saved] = await db
      .update(books)
      .set({
        title: content.title.slice(0, 120) || row.title,
        page_count: content.pages.length,
        ...(await bookListing(db, row, content)),
        updated_at: new Date(),
      })
      .where(eq(books.id, row.id))
      .returning(listColumns);
    // The pages are the ones just written: not read back.
    return c.json(await savedFields(db, { ...saved!, doc: null, rendered }), 200);
  })
  .openapi(getDraft, async (c) => {
    const row = await bookToChange(c.get('db'), siteTenant(c), signedInUser(c), c.req.valid('param').slug);
    return draftAnswer(c, row);
  })
  .openapi(listDrafts, async (c) => {
    const db = c.get('db');
    const tenant = siteTenant(c);
    const user = signedInUser(c);
    let mine: SQL = eq(books.created_by, user.id);
    if ((SCHOOL_ADMINS as readonly string[]).includes(user.role)) mine = sql`true`;
    else if (user.role === 'student') {
      const own = await classOf(db, user);
      if (own !== null) mine = or(mine, eq(books.class_id, own))!;
    } else {
      const taught = db
        .select({ id: classes.id })
        .from(classes)
        .where(and(eq(classes.teacher_id, user.id), eq(classes.tenant_id, tenant.id)));
      mine = or(mine, inArray(books.class_id, taught))!;
    }
    const rows = await db
      .select(listColumns)
      .from(books)
      .where(and(madeHere(tenant), ne(books.status, 'archived'), mine))
      .orderBy(desc(books.updated_at), desc(books.id))
      .limit(c.req.valid('query').limit);
    return c.json({ results: rows.map(draftFields) }, 200);
  })
  .openapi(submitDraft, async (c) => {
    const db = c.get('db');
    const user = signedInUser(c);
    const row = await bookToChange(db, siteTenant(c), user, c.req.valid('param').slug, true);
    if (row.status !== 'draft') return draftAnswer(c, row);
    if (!row.title.trim()) fail(400, BOOK_MSG.noTitle);
    if (row.page_count < 1 && !row.has_file) fail(400, BOOK_MSG.noPages);
    const now = new Date();
    await db.update(books).set({ status: 'submitted', submitted_at: now, updated_at: now }).where(eq(books.id, row.id));
    return draftAnswer(c, await reload(db, row.id));
  })
  .openapi(uploadPictures, async (c) => {
    const db = c.get('db');
    const tenant = siteTenant(c);
    const user = signedInUser(c);
    const input = c.req.valid('json');
    const old = await existingAt(db, tenant, user, input.slug);
    if (old) return draftAnswer(c, old);
    const classId = await classForNew(db, tenant, user, input.class_id);
    const found = await db
      .select({ id: pictures.id })
      .from(pictures)
      .where(and(inArray(pictures.id, input.pictures), eq(pictures.tenant_id, tenant.id), eq(pictures.owner_id, user.id)));
    if (new Set(found.map((p) => p.id)).size !== new Set(input.pictures).size)
      fail(400, BOOK_MSG.noFile, { errors: { pictures: ['Send the page pictures first.'] } });
    const ydoc = new Y.Doc();
    setInfo(ydoc, { title: input.title, trim: input.trim, cover: input.pictures[0] });
    for (const picture of input.pictures) setPicture(ydoc, addPage(ydoc, { layout: 'full-picture' }), 0, picture);
    const row = await insertBook(db, c.get('deps').storage, tenant, user, {
      slug: input.slug,
      title: input.title,
      kind: 'uploaded',
      class_id: classId,
      doc: Y.encodeStateAsUpdate(ydoc),
      page_count: input.pictures.length,
    });
    return draftAnswer(c, row, 201);
  })
  .openapi(uploadPdf, async (c) => {
    const db = c.get('db');
    const tenant = siteTenant(c);
    const user = signedInUser(c);
    const form = c.req.valid('form');
    const old = await existingAt(db, tenant, user, form.slug);
    if (old) return draftAnswer(c, old);
    const { bytes, pdf } = prepared<NonNullable<Awaited<ReturnType<typeof readPdf>>>>(c);
    // The bytes decide, never the type the browser claims.
    if (!pdf.pdf) fail(415, BOOK_MSG.wrongType);
    if (pdf.encrypted) fail(422, BOOK_MSG.encrypted);
    const classId = await classForNew(db, tenant, user, form.class_id);
    const ydoc = new Y.Doc();
    setInfo(ydoc, { title: form.title, trim: form.trim });
    const row = await insertBook(db, c.get('deps').storage, tenant, user, {
      slug: form.slug,
      title: form.title,
      kind: 'uploaded',
      class_id: classId,
      doc: Y.encodeStateAsUpdate(ydoc),
      file: bytes,
      page_count: pdf.pages,
    });
    return draftAnswer(c, row, 201);
  })
  .openapi(readBook, async (c) => {
    const db = c.get('db');
    const row = await readable(db, c.get('tenant'), c.get('user'), c.req.valid('param').id);
    const content = (await bookContent(db, row.id))!;
    return c.json({ id: row.id, kind: row.kind, status: row.status, page_count: row.page_count, content }, 200);
  })
  // Plain GET (not in the API document): an uploaded book's PDF, to those who may read the book.
  .get('/book-files/:id{[0-9]+}/', async (c) => {
    const db = c.get('db');
    const row = await readable(db, c.get('tenant'), c.get('user'), Number(c.req.param('id')));
    const file = row.has_file ? await c.get('deps').storage.get(db, storageKey.bookFile(row.id)) : null;
    if (!file) fail(404, BOOK_MSG.notFound);
    return c.body(file as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="book-${row.id}.pdf"`,
      'Cache-Control': 'private, max-age=3600',
    });
  });

/** The made or uploaded book this viewer may read on this site, or a 404 (never a 403: no hint it exists). */
async function readable(db: Queryable, tenant: TenantRow | null, user: AuthUser | null, id: number): Promise<LightRow> {
  if (!tenant || !Number.isSafeInteger(id) || id > 2_147_483_647) fail(404, BOOK_MSG.notFound);
  const [row] = await db
    .select(columns)
    .from(books)
    .where(and(madeHere(tenant), eq(books.id, id)));
  if (!row) fail(404, BOOK_MSG.notFound);
  const published = row.status === 'published' && row.published && row.hidden_at === null;
  if (published) return row;
  if (user && user.tenant_id === tenant.id && (await mayChange(db, user, row))) return row;
  return fail(404, BOOK_MSG.notFound);
}
