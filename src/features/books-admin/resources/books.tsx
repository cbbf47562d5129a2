// The books lists and records, declared once per area (issue 13): the school's books (publish,
// archive, feature), the organization's (the linked schools' books, to look at), the platform's
// all-books with the platform book form (book/{bookId}) and its page (view-book/{bookId}).
// Server: server/routes/books-admin.ts. Writes go through the outbox (src/ui/admin/write.ts).
import type { ReactNode } from 'react';
import { api } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import type { components } from '@/api/schema';
import { BOOK_CURRENCIES, BOOK_MSG, BookForm, BookSettingsForm, PublishBookForm } from '@/contract/books';
import { BOOK_KINDS, BOOK_STATUSES } from '@/contract/domain';
import { AdminLink } from '@/ui/admin/admin-link';
import { BookPdfButton } from '@/ui/book/book-pdf-button';
import { sayOutcome } from '@/ui/admin/outcome';
import type { FilterDef, FormResource, ListResource, Option, RunAction } from '@/ui/admin/resource';
import type { ShowResource } from '@/ui/admin/resource-show';
import { queueAdminWrite } from '@/ui/admin/write';
import { formatDate, formatPrice } from '@/ui/format';

export type AdminBook = components['schemas']['AdminBook'];

const words = (values: readonly string[]): (readonly [string, string])[] =>
  values.map((v) => [v, v.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())]);
