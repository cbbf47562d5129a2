// The library's reads of the device database, loaded on demand (src/data/on-demand.ts): the
// page is drawn first from what the server sent with it, and from these once the page is idle,
// at once when a reader searches or picks a category, or when there is no network.
import { searchCatalogue } from '@/data/catalogue-index';
import { db } from '@/data/db';
import { pulledOnce } from '@/sync/pull';

export { syncCatalogue } from './catalogue';

/**
 * The device's books once a whole catalogue has reached it: a first pull writes in slices, and a
 * part of it would move the cards the server drew about.
 */
export const books = async (search: string, limit: number, category: number | undefined) =>
  (await pulledOnce(db, 'books')) ? searchCatalogue(search, limit, category) : [];

export const categories = () => db.categories.orderBy('name').toArray();

export const categoryName = async (category: number | undefined) =>
  category === undefined ? undefined : (await db.categories.get(category))?.name;

/** The newest stories, pinned first while their pin lasts (the device checks the end itself), then featured. */
export const stories = async (limit: number) => {
  const now = new Date().toISOString();
  const pinned = (s: { pinned_until?: string | null }) => Number(!!s.pinned_until && s.pinned_until > now);
  return (await db.stories.orderBy('created_at').reverse().toArray())
    .sort((a, b) => pinned(b) - pinned(a) || Number(b.is_featured) - Number(a.is_featured))
    .slice(0, limit);
};
