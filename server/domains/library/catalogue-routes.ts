// Publishing and keeping the catalogue (issue 13): the books lists of the school, organization and
// platform areas (one declaration, three scopes), publishing a submitted book with its price,
// category, description and charity cause (or keeping it for its class), archive, feature and
// unfeature, the school's setting that lets teachers publish, and the platform admin's book form.
// Categories are in book-categories.ts, stats in book-stats.ts, the moderation queue in
// book-monitoring.ts.
//
// The `published` column is the library flag: it is kept true exactly while status is
// 'published' and no moderator has hidden the book, so the library, search and the catalogue
// pull (which sends a withdrawn book as a deletion) need no other rule.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { BOOK_MSG, BookForm, BookPatch, FeatureBooks, PublishBookForm } from '../../../src/contract/books';
import { BOOK_KINDS, BOOK_STATUSES } from '../../../src/contract/domain';
import { ADMIN_MSG } from '../../../src/contract/messages';
import type { Queryable } from '../../db/client';
import { books, categories, charities, classes, tenants, users, type TenantRow } from '../../db/schema';
import { adminListRoutes, countAll, type DynamicSelect } from '../../http/admin-list';
import { forgetTenant } from '../../http/context';
import type { AppEnv, AuthUser } from '../../http/env';
import { fail, fieldFail } from '../../http/errors';
import { defineRoute, errorBody, jsonBody, signedInUser, type Access, notFoundAnswer } from '../../http/route';
import { MessageSchema, Id, IdParam } from '../../http/schemas';
import { schoolIds } from '../roster/queries';
import { PLATFORM, siteTenant, SCHOOL_STAFF, CLASS_STAFF } from '../../http/access';

/** School staff who work with books on their school's site (organization admins: linked schools). */
const STAFF_AREA: Access = { roles: SCHOOL_STAFF, site: 'tenant' };
/** Who may publish: the school's admins, and teachers where the school allows it (checked per call). */
const PUBLISHERS: Access = { roles: CLASS_STAFF, site: 'tenant', outbox: true };

/**
 * The books a caller reaches: the platform admin every book; school staff their school's (an
 * organization admin the linked schools'); a teacher those of the classes they teach or made.
 */
export function bookScope(c: Context<AppEnv>): SQL {
  const user = signedInUser(c);
  const live = isNull(books.deleted_at);
  if (user.role === 'upschool_admin') return live;
  const tenant = c.get('tenant');
  if (!tenant) return sql`false`;
  const inSchools = sql`${books.tenant_id} in ${schoolIds(tenant, user)}`;
  if (user.role !== 'teacher') return and(live, inSchools)!;
  const taught = sql`(select ${classes.id} from ${classes} where ${classes.teacher_id} = ${user.id})`;
  return and(live, inSchools, or(sql`${books.class_id} in ${taught}`, eq(books.created_by, user.id)))!;
}

export const AdminBookSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    author: z.string(),
    description: z.string(),
    price_cents: z.number().int(),
    currency: z.string(),
    cover: z.string(),
    kind: z.enum(BOOK_KINDS),
    status: z.enum(BOOK_STATUSES),
    published: z.boolean(),
    is_featured: z.boolean(),
    hidden: z.boolean(),
    page_count: z.number().int(),
    tenant_id: z.number().int().nullable(),
    tenant_name: z.string().nullable(),
    class_id: z.number().int().nullable(),
    class_name: z.string().nullable(),
    category_id: z.number().int().nullable(),
    category_name: z.string().nullable(),
    charity_id: z.number().int().nullable(),
    charity_name: z.string().nullable(),
    created_by_name: z.string().nullable(),
    submitted_at: z.string().nullable(),
    published_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('AdminBook');

