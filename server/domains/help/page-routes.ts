// Public pages as content (/about, /privacy-policy, ...): GET /pages/ (every page of this site,
// for the device's cache), GET /pages/{slug}/ (one page, with the live figures of the pages
// that show some) and PUT /pages/{slug}/ (edit). A school site shows its own version of a page
// where it has one and the platform default otherwise. Bodies are sanitised when saved.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { and, arrayContains, asc, countDistinct, count, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { PAGE_SLUGS, SDG_NAMES, isPageSlug } from '../../../src/contract/public-pages';
import { PageInput } from '../../../src/contract/forms';
import type { Queryable } from '../../db/client';
import { books, pages, stories, students, tenants, users, type TenantRow } from '../../db/schema';
import { adminListRoutes, countAll, type DynamicSelect } from '../../http/admin-list';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { keptJson, oneLookUp } from '../../http/kept-answers';
import { defineRoute, jsonBody, signedInUser, jsonRequest, notFoundAnswer, prepared } from '../../http/route';
import type { Context } from 'hono';
import { siteOrigin } from '../mail/outbox';
import { cleanBody } from './clean-body';
import { onSale, readableStories } from '../library/routes';
import { ANONYMOUS } from '../stories/visibility';

const StoryLink = z.object({ id: z.number().int(), title: z.string(), slug: z.string() });
const Extras = z
  .object({
    reach: z
      .object({
        schools: z.number().int(),
        countries: z.number().int(),
        students: z.number().int(),
        stories: z.number().int(),
        books: z.number().int(),
      })
      .optional(),
    sdgs: z.array(z.object({ goal: z.number().int(), name: z.string(), stories: z.array(StoryLink) })).optional(),
    libraries: z.array(z.object({ school_name: z.string(), site: z.string(), stories: z.number().int() })).optional(),
  })
  .openapi('PageExtras');

const PageSchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    body: z.string(),
    updated_at: z.string(),
    /** 'site': this school's own version; 'platform': the platform default. */
    source: z.enum(['site', 'platform']),
    extras: Extras.optional(),
  })
  .openapi('Page');

const SlugParam = z.object({ slug: z.enum(PAGE_SLUGS) });

const listPages = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/pages/',
    summary: 'Every public page of this site (its own versions, else the platform defaults)',
    responses: { 200: jsonBody(z.object({ results: z.array(PageSchema) }).openapi('PageList')) },
  },
);

const getPage = defineRoute(
  { roles: 'anyone' },
  {
    method: 'get',
    path: '/pages/{slug}/',
    summary: 'One public page of this site, with its live figures where it shows some',
    request: { params: SlugParam },
    responses: { 200: jsonBody(PageSchema), ...notFoundAnswer('No such page') },
  },
);

const putPage = defineRoute(
  { roles: ['upschool_admin', 'school_admin'], outbox: true, prepare: cleanBody },
  {
    method: 'put',
    path: '/pages/{slug}/',
    summary: "Edit a page: on a school site that school's version, on the platform host the default (platform admins only)",
    request: { params: SlugParam, ...jsonRequest(PageInput) },
    responses: { 200: jsonBody(PageSchema), ...notFoundAnswer('Not your site') },
  },
);

const patchPage = defineRoute(
  { roles: ['upschool_admin', 'school_admin'], outbox: true, prepare: cleanBody },
  {
    method: 'patch',
    path: '/pages/{slug}/',
    summary:
      "Change some of a page's fields (the admin editor sends only what changed); the rest is kept from the page this site shows now",
    request: { params: SlugParam, ...jsonRequest(PageInput.partial()) },
    responses: { 200: jsonBody(PageSchema), ...notFoundAnswer('Not your site') },
  },
);

type PageRow = typeof pages.$inferSelect;

/** The pages an editor on this site works on: a school site's own versions and the defaults it still shows; the platform's defaults on a platform host. */
function editableHere(c: Context<AppEnv>): SQL | undefined {
  const user = signedInUser(c);
  const tenant = c.get('tenant');
  if (user.role === 'school_admin' && (!tenant || tenant.id !== user.tenant_id)) return sql`false`;
  if (!tenant) return isNull(pages.tenant_id);
  return or(
    eq(pages.tenant_id, tenant.id),
    and(
      isNull(pages.tenant_id),
      sql`not exists (select 1 from pages own where own.tenant_id = ${tenant.id} and own.slug = "pages"."slug")`,
    ),
  );
}

const AdminPageSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    source: z.enum(['site', 'platform']),
    updated_at: z.string(),
  })
  .openapi('AdminPage');
