// The library's reads of the device database, loaded on demand (src/data/on-demand.ts): the
// page is drawn first from what the server sent with it, and from these once the page is idle,
// at once when a reader searches or picks a category, or when there is no network.
import { searchCatalogue } from '@/data/catalogue-index';
import { db } from '@/data/db';

export { syncCatalogue } from './catalogue';

export const books = (search: string, limit: number, category: number | undefined) => searchCatalogue(search, limit, category);

export const categories = () => db.categories.orderBy('name').toArray();

export const categoryName = async (category: number | undefined) => (category === undefined ? undefined : (await db.categories.get(category))?.name);

/** The newest stories, featured first. */
export const stories = async (limit: number) =>
  (await db.stories.orderBy('created_at').reverse().toArray()).sort((a, b) => Number(b.is_featured) - Number(a.is_featured)).slice(0, limit);
