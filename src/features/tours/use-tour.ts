// The dashboard's tour for a first-time user: started once the screen is up (and the welcome
// dialog is out of the way), remembered when finished or skipped, and replayable from Help.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Role } from '@/contract/domain';
import { tourMemory, tourStep, type TourState } from './tour-state';
import { tourFor } from './tours';

export function useTour(path: string, user: { id: number; role: Role } | null, ready: boolean) {
  const tour = user ? tourFor(path, user.role) : null;
  const [state, setState] = useState<TourState>('idle');
  const stateRef = useRef(state);
  stateRef.current = state;

  const start = useCallback(() => {
    if (!tour || !user || stateRef.current === 'run') return;
    setState((s) => tourStep(s, 'START'));
    void import('./run-tour').then(({ runTour }) =>
      runTour(tour, (how) => {
        setState((s) => tourStep(s, how === 'finished' ? 'FINISH' : 'SKIP'));
        void tourMemory.remember(tour.id, user.id, how);
      }),
    );
  }, [tour, user]);

  useEffect(() => {
    if (!ready || !tour || !user) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    void tourMemory.seen(tour.id, user.id).then((seen) => {
      // After the screen has drawn, so the tour's steps find their elements.
      if (live && !seen) timer = setTimeout(start, 600);
    });
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [ready, tour, user, start]);

  return { state, replay: tour ? start : undefined };
}
