// The replay loop's states and transitions, with a fake drain and a simulated clock.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { DrainReport } from '@/sync/engine';
import { BUSY_RECHECK_MS, replayMachine } from '@/sync/replay.machine';

type Outcome = DrainReport['outcome'];

/** A machine whose drains answer the given outcomes in turn (then 'done'). */
function start(outcomes: (Outcome | Error)[]) {
  const clock = new SimulatedClock();
  let calls = 0;
  const pending: (() => void)[] = [];
  let hold = false;
  const actor = createActor(
    replayMachine.provide({
      actors: {
        drain: fromPromise(async () => {
          calls++;
          if (hold) await new Promise<void>((r) => pending.push(r));
          const next = outcomes.shift() ?? { kind: 'done', waitingOwners: [] };
          if (next instanceof Error) throw next;
          return { outcome: next, sent: 0, failed: 0 } satisfies DrainReport;
        }),
      },
    }),
    { clock, input: { now: () => clock.now() } },
  );
  actor.start();
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    actor,
    clock,
    calls: () => calls,
    state: () => actor.getSnapshot().value,
    settle,
    holdDrains: () => (hold = true),
    releaseDrains: async () => {
      hold = false;
      pending.splice(0).forEach((r) => r());
      await settle();
    },
  };
}

describe('replay machine', () => {
  it('starts idle and drains on a trigger, back to idle when done', async () => {
    const m = start([{ kind: 'done', waitingOwners: [] }]);
    expect(m.state()).toBe('idle');
    m.actor.send({ type: 'TRIGGER' });
    expect(m.state()).toBe('draining');
    await m.settle();
    expect(m.state()).toBe('idle');
    expect(m.calls()).toBe(1);
  });

  it.each(['ONLINE', 'SIGNED_IN', 'RETRY_NOW'] as const)('drains from idle on %s', async (type) => {
    const m = start([]);
    m.actor.send({ type });
    expect(m.state()).toBe('draining');
  });

  it('drains again when a change arrives during a drain', async () => {
    const m = start([]);
    m.holdDrains();
    m.actor.send({ type: 'TRIGGER' });
    m.actor.send({ type: 'TRIGGER' });
    await m.releaseDrains();
    expect(m.calls()).toBe(2);
    await m.releaseDrains();
    expect(m.state()).toBe('idle');
    expect(m.calls()).toBe(2);
  });

  it('backs off until the retry time, then drains again', async () => {
    const m = start([{ kind: 'backoff', retryAt: 30_000, waitingOwners: [] }]);
    m.actor.send({ type: 'TRIGGER' });
    await m.settle();
    expect(m.state()).toBe('backingOff');
    expect(m.actor.getSnapshot().context.retryAt).toBe(30_000);
    m.clock.increment(29_999);
    expect(m.state()).toBe('backingOff');
    m.clock.increment(1);
    expect(m.state()).toBe('draining');
    await m.settle();
    expect(m.state()).toBe('idle');
  });

  it('ignores triggers while backing off (the server asked us to wait) but not coming online', async () => {
    const m = start([{ kind: 'backoff', retryAt: 60_000, waitingOwners: [] }]);
    m.actor.send({ type: 'TRIGGER' });
    await m.settle();
    m.actor.send({ type: 'TRIGGER' });
    expect(m.state()).toBe('backingOff');
    m.actor.send({ type: 'ONLINE' });
    expect(m.state()).toBe('draining');
  });

  it('pauses offline and resumes on ONLINE, and goes offline from idle and backing off', async () => {
    const m = start([{ kind: 'offline' }, { kind: 'backoff', retryAt: 10_000, waitingOwners: [] }]);
    m.actor.send({ type: 'TRIGGER' });
    await m.settle();
    expect(m.state()).toBe('pausedOffline');
    m.actor.send({ type: 'ONLINE' });
    await m.settle();
    expect(m.state()).toBe('backingOff');
    m.actor.send({ type: 'OFFLINE' });
    expect(m.state()).toBe('pausedOffline');
    m.actor.send({ type: 'TRIGGER' });
    expect(m.state()).toBe('draining');
    await m.settle();
    m.actor.send({ type: 'OFFLINE' });
    expect(m.state()).toBe('pausedOffline');
  });

  it('pauses for sign-in when an owner must sign in again, and drains when they do', async () => {
    const m = start([{ kind: 'done', waitingOwners: [7] }]);
    m.actor.send({ type: 'TRIGGER' });
    await m.settle();
    expect(m.state()).toBe('pausedAuth');
    expect(m.actor.getSnapshot().context.waitingOwners).toEqual([7]);
    m.actor.send({ type: 'SIGNED_IN' });
    expect(m.state()).toBe('draining');
    await m.settle();
    expect(m.state()).toBe('idle');
    expect(m.actor.getSnapshot().context.waitingOwners).toEqual([]);
  });

  it('is blocked by full storage until retried', async () => {
    const m = start([{ kind: 'storage-full' }]);
    m.actor.send({ type: 'TRIGGER' });
    await m.settle();
    expect(m.state()).toBe('blockedStorage');
    m.actor.send({ type: 'OFFLINE' });
    expect(m.state()).toBe('blockedStorage');
    m.actor.send({ type: 'RETRY_NOW' });
    expect(m.state()).toBe('draining');
  });

  it('checks back later when another tab is the sender', async () => {
    const m = start([{ kind: 'busy' }]);
    m.actor.send({ type: 'TRIGGER' });
    await m.settle();
    expect(m.state()).toBe('backingOff');
    m.clock.increment(BUSY_RECHECK_MS);
    expect(m.state()).toBe('draining');
  });

  it('backs off after an unexpected error instead of stopping', async () => {
    const m = start([new Error('IndexedDB went away')]);
    m.actor.send({ type: 'TRIGGER' });
    await m.settle();
    expect(m.state()).toBe('backingOff');
    expect(m.actor.getSnapshot().context.errors).toBe(1);
    m.clock.increment(5 * 60_000);
    expect(m.state()).toBe('draining');
  });
});
