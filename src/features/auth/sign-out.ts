// Signing out (it clears local storage and the cart) on a shared tablet: the server ends the
// session (its refresh token is revoked) unless unsent work still needs it, the user's personal
// data leaves IndexedDB and Cache Storage (the sync engine's endDeviceSession), localStorage is
// cleared (tokens, user, cart and search state), and a parent's community session ends too.
import { publicApi } from '@/api/client';
import { session } from '@/api/session';
import { endDeviceSession } from '@/sync/device-session';

export interface SignOutDeps {
  endDeviceSession: typeof endDeviceSession;
  revoke: (refresh: string) => Promise<void>;
  clearStorage: () => void;
  /** The signed-in session's refresh token (localStorage). */
  refreshToken: () => string | null;
  hadCommunity: () => boolean;
  endCommunity: () => Promise<void>;
}

/** Revokes a refresh token; throws when the server cannot be reached, so it is revoked later. */
async function revoke(refresh: string): Promise<void> {
  const { response } = await publicApi.POST('/auth/logout/', { body: { refresh } });
  if (response.status >= 500) throw new Error(`Sign-out answered ${response.status}`);
}

async function endCommunity(): Promise<void> {
  await publicApi.POST('/generic-password-logout');
}

const realDeps: SignOutDeps = {
  endDeviceSession,
  revoke,
  clearStorage: () => session.clear(),
  refreshToken: () => session.refreshToken(),
  hadCommunity: () => session.communityAccess(),
  endCommunity,
};

export async function signOut(deps: SignOutDeps = realDeps): Promise<void> {
  const hadCommunity = deps.hadCommunity();
  const refresh = deps.refreshToken();
  let outcome: Awaited<ReturnType<typeof endDeviceSession>> = 'no-session';
  try {
    outcome = await deps.endDeviceSession(deps.revoke);
  } catch (err) {
    console.error('Signing out of the device database failed', err);
  }
  // No device session (the device database failed, or the session predates it): the server
  // session still ends. Offline, it simply expires; nothing personal stays on the device.
  if (outcome === 'no-session' && refresh) await deps.revoke(refresh).catch(() => undefined);
  deps.clearStorage();
  if (hadCommunity) await deps.endCommunity().catch(() => undefined);
}

let running: Promise<void> | null = null;

/** One sign-out at a time (a double tap, or React running an effect twice). */
export function signOutOnce(): Promise<void> {
  running ??= signOut().finally(() => {
    running = null;
  });
  return running;
}