const bookFields = {
  id: books.id,
  title: books.title,
  author: books.author,
  description: books.description,
  price_cents: books.price_cents,
  currency: books.currency,
  cover: books.cover,
  kind: books.kind,
  status: books.status,
  published: books.published,
  is_featured: books.is_featured,
  hidden_at: books.hidden_at,
  page_count: books.page_count,
  tenant_id: books.tenant_id,
  tenant_name: tenants.school_name,
  class_id: books.class_id,
  class_name: classes.name,
  category_id: books.category_id,
  category_name: categories.name,
  charity_id: books.charity_id,
  charity_name: charities.name,
  first_name: users.first_name,
  last_name: users.last_name,
  submitted_at: books.submitted_at,
  published_at: books.published_at,
  created_at: books.created_at,
};
type BookRow = {
  [K in keyof typeof bookFields]: (typeof bookFields)[K]['_']['notNull'] extends true
    ? (typeof bookFields)[K]['_']['data']
    : (typeof bookFields)[K]['_']['data'] | null;
};

const selectBooks = (db: Queryable) =>
  db
    .select(bookFields)
    .from(books)
    .leftJoin(tenants, eq(tenants.id, books.tenant_id))
    .leftJoin(classes, eq(classes.id, books.class_id))
    .leftJoin(categories, eq(categories.id, books.category_id))
    .leftJoin(charities, eq(charities.id, books.charity_id))
    .leftJoin(users, eq(users.id, books.created_by))
    .$dynamic() as unknown as DynamicSelect<BookRow>;

const iso = (d: Date | null) => d?.toISOString() ?? null;
export function bookJson(r: BookRow): z.infer<typeof AdminBookSchema> {
  const { first_name, last_name, hidden_at, ...rest } = r;
  return {
    ...rest,
    hidden: hidden_at !== null,
    created_by_name: first_name ? `${first_name} ${last_name ?? ''}`.trim() : null,
    submitted_at: iso(r.submitted_at),
    published_at: iso(r.published_at),
    created_at: r.created_at.toISOString(),
  };
}

const Flag = z.enum(['true', 'false']);
const bookFilters = {
  status: z.enum(BOOK_STATUSES).optional(),
  kind: z.enum(BOOK_KINDS).optional(),
  is_featured: Flag.optional(),
  /** The spec's content filter: archived books (status 'archived') or the others. */
  is_archived: Flag.optional(),
  is_hidden: Flag.optional(),
  class_id: Id.optional(),
  category_id: Id.optional(),
  tenant_id: Id.optional(),
};
type BookFilters = { [K in keyof typeof bookFilters]?: z.infer<(typeof bookFilters)[K]> };

const filterWhere = (q: BookFilters) =>
  and(
    q.status ? eq(books.status, q.status) : undefined,
    q.kind ? eq(books.kind, q.kind) : undefined,
    q.is_featured ? eq(books.is_featured, q.is_featured === 'true') : undefined,
    q.is_archived ? sql`(${books.status} = 'archived') = ${q.is_archived === 'true'}` : undefined,
    q.is_hidden ? sql`(${books.hidden_at} is not null) = ${q.is_hidden === 'true'}` : undefined,
    q.class_id !== undefined ? eq(books.class_id, q.class_id) : undefined,
    q.category_id !== undefined ? eq(books.category_id, q.category_id) : undefined,
    q.tenant_id !== undefined ? eq(books.tenant_id, q.tenant_id) : undefined,
  );

/** One declaration of the books list, for the school (and organization) area and the platform. */
const bookList = (name: string, path: string, access: Access, summary: string) =>
  adminListRoutes({
    name,
    path,
    summary,
    access,
    row: AdminBookSchema,
    filters: bookFilters,
    where: (c, q) => and(bookScope(c), filterWhere(q)),
    search: [books.title, books.author],
    date: books.created_at,
    sorts: { created_at: books.created_at, title: books.title, price_cents: books.price_cents, status: books.status },
    defaultSort: '-created_at',
    id: books.id,
    select: selectBooks,
    countFrom: (db) => db.select(countAll()).from(books).$dynamic() as unknown as DynamicSelect<{ n: number }>,
    json: bookJson,
    csv: [
      ['id', (r) => r.id],
      ['title', (r) => r.title],
      ['author', (r) => r.author],
      ['kind', (r) => r.kind],
      ['status', (r) => r.status],
      ['price', (r) => (r.price_cents / 100).toFixed(2)],
      ['currency', (r) => r.currency],
      ['featured', (r) => r.is_featured],
      ['hidden', (r) => r.hidden_at !== null],
      ['school', (r) => r.tenant_name],
      ['class', (r) => r.class_name],
      ['category', (r) => r.category_name],
      ['charity', (r) => r.charity_name],
      ['created_at', (r) => r.created_at.toISOString()],
    ],
  });

