// Shared tablets: a session that ends any way other than sign-out (another user signing in over
// it, expiry, a refused refresh) wipes the previous user's personal data exactly as sign-out
// does; their unsent changes stay; a dead credential is not kept, and the changes that carry a
// password go with it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceDatabase, type OutboxRecord } from '@/data/db';
import { blockOwner, carriesPassword, WAITING_FOR_SIGN_IN } from '@/sync/credentials';
import { currentOwner, retireDeviceSession, startDeviceSession } from '@/sync/device-session';

let db: DeviceDatabase;
let n = 0;

const TEACHER_A = 7;
const TEACHER_B = 8;

async function teacherAWasHere() {
  await startDeviceSession({ ownerId: TEACHER_A, tenant: 'greenfield', refresh: 'refresh-a', access: 'access-a' }, db);
  await db.user.put({
    id: TEACHER_A,
    first_name: 'Tom',
    last_name: 'Teacher',
    email: 'teacher@greenfield.example',
    username: null,
    role: 'teacher',
    avatar: null,
    country: null,
    tenant_id: 1,
  });
  await db.classes.put({ id: 1, name: 'Year 4 Robins', class_id: 'ROBINS4' } as never);
  await db.students.put({ id: 11, first_name: 'Amara', last_name: 'Okafor', class_id: 1 } as never);
  await db.logins.put({
    id: 11,
    class_id: 1,
    first_name: 'Amara',
    last_name: 'Okafor',
    username: 'amara.okafor',
    password: 'kite-7',
    class_code: 'ROBINS4',
  } as never);
  await db.cart.put({ item_id: 3, added_at: '2026-11-22' });
}

const entry = (id: string, body: unknown, status: OutboxRecord['status'] = 'pending', owner = TEACHER_A): OutboxRecord => ({
  id,
  schema_version: 2,
  owner_id: owner,
  tenant: 'greenfield',
  kind: 'roster.change',
  label: 'A roster change',
  method: 'PUT',
  path: '/change-password/11/',
  body,
  files: [],
  entity_keys: ['students:11'],
  undo: [],
  on_success: [],
  created_at: Date.now(),
  attempts: 0,
  next_attempt_at: 0,
  status,
  last_error: null,
});

async function nothingPersonalLeft() {
  expect(await db.user.count()).toBe(0);
  expect(await db.classes.count()).toBe(0);
  expect(await db.students.count()).toBe(0);
  expect(await db.logins.count()).toBe(0);
  expect(await db.cart.count()).toBe(0);
}

beforeEach(async () => {
  db = new DeviceDatabase(`session-end-${++n}`);
  await teacherAWasHere();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('another user signs in over an open session', () => {
  it("wipes the first user's personal data and keeps their unsent changes with a signed-out credential", async () => {
    await db.outbox.add(entry('a-privacy', { privacy_preference: 'public' }));
    await startDeviceSession({ ownerId: TEACHER_B, tenant: 'greenfield', refresh: 'refresh-b', access: 'access-b' }, db);
    await nothingPersonalLeft();
    expect(await currentOwner(db)).toEqual({ owner_id: TEACHER_B, tenant: 'greenfield' });
    expect(await db.credentials.get(TEACHER_A)).toMatchObject({ refresh: 'refresh-a', access: null, signed_out: true });
    expect(await db.credentials.get(TEACHER_B)).toMatchObject({ refresh: 'refresh-b', signed_out: false });
    expect(await db.outbox.get('a-privacy')).toBeDefined();
  });

  it('keeps the data when the same user signs in again', async () => {
    await startDeviceSession({ ownerId: TEACHER_A, tenant: 'greenfield', refresh: 'refresh-a2', access: 'access-a2' }, db);
    expect(await db.logins.count()).toBe(1);
    expect(await db.credentials.get(TEACHER_A)).toMatchObject({ refresh: 'refresh-a2', signed_out: false });
  });

  it('wipes even when both sign-in paths start the new session at once', async () => {
    const start = () => startDeviceSession({ ownerId: TEACHER_B, tenant: 'greenfield', refresh: 'refresh-b', access: 'access-b' }, db);
    await Promise.all([start(), start()]);
    await nothingPersonalLeft();
    expect(await currentOwner(db)).toEqual({ owner_id: TEACHER_B, tenant: 'greenfield' });
  });
});

describe('a session that expires or is refused', () => {
  it('wipes the personal data, login cards included, as sign-out does; unsent changes stay', async () => {
    await db.outbox.add(entry('a-privacy', { privacy_preference: 'public' }));
    await retireDeviceSession(db);
    await nothingPersonalLeft();
    expect(await currentOwner(db)).toBeNull();
    expect(await db.outbox.get('a-privacy')).toBeDefined();
    expect(await db.credentials.get(TEACHER_A)).toMatchObject({ access: null, signed_out: true });
  });

  it('forgets a refused credential and drops the changes that carry a password', async () => {
    await db.outbox.bulkAdd([
      entry('a-password', { new_password: 'moon-77' }),
      entry('a-edit', { first_name: 'Amara', last_name: 'Okafor', password: 'kite-8', privacy_preference: 'private' }, 'failed'),
      entry('a-privacy', { privacy_preference: 'public' }, 'in_flight'),
      entry('b-password', { new_password: 'sun-5' }, 'pending', TEACHER_B),
    ]);
    await blockOwner(db, TEACHER_A);
    expect(await db.credentials.get(TEACHER_A)).toBeUndefined();
    expect(await db.outbox.get('a-password')).toBeUndefined();
    expect(await db.outbox.get('a-edit')).toBeUndefined();
    expect(await db.outbox.get('a-privacy')).toMatchObject({ status: 'pending', last_error: WAITING_FOR_SIGN_IN });
    // Nobody else's changes are touched.
    expect(await db.outbox.get('b-password')).toBeDefined();
    await retireDeviceSession(db);
    await nothingPersonalLeft();
    expect(JSON.stringify(await db.outbox.toArray())).not.toMatch(/moon-77|kite-8/);
  });

  it('knows which changes carry a password', () => {
    expect(carriesPassword({ body: { new_password: 'x' } })).toBe(true);
    expect(carriesPassword({ body: { password: 'x', first_name: 'A' } })).toBe(true);
    expect(carriesPassword({ body: { privacy_preference: 'public' } })).toBe(false);
    expect(carriesPassword({ body: null })).toBe(false);
  });
});