type AdminPageRow = { id: number; slug: string; title: string; description: string; tenant_id: number | null; updated_at: Date };

const pagesList = adminListRoutes({
  name: 'pages',
  path: '/api-admin/pages/',
  summary:
    "The public pages an editor works on here: on a school site its own versions and the platform's it still shows, on the platform host the defaults",
  access: { roles: ['upschool_admin', 'school_admin'] },
  row: AdminPageSchema,
  filters: { source: z.enum(['site', 'platform']).optional() },
  where: (c, q) =>
    and(editableHere(c), q.source === 'site' ? isNotNull(pages.tenant_id) : q.source === 'platform' ? isNull(pages.tenant_id) : undefined),
  search: [pages.title, pages.slug, pages.description],
  date: pages.updated_at,
  sorts: { title: pages.title, slug: pages.slug, updated_at: pages.updated_at },
  defaultSort: 'slug',
  id: pages.id,
  select: (db) =>
    db
      .select({
        id: pages.id,
        slug: pages.slug,
        title: pages.title,
        description: pages.description,
        tenant_id: pages.tenant_id,
        updated_at: pages.updated_at,
      })
      .from(pages)
      .$dynamic() as unknown as DynamicSelect<AdminPageRow>,
  countFrom: (db) => db.select(countAll()).from(pages).$dynamic() as unknown as DynamicSelect<{ n: number }>,
  json: (r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    description: r.description,
    source: r.tenant_id === null ? ('platform' as const) : ('site' as const),
    updated_at: r.updated_at.toISOString(),
  }),
  csv: [
    ['id', (r) => r.id],
    ['slug', (r) => r.slug],
    ['title', (r) => r.title],
    ['description', (r) => r.description],
    ['source', (r) => (r.tenant_id === null ? 'platform' : 'site')],
    ['updated_at', (r) => r.updated_at.toISOString()],
  ],
});

/** The rows of a page (or every page) this site may show. */
const onSite = (tenant: TenantRow | null, slug?: string) =>
  and(
    tenant ? or(isNull(pages.tenant_id), eq(pages.tenant_id, tenant.id)) : isNull(pages.tenant_id),
    slug ? eq(pages.slug, slug) : undefined,
  );

/** Of those, the one shown for each slug: the site's own where it has one, the platform's otherwise. */
function shown<T extends { slug: string; tenant_id: number | null }>(rows: T[]): T[] {
  const bySlug = new Map<string, T>();
  for (const row of rows) if (!bySlug.has(row.slug) || row.tenant_id !== null) bySlug.set(row.slug, row);
  return PAGE_SLUGS.flatMap((s) => bySlug.get(s) ?? []);
}

/** The rows that apply on this site: its own where it has one, the platform's otherwise. */
export async function sitePages(db: Queryable, tenant: TenantRow | null, slug?: string): Promise<PageRow[]> {
  return shown(await db.select().from(pages).where(onSite(tenant, slug)).orderBy(asc(pages.id)));
}

/** Which version of a page this site shows (its row and when it was saved), without its text. */
async function shownVersion(db: Queryable, tenant: TenantRow | null, slug: string) {
  const rows = await db
    .select({ id: pages.id, slug: pages.slug, tenant_id: pages.tenant_id, updated_at: pages.updated_at })
    .from(pages)
    .where(onSite(tenant, slug))
    .orderBy(asc(pages.id));
  return shown(rows)[0];
}

export const answer = (row: PageRow) => ({
  slug: row.slug,
  title: row.title,
  description: row.description,
  body: row.body,
  updated_at: row.updated_at.toISOString(),
  source: row.tenant_id === null ? ('platform' as const) : ('site' as const),
});

/** Live schools: registered, confirmed, not an organization. */
const liveSchools = and(eq(tenants.is_organization, false), eq(tenants.awaiting_verification, false));

/** The pages that carry live figures from the database (extrasFor). */
export const PAGES_WITH_FIGURES: ReadonlySet<string> = new Set(['global-reach', 'sdgs', 'libraries']);

