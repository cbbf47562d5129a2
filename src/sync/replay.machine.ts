// The replay loop as a state machine, so its states are visible (the header shows them) and
// tested. It decides WHEN to drain; the engine (engine.ts) decides what a drain does.
//
//   idle ──TRIGGER/ONLINE/SIGNED_IN──▶ draining ──done──▶ idle
//                                         │  ├─ something due later ──▶ backingOff ──timer──▶ draining
//                                         │  ├─ browser offline ─────▶ pausedOffline ──ONLINE──▶ draining
//                                         │  ├─ an owner must sign in ▶ pausedAuth ──SIGNED_IN──▶ draining
//                                         │  └─ storage full ────────▶ blockedStorage ──RETRY_NOW──▶ draining
//   A trigger while draining drains again afterwards, so nothing queued meanwhile waits for a timer.
import { assign, fromPromise, setup } from 'xstate';
import { backoffDelay } from './backoff';
import type { DrainReport } from './engine';

/** How soon to look again when another tab holds the sender lock (it may close). */
export const BUSY_RECHECK_MS = 15_000;

export interface ReplayContext {
  now: () => number;
  retryAt: number | null;
  again: boolean;
  errors: number;
  waitingOwners: number[];
  report: DrainReport | null;
}

export type ReplayEvent = { type: 'TRIGGER' } | { type: 'ONLINE' } | { type: 'OFFLINE' } | { type: 'SIGNED_IN' } | { type: 'RETRY_NOW' };

const outcome = (event: unknown) => (event as { output: DrainReport }).output.outcome;

export const replayMachine = setup({
  types: {
    context: {} as ReplayContext,
    events: {} as ReplayEvent,
    input: {} as { now: () => number },
  },
  actors: {
    drain: fromPromise<DrainReport>(async () => {
      throw new Error('The replay machine needs a drain actor (provide one).');
    }),
  },
  guards: {
    wentOffline: ({ event }) => outcome(event).kind === 'offline',
    storageFull: ({ event }) => outcome(event).kind === 'storage-full',
    otherSender: ({ event }) => outcome(event).kind === 'busy',
    triggeredMeanwhile: ({ context }) => context.again,
    dueLater: ({ event }) => outcome(event).kind === 'backoff',
    ownersMustSignIn: ({ event }) => {
      const o = outcome(event);
      return o.kind === 'done' && o.waitingOwners.length > 0;
    },
  },
  delays: {
    untilRetry: ({ context }) => Math.max(0, (context.retryAt ?? 0) - context.now()),
  },
}).createMachine({
  id: 'replay',
  context: ({ input }) => ({ now: input.now, retryAt: null, again: false, errors: 0, waitingOwners: [], report: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { TRIGGER: 'draining', ONLINE: 'draining', SIGNED_IN: 'draining', RETRY_NOW: 'draining', OFFLINE: 'pausedOffline' },
    },
    draining: {
      entry: assign({ again: false }),
      on: {
        TRIGGER: { actions: assign({ again: true }) },
        SIGNED_IN: { actions: assign({ again: true }) },
        RETRY_NOW: { actions: assign({ again: true }) },
        ONLINE: { actions: assign({ again: true }) },
      },
      invoke: {
        src: 'drain',
        onDone: [
          { guard: 'wentOffline', target: 'pausedOffline', actions: assign({ report: ({ event }) => event.output }) },
          { guard: 'storageFull', target: 'blockedStorage', actions: assign({ report: ({ event }) => event.output }) },
          {
            guard: 'otherSender',
            target: 'backingOff',
            actions: assign({ retryAt: ({ context }) => context.now() + BUSY_RECHECK_MS }),
          },
          {
            guard: 'triggeredMeanwhile',
            target: 'draining',
            reenter: true,
            actions: assign({ report: ({ event }) => event.output, errors: 0 }),
          },
          {
            guard: 'dueLater',
            target: 'backingOff',
            actions: assign({
              report: ({ event }) => event.output,
              errors: 0,
              retryAt: ({ event }) => (event.output.outcome.kind === 'backoff' ? event.output.outcome.retryAt : null),
              waitingOwners: ({ event }) => (event.output.outcome.kind === 'backoff' ? event.output.outcome.waitingOwners : []),
            }),
          },
          {
            guard: 'ownersMustSignIn',
            target: 'pausedAuth',
            actions: assign({
              report: ({ event }) => event.output,
              errors: 0,
              waitingOwners: ({ event }) => (event.output.outcome.kind === 'done' ? event.output.outcome.waitingOwners : []),
            }),
          },
          { target: 'idle', actions: assign({ report: ({ event }) => event.output, errors: 0, waitingOwners: [], retryAt: null }) },
        ],
        onError: {
          target: 'backingOff',
          actions: assign({
            errors: ({ context }) => context.errors + 1,
            retryAt: ({ context }) => context.now() + backoffDelay(context.errors + 1),
          }),
        },
      },
    },
    backingOff: {
      after: { untilRetry: 'draining' },
      on: { ONLINE: 'draining', RETRY_NOW: 'draining', SIGNED_IN: 'draining', OFFLINE: 'pausedOffline' },
    },
    pausedOffline: {
      // TRIGGER too: navigator.onLine can be wrong (captive portals); a drain checks again.
      on: { ONLINE: 'draining', TRIGGER: 'draining', RETRY_NOW: 'draining' },
    },
    pausedAuth: {
      on: { SIGNED_IN: 'draining', TRIGGER: 'draining', ONLINE: 'draining', RETRY_NOW: 'draining', OFFLINE: 'pausedOffline' },
    },
    blockedStorage: {
      on: { TRIGGER: 'draining', RETRY_NOW: 'draining', ONLINE: 'draining' },
    },
  },
});