const schoolBooks = bookList(
  'books',
  '/api-admin/books/',
  STAFF_AREA,
  "The school's books (an organization admin: the linked schools'; a teacher: their classes'), with the books filter set",
);
const allBooks = bookList(
  'all-books',
  '/api-super-admin/books/',
  PLATFORM,
  'Every book on the platform, with the books filter set and the tenant filter',
);

/** A book the caller reaches, locked for the change; another school's is a 404. */
async function reachableBook(c: Context<AppEnv>, id: number) {
  const [row] = await c
    .get('db')
    .select({
      id: books.id,
      tenant_id: books.tenant_id,
      status: books.status,
      hidden_at: books.hidden_at,
      published_at: books.published_at,
      cover: books.cover,
    })
    .from(books)
    .where(and(eq(books.id, id), bookScope(c)))
    .for('update')
    .limit(1);
  return row ?? fail(404, ADMIN_MSG.notFound);
}

async function oneBook(db: Queryable, id: number) {
  const [row] = await selectBooks(db).where(eq(books.id, id)).limit(1);
  return row ? bookJson(row) : fail(404, ADMIN_MSG.notFound);
}

/** A category the book's site may use: the platform's or the book's school's own. */
async function checkCategory(db: Queryable, categoryId: number | null, tenantId: number | null) {
  if (categoryId === null) return;
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.id, categoryId),
        tenantId === null ? isNull(categories.tenant_id) : or(isNull(categories.tenant_id), eq(categories.tenant_id, tenantId)),
      ),
    );
  if (!row) fieldFail('category_id', BOOK_MSG.category);
}

/** A teacher publishes only where the school allows it. */
function mayPublish(user: AuthUser, tenant: TenantRow | null) {
  if (user.role === 'teacher' && !tenant?.teachers_publish_books) fail(403, BOOK_MSG.notAllowed);
}

const jsonRequest = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema } } } });
const notFound = notFoundAnswer('No such book here');

const publishBook = defineRoute(PUBLISHERS, {
  method: 'post',
  path: '/api-admin/books/{id}/publish/',
  summary:
    "Publish a submitted book to the school's library with its price, category, description and charity cause, or keep it for its class",
  description: 'School admins; teachers only where the school allows it (teachers_publish_books), else 403. A draft answers 409.',
  request: { params: IdParam, ...jsonRequest(PublishBookForm) },
  responses: {
    200: jsonBody(AdminBookSchema),
    403: { description: 'Teachers may not publish here', ...errorBody },
    ...notFound,
    409: { description: 'Not submitted', ...errorBody },
  },
});

const archiveBook = defineRoute(PUBLISHERS, {
  method: 'post',
  path: '/api-admin/books/{id}/archive/',
  summary: 'Archive a book: it leaves the library (and every device at the next sync)',
  request: { params: IdParam },
  responses: { 200: jsonBody(AdminBookSchema), 403: { description: 'Teachers may not publish here', ...errorBody }, ...notFound },
});

const featureRoute = (path: string, access: Access) =>
  defineRoute(
    { ...access, outbox: true },
    {
      method: 'patch',
      path,
      summary: 'Feature or unfeature books (the Feature bulk action: Yes feature, No unfeature)',
      request: jsonRequest(FeatureBooks),
      responses: { 200: jsonBody(MessageSchema), ...notFound },
    },
  );
const featureSchool = featureRoute('/api-admin/books/feature/', {
  roles: ['teacher_admin', 'school_admin', 'organization_admin'],
  site: 'tenant',
});
const featureAll = featureRoute('/api-super-admin/books/feature/', PLATFORM);

