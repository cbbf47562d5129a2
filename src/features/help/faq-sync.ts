// The Help Center's articles on the device: GET /faqs/?limit=1000 (every article at once) replaces
// the device's copy in one transaction, so help opens offline with the last known articles.
import { api } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import { db, type FaqRecord } from '@/data/db';

export const FAQ_LIMIT = 1000;

let running: Promise<void> | undefined;

/** Refreshes the device's FAQs from the server; concurrent calls share one request. */
export function syncFaqs(): Promise<void> {
  running ??= unwrap(api.GET('/faqs/', { params: { query: { limit: FAQ_LIMIT } } }))
    .then(async ({ results }) => {
      const rows: FaqRecord[] = results.map(({ id, role, section, title, body }) => ({ id, role, section, title, body }));
      await db.transaction('rw', db.faqs, async () => {
        await db.faqs.clear();
        await db.faqs.bulkPut(rows);
      });
    })
    .finally(() => {
      running = undefined;
    });
  return running;
}

export const faqsOfRole = (role: string) => db.faqs.where('role').equals(role).toArray();
