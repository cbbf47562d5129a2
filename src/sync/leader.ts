// One sender per browser: the outbox is sent only by the holder of a Web Lock, so two tabs (or
// a tab and the service worker) never send the same entry at once. A holder that stops making
// progress (a frozen tab) is taken over after STALE_MS; the server's idempotency store makes
// the overlap harmless if it wakes up mid-send.
import type { DeviceDatabase } from '@/data/db';

export const LOCK_NAME = 'storynest-outbox';
export const STALE_MS = 60_000;
/** A leader writes its heartbeat at most this often (not on every send). */
export const HEARTBEAT_EVERY_MS = 5_000;
const HEARTBEAT_KEY = 'sync-leader';

/** The part of the Web Locks API we use (navigator.locks in pages and workers). */
export interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

const BUSY = Symbol('busy');

export async function asLeader<T>(
  deps: { db: DeviceDatabase; locks?: LockManagerLike; now: () => number },
  work: (heartbeat: () => Promise<void>) => Promise<T>,
): Promise<T | 'busy'> {
  let last = -Infinity;
  const heartbeat = async () => {
    if (deps.now() - last < HEARTBEAT_EVERY_MS) return;
    last = deps.now();
    await deps.db.meta.put({ key: HEARTBEAT_KEY, value: { beat_at: last } });
  };
  const run = async () => {
    await heartbeat();
    return work(heartbeat);
  };
  if (!deps.locks) return run(); // no Web Locks (very old browsers): one tab is assumed
  try {
    const result = await deps.locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => (lock ? run() : BUSY));
    if (result !== BUSY) return result as T;
    const beat = (await deps.db.meta.get(HEARTBEAT_KEY))?.value as { beat_at?: number } | undefined;
    if (beat?.beat_at !== undefined && deps.now() - beat.beat_at > STALE_MS) {
      return await deps.locks.request(LOCK_NAME, { steal: true }, run);
    }
    return 'busy';
  } catch (err) {
    // Our lock was stolen by a newer leader: it carries on from here.
    if ((err as { name?: string }).name === 'AbortError') return 'busy';
    throw err;
  }
}