const BookSettings = z.object({ teachers_publish_books: z.boolean() }).openapi('BookSettings');
const getSettings = defineRoute(
  { roles: CLASS_STAFF, site: 'tenant' },
  {
    method: 'get',
    path: '/api-admin/book-settings/',
    summary: "The school's book settings (whether teachers may publish)",
    responses: { 200: jsonBody(BookSettings) },
  },
);
const putSettings = defineRoute(
  { roles: ['school_admin'], site: 'tenant', outbox: true },
  {
    method: 'put',
    path: '/api-admin/book-settings/',
    summary: "Change the school's book settings (school admin)",
    request: jsonRequest(BookSettings),
    responses: { 200: jsonBody(BookSettings) },
  },
);

const getBook = defineRoute(PLATFORM, {
  method: 'get',
  path: '/api-super-admin/books/{id}/',
  summary: 'One book, as the book form and the book page show it',
  request: { params: IdParam },
  responses: { 200: jsonBody(AdminBookSchema), ...notFound },
});
const getSchoolBook = defineRoute(STAFF_AREA, {
  method: 'get',
  path: '/api-admin/books/{id}/',
  summary: "One of the school's books, as the publish form shows it",
  request: { params: IdParam },
  responses: { 200: jsonBody(AdminBookSchema), ...notFound },
});

const createBook = defineRoute(
  { ...PLATFORM, outbox: true },
  {
    method: 'post',
    path: '/api-super-admin/books/',
    summary: 'Add a book to the platform catalogue',
    request: jsonRequest(BookForm),
    responses: { 201: jsonBody(AdminBookSchema) },
  },
);
const patchBook = defineRoute(
  { ...PLATFORM, outbox: true },
  {
    method: 'patch',
    path: '/api-super-admin/books/{id}/',
    summary: 'Change any book: only the fields sent (title, author, description, price, currency, cover, category, published)',
    request: { params: IdParam, ...jsonRequest(BookPatch) },
    responses: { 200: jsonBody(AdminBookSchema), ...notFound },
  },
);

/** The status and library flag a platform edit's `published` field stands for. */
function publishedFields(published: 'true' | 'false', hiddenAt: Date | null, publishedAt: Date | null, now: Date) {
  return published === 'true'
    ? { status: 'published' as const, published: hiddenAt === null, published_at: publishedAt ?? now }
    : { status: 'archived' as const, published: false };
}

async function feature(c: Context<AppEnv>, { ids, action }: z.infer<typeof FeatureBooks>) {
  const changed = await c
    .get('db')
    .update(books)
    .set({ is_featured: action === 'feature' })
    .where(and(inArray(books.id, ids), bookScope(c)))
    .returning({ id: books.id });
  // Outbox routes run in one transaction: a row out of reach undoes the whole change.
  if (changed.length !== new Set(ids).size) fail(404, ADMIN_MSG.notFound);
  return c.json({ message: action === 'feature' ? BOOK_MSG.featured : BOOK_MSG.unfeatured }, 200);
}

