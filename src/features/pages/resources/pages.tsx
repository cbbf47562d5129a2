// Editing the public pages, declared once for both areas that may: the platform admin
// (/admin-panel/pages: the platform defaults every site shows unless it has its own) and a
// school admin (/admin-school/pages: their own site's versions, starting from the default).
// List: GET /api-admin/pages/ (the site is the host: the server decides which pages are yours).
// Form: title, the description search engines show, and the page written with the shared editor,
// sent through the outbox as PATCH /pages/{slug}/ (only what changed; the server sanitises it).
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
    title: school ? 'Our site’s pages' : 'Public pages',
    path: '/api-admin/pages/',
    searchLabel: 'Search titles and descriptions',
    dateLabel: 'Last updated',
    defaultSort: 'slug',
    columns: [
      { key: 'title', header: 'Title', sort: 'title' },
      { key: 'slug', header: 'Address', sort: 'slug', cell: (p) => `/${p.slug}` },
      ...(school
        ? [{ key: 'source', header: 'Version', cell: (p: AdminPage) => (p.source === 'site' ? 'Our own' : 'Platform default') }]
        : []),
      { key: 'updated_at', header: 'Last updated', sort: 'updated_at', cell: (p) => formatDate(p.updated_at) },
    ],
    filters: school
      ? [
          {
            key: 'source',
            label: 'Version',
            options: [
              ['site', 'Our own'],
              ['platform', 'Platform default'],
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
    titles: { create: 'Edit page', edit: school ? 'Edit our version of this page' : 'Edit page (platform default)' },
    schema: PageInput,
    fields: [
      { name: 'title', label: 'Title', kind: 'text', autoComplete: 'off' },
      { name: 'description', label: 'Description for search engines', kind: 'textarea', rows: 3 },
      { name: 'body', label: 'Page', kind: 'richtext' },
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
        label: `Change the page /${slug}`,
        method: 'PATCH',
        path: `/pages/${slug}/`,
        body,
      });
    },
    messages: { created: 'Page saved.', updated: 'Page saved.', failed: 'The page could not be saved. Please try again.' },
    back: `${base}/pages`,
  };
}
