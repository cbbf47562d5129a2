// A device database that disappears (cleared or evicted by the browser) is noticed and said.
import { afterEach, describe, expect, it } from 'vitest';
import { checkDeviceMarker } from '@/app/sync-boot';
import { db } from '@/data/db';

afterEach(async () => {
  localStorage.clear();
  db.close();
  await db.delete();
  await db.open();
});

describe('device marker', () => {
  it('marks a first start without alarm, then finds the database intact', async () => {
    expect(await checkDeviceMarker()).toBe('first-start');
    expect(await db.meta.get('device-wiped')).toBeUndefined();
    expect(await checkDeviceMarker()).toBe('intact');
  });

  it('says so when the database vanished but the browser remembers this device', async () => {
    await checkDeviceMarker();
    db.close();
    await db.delete();
    await db.open();
    expect(await checkDeviceMarker()).toBe('wiped');
    expect(await db.meta.get('device-wiped')).toBeDefined();
  });

  it('survives sign-out, which clears local storage', async () => {
    const { session } = await import('@/api/session');
    await checkDeviceMarker();
    session.clear();
    expect(localStorage.getItem('storynest_device')).not.toBeNull();
  });
});
