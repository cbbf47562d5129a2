// Who owns the writes made on this device now, and what happens to a user's sync credential
// when they sign out. Shared tablets: a child who signs out with unsent work keeps a sync
// credential here until that work is sent; nobody else ever sends it as themselves.
// No DOM: the service worker uses this too.
import { db as defaultDb, type DeviceDatabase } from '@/data/db';
import { clearPersonalCaches, clearPersonalTables, personalTables, wipePersonalData } from '@/data/personal-data';

export const SESSION_KEY = 'session';

export interface DeviceSession {
  owner_id: number;
  tenant: string | null;
}

export async function currentOwner(db: DeviceDatabase = defaultDb): Promise<DeviceSession | null> {
  const row = await db.meta.get(SESSION_KEY);
  const value = row?.value as Partial<DeviceSession> | undefined;
  return typeof value?.owner_id === 'number' ? { owner_id: value.owner_id, tenant: value.tenant ?? null } : null;
}

/**
 * After a successful sign-in: this user owns new writes, and the engine may send as them. When
 * someone else's session was still open on this device (it expired, or they never signed out),
 * it ends first, exactly as a sign-out: their personal data goes, their unsent changes stay.
 */
export async function startDeviceSession(
  /** No tokens: a child's offline sign-in on a class tablet (src/sync/tablet.ts), exchanged for them later. */
  input: { ownerId: number; tenant: string | null; refresh?: string; access?: string },
  db: DeviceDatabase = defaultDb,
): Promise<void> {
  // One transaction: two tabs (or the sign-in and the boot code) starting the same session at
  // once wipe at most once, never after the new user's data has begun to arrive.
  const tables = [db.meta, db.credentials, db.documents, db.outbox, db.offlineSessions, ...personalTables(db)];
  const wiped = await db.transaction('rw', tables, async () => {
    const previous = await currentOwner(db);
    const switching = previous?.owner_id !== input.ownerId;
    if (switching) {
      if (previous) await retireCredential(db, previous.owner_id);
      await clearPersonalTables(db);
    }
    // Anyone else's documents the server has by now (a child who signed out with work unsent,
    // sent since, or a session that ended without a sign-out) leave before this user begins.
    await forgetSentDocuments(db, (owner) => owner !== input.ownerId);
    await db.meta.put({ key: SESSION_KEY, value: { owner_id: input.ownerId, tenant: input.tenant } satisfies DeviceSession });
    if (input.refresh && input.access) {
      await db.credentials.put({
        owner_id: input.ownerId,
        refresh: input.refresh,
        access: input.access,
        signed_out: false,
        updated_at: Date.now(),
      });
      // Signed in online: an offline sign-in of theirs still waiting (or refused) is not needed.
      await db.offlineSessions.delete(input.ownerId);
    }
    return switching;
  });
  if (wiped) await clearPersonalCaches();
}

/**
 * The documents (stories, books) the server has, of the owners `whose` picks: those with no change
 * of theirs waiting in the queue (sent or refused). They leave the device with their owner's
 * session, so the next person on a shared tablet finds no readable copy; the owner gets them back
 * from the server the next time they open them online (src/ui/editor/use-document-draft.ts).
 * Unsent work stays for its owner until it is sent (and goes at the next sign-in after that).
 */
export async function forgetSentDocuments(db: DeviceDatabase, whose: (ownerId: number) => boolean): Promise<void> {
  await db.transaction('rw', [db.documents, db.outbox], async () => {
    const theirs = (await db.documents.toArray()).filter((d) => whose(d.owner_id));
    const waiting = await Promise.all(theirs.map((d) => db.outbox.where('entity_keys').equals(`documents:${d.key}`).count()));
    const sent = theirs.filter((_, i) => waiting[i] === 0).map((d) => d.key);
    if (sent.length) await db.documents.bulkDelete(sent);
  });
}

/** A previous owner's credential stays only to send their unsent changes (the engine then revokes it). */
async function retireCredential(db: DeviceDatabase, ownerId: number): Promise<void> {
  const credential = await db.credentials.get(ownerId);
  if (credential) await db.credentials.put({ ...credential, access: null, signed_out: true, updated_at: Date.now() });
}

/**
 * The session ended without a sign-out (expired, refused, cleared in another tab): the same as
 * signing out, except that nothing is revoked now. A live credential is kept as signed out, and
 * the engine revokes it once the owner's changes are sent (at once when there are none).
 */
export async function retireDeviceSession(db: DeviceDatabase = defaultDb): Promise<void> {
  await db.transaction('rw', [db.meta, db.credentials, db.documents, db.outbox], async () => {
    const owner = await currentOwner(db);
    if (owner) {
      await retireCredential(db, owner.owner_id);
      await forgetSentDocuments(db, (id) => id === owner.owner_id);
    }
    await db.meta.delete(SESSION_KEY);
  });
  await wipePersonalData(db);
}

/** Unsent: waiting or being sent. Failed and conflicting entries wait for their owner instead. */
export async function unsentCount(ownerId: number, db: DeviceDatabase = defaultDb): Promise<number> {
  const [pending, inFlight] = await Promise.all(
    (['pending', 'in_flight'] as const).map((status) => db.outbox.where('[owner_id+status]').equals([ownerId, status]).count()),
  );
  return pending! + inFlight!;
}

export type SignOutOutcome = 'no-session' | 'kept-for-sync' | 'revoked' | 'revoke-later';

/**
 * Signing out on this device. With unsent changes the credential stays (marked signed out) and
 * the engine revokes it once they are sent; without, the session is revoked now, or as soon as
 * the network allows. Either way the user's personal data leaves the device.
 */
export async function endDeviceSession(
  revoke: (refresh: string) => Promise<void>,
  db: DeviceDatabase = defaultDb,
): Promise<SignOutOutcome> {
  const owner = await currentOwner(db);
  let outcome: SignOutOutcome = 'no-session';
  if (owner) {
    const credential = await db.credentials.get(owner.owner_id);
    if (credential) {
      const keep = { ...credential, access: null, signed_out: true, updated_at: Date.now() };
      if ((await unsentCount(owner.owner_id, db)) > 0) {
        await db.credentials.put(keep);
        outcome = 'kept-for-sync';
      } else {
        try {
          await revoke(credential.refresh);
          await db.credentials.delete(owner.owner_id);
          outcome = 'revoked';
        } catch {
          await db.credentials.put(keep);
          outcome = 'revoke-later';
        }
      }
    }
    await forgetSentDocuments(db, (id) => id === owner.owner_id);
    await db.meta.delete(SESSION_KEY);
  }
  await wipePersonalData(db);
  return outcome;
}
