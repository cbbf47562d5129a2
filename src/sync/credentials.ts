// Tokens for sending an owner's changes: the access token the engine last obtained, refreshed
// with the owner's refresh token when the server says 401, one refresh at a time across tabs and
// the service worker. Refresh tokens rotate on every use (the server answers the next one), so
// this record is the one place that holds an owner's newest refresh token: whoever refreshes
// (page, other tab, service worker) re-reads it after taking the lock and stores the new one
// before letting go. A refused refresh deletes the credential (a dead token is kept by nobody):
// the owner's changes wait, visible in the sync panel, until that user signs in again here;
// changes that carry a password are dropped with it (a password is kept only until it is sent).
import type { DeviceDatabase, OutboxRecord } from '@/data/db';
import type { LockManagerLike } from './leader';
import { exchangeOfflineSession, exchangeWaitingSessions, type BatchExchangeResult } from './tablet';

export interface CredentialDeps {
  db: DeviceDatabase;
  fetch: (request: Request) => Promise<Response>;
  baseUrl: string;
  locks?: LockManagerLike;
}

export type RefreshResult = { kind: 'ok'; access: string; refresh: string } | { kind: 'refused' } | { kind: 'unreachable' };

export const refreshLockName = (ownerId: number) => `storynest-refresh-${ownerId}`;
/**
 * How long to wait for another tab's refresh before refreshing anyway: a frozen tab must not
 * block everyone. Two refreshes with the same token are then still safe: the server answers the
 * same successor to a token used again within its grace window (2 minutes).
 */
export const REFRESH_LOCK_WAIT_MS = 10_000;

/** The message an owner's waiting changes show until they sign in again. */
export const WAITING_FOR_SIGN_IN = 'Waiting for you to sign in again.';

async function requestTokens(deps: CredentialDeps, refresh: string): Promise<RefreshResult> {
  try {
    const res = await deps.fetch(
      new Request(`${deps.baseUrl}/auth/token/refresh/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh }),
      }),
    );
    if (res.status === 401 || res.status === 400 || res.status === 403) return { kind: 'refused' };
    if (!res.ok) return { kind: 'unreachable' };
    const body = (await res.json()) as { access?: unknown; refresh?: unknown };
    return typeof body.access === 'string' && typeof body.refresh === 'string'
      ? { kind: 'ok', access: body.access, refresh: body.refresh }
      : { kind: 'unreachable' };
  } catch {
    return { kind: 'unreachable' };
  }
}

/** Whether an entry's body holds a password (a teacher setting a child's class password). */
export function carriesPassword(entry: Pick<OutboxRecord, 'body'>): boolean {
  const body = entry.body;
  return typeof body === 'object' && body !== null && Object.keys(body).some((key) => /password/i.test(key));
}

/**
 * The server refused this owner's session: forget the credential, drop their unsent changes
 * that carry a password, and leave the rest waiting for them to sign in again. `refused`: the
 * token the server refused. A credential that no longer holds it is a newer session (the owner
 * signed in again, or another tab refreshed, while the refused request was out: a tab frozen
 * mid-send wakes up with a spent refresh token) and is kept, with the changes: answers false.
 */
export async function blockOwner(db: DeviceDatabase, ownerId: number, refused?: string | null): Promise<boolean> {
  return db.transaction('rw', [db.credentials, db.outbox], async () => {
    const stored = await db.credentials.get(ownerId);
    if (stored && refused !== undefined && stored.access !== refused && stored.refresh !== refused) return false;
    await db.credentials.delete(ownerId);
    const entries = await db.outbox.where('[owner_id+created_at]').between([ownerId, -Infinity], [ownerId, Infinity]).toArray();
    const secret = entries.filter(carriesPassword).map((e) => e.id);
    if (secret.length) await db.outbox.bulkDelete(secret);
    const waiting = entries.filter((e) => !secret.includes(e.id) && (e.status === 'pending' || e.status === 'in_flight')).map((e) => e.id);
    if (waiting.length) await db.outbox.where('id').anyOf(waiting).modify({ status: 'pending', last_error: WAITING_FOR_SIGN_IN });
    return true;
  });
}

/**
 * A fresh access token (and the next refresh token) for `ownerId`, replacing `stale` (the access
 * token the server just refused, or null when there was none). If another tab or the service
 * worker refreshed meanwhile, theirs is used. `fallbackRefresh`: the page's own refresh token,
 * for a session that has no credential here (the device database could not record one).
 */
export async function refreshOwner(
  deps: CredentialDeps,
  ownerId: number,
  stale: string | null,
  fallbackRefresh?: string | null,
): Promise<RefreshResult> {
  const refresh = async (): Promise<RefreshResult> => {
    const credential = await deps.db.credentials.get(ownerId);
    if (!credential) {
      if (fallbackRefresh) return requestTokens(deps, fallbackRefresh);
      // A child signed in offline on a class tablet: their first session is the exchanged one.
      if ((await deps.db.offlineSessions.get(ownerId))?.status === 'waiting') return exchangeOfflineSession(deps, ownerId);
      return { kind: 'refused' };
    }
    if (credential.blocked) return { kind: 'refused' };
    if (credential.access && credential.access !== stale) return { kind: 'ok', access: credential.access, refresh: credential.refresh };
    const result = await requestTokens(deps, credential.refresh);
    if (result.kind === 'ok')
      await deps.db.credentials.update(ownerId, { access: result.access, refresh: result.refresh, updated_at: Date.now() });
    if (result.kind === 'refused') await blockOwner(deps.db, ownerId, credential.refresh);
    return result;
  };
  if (!deps.locks) return refresh();
  try {
    return await deps.locks.request(refreshLockName(ownerId), { signal: AbortSignal.timeout(REFRESH_LOCK_WAIT_MS) }, refresh);
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') return refresh();
    throw err;
  }
}

/**
 * Runs `fn` holding the refresh locks of all these owners (taken in one order, so two callers
 * never wait on each other; one held too long by a frozen tab is passed by, as refreshOwner does).
 */
export async function underOwnerLocks<T>(deps: CredentialDeps, ownerIds: number[], fn: () => Promise<T>): Promise<T> {
  const { locks } = deps;
  if (!locks || !ownerIds.length) return fn();
  const [first, ...rest] = [...new Set(ownerIds)].sort((a, b) => a - b);
  const next = () => underOwnerLocks(deps, rest, fn);
  let entered = false;
  try {
    return await locks.request(refreshLockName(first!), { signal: AbortSignal.timeout(REFRESH_LOCK_WAIT_MS) }, () => {
      entered = true;
      return next();
    });
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (!entered && (name === 'TimeoutError' || name === 'AbortError')) return next();
    throw err;
  }
}

/**
 * Every waiting offline sign-in of a class tablet exchanged in one request (see
 * exchangeWaitingSessions), under the children's refresh locks: a tab's own exchange and this one
 * never send the same sign-in twice.
 */
export async function exchangeAllWaiting(deps: CredentialDeps): Promise<BatchExchangeResult> {
  const waiting = (await deps.db.offlineSessions.where('status').equals('waiting').primaryKeys()) as number[];
  if (!waiting.length) return { kind: 'done', exchanged: [] };
  return underOwnerLocks(deps, waiting, () => exchangeWaitingSessions(deps, waiting));
}

/** The access token to send an owner's changes with (null: none yet, refresh first). */
export async function accessFor(db: DeviceDatabase, ownerId: number): Promise<{ access: string | null; blocked: boolean }> {
  const credential = await db.credentials.get(ownerId);
  return { access: credential?.access ?? null, blocked: !credential || Boolean(credential.blocked) };
}