const day = (iso: string | null) => (iso ? formatDate(iso) : '—');
const price = (cents: number) => (cents / 100).toFixed(2);
const YES_NO: Option[] = [
  ['true', 'Yes'],
  ['false', 'No'],
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

const statusLabel = (b: AdminBook) => (b.hidden ? 'Hidden by a moderator' : (words([b.status])[0]?.[1] ?? b.status));

const filters: FilterDef[] = [
  { key: 'status', label: 'Status', options: words(BOOK_STATUSES) },
  { key: 'kind', label: 'Kind', options: words(BOOK_KINDS) },
  { key: 'is_featured', label: 'Featured', options: YES_NO },
  { key: 'is_archived', label: 'Archived', options: YES_NO },
  { key: 'is_hidden', label: 'Hidden', options: YES_NO },
  { key: 'category_id', label: 'Category', options: categoryOptions },
];

/** The spec's Feature bulk action: Yes (feature), No (unfeature). */
const featureAction = (resource: string, path: string): RunAction<AdminBook> => ({
  key: 'feature',
  label: 'Feature',
  options: [
    ['feature', 'Yes'],
    ['unfeature', 'No'],
  ],
  run: (rows, option) =>
    queueAdminWrite({
      resource,
      ids: rows.map((r) => r.id),
      patch: { is_featured: option === 'feature' },
      kind: 'admin-books-feature',
      label: `${option === 'feature' ? 'Feature' : 'Unfeature'} ${rows.length} book(s)`,
      method: 'PATCH',
      path,
      body: { ids: rows.map((r) => r.id), action: option },
    }),
  done: 'Books updated.',
});

function booksList(
  name: string,
  title: string,
  path: string,
  href: ((b: AdminBook) => string) | undefined,
  school: boolean,
): ListResource<AdminBook> {
  return {
    name,
    title,
    path,
    searchLabel: 'Search by title or author',
    dateLabel: 'Added',
    defaultSort: '-created_at',
    columns: [
      { key: 'title', header: 'Title', sort: 'title' },
      { key: 'author', header: 'Author' },
      ...(school
        ? [{ key: 'class_name', header: 'Class', cell: (b: AdminBook) => b.class_name ?? '—' }]
        : [{ key: 'tenant_name', header: 'School', cell: (b: AdminBook) => b.tenant_name ?? 'Platform' }]),
      { key: 'status', header: 'Status', sort: 'status', cell: statusLabel },
      { key: 'price_cents', header: 'Price', sort: 'price_cents', cell: (b) => formatPrice(b.price_cents, b.currency) },
      { key: 'category_name', header: 'Category', cell: (b) => b.category_name ?? 'Uncategorised' },
      { key: 'is_featured', header: 'Featured', cell: (b) => (b.is_featured ? 'Yes' : 'No') },
      { key: 'created_at', header: 'Added', sort: 'created_at', cell: (b) => day(b.created_at) },
    ],
    filters,
    rowHref: href,
    rowLabel: (b) => b.title,
  };
}

/** /admin-school/books: the school's books; a row opens its page with the publish form. */
const school = booksList('books', 'Books', '/api-admin/books/', (b) => `/admin-school/books?id=${b.id}`, true);
export const schoolBooks: ListResource<AdminBook> = {
  ...school,
  filters: [...school.filters, { key: 'class_id', label: 'Class', options: classOptions }],
  bulkActions: [featureAction('books', '/api-admin/books/feature/')],
};

/** /admin-organization/books: the linked schools' books. */
export const organizationBooks: ListResource<AdminBook> = {
  ...booksList('organization-books', 'Books of our schools', '/api-admin/books/', undefined, false),
  bulkActions: [featureAction('organization-books', '/api-admin/books/feature/')],
};

/** /admin-panel/all-books: every book (the app adds the platform's tenant filter). */
export const allBooks: ListResource<AdminBook> = {
  ...booksList('all-books', 'Books', '/api-super-admin/books/', (b) => `/admin-panel/view-book/${b.id}`, false),
  bulkActions: [featureAction('all-books', '/api-super-admin/books/feature/')],
  create: { href: '/admin-panel/book', label: 'Add book' },
};

const bookFacts = (b: AdminBook): [string, ReactNode][] => [
  // Drawn covers are served only for books in the library.
  [
    'Cover',
    b.published || !b.cover.startsWith('/api/covers/') ? (
      <img key="cover" className="admin-avatar" src={b.cover} alt={`Cover of ${b.title}`} />
    ) : (
      'Shown once it is in the library'
    ),
  ],
  ['Author', b.author],
  ['Status', statusLabel(b)],
  ['Kind', words([b.kind])[0]![1]],
  ['Price', formatPrice(b.price_cents, b.currency)],
  ['Category', b.category_name ?? 'Uncategorised'],
  ['Charity cause', b.charity_name ?? '—'],
  ['School', b.tenant_name ?? 'Platform catalogue'],
  ['Class', b.class_name ?? '—'],
  ['Pages', b.page_count || '—'],
  ['Featured', b.is_featured ? 'Yes' : 'No'],
  ['Description', b.description || '—'],
  ['Submitted', day(b.submitted_at)],
  ['Published', day(b.published_at)],
  ['In the library', b.published ? <AdminLink href={`/library/${b.id}`}>Open its page</AdminLink> : 'No'],
  ...(b.kind === 'made'
    ? ([
        ['Print-ready file', <BookPdfButton key="pdf" bookId={b.id} title={b.title} className="button button-small button-secondary" />],
      ] as [string, ReactNode][])
    : []),
];

const archive = (b: AdminBook) =>
  queueAdminWrite({
    resource: 'books',
    ids: [b.id],
    patch: { status: 'archived', published: false },
    kind: 'admin-book-archive',
    label: `Archive ${b.title}`,
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
        Archive
      </button>
    ),
  back: { href: '/admin-school/books', label: 'All books' },
};

/** What each publish form last loaded: publishing sends the whole form, edited or not. */
const loadedForPublish = new Map<number, Record<string, string>>();

export const publishForm: FormResource<typeof PublishBookForm> = {
  name: 'publish-book',
  titles: { create: 'Publish book', edit: 'Publish book' },
  schema: PublishBookForm,
  fields: [
    {
      name: 'status',
      label: 'Where it goes',
      kind: 'select',
      options: [
        ['published', "Publish to the school's library"],
        ['class', 'Keep it for the class'],
      ],
    },
    { name: 'price', label: 'Price', kind: 'text', autoComplete: 'off' },
    { name: 'currency', label: 'Currency', kind: 'select', options: BOOK_CURRENCIES.map((c) => [c, c] as const) },
    { name: 'category_id', label: 'Category', kind: 'select', options: categoryOptions, placeholder: 'Uncategorised' },
    {
      name: 'charity_id',
      label: 'Charity cause (receives half of each sale)',
      kind: 'select',
      options: charityOptions,
      placeholder: 'None',
    },
    { name: 'description', label: 'Description', kind: 'text', autoComplete: 'off' },
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
      label: `Publish book ${id}`,
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
  titles: { create: 'Book settings', edit: 'Book settings' },
  schema: BookSettingsForm,
  fields: [{ name: 'teachers_publish_books', label: 'Teachers may publish their classes’ books', kind: 'select', options: YES_NO }],
  blank: { teachers_publish_books: 'false' },
  load: async () => ({ teachers_publish_books: String((await unwrap(api.GET('/api-admin/book-settings/'))).teachers_publish_books) }),
  save: (_id, changed) =>
    queueAdminWrite({
      resource: 'book-settings',
      ids: [],
      patch: {},
      kind: 'admin-book-settings',
      label: 'Change the book settings',
      method: 'PUT',
      path: '/api-admin/book-settings/',
      body: { teachers_publish_books: changed.teachers_publish_books === 'true' },
    }),
  messages: { created: 'Settings saved.', updated: 'Settings saved.', failed: 'Failed to save the settings. Please try again.' },
  back: '/admin-school/books',
};

/** /admin-panel/book/{bookId}: add or edit any book. */
export const platformBookForm: FormResource<typeof BookForm> = {
  name: 'book',
  titles: { create: 'Add book', edit: 'Edit book' },
  schema: BookForm,
  fields: [
    { name: 'title', label: 'Title', kind: 'text', autoComplete: 'off' },
    { name: 'author', label: 'Author', kind: 'text', autoComplete: 'off' },
    { name: 'description', label: 'Description', kind: 'text', autoComplete: 'off' },
    { name: 'price', label: 'Price', kind: 'text', autoComplete: 'off' },
    { name: 'currency', label: 'Currency', kind: 'select', options: BOOK_CURRENCIES.map((c) => [c, c] as const) },
    { name: 'cover', label: 'Cover picture address (empty: drawn from the title)', kind: 'text', autoComplete: 'off' },
    { name: 'category_id', label: 'Category', kind: 'select', options: categoryOptions, placeholder: 'Uncategorised' },
    { name: 'published', label: 'Published', kind: 'select', options: YES_NO },
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
      label: id === null ? `Add book ${String(changed.title ?? '')}` : `Update book ${id}`,
      method: id === null ? 'POST' : 'PATCH',
      path: id === null ? '/api-super-admin/books/' : `/api-super-admin/books/${id}/`,
      body: changed as Record<string, string>,
    }),
  messages: { created: 'Book added successfully!', updated: 'Book updated successfully!', failed: BOOK_MSG.failed },
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
        Edit
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
        {b.is_featured ? 'Unfeature' : 'Feature'}
      </button>
    </>
  ),
  back: { href: '/admin-panel/all-books', label: 'All books' },
};
