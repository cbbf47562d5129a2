// How the pages of ./areas.ts name their screens: a module's key (./page-modules.tsx) and an
// export of it, a screen component or a declaration to draw with the generic admin screens. The
// names are checked against the module's exports (a misspelt one is a type error), yet nothing
// here loads a module: a screen is fetched, with its module, when its page is first opened.
import { lazyRouteComponent, type AsyncRouteComponent } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import type { z } from 'zod';
import type { DashboardResource } from '@/ui/admin/dashboard';
import type { FormResource, ListResource } from '@/ui/admin/resource';
import type { Drawn, PageModules } from './page-modules';

export type Screen = AsyncRouteComponent<object>;

type Exports<K extends keyof PageModules> = Awaited<ReturnType<PageModules[K]>>;
/** The names of the module's exports that are a T. */
type Named<M, T> = { [K in keyof M]: M[K] extends T ? K : never }[keyof M] & string;
/** The same for dashboards, whatever their figures (a dashboard's type is exact in them). */
type Dashboards<M> = { [K in keyof M]: M[K] extends DashboardResource<infer _Data> ? K : never }[keyof M] & string;

export function screensIn<K extends keyof PageModules>(key: K) {
  const page = (kind: Drawn, name: string, param?: string): Screen =>
    lazyRouteComponent(() => import('./page-modules').then(async (m) => ({ default: await m.pageComponent(key, kind, name, param) })));
  return {
    /** One of the module's screen components (one that takes no props). */
    screen: (name: Named<Exports<K>, ComponentType>) => page('screen', name),
    /** One of its list declarations, drawn by the generic list. */
    list: (name: Named<Exports<K>, ListResource<never>>) => page('list', name),
    /** One of its dashboard declarations. */
    dashboard: (name: Dashboards<Exports<K>>) => page('dashboard', name),
    /** One of its form declarations, for the record of the path's segment `param` (or ?id=); none: a new record. */
    form: (name: Named<Exports<K>, FormResource<z.ZodType>>, param: string) => page('form', name, param),
  };
}
