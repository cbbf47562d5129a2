// The signed-in user as React state, following sign-in and sign-out in this and other tabs.
import { useSyncExternalStore } from 'react';
import { session, type StoredUser } from './session';

export function useSessionUser(): StoredUser | null {
  return useSyncExternalStore(session.subscribe, session.userSnapshot, () => null);
}

/** Whether a parent's community session is open on this device. */
export function useCommunityAccess(): boolean {
  return useSyncExternalStore(session.subscribe, session.communityAccess, () => false);
}