async function extrasFor(
  c: Parameters<Parameters<OpenAPIHono<AppEnv>['openapi']>[1]>[0],
  slug: string,
): Promise<z.infer<typeof Extras> | undefined> {
  const db = c.get('db');
  const tenant = c.get('tenant');
  if (slug === 'global-reach') {
    const [[schools], [countries], [pupils], [tales], [catalogue]] = await Promise.all([
      db.select({ n: count() }).from(tenants).where(liveSchools),
      db
        .select({ n: countDistinct(users.country) })
        .from(users)
        .where(isNotNull(users.country)),
      db.select({ n: count() }).from(students),
      db.select({ n: count() }).from(stories).where(readableStories(null, ANONYMOUS)),
      db.select({ n: count() }).from(books).where(onSale(tenant)),
    ]);
    return { reach: { schools: schools!.n, countries: countries!.n, students: pupils!.n, stories: tales!.n, books: catalogue!.n } };
  }
  if (slug === 'sdgs') {
    const goals = await Promise.all(
      SDG_NAMES.map(async (name, i) => ({
        goal: i + 1,
        name,
        stories: await db
          .select({ id: stories.id, title: stories.title, slug: stories.slug })
          .from(stories)
          .where(and(readableStories(tenant, ANONYMOUS), arrayContains(stories.sdgs, [i + 1])))
          .orderBy(asc(stories.id))
          .limit(6),
      })),
    );
    return { sdgs: goals };
  }
  if (slug === 'libraries') {
    const rows = await db
      .select({
        school_name: tenants.school_name,
        subdomain: tenants.subdomain,
        domain_url: tenants.domain_url,
        domain_host: tenants.domain_host,
        stories: sql<number>`count(${stories.id})::int`,
      })
      .from(tenants)
      .leftJoin(stories, and(eq(stories.tenant_id, tenants.id), readableStories(null, ANONYMOUS)))
      .where(liveSchools)
      .groupBy(tenants.id)
      .orderBy(asc(tenants.school_name));
    return { libraries: rows.map((r) => ({ school_name: r.school_name, site: siteOrigin(c, r), stories: r.stories })) };
  }
  return undefined;
}

export const pageRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listPages, async (c) => {
    const rows = await sitePages(c.get('db'), c.get('tenant'));
    return c.json({ results: rows.map(answer) }, 200);
  })
  .openapi(getPage, async (c) => {
    const { slug } = c.req.valid('param');
    if (!PAGES_WITH_FIGURES.has(slug)) {
      // Its text changes only when it is saved: written and compressed once per saved version.
      const tenant = c.get('tenant');
      const version = await oneLookUp(`page version ${tenant?.id ?? 'platform'} ${slug}`, () => shownVersion(c.get('db'), tenant, slug));
      if (!version) fail(404, 'No such page.');
      return keptJson(c, `page ${version.id} ${version.updated_at.toISOString()}`, async () => {
        const [row] = await c.get('db').select().from(pages).where(eq(pages.id, version.id));
        return answer(row ?? fail(404, 'No such page.'));
      });
    }
    const [row] = await sitePages(c.get('db'), c.get('tenant'), slug);
    if (!row) fail(404, 'No such page.');
    const extras = await extrasFor(c, slug);
    return c.json({ ...answer(row), ...(extras ? { extras } : {}) }, 200);
  })
  .openapi(putPage, async (c) => c.json(answer(await savePage(c, c.req.valid('param').slug, c.req.valid('json'))), 200))
  .openapi(patchPage, async (c) => c.json(answer(await savePage(c, c.req.valid('param').slug, c.req.valid('json'))), 200))
  .route('/', pagesList);

/**
 * Saves this site's version of a page (the platform default on a platform host): the fields
 * given, the rest kept from the page the site shows now. A school admin edits only their own site.
 */
async function savePage(c: Context<AppEnv>, slug: string, input: Partial<z.infer<typeof PageInput>>): Promise<PageRow> {
  if (!isPageSlug(slug)) fail(404, 'No such page.');
  const user = signedInUser(c);
  const tenant = c.get('tenant');
  // A school admin edits their own school's site only; on any other site the page is not theirs.
  if (user.role === 'school_admin' && (!tenant || tenant.id !== user.tenant_id)) fail(404, 'No such page.');
  const tenantId = tenant?.id ?? null;
  const db = c.get('db');
  const [shown] = await sitePages(db, tenant, slug);
  const base = shown ?? { title: '', description: '', body: '' };
  const values = {
    title: input.title ?? base.title,
    description: input.description ?? base.description,
    body: input.body === undefined ? base.body : prepared<string>(c),
    updated_by: user.id,
    updated_at: c.get('deps').now(),
  };
  if (!values.title || !values.description) fail(400, 'Please enter a title');
  const own = shown && shown.tenant_id === tenantId ? shown : undefined;
  const [row] = own
    ? await db.update(pages).set(values).where(eq(pages.id, own.id)).returning()
    : await db
        .insert(pages)
        .values({ ...values, tenant_id: tenantId, slug })
        .returning();
  return row!;
}
