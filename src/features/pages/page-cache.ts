// The public pages on the device: one page asked for when it opens (with its live figures), and
// every page of the site fetched once per visit so the rest open offline too.
import { api } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import { db, type PageRecord } from '@/data/db';
import type { PageSlug } from '@/contract/public-pages';

let allFetched: Promise<void> | undefined;

/** Every page of this site into the device's cache, once per visit (later calls join it). */
export function cacheAllPages(): Promise<void> {
  allFetched ??= unwrap(api.GET('/pages/'))
    .then(async ({ results }) => {
      // A page already cached with its figures keeps them until it is opened again.
      await db.transaction('rw', db.pages, async () => {
        const known = new Map((await db.pages.toArray()).map((p) => [p.slug, p]));
        await db.pages.bulkPut(results.map((p) => ({ ...p, ...(known.get(p.slug)?.extras ? { extras: known.get(p.slug)!.extras } : {}) })));
      });
    })
    .catch((err: unknown) => {
      allFetched = undefined;
      throw err;
    });
  return allFetched;
}

/** Fetches one page (with its figures) into the cache; the screen reads the cache. */
export async function refreshPage(slug: PageSlug): Promise<PageRecord> {
  const page = await unwrap(api.GET('/pages/{slug}/', { params: { path: { slug } } }));
  await db.pages.put(page);
  return page;
}

export const cachedPage = (slug: PageSlug) => db.pages.get(slug);
