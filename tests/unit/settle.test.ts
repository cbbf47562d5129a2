// A screen that waits for a change's answer (an admin's "Teacher admin powers updated.") must not
// wait for the sync engine's idle start: settling wakes the engine at once, or triggers it when
// it runs. Without that, on a busy page the wait ran out and the screen said the change was
// "saved on this device" although online, and the list read afterwards did not have it yet.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceDatabase } from '@/data/db';
import { recordChange } from '@/sync/outbox';
import { startDeviceSession } from '@/sync/device-session';
import { settled } from '@/sync/settle';
import { syncControl } from '@/sync/status';

let db: DeviceDatabase;
let n = 0;
beforeEach(async () => {
  db = new DeviceDatabase(`settle-${++n}`);
  await startDeviceSession({ ownerId: 1, tenant: null, refresh: 'r', access: 'a' }, db);
});
afterEach(async () => {
  syncControl.connect(null);
  syncControl.onWake(null);
  db.close();
  await db.delete();
});

const queue = () =>
  recordChange([], async () => undefined, { kind: 'k', label: 'l', method: 'POST', path: '/x/', body: {} }, db).then((r) => r.entry.id);

describe('settled', () => {
  it('starts a sync engine that has not started yet, and says sent once the entry has gone', async () => {
    const id = await queue();
    const start = vi.fn(async () => void setTimeout(() => void db.outbox.delete(id), 50));
    syncControl.onWake({ adopt: async () => undefined, boot: start });
    expect(await settled(id, { db, online: () => true, waitMs: 2000 })).toEqual({ status: 'sent' });
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('asks a running engine to send now', async () => {
    const id = await queue();
    const send = vi.fn(() => void db.outbox.delete(id));
    syncControl.connect(send);
    expect(await settled(id, { db, online: () => true, waitMs: 2000 })).toEqual({ status: 'sent' });
    expect(send).toHaveBeenCalledWith({ type: 'TRIGGER' });
  });

  it('offline, wakes nothing and leaves the change queued', async () => {
    const id = await queue();
    const start = vi.fn(async () => undefined);
    syncControl.onWake({ adopt: async () => undefined, boot: start });
    expect(await settled(id, { db, online: () => false })).toEqual({ status: 'queued' });
    expect(start).not.toHaveBeenCalled();
  });
});

// The page takes up the signed-in session (the device's owner) when sync starts, once the page is
// idle. A change made before that (an admin applying a bulk action on a busy page) was refused with
// 'Sign in to save changes.' although signed in: recording a change first waits for the page to
// take up its session.
describe('recordChange before the page has taken up its session', () => {
  it('waits for the session to be taken up, then records the change as its owner', async () => {
    const fresh = new DeviceDatabase(`settle-fresh-${++n}`);
    const adopt = vi.fn(() => startDeviceSession({ ownerId: 7, tenant: null, refresh: 'r', access: 'a' }, fresh).then(() => undefined));
    syncControl.onWake({ adopt, boot: async () => undefined });
    const { entry } = await recordChange(
      [],
      async () => undefined,
      { kind: 'k', label: 'l', method: 'POST', path: '/x/', body: {} },
      fresh,
    );
    expect(entry.owner_id).toBe(7);
    expect(adopt).toHaveBeenCalledTimes(1);
    fresh.close();
    await fresh.delete();
  });
});
