// Tokens for sending an owner's changes: the access token the engine last obtained, refreshed
// with the owner's refresh token when the server says 401, one refresh at a time across tabs.
// A refused refresh parks the owner's changes until they sign in again; nothing is dropped.
import type { DeviceDatabase } from '@/data/db';
import type { LockManagerLike } from './leader';

export interface CredentialDeps {
  db: DeviceDatabase;
  fetch: (request: Request) => Promise<Response>;
  baseUrl: string;
  locks?: LockManagerLike;
}

export type RefreshResult = { kind: 'ok'; access: string } | { kind: 'refused' } | { kind: 'unreachable' };

export const refreshLockName = (ownerId: number) => `storynest-refresh-${ownerId}`;
/** How long to wait for another tab's refresh before refreshing anyway (refresh tokens are
 *  not rotated, so two refreshes are harmless; a frozen tab must not block everyone). */
export const REFRESH_LOCK_WAIT_MS = 10_000;

async function requestAccess(deps: CredentialDeps, refresh: string): Promise<RefreshResult> {
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
    const body = (await res.json()) as { access?: unknown };
    return typeof body.access === 'string' ? { kind: 'ok', access: body.access } : { kind: 'unreachable' };
  } catch {
    return { kind: 'unreachable' };
  }
}

/**
 * A fresh access token for `ownerId`, replacing `stale` (the one the server just refused, or
 * null when there was none). If another tab refreshed meanwhile, its token is used instead.
 */
export async function refreshOwner(deps: CredentialDeps, ownerId: number, stale: string | null): Promise<RefreshResult> {
  const refresh = async (): Promise<RefreshResult> => {
    const credential = await deps.db.credentials.get(ownerId);
    if (!credential || credential.blocked) return { kind: 'refused' };
    if (credential.access && credential.access !== stale) return { kind: 'ok', access: credential.access };
    const result = await requestAccess(deps, credential.refresh);
    if (result.kind === 'ok') await deps.db.credentials.update(ownerId, { access: result.access, updated_at: Date.now() });
    if (result.kind === 'refused') await deps.db.credentials.update(ownerId, { blocked: true, access: null });
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

/** The access token to send an owner's changes with (null: none yet, refresh first). */
export async function accessFor(db: DeviceDatabase, ownerId: number): Promise<{ access: string | null; blocked: boolean }> {
  const credential = await db.credentials.get(ownerId);
  return { access: credential?.access ?? null, blocked: !credential || Boolean(credential.blocked) };
}
