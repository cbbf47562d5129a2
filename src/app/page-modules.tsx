// The modules the areas' pages come from (./areas.ts names them by key), and how a page is drawn
// from one: a screen component as it is, or a declaration (a list, a dashboard, a form) by the
// generic admin screens of src/ui/admin. Only ./page-screens.ts imports this file, and only on
// demand: none of it, nor any admin code, is in the first load.
import type { ComponentType } from 'react';
import type { z } from 'zod';
import type { DashboardResource } from '@/ui/admin/dashboard';
import type { FormResource, ListResource } from '@/ui/admin/resource';

export const PAGE_MODULES = {
  roster: () => import('./screens/school-roster'),
  schoolScreens: () => import('./screens/admin-school'),
  panelScreens: () => import('./screens/admin-panel'),
  charityScreens: () => import('./screens/admin-charities'),
  subsScreens: () => import('./screens/admin-subs'),
  bookScreens: () => import('./screens/books-admin'),
  contentScreens: () => import('./screens/content-admin'),
  school: () => import('@/features/school-admin/resources/school'),
  organization: () => import('@/features/school-admin/resources/organization'),
  ownDomain: () => import('@/features/school-admin/own-domain'),
  users: () => import('@/features/admin-panel/resources/users'),
  tenants: () => import('@/features/admin-panel/resources/tenants'),
  orders: () => import('@/features/admin-panel/resources/orders'),
  emails: () => import('@/features/admin-panel/resources/emails'),
  dashboards: () => import('@/features/admin-panel/resources/dashboards'),
  charities: () => import('@/features/charity-admin/resources'),
  books: () => import('@/features/books-admin/resources/books'),
  categories: () => import('@/features/books-admin/resources/categories'),
  booksDashboard: () => import('@/features/books-admin/resources/dashboard'),
  faqs: () => import('@/features/help/resources/faqs'),
  stories: () => import('@/features/stories/story-lists'),
};

export type PageModules = typeof PAGE_MODULES;

/** How a page draws an export of its module, with the generic screen that takes (loaded with the module). */
const DRAW = {
  screen: async () => (value: unknown) => value as ComponentType,
  list: async () => {
    const { ResourceList } = await import('@/ui/admin/resource-list');
    return (value: unknown) => () => <ResourceList resource={value as ListResource<{ id: number }>} />;
  },
  dashboard: async () => {
    const { Dashboard } = await import('@/ui/admin/dashboard');
    return (value: unknown) => () => <Dashboard resource={value as DashboardResource<unknown>} />;
  },
  /** A form for the record of the path's segment `param` (or ?id=); none: a new record. */
  form: async () => {
    const [{ ResourceForm }, { useRecordId }] = await Promise.all([import('@/ui/admin/resource-form'), import('@/ui/admin/use-record-id')]);
    return (value: unknown, param = '') => {
      const FormScreen = () => <ResourceForm resource={value as FormResource<z.ZodType>} id={useRecordId(param)} />;
      return FormScreen;
    };
  },
};

export type Drawn = keyof typeof DRAW;

/** The component of a page: export `name` of module `key`, drawn as `kind` says. */
export async function pageComponent(key: keyof PageModules, kind: Drawn, name: string, param?: string): Promise<ComponentType> {
  const [module, draw] = await Promise.all([PAGE_MODULES[key]() as Promise<Record<string, unknown>>, DRAW[kind]()]);
  return draw(module[name], param);
}
