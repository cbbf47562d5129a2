// Signing out (SPEC.md section 4, Logout) on a shared tablet: the server ends the session (its
// refresh token is revoked) unless unsent work still needs it, the user's personal data leaves
// IndexedDB and Cache Storage (the sync engine's endDeviceSession), localStorage is cleared
// (tokens, user, cart and search state), and a parent's community session ends too.
import { publicApi } from '@/api/client';
import { session } from '@/api/session';
import { endDeviceSession } from '@/sync/device-session';

export interface SignOutDeps {
  endDeviceSession: typeof endDeviceSession;
  revoke: (refresh: string) => Promise<void>;
  clearStorage: () => void;
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
  hadCommunity: () => session.communityAccess(),
  endCommunity,
};

export async function signOut(deps: SignOutDeps = realDeps): Promise<void> {
  const hadCommunity = deps.hadCommunity();
  try {
    await deps.endDeviceSession(deps.revoke);
  } catch (err) {
    // The device database failed; the session in localStorage still ends below.
    console.error('Signing out of the device database failed', err);
  }
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
