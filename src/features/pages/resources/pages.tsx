// Editing the public pages, declared once for both areas that may: the platform admin
// (/admin-panel/pages: the platform defaults every site shows unless it has its own) and a
// school admin (/admin-school/pages: their own site's versions, starting from the default).
// List: GET /api-admin/pages/ (the site is the host: the server decides which pages are yours).
// Form: title, the description search engines show, and the page written with the shared editor,
// sent through the outbox as PATCH /pages/{slug}/ (only what changed; the server sanitises it).
import { msg, t } from '@lingui/core/macro';
import { api } from '@/api/client';
import type { components } from '@/api/schema';
import { unwrap } from '@/api/use-remote';
import { PageInput } from '@/contract/forms';
import type { PageSlug } from '@/contract/public-pages';
import type { FormResource, ListResource } from '@/ui/admin/resource';
import { queueAdminWrite } from '@/ui/admin/write';
import { formatDate } from '@/ui/format';

export type AdminPage = components['schemas']['AdminPage'];

/** `base`: the area the screens live in (/admin-panel or /admin-school). */
export function pageList(base: string, school: boolean): ListResource<AdminPage> {
  return {
    name: school ? 'site-pages' : 'pages',
    title: school ? msg`Our site’s pages` : msg`Public pages`,
    path: '/api-admin/pages/',
    searchLabel: msg`Search titles and descriptions`,
    dateLabel: msg`Last updated`,
    defaultSort: 'slug',
    columns: [
      { key: 'title', header: msg`Title`, sort: 'title' },
      { key: 'slug', header: msg`Address`, sort: 'slug', cell: (p) => `/${p.slug}` },
      ...(school
        ? [{ key: 'source', header: msg`Version`, cell: (p: AdminPage) => (p.source === 'site' ? t`Our own` : t`Platform default`) }]
        : []),
      { key: 'updated_at', header: msg`Last updated`, sort: 'updated_at', cell: (p) => formatDate(p.updated_at) },
    ],
    filters: school
      ? [
          {
            key: 'source',
            label: msg`Version`,
            options: [
              ['site', msg`Our own`],
              ['platform', msg`Platform default`],
            ],
          },
        ]
      : [],
    rowHref: (p) => `${base}/pages/${p.slug}`,
    rowLabel: (p) => p.title,
  };
}

/**
 * The form of one page (`slug`, from the address; the server refuses a slug it does not know).
 * Pages are named by slug, so the form's record id is always 1.
 */
export function pageForm(base: string, school: boolean, slug: PageSlug): FormResource<typeof PageInput> {
  return {
    name: school ? 'site-page' : 'page',
    titles: { create: msg`Edit page`, edit: school ? msg`Edit our version of this page` : msg`Edit page (platform default)` },
    schema: PageInput,
    fields: [
      { name: 'title', label: msg`Title`, kind: 'text', autoComplete: 'off' },
      { name: 'description', label: msg`Description for search engines`, kind: 'textarea', rows: 3 },
      { name: 'body', label: msg`Page`, kind: 'richtext' },
    ],
    blank: { title: '', description: '', body: '' },
    load: async () => {
      const p = await unwrap(api.GET('/pages/{slug}/', { params: { path: { slug } } }));
      return { title: p.title, description: p.description, body: p.body };
    },
    save: (_id, changed) => {
      const body: Record<string, string> = {};
      for (const [k, v] of Object.entries(changed)) if (typeof v === 'string') body[k] = v;
      return queueAdminWrite({
        resource: school ? 'site-pages' : 'pages',
        ids: [],
        patch: body,
        kind: 'page-update',
        label: t`Change the page /${slug}`,
        method: 'PATCH',
        path: `/pages/${slug}/`,
        body,
      });
    },
    messages: { created: msg`Page saved.`, updated: msg`Page saved.`, failed: msg`The page could not be saved. Please try again.` },
    back: `${base}/pages`,
  };
}
