// Starts offline sync in the page, after the first screen is up: checks the device database
// survived, keeps the device session in step with the signed-in user, runs the replay loop and
// feeds it its triggers (start-up, online, visibility, new changes, sign-in), refreshes local
// copies after each replay and on a schedule, and asks the browser to keep our storage.
import { API_BASE, sendRaw } from '@/api/client';
import { session } from '@/api/session';
import { db, onUpgradeElsewhere, syncEngineDb } from '@/data/db';
import { persistedState } from '@/data/persisted-state';
import { observe } from '@/data/live';
import { mergeGuestCart } from '@/features/cart/cart-commands';
import { syncCart } from '@/features/cart/cart-sync';
import { syncCatalogue } from '@/features/library/catalogue';
import { canManageRoster, syncRoster } from '@/features/roster/roster-sync';
import { loadTenant } from '@/features/tenant/tenant';
import { currentOwner, retireDeviceSession, startDeviceSession } from '@/sync/device-session';
import { BACKGROUND_SYNC_TAG } from '@/sync/engine';
import { countEntries } from '@/sync/outbox';
import type { LockManagerLike } from '@/sync/leader';
import { nextTask } from '@/data/next-task';
import { syncControl } from '@/sync/status';
import { toast } from '@/ui/toast';
import { t } from '@lingui/core/macro';

const DEVICE_MARK = 'storynest_device';
const PULL_EVERY_MS = 5 * 60_000;
const PULL_AT_MOST_EVERY_MS = 30_000;

/** A database that vanished (wiped or evicted) while this browser remembers it is said. */
export async function checkDeviceMarker(): Promise<'first-start' | 'wiped' | 'intact'> {
  const remembered = localStorage.getItem(DEVICE_MARK);
  const row = await db.meta.get('device');
  let id = (row?.value as { id?: string } | undefined)?.id;
  let outcome: 'first-start' | 'wiped' | 'intact' = 'intact';
  if (!id) {
    outcome = remembered ? 'wiped' : 'first-start';
    if (remembered) {
      await db.meta.put({ key: 'device-wiped', value: { at: Date.now() } });
      toast(
        'warning',
        t`The browser cleared this app's saved data on this device. Anything not yet sent before that could not be kept.`,
        15_000,
      );
    }
    id = crypto.randomUUID();
    await db.meta.put({ key: 'device', value: { id } });
  }
  if (remembered !== id) localStorage.setItem(DEVICE_MARK, id);
  return outcome;
}

/** The device session follows the stored sign-in (also one made before this version). */
async function followSession(): Promise<boolean> {
  const user = session.user();
  const owner = await currentOwner();
  const access = session.accessToken();
  const refresh = session.refreshToken();
  if (user && access && refresh && owner?.owner_id !== user.id) {
    const tenant = await loadTenant();
    await startDeviceSession({ ownerId: user.id, tenant: tenant.subdomain, access, refresh });
    return true;
  }
  // The session ended without a sign-out (expired, refused, cleared in another tab): the
  // user's personal data leaves the device exactly as on sign-out.
  if (!user && owner) await retireDeviceSession();
  return false;
}

async function askToPersist() {
  if (!session.user() || !navigator.storage?.persist || (await db.meta.get('storage-persistence'))) return;
  const granted = (await navigator.storage.persisted()) || (await navigator.storage.persist());
  await db.meta.put({ key: 'storage-persistence', value: { granted, at: Date.now() } });
}

async function registerBackgroundSync() {
  const registration = await navigator.serviceWorker?.getRegistration();
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  await sync?.register(BACKGROUND_SYNC_TAG).catch(() => undefined);
}

let lastPull = 0;
let pulling: Promise<void> | null = null;
/** Refreshes the device's tables from the server; a call while one runs joins it. */
function pullAll(force = false): Promise<void> {
  if (pulling) return pulling;
  if (!navigator.onLine || (!force && Date.now() - lastPull < PULL_AT_MOST_EVERY_MS)) return Promise.resolve();
  lastPull = Date.now();
  const pulls: Promise<unknown>[] = [syncCatalogue()];
  if (session.user()) pulls.push(syncCart());
  if (canManageRoster(session.user()?.role)) pulls.push(syncRoster());
  pulling = Promise.allSettled(pulls).then((results) => {
    pulling = null;
    for (const r of results) if (r.status === 'rejected') console.warn('refresh from the server failed', r.reason);
  });
  return pulling;
}

let booting: Promise<void> | null = null;

/** Starts sync once per page: when the page is idle (main.tsx), or sooner when a screen waits for a change's answer (syncControl.wake). */
export function bootSync(): Promise<void> {
  booting ??= boot();
  return booting;
}

let adopting: Promise<void> | null = null;

/** Takes up the page's signed-in session on the device (its changes' owner), once per page. */
export function adoptSession(): Promise<void> {
  adopting ??= checkDeviceMarker().then(() => followSession().then(() => undefined));
  return adopting;
}

async function boot(): Promise<void> {
  const engineDb = syncEngineDb();
  for (const connection of [db, engineDb]) onUpgradeElsewhere(connection, () => location.reload());
  await adoptSession();
  await nextTask();
  // A guest cart left from before a sign-in in another tab joins the user's cart now.
  await mergeGuestCart().catch((err: unknown) => console.warn('the guest cart could not be merged', err));
  void askToPersist();

  const { startRunner } = await import('@/sync/runner');
  await nextTask();
  const runner = startRunner({
    db: engineDb,
    fetch: (request) => sendRaw(request),
    baseUrl: API_BASE,
    locks: navigator.locks as unknown as LockManagerLike | undefined,
    now: () => Date.now(),
    random: Math.random,
    isOnline: () => navigator.onLine,
    afterDrain: async (report) => {
      if (report.outcome.kind === 'done') await pullAll(report.sent > 0);
    },
  });
  syncControl.connect(runner.send);
  await nextTask();

  addEventListener('online', () => runner.send({ type: 'ONLINE' }));
  addEventListener('offline', () => runner.send({ type: 'OFFLINE' }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') runner.send({ type: 'TRIGGER' });
  });
  let wasSignedIn = Boolean(session.user());
  session.subscribe(() => {
    // Signed out: storage was cleared, so the cart and search start empty again.
    const signedInNow = Boolean(session.user());
    if (wasSignedIn && !signedInNow) persistedState.reload();
    wasSignedIn = signedInNow;
    void followSession().then(async (signedIn) => {
      if (signedIn) {
        await mergeGuestCart().catch((err: unknown) => console.warn('the guest cart could not be merged', err));
        runner.send({ type: 'SIGNED_IN' });
        void askToPersist();
        void pullAll(true);
      }
    });
  });
  let previous = 0;
  observe(
    () => countEntries(['pending']),
    (pending) => {
      if (pending > previous) {
        runner.send({ type: 'TRIGGER' });
        void registerBackgroundSync();
      }
      previous = pending;
    },
  );
  // The service worker may send the queue before this page does (Background Sync): whoever
  // sent it, once nothing is left to send, the server's rows (real ids, usernames) come back.
  let unsentBefore = 0;
  observe(
    () => countEntries(['pending', 'in_flight']),
    (unsent) => {
      if (unsentBefore > 0 && unsent === 0) void pullAll(true);
      unsentBefore = unsent;
    },
  );
  setInterval(() => {
    if (document.visibilityState === 'visible') void pullAll();
  }, PULL_EVERY_MS);
}
