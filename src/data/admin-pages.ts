// The admin lists' offline copy: each page an admin list fetched is kept per resource and query
// (a few per resource), so the page last seen is readable offline; a queued change to a row (a
// deactivation, an edited name) is applied to the copies too, in the same transaction as its
// outbox entry (the caller passes `adminPagesTable` to recordChange).
import { db, type AdminPageRecord } from './db';

/** Pages kept per resource: the newest ones, enough for going back and forth a little. */
const KEEP_PER_RESOURCE = 10;

export const adminPagesTable = db.adminPages;

export async function savePage(resource: string, query: string, page: { count: number; results: { id: number }[] }): Promise<void> {
  const row: AdminPageRecord = { key: `${resource}?${query}`, resource, count: page.count, results: page.results, saved_at: Date.now() };
  await db.transaction('rw', db.adminPages, async () => {
    await db.adminPages.put(row);
    const old = await db.adminPages.where('resource').equals(resource).sortBy('saved_at');
    const extra = old.length - KEEP_PER_RESOURCE;
    if (extra > 0) await db.adminPages.bulkDelete(old.slice(0, extra).map((p) => p.key));
  });
}

/** The page of this query if it was seen, else the resource's last page seen (and which). */
export async function cachedPage(resource: string, query: string): Promise<AdminPageRecord | undefined> {
  const exact = await db.adminPages.get(`${resource}?${query}`);
  if (exact) return exact;
  const all = await db.adminPages.where('resource').equals(resource).sortBy('saved_at');
  return all.at(-1);
}

/** Applies a queued change to every cached copy of a row (inside the caller's transaction). */
export async function patchCachedRows(resource: string, ids: number[], patch: Record<string, unknown>): Promise<void> {
  const wanted = new Set(ids);
  await db.adminPages
    .where('resource')
    .equals(resource)
    .modify((page) => {
      page.results = page.results.map((r) => (wanted.has(r.id) ? { ...r, ...patch } : r));
    });
}
