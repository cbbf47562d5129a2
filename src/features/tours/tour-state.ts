// A guided tour's life: it runs, then is finished or skipped, and either way is not shown again
// to that person. A tiny state function (no XState: three states and three events) and its
// memory (`tourMemory`, the one seam): a record per user id in the device database, which
// sign-out keeps (a shared tablet remembers each child, not each sign-in), and the localStorage
// mark the same session reads at once. Parsed before it is trusted.
import { hasShape } from '@/contract/shape';
import { deviceDb } from '@/data/on-demand';

export type TourState = 'idle' | 'run' | 'finished' | 'skipped';
export type TourEvent = 'START' | 'FINISH' | 'SKIP';

/** The next state; events that do not apply leave it as it is. A replay starts from an end. */
export function tourStep(state: TourState, event: TourEvent): TourState {
  if (event === 'START') return state === 'run' ? state : 'run';
  if (state !== 'run') return state;
  return event === 'FINISH' ? 'finished' : 'skipped';
}

export const tourKey = (tour: string, userId: number) => `storynest_tour:${tour}:${userId}`;

/** What this device remembers of the tour for this user: its end, or nothing (never shown). */
export function rememberedTour(
  tour: string,
  userId: number,
  storage: Pick<Storage, 'getItem'> = localStorage,
): 'finished' | 'skipped' | null {
  try {
    const raw = storage.getItem(tourKey(tour, userId));
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (hasShape(value, { state: ['finished', 'skipped'], at: 'number' })) return value.state as 'finished' | 'skipped';
    console.warn('Ignoring a remembered tour that does not match the expected shape');
  } catch {
    /* unreadable: as if never shown */
  }
  return null;
}

export function rememberTour(
  tour: string,
  userId: number,
  state: 'finished' | 'skipped',
  storage: Pick<Storage, 'setItem'> = localStorage,
) {
  try {
    storage.setItem(tourKey(tour, userId), JSON.stringify({ state, at: Date.now() }));
  } catch {
    /* storage blocked: the tour may show again, which is harmless */
  }
}

const deviceKey = (tour: string, userId: number) => `tour:${tour}:${userId}`;
const ENDED = { state: ['finished', 'skipped'], at: 'number' } as const;

/**
 * Whether this person has seen a tour, and remembering that they have: the ONE place that
 * decides. Today the device remembers, per user id, through sign-outs (only which tour ended
 * how: nothing personal). For staff the server-backed version (a per-user list of tours seen,
 * sent with the user's profile) replaces these two functions; nothing else changes.
 */
export const tourMemory = {
  async seen(tour: string, userId: number): Promise<boolean> {
    if (rememberedTour(tour, userId)) return true;
    try {
      const db = await deviceDb();
      const row = await db.meta.get(deviceKey(tour, userId));
      return hasShape(row?.value, ENDED);
    } catch {
      return false; // no device database: as if never shown (harmless)
    }
  },
  async remember(tour: string, userId: number, state: 'finished' | 'skipped'): Promise<void> {
    rememberTour(tour, userId, state);
    try {
      const db = await deviceDb();
      await db.meta.put({ key: deviceKey(tour, userId), value: { state, at: Date.now() } });
    } catch (err) {
      console.warn('the tour could not be remembered on this device', err);
    }
  },
};
