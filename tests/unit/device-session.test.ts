// Signing out on a shared tablet: personal data goes, unsent work and its credential stay.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceDatabase, type OutboxRecord } from '@/data/db';
import { currentOwner, endDeviceSession, startDeviceSession } from '@/sync/device-session';

let db: DeviceDatabase;
let n = 0;
beforeEach(async () => {
  db = new DeviceDatabase(`session-${++n}`);
  await startDeviceSession({ ownerId: 7, tenant: 'greenfield', refresh: 'refresh-7', access: 'access-7' }, db);
  await db.user.put({
    id: 7,
    first_name: 'Amara',
    last_name: 'Okafor',
    email: null,
    username: 'amara.okafor',
    role: 'student',
    avatar: null,
    country: null,
    tenant_id: 1,
  });
  await db.cart.put({ item_id: 3, added_at: '2026-11-22' });
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const entry = (id: string, status: OutboxRecord['status']): OutboxRecord => ({
  id,
  schema_version: 1,
  owner_id: 7,
  tenant: 'greenfield',
  kind: 'cart.add',
  label: 'Add a book to the cart',
  method: 'POST',
  path: '/data/cart/items/',
  body: { book_id: 1 },
  files: [],
  entity_keys: ['cart:1'],
  undo: [],
  on_success: [],
  created_at: Date.now(),
  attempts: 0,
  next_attempt_at: 0,
  status,
  last_error: null,
});

describe('device session', () => {
  it('records who owns new writes', async () => {
    expect(await currentOwner(db)).toEqual({ owner_id: 7, tenant: 'greenfield' });
    expect(await db.credentials.get(7)).toMatchObject({ refresh: 'refresh-7', signed_out: false });
  });

  it('revokes the session and forgets everything when nothing is waiting to be sent', async () => {
    await db.outbox.add(entry('failed-one', 'failed'));
    const revoke = vi.fn(async () => {});
    expect(await endDeviceSession(revoke, db)).toBe('revoked');
    expect(revoke).toHaveBeenCalledWith('refresh-7');
    expect(await db.credentials.count()).toBe(0);
    expect(await db.user.count()).toBe(0);
    expect(await db.cart.count()).toBe(0);
    expect(await currentOwner(db)).toBeNull();
    // A failed change is never wiped silently: it waits for its owner to come back.
    expect(await db.outbox.get('failed-one')).toBeDefined();
  });

  it('keeps a sync credential, without the access token, while changes are unsent', async () => {
    await db.outbox.add(entry('pending-one', 'pending'));
    const revoke = vi.fn(async () => {});
    expect(await endDeviceSession(revoke, db)).toBe('kept-for-sync');
    expect(revoke).not.toHaveBeenCalled();
    expect(await db.credentials.get(7)).toMatchObject({ refresh: 'refresh-7', access: null, signed_out: true });
    expect(await db.outbox.count()).toBe(1);
    expect(await db.user.count()).toBe(0);
  });

  it('keeps the credential to revoke later when the network is down', async () => {
    expect(await endDeviceSession(async () => Promise.reject(new TypeError('Failed to fetch')), db)).toBe('revoke-later');
    expect(await db.credentials.get(7)).toMatchObject({ signed_out: true });
    expect(await db.cart.count()).toBe(0);
  });

  it('forgets the documents the server has at sign-out and keeps the unsent ones for their owner', async () => {
    const doc = (owner_id: number, id: string) => ({
      key: `${owner_id}:story:${id}`,
      owner_id,
      kind: 'story' as const,
      id,
      state: new Uint8Array([0, 0]).buffer,
      meta: { title: id },
      saved_at: Date.now(),
    });
    await db.documents.bulkPut([doc(7, 'sent-story'), doc(7, 'unsent-story'), doc(7, 'refused-story'), doc(9, 'zoes-story')]);
    await db.outbox.add({ ...entry('save', 'pending'), kind: 'story.save', entity_keys: ['documents:7:story:unsent-story'] });
    await db.outbox.add({ ...entry('refused', 'failed'), kind: 'story.save', entity_keys: ['documents:7:story:refused-story'] });
    await endDeviceSession(async () => {}, db);
    expect((await db.documents.toArray()).map((d) => d.key).sort()).toEqual([
      '7:story:refused-story',
      '7:story:unsent-story',
      '9:story:zoes-story',
    ]);
  });

  it('forgets the sent documents of a session that ended without a sign-out when someone else signs in', async () => {
    await db.documents.put({
      key: '7:book:b',
      owner_id: 7,
      kind: 'book',
      id: 'b',
      state: new Uint8Array([0, 0]).buffer,
      meta: {},
      saved_at: 1,
    });
    await startDeviceSession({ ownerId: 9, tenant: 'greenfield', refresh: 'refresh-9', access: 'access-9' }, db);
    expect(await db.documents.count()).toBe(0);
  });
});
