// Book categories (issue 13), one declaration for two scopes: the school's own
// (/api-admin/book-categories/, school admins on their site) and the platform's
// (/api-super-admin/book-categories/, shown on every site). Names are unique per scope (a unique
// index on lower(name), so a race is refused too) and each gets a slug. A deleted category's
// books stay in the library, uncategorised: they are touched, so devices learn it at the next sync.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { BOOK_MSG, CategoryForm, slugify } from '../../../src/contract/books';
import { ADMIN_MSG } from '../../../src/contract/messages';
import { books, categories } from '../../db/schema';
import { adminListRoutes, countAll, type DynamicSelect } from '../../http/admin-list';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, errorBody, jsonBody, type Access, notFoundAnswer, jsonRequest } from '../../http/route';
import { MessageSchema, IdParam } from '../../http/schemas';
import { PLATFORM, siteTenant } from '../../http/access';

export const AdminCategorySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    book_count: z.number().int(),
    created_at: z.string(),
  })
  .openapi('AdminCategory');

const bookCount = sql<number>`(select count(*)::int from ${books} where ${books.category_id} = "categories"."id" and ${books.deleted_at} is null)`;
const fields = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  book_count: bookCount,
  created_at: categories.created_at,
};
type Row = { id: number; name: string; slug: string; description: string; book_count: number; created_at: Date };
const json = (r: Row) => ({ ...r, created_at: r.created_at.toISOString() });

interface Scope {
  name: string;
  path: string;
  access: Access;
  label: string;
  /** The scope's tenant: the school of the site, or null for the platform. */
  tenant: (c: Context<AppEnv>) => number | null;
}

const inScope = (tenantId: number | null): SQL => (tenantId === null ? isNull(categories.tenant_id) : eq(categories.tenant_id, tenantId));
const nameTaken = (): never => fail(409, BOOK_MSG.categoryTaken, { errors: { name: [BOOK_MSG.categoryTaken] } });
/** PostgreSQL's unique_violation, as pg and PGlite report it (also when wrapped by drizzle). */
const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: string }).code === '23505' || isUniqueViolation((err as { cause?: unknown }).cause));

