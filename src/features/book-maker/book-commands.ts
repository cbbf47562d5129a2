// Book making commands. Each is a local commit (the device's documents table) plus an outbox
// entry through the shared document layer (src/sync/document-changes.ts), so a class makes its
// book with no network at all. The slug is made here so an offline draft has its address at once.
import { t } from '@lingui/core/macro';
import { saveDocument, saveDocumentDetails, savePicture } from '@/sync/document-changes';
import type { BookTrim } from '@/contract/book-pages';
import { resizePicture } from '@/ui/editor/resize-picture';

export interface BookMeta {
  title?: string;
  status?: string;
  kind?: 'made' | 'uploaded';
  class_id?: number | null;
  trim?: BookTrim;
  page_count?: number;
  /** Set once the server has the book (its id in the library and the reader). */
  book_id?: number;
}

export function makeBookSlug(title: string): string {
  const readable = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return `${readable || 'my-book'}-${crypto.randomUUID().replace(/-/g, '').slice(0, 8)}`;
}

const doc = (slug: string) => ({ kind: 'book' as const, id: slug });
// The outbox's words (the sync panel lists them), in the maker's language at the time.
const named = (title: string | undefined) => title || t`My book`;

/** Starts a book; the first document change (title, trim) is queued by the maker's screen. */
export async function startBook(input: { title: string; trim: BookTrim; class_id?: number; class_book?: boolean }) {
  const slug = makeBookSlug(input.title);
  await saveDocumentDetails(
    doc(slug),
    { title: input.title, status: 'draft', kind: 'made', trim: input.trim, class_id: input.class_id ?? null },
    {
      method: 'POST',
      path: '/book-drafts/',
      body: { slug, ...input },
      label: started(named(input.title)),
      kind: 'book.start',
    },
  );
  return slug;
}

export function saveBookChange(slug: string, title: string | undefined, update: Uint8Array, state: Uint8Array) {
  return saveDocument({
    kind: 'book',
    id: slug,
    path: `/book-drafts/${slug}/document/`,
    label: saved(named(title)),
    update,
    state,
  });
}

export function submitBook(slug: string, title: string | undefined) {
  return saveDocumentDetails(
    doc(slug),
    { status: 'sending' },
    {
      method: 'POST',
      path: `/book-drafts/${slug}/submit/`,
      label: sent(named(title)),
      kind: 'book.submit',
    },
  );
}

/** Makes a chosen picture small, keeps it on the device and queues it; answers its id. */
export async function addBookPicture(file: Blob): Promise<string> {
  const resized = await resizePicture(file);
  const id = crypto.randomUUID();
  await savePicture({ id, ...resized }, t`Added a picture to a book`);
  return id;
}

/** A finished book as one PDF, queued as it is (the server checks it again). */
export async function uploadPdfBook(input: { title: string; trim: BookTrim; class_id?: number }, file: File) {
  const slug = makeBookSlug(input.title);
  const fields: Record<string, string> = { slug, title: input.title, trim: input.trim };
  if (input.class_id) fields['class_id'] = String(input.class_id);
  await saveDocumentDetails(
    doc(slug),
    { title: input.title, status: 'draft', kind: 'uploaded', trim: input.trim, class_id: input.class_id ?? null },
    {
      method: 'POST',
      path: '/book-uploads/pdf/',
      body: fields,
      files: [{ field: 'file', name: file.name || 'book.pdf', type: 'application/pdf', data: await file.arrayBuffer() }],
      label: uploaded(named(input.title)),
      kind: 'book.upload',
    },
  );
  return slug;
}

/** A finished book as pictures of its pages: each resized and queued, then the book naming them in order. */
export async function uploadPictureBook(input: { title: string; trim: BookTrim; class_id?: number }, files: File[]) {
  const pictures: string[] = [];
  for (const file of files) pictures.push(await addBookPicture(file));
  const slug = makeBookSlug(input.title);
  await saveDocumentDetails(
    doc(slug),
    {
      title: input.title,
      status: 'draft',
      kind: 'uploaded',
      trim: input.trim,
      class_id: input.class_id ?? null,
      page_count: pictures.length,
    },
    {
      method: 'POST',
      path: '/book-uploads/',
      body: { slug, title: input.title, trim: input.trim, pictures, ...(input.class_id ? { class_id: input.class_id } : {}) },
      label: uploaded(named(input.title)),
      kind: 'book.upload',
    },
  );
  return slug;
}

const started = (title: string) => t`Started the book “${title}”`;
const saved = (title: string) => t`Saved the book “${title}”`;
const sent = (title: string) => t`Sent the book “${title}” to the school`;
const uploaded = (title: string) => t`Uploaded the book “${title}”`;
