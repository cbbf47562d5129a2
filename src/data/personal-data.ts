// What a signed-out user leaves behind on a shared device: nothing personal. Clears the
// personal tables and the personal caches; the outbox and the sync credentials are the sync
// engine's to release (a child's unsent work is never wiped with their session).
import { db, type DeviceDatabase } from './db';
import { forgetSessionStories } from './kept-stories';

/** Caches that hold nothing personal and survive sign-out: the app shell and book covers. */
const SHARED_CACHES = [/^workbox-precache/, /^covers$/];

export async function wipePersonalData(database: DeviceDatabase = db): Promise<void> {
  await database.transaction('rw', [database.user, database.classes, database.students, database.cart, database.logins], async () => {
    await Promise.all([database.user.clear(), database.classes.clear(), database.students.clear(), database.cart.clear(), database.logins.clear()]);
  });
  await forgetSessionStories(database);
  if (typeof caches !== 'undefined') {
    for (const name of await caches.keys()) {
      if (!SHARED_CACHES.some((re) => re.test(name))) await caches.delete(name);
    }
  }
}