function categoryRoutes(scope: Scope) {
  const write: Access = { ...scope.access, outbox: true };
  const Body = { ...jsonRequest(CategoryForm) };
  const PatchBody = { ...jsonRequest(CategoryForm.partial()) };
  const missing = notFoundAnswer('No such category here');
  const taken = { 409: { description: 'The name is taken in this scope', ...errorBody } };

  const list = adminListRoutes({
    name: scope.name,
    path: scope.path,
    summary: `${scope.label}, with how many books each holds`,
    access: scope.access,
    row: AdminCategorySchema,
    filters: {},
    where: (c) => inScope(scope.tenant(c)),
    search: [categories.name, categories.slug],
    date: categories.created_at,
    sorts: { name: categories.name, created_at: categories.created_at },
    defaultSort: 'name',
    id: categories.id,
    select: (db) => db.select(fields).from(categories).$dynamic() as unknown as DynamicSelect<Row>,
    countFrom: (db) => db.select(countAll()).from(categories).$dynamic() as unknown as DynamicSelect<{ n: number }>,
    json,
    csv: [
      ['id', (r) => r.id],
      ['name', (r) => r.name],
      ['slug', (r) => r.slug],
      ['books', (r) => r.book_count],
      ['created_at', (r) => r.created_at.toISOString()],
    ],
  });

  const one = async (c: Context<AppEnv>, id: number) => {
    const [row] = await c
      .get('db')
      .select(fields)
      .from(categories)
      .where(and(eq(categories.id, id), inScope(scope.tenant(c))))
      .limit(1);
    return row ?? fail(404, ADMIN_MSG.notFound);
  };

  /** The name must be free in the scope; the slug is made from it, numbered if taken. */
  const freeSlug = async (c: Context<AppEnv>, name: string, except: number | null) => {
    const tenantId = scope.tenant(c);
    const others = and(inScope(tenantId), except === null ? undefined : ne(categories.id, except));
    const [same] = await c
      .get('db')
      .select({ id: categories.id })
      .from(categories)
      .where(and(others, sql`lower(${categories.name}) = ${name.toLowerCase()}`))
      .limit(1);
    if (same) nameTaken();
    const stem = slugify(name);
    const used = new Set(
      (
        await c
          .get('db')
          .select({ slug: categories.slug })
          .from(categories)
          .where(and(others, sql`${categories.slug} like ${`${stem}%`}`))
      ).map((r) => r.slug),
    );
    let slug = stem;
    for (let n = 2; used.has(slug); n++) slug = `${stem}-${n}`;
    return slug;
  };

  const guardUnique = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) nameTaken();
      throw err;
    }
  };

  const getRoute = defineRoute(scope.access, {
    method: 'get',
    path: `${scope.path}{id}/`,
    summary: `One category of ${scope.label.toLowerCase()}`,
    request: { params: IdParam },
    responses: { 200: jsonBody(AdminCategorySchema), ...missing },
  });
  const createRoute = defineRoute(write, {
    method: 'post',
    path: scope.path,
    summary: `Add a category to ${scope.label.toLowerCase()} (names unique there)`,
    request: Body,
    responses: { 201: jsonBody(AdminCategorySchema), ...taken },
  });
  const patchRoute = defineRoute(write, {
    method: 'patch',
    path: `${scope.path}{id}/`,
    summary: `Rename or describe a category of ${scope.label.toLowerCase()}`,
    request: { params: IdParam, ...PatchBody },
    responses: { 200: jsonBody(AdminCategorySchema), ...missing, ...taken },
  });
  const deleteRoute = defineRoute(write, {
    method: 'delete',
    path: `${scope.path}{id}/`,
    summary: `Delete a category of ${scope.label.toLowerCase()}: its books stay, uncategorised`,
    request: { params: IdParam },
    responses: { 200: jsonBody(MessageSchema), ...missing },
  });

  return new OpenAPIHono<AppEnv>()
    .route('/', list)
    .openapi(getRoute, async (c) => c.json(json(await one(c, c.req.valid('param').id)), 200))
    .openapi(createRoute, async (c) => {
      const form = c.req.valid('json');
      const slug = await freeSlug(c, form.name, null);
      const [row] = await guardUnique(() =>
        c
          .get('db')
          .insert(categories)
          .values({ tenant_id: scope.tenant(c), name: form.name, slug, description: form.description })
          .returning({ id: categories.id }),
      );
      return c.json(json(await one(c, row!.id)), 201);
    })
    .openapi(patchRoute, async (c) => {
      const { id } = c.req.valid('param');
      const form = c.req.valid('json');
      await one(c, id);
      const slug = form.name !== undefined ? await freeSlug(c, form.name, id) : undefined;
      await guardUnique(() =>
        c
          .get('db')
          .update(categories)
          .set({ ...form, ...(slug ? { slug } : {}) })
          .where(eq(categories.id, id)),
      );
      return c.json(json(await one(c, id)), 200);
    })
    .openapi(deleteRoute, async (c) => {
      const { id } = c.req.valid('param');
      await one(c, id);
      // Touch its books first, so every device's catalogue pull sees them uncategorised.
      await c.get('db').update(books).set({ category_id: null }).where(eq(books.category_id, id));
      await c.get('db').delete(categories).where(eq(categories.id, id));
      return c.json({ message: BOOK_MSG.categoryDeleted }, 200);
    });
}

export const bookCategoryRoutes = new OpenAPIHono<AppEnv>()
  .route(
    '/',
    categoryRoutes({
      name: 'book-categories',
      path: '/api-admin/book-categories/',
      access: { roles: ['school_admin', 'teacher_admin'], site: 'tenant' },
      label: "The school's own book categories",
      tenant: (c) => siteTenant(c).id,
    }),
  )
  .route(
    '/',
    categoryRoutes({
      name: 'all-book-categories',
      path: '/api-super-admin/book-categories/',
      access: PLATFORM,
      label: "The platform's book categories",
      tenant: () => null,
    }),
  );
