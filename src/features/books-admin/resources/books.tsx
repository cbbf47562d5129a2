// The books lists and records, declared once per area (issue 13): the school's books (publish,
// archive, feature), the organization's (the linked schools' books, to look at), the platform's
// all-books with the platform book form (book/{bookId}) and its page (view-book/{bookId}).
// Server: server/routes/books-admin.ts. Writes go through the outbox (src/ui/admin/write.ts).
import type { MessageDescriptor } from '@lingui/core';
import { Trans } from '@lingui/react/macro';
import { msg, t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { api } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import type { components } from '@/api/schema';
import { BOOK_CURRENCIES, BOOK_MSG, BookForm, BookSettingsForm, PublishBookForm } from '@/contract/books';
import { AdminLink } from '@/ui/admin/admin-link';
import { BookPdfButton } from '@/ui/book/book-pdf-button';
import { sayOutcome } from '@/ui/admin/outcome';
import type { FilterDef, FormResource, ListResource, Option, RunAction } from '@/ui/admin/resource';
import type { ShowResource } from '@/ui/admin/resource-show';
import { queueAdminWrite } from '@/ui/admin/write';
import { formatDate, formatPrice } from '@/ui/format';
import { BOOK_KIND_NAMES, BOOK_STATUS_NAMES, nameOf, optionsOf } from '@/ui/value-names';

export type AdminBook = components['schemas']['AdminBook'];

const day = (iso: string | null) => (iso ? formatDate(iso) : '—');
const price = (cents: number) => (cents / 100).toFixed(2);
const YES_NO: Option[] = [
  ['true', msg`Yes`],
  ['false', msg`No`],
];

/** The categories a book of this site may take (the platform's and the site's own). */
export const categoryOptions = (): Promise<readonly Option[]> =>
  unwrap(api.GET('/categories/')).then((r) => r.results.map((c) => [String(c.id), c.name] as const));
/** The caller's classes (a teacher's own; an admin's school's). */
const classOptions = (): Promise<readonly Option[]> =>
  unwrap(api.GET('/v1/teacher/school-classes/', { params: { query: { limit: 1000 } } })).then((r) =>
    r.results.map((c) => [String(c.id), c.name] as const),
  );
/** The charity causes offered on this site. */
const charityOptions = (): Promise<readonly Option[]> =>
  unwrap(api.GET('/charities/')).then((r) => r.results.map((c) => [String(c.id), c.name] as const));

const featureLabel = (option: string, count: number) =>
  option === 'feature' ? t`Feature ${count} book(s)` : t`Unfeature ${count} book(s)`;
const coverOf = (title: string) => t`Cover of ${title}`;
const archiveLabel = (title: string) => t`Archive ${title}`;
const publishLabel = (id: number) => t`Publish book ${id}`;
const addBookLabel = (title: string) => t`Add book ${title}`;
const updateBookLabel = (id: number) => t`Update book ${id}`;
const statusLabel = (b: AdminBook) => (b.hidden ? t`Hidden by a moderator` : nameOf(BOOK_STATUS_NAMES, b.status));

const filters: FilterDef[] = [
  { key: 'status', label: msg`Status`, options: optionsOf(BOOK_STATUS_NAMES) },
  { key: 'kind', label: msg`Kind`, options: optionsOf(BOOK_KIND_NAMES) },
  { key: 'is_featured', label: msg`Featured`, options: YES_NO },
  { key: 'is_archived', label: msg`Archived`, options: YES_NO },
  { key: 'is_hidden', label: msg`Hidden`, options: YES_NO },
  { key: 'category_id', label: msg`Category`, options: categoryOptions },
];

/** The spec's Feature bulk action: Yes (feature), No (unfeature). */
const featureAction = (resource: string, path: string): RunAction<AdminBook> => ({
  key: 'feature',
  label: msg`Feature`,
  options: [
    ['feature', msg`Yes`],
    ['unfeature', msg`No`],
  ],
  run: (rows, option) =>
    queueAdminWrite({
      resource,
      ids: rows.map((r) => r.id),
      patch: { is_featured: option === 'feature' },
      kind: 'admin-books-feature',
      label: featureLabel(option, rows.length),
      method: 'PATCH',
      path,
      body: { ids: rows.map((r) => r.id), action: option },
    }),
  done: msg`Books updated.`,
});

function booksList(
  name: string,
  title: MessageDescriptor,
  path: string,
  href: ((b: AdminBook) => string) | undefined,
  school: boolean,
): ListResource<AdminBook> {
  return {
    name,
    title,
    path,
    searchLabel: msg`Search by title or author`,
    dateLabel: msg`Added`,
    defaultSort: '-created_at',
    columns: [
      { key: 'title', header: msg`Title`, sort: 'title' },
      { key: 'author', header: msg`Author` },
      ...(school
        ? [{ key: 'class_name', header: msg`Class`, cell: (b: AdminBook) => b.class_name ?? '—' }]
        : [{ key: 'tenant_name', header: msg`School`, cell: (b: AdminBook) => b.tenant_name ?? t`Platform` }]),
      { key: 'status', header: msg`Status`, sort: 'status', cell: statusLabel },
      { key: 'price_cents', header: msg`Price`, sort: 'price_cents', cell: (b) => formatPrice(b.price_cents, b.currency) },
      { key: 'category_name', header: msg`Category`, cell: (b) => b.category_name ?? t`Uncategorised` },
      { key: 'is_featured', header: msg`Featured`, cell: (b) => (b.is_featured ? t`Yes` : t`No`) },
      { key: 'created_at', header: msg`Added`, sort: 'created_at', cell: (b) => day(b.created_at) },
    ],
    filters,
    rowHref: href,
    rowLabel: (b) => b.title,
  };
}

/** /admin-school/books: the school's books; a row opens its page with the publish form. */
const school = booksList('books', msg`Books`, '/api-admin/books/', (b) => `/admin-school/books?id=${b.id}`, true);
export const schoolBooks: ListResource<AdminBook> = {
  ...school,
  filters: [...school.filters, { key: 'class_id', label: msg`Class`, options: classOptions }],
  bulkActions: [featureAction('books', '/api-admin/books/feature/')],
};

/** /admin-organization/books: the linked schools' books. */
export const organizationBooks: ListResource<AdminBook> = {
  ...booksList('organization-books', msg`Books of our schools`, '/api-admin/books/', undefined, false),
  bulkActions: [featureAction('organization-books', '/api-admin/books/feature/')],
};

/** /admin-panel/all-books: every book (the app adds the platform's tenant filter). */
export const allBooks: ListResource<AdminBook> = {
  ...booksList('all-books', msg`Books`, '/api-super-admin/books/', (b) => `/admin-panel/view-book/${b.id}`, false),
  bulkActions: [featureAction('all-books', '/api-super-admin/books/feature/')],
  create: { href: '/admin-panel/book', label: msg`Add book` },
};

const bookFacts = (b: AdminBook): [string, ReactNode][] => [
  // Drawn covers are served only for books in the library.
  [
    t`Cover`,
    b.published || !b.cover.startsWith('/api/covers/') ? (
      <img key="cover" className="admin-avatar" src={b.cover} alt={coverOf(b.title)} />
    ) : (
      t`Shown once it is in the library`
    ),
  ],
  [t`Author`, b.author],
  [t`Status`, statusLabel(b)],
  [t`Kind`, nameOf(BOOK_KIND_NAMES, b.kind)],
  [t`Price`, formatPrice(b.price_cents, b.currency)],
  [t`Category`, b.category_name ?? t`Uncategorised`],
  [t`Charity cause`, b.charity_name ?? '—'],
  [t`School`, b.tenant_name ?? t`Platform catalogue`],
  [t`Class`, b.class_name ?? '—'],
  [t`Pages`, b.page_count || '—'],
  [t`Featured`, b.is_featured ? t`Yes` : t`No`],
  [t`Description`, b.description || '—'],
  [t`Submitted`, day(b.submitted_at)],
  [t`Published`, day(b.published_at)],
  [
    t`In the library`,
    b.published ? (
      <AdminLink href={`/library/${b.id}`}>
        <Trans>Open its page</Trans>
      </AdminLink>
    ) : (
      t`No`
    ),
  ],
  ...(b.kind === 'made'
    ? ([
        [t`Print-ready file`, <BookPdfButton key="pdf" bookId={b.id} title={b.title} className="button button-small button-secondary" />],
      ] as [string, ReactNode][])
    : []),
];

const archive = (b: AdminBook) =>
  queueAdminWrite({
    resource: 'books',
    ids: [b.id],
    patch: { status: 'archived', published: false },
    kind: 'admin-book-archive',
    label: archiveLabel(b.title),
    method: 'POST',
    path: `/api-admin/books/${b.id}/archive/`,
    body: {},
  });

/** /admin-school/books?id=: one of the school's books, with archive; the publish form follows. */
export const schoolBook: ShowResource<AdminBook> = {
  title: (b) => b.title,
  load: (id) => unwrap(api.GET('/api-admin/books/{id}/', { params: { path: { id } } })),
  facts: bookFacts,
  actions: (b, reload) =>
    b.status === 'archived' ? null : (
      <button
        type="button"
        className="button button-small button-secondary"
        onClick={() => void archive(b).then((o) => sayOutcome(o, BOOK_MSG.archived, BOOK_MSG.failed) && reload())}
      >
        <Trans>Archive</Trans>
      </button>
    ),
  back: { href: '/admin-school/books', label: msg`All books` },
};

/** What each publish form last loaded: publishing sends the whole form, edited or not. */
const loadedForPublish = new Map<number, Record<string, string>>();

export const publishForm: FormResource<typeof PublishBookForm> = {
  name: 'publish-book',
  titles: { create: msg`Publish book`, edit: msg`Publish book` },
  schema: PublishBookForm,
  fields: [
    {
      name: 'status',
      label: msg`Where it goes`,
      kind: 'select',
      options: [
        ['published', msg`Publish to the school's library`],
        ['class', msg`Keep it for the class`],
      ],
    },
    { name: 'price', label: msg`Price`, kind: 'text', autoComplete: 'off' },
    { name: 'currency', label: msg`Currency`, kind: 'select', options: BOOK_CURRENCIES.map((c) => [c, c] as const) },
    { name: 'category_id', label: msg`Category`, kind: 'select', options: categoryOptions, placeholder: msg`Uncategorised` },
    {
      name: 'charity_id',
      label: msg`Charity cause (receives half of each sale)`,
      kind: 'select',
      options: charityOptions,
      placeholder: msg`None`,
    },
    { name: 'description', label: msg`Description`, kind: 'text', autoComplete: 'off' },
  ],
  blank: { status: 'published', price: '', currency: 'USD', category_id: '', charity_id: '', description: '' },
  load: async (id) => {
    const b = await unwrap(api.GET('/api-admin/books/{id}/', { params: { path: { id } } }));
    const values = {
      status: b.status === 'class' ? 'class' : 'published',
      price: price(b.price_cents),
      currency: b.currency,
      category_id: b.category_id === null ? '' : String(b.category_id),
      charity_id: b.charity_id === null ? '' : String(b.charity_id),
      description: b.description,
    };
    loadedForPublish.set(id, values);
    return values;
  },
  save: (id, changed) => {
    const body = { ...loadedForPublish.get(id!), ...(changed as Record<string, string>) };
    return queueAdminWrite({
      resource: 'books',
      ids: [id!],
      patch: { status: body.status },
      kind: 'admin-book-publish',
      label: publishLabel(id!),
      method: 'POST',
      path: `/api-admin/books/${id}/publish/`,
      body,
    });
  },
  messages: { created: BOOK_MSG.published, updated: BOOK_MSG.published, failed: BOOK_MSG.failed },
  back: '/admin-school/books',
};

export const bookSettingsForm: FormResource<typeof BookSettingsForm> = {
  name: 'book-settings',
  titles: { create: msg`Book settings`, edit: msg`Book settings` },
  schema: BookSettingsForm,
  fields: [{ name: 'teachers_publish_books', label: msg`Teachers may publish their classes’ books`, kind: 'select', options: YES_NO }],
  blank: { teachers_publish_books: 'false' },
  load: async () => ({ teachers_publish_books: String((await unwrap(api.GET('/api-admin/book-settings/'))).teachers_publish_books) }),
  save: (_id, changed) =>
    queueAdminWrite({
      resource: 'book-settings',
      ids: [],
      patch: {},
      kind: 'admin-book-settings',
      label: t`Change the book settings`,
      method: 'PUT',
      path: '/api-admin/book-settings/',
      body: { teachers_publish_books: changed.teachers_publish_books === 'true' },
    }),
  messages: { created: msg`Settings saved.`, updated: msg`Settings saved.`, failed: msg`Failed to save the settings. Please try again.` },
  back: '/admin-school/books',
};

/** /admin-panel/book/{bookId}: add or edit any book. */
export const platformBookForm: FormResource<typeof BookForm> = {
  name: 'book',
  titles: { create: msg`Add book`, edit: msg`Edit book` },
  schema: BookForm,
  fields: [
    { name: 'title', label: msg`Title`, kind: 'text', autoComplete: 'off' },
    { name: 'author', label: msg`Author`, kind: 'text', autoComplete: 'off' },
    { name: 'description', label: msg`Description`, kind: 'text', autoComplete: 'off' },
    { name: 'price', label: msg`Price`, kind: 'text', autoComplete: 'off' },
    { name: 'currency', label: msg`Currency`, kind: 'select', options: BOOK_CURRENCIES.map((c) => [c, c] as const) },
    { name: 'cover', label: msg`Cover picture address (empty: drawn from the title)`, kind: 'text', autoComplete: 'off' },
    { name: 'category_id', label: msg`Category`, kind: 'select', options: categoryOptions, placeholder: msg`Uncategorised` },
    { name: 'published', label: msg`Published`, kind: 'select', options: YES_NO },
  ],
  blank: { title: '', author: '', description: '', price: '', currency: 'USD', cover: '', category_id: '', published: 'true' },
  load: async (id) => {
    const b = await unwrap(api.GET('/api-super-admin/books/{id}/', { params: { path: { id } } }));
    return {
      title: b.title,
      author: b.author,
      description: b.description,
      price: price(b.price_cents),
      currency: b.currency,
      cover: b.cover,
      category_id: b.category_id === null ? '' : String(b.category_id),
      published: String(b.status === 'published'),
    };
  },
  save: (id, changed) =>
    queueAdminWrite({
      resource: 'all-books',
      ids: id === null ? [] : [id],
      patch: {},
      kind: id === null ? 'admin-book-create' : 'admin-book-update',
      label: id === null ? addBookLabel(String(changed.title ?? '')) : updateBookLabel(id),
      method: id === null ? 'POST' : 'PATCH',
      path: id === null ? '/api-super-admin/books/' : `/api-super-admin/books/${id}/`,
      body: changed as Record<string, string>,
    }),
  messages: { created: msg`Book added successfully!`, updated: msg`Book updated successfully!`, failed: BOOK_MSG.failed },
  back: '/admin-panel/all-books',
};

/** /admin-panel/view-book/{bookId}: any book's page, with edit and feature. */
export const platformBook: ShowResource<AdminBook> = {
  title: (b) => b.title,
  load: (id) => unwrap(api.GET('/api-super-admin/books/{id}/', { params: { path: { id } } })),
  facts: bookFacts,
  actions: (b, reload) => (
    <>
      <AdminLink className="button button-small" href={`/admin-panel/book/${b.id}`}>
        <Trans>Edit</Trans>
      </AdminLink>
      <button
        type="button"
        className="button button-small button-secondary"
        onClick={() =>
          void featureAction('all-books', '/api-super-admin/books/feature/')
            .run([b], b.is_featured ? 'unfeature' : 'feature')
            .then((o) => sayOutcome(o, b.is_featured ? BOOK_MSG.unfeatured : BOOK_MSG.featured, BOOK_MSG.failed) && reload())
        }
      >
        {b.is_featured ? t`Unfeature` : t`Feature`}
      </button>
    </>
  ),
  back: { href: '/admin-panel/all-books', label: msg`All books` },
};