export const bookAdminRoutes = new OpenAPIHono<AppEnv>()
  .route('/', schoolBooks)
  .route('/', allBooks)
  .openapi(featureSchool, (c) => feature(c, c.req.valid('json')))
  .openapi(featureAll, (c) => feature(c, c.req.valid('json')))
  .openapi(getSettings, (c) => c.json({ teachers_publish_books: siteTenant(c).teachers_publish_books }, 200))
  .openapi(putSettings, async (c) => {
    const tenant = siteTenant(c);
    const { teachers_publish_books } = c.req.valid('json');
    await c.get('db').update(tenants).set({ teachers_publish_books }).where(eq(tenants.id, tenant.id));
    forgetTenant(c.get('deps'), tenant.subdomain);
    return c.json({ teachers_publish_books }, 200);
  })
  .openapi(getSchoolBook, async (c) => {
    const { id } = c.req.valid('param');
    const [row] = await selectBooks(c.get('db'))
      .where(and(eq(books.id, id), bookScope(c)))
      .limit(1);
    return c.json(row ? bookJson(row) : fail(404, ADMIN_MSG.notFound), 200);
  })
  .openapi(publishBook, async (c) => {
    const user = signedInUser(c);
    mayPublish(user, c.get('tenant'));
    const { id } = c.req.valid('param');
    const form = c.req.valid('json');
    const db = c.get('db');
    const book = await reachableBook(c, id);
    if (!['submitted', 'class', 'published'].includes(book.status)) fail(409, BOOK_MSG.notSubmitted);
    await checkCategory(db, form.category_id, book.tenant_id);
    if (form.charity_id !== null) {
      const [cause] = await db
        .select({ id: charities.id })
        .from(charities)
        // The school's own causes, or the platform's published ones offered on every site.
        .where(
          and(
            eq(charities.id, form.charity_id),
            or(
              and(isNull(charities.tenant_id), eq(charities.status, 'published')),
              book.tenant_id === null ? undefined : eq(charities.tenant_id, book.tenant_id),
            ),
          ),
        );
      if (!cause) fieldFail('charity_id', BOOK_MSG.charity);
    }
    const now = c.get('deps').now();
    const publish = form.status === 'published';
    // A book is sold by its cover: none goes on sale without one.
    if (publish && !book.cover) fail(409, BOOK_MSG.noCover);
    await db
      .update(books)
      .set({
        price_cents: form.price,
        currency: form.currency,
        category_id: form.category_id,
        charity_id: form.charity_id,
        description: form.description,
        status: form.status,
        published: publish && book.hidden_at === null,
        published_at: publish ? (book.published_at ?? now) : book.published_at,
      })
      .where(eq(books.id, id));
    return c.json(await oneBook(db, id), 200);
  })
  .openapi(archiveBook, async (c) => {
    mayPublish(signedInUser(c), c.get('tenant'));
    const { id } = c.req.valid('param');
    await reachableBook(c, id);
    await c.get('db').update(books).set({ status: 'archived', published: false }).where(eq(books.id, id));
    return c.json(await oneBook(c.get('db'), id), 200);
  })
  .openapi(getBook, async (c) => c.json(await oneBook(c.get('db'), c.req.valid('param').id), 200))
  .openapi(createBook, async (c) => {
    const form = c.req.valid('json');
    const db = c.get('db');
    await checkCategory(db, form.category_id, null);
    const now = c.get('deps').now();
    const [row] = await db
      .insert(books)
      .values({
        title: form.title,
        author: form.author,
        description: form.description,
        price_cents: form.price,
        currency: form.currency,
        cover: form.cover,
        category_id: form.category_id,
        kind: 'catalogue',
        created_by: signedInUser(c).id,
        ...publishedFields(form.published, null, null, now),
      })
      .returning({ id: books.id });
    // Without a picture of its own, the cover is drawn from the title (GET /api/covers/{id}.svg).
    if (!form.cover)
      await db
        .update(books)
        .set({ cover: `/api/covers/${row!.id}.svg` })
        .where(eq(books.id, row!.id));
    return c.json(await oneBook(db, row!.id), 201);
  })
  .openapi(patchBook, async (c) => {
    const { id } = c.req.valid('param');
    const form = c.req.valid('json');
    const db = c.get('db');
    const book = await reachableBook(c, id);
    if (form.category_id !== undefined) await checkCategory(db, form.category_id, book.tenant_id);
    const { price, published, ...rest } = form;
    const set = {
      ...rest,
      ...(rest.cover === '' ? { cover: `/api/covers/${id}.svg` } : {}),
      ...(price !== undefined ? { price_cents: price } : {}),
      ...(published !== undefined ? publishedFields(published, book.hidden_at, book.published_at, c.get('deps').now()) : {}),
    };
    if (Object.keys(set).length) await db.update(books).set(set).where(eq(books.id, id));
    return c.json(await oneBook(db, id), 200);
  });
