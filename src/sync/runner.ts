// Runs the replay machine with the real engine and publishes its state. The page starts one
// (triggered by start-up, `online`, visibility, new changes and sign-in); the service worker
// drains directly on Background Sync.
import { createActor, fromPromise } from 'xstate';
import { drain, type DrainReport, type EngineDeps } from './engine';
import { replayMachine, type ReplayEvent } from './replay.machine';
import { syncStatus, type ReplayState } from './status';

export interface Runner {
  send(event: ReplayEvent): void;
  stop(): void;
}

export function startRunner(deps: EngineDeps & { afterDrain?: (report: DrainReport) => Promise<void> }): Runner {
  const machine = replayMachine.provide({
    actors: {
      drain: fromPromise(async () => {
        const report = await drain({ ...deps, onProgress: (progress) => syncStatus.set({ progress }) });
        await deps.afterDrain?.(report).catch((err) => console.warn('after-sync refresh failed', err));
        return report;
      }),
    },
  });
  const actor = createActor(machine, { input: { now: deps.now } });
  actor.subscribe((snapshot) => {
    const state = snapshot.value as ReplayState;
    syncStatus.set({
      state,
      retryAt: state === 'backingOff' ? snapshot.context.retryAt : null,
      waitingOwners: snapshot.context.waitingOwners,
      ...(state === 'draining' ? {} : { progress: null }),
    });
  });
  actor.start();
  actor.send({ type: 'TRIGGER' });
  return { send: (event) => actor.send(event), stop: () => actor.stop() };
}
