// A guided tour's life: it runs, then is finished or skipped, and
// either way is not shown again to that user on this device. A tiny state function (no XState:
// three states and three events) and its memory in localStorage, parsed before it is trusted.
import { hasShape } from '@/contract/shape';

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
