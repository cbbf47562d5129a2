// The signed-in session as the spec stores it in localStorage (accessToken, refreshToken, user,
// generic_access). Read back through a schema: a damaged entry counts as signed out.
import { ROLES } from '@/contract/domain';
import { hasShape } from '@/contract/shape';
import { LANGUAGE_KEY } from '@/i18n/choice';
import { DEVICE_ID_KEY } from './device-id';
import type { UserRecord } from '@/data/db';

/** The user as the API answers it (POST /auth/token/, GET /user/profile/); one stored before users had a language has none. */
export type StoredUser = UserRecord;

const STORED_USER = {
  id: 'number',
  first_name: 'string',
  last_name: 'string',
  email: 'string?',
  username: 'string?',
  role: ROLES,
  avatar: 'string?',
  country: 'string?',
  tenant_id: 'number?',
} as const;

export const STORAGE_KEYS = {
  access: 'accessToken',
  refresh: 'refreshToken',
  user: 'user',
  community: 'generic_access',
} as const;

/**
 * Facts about the device, not the person: they survive sign-out's clearing of storage. The
 * languages chosen on it too: each child finds theirs again at their next sign-in.
 */
export const DEVICE_KEYS = ['storynest_device', DEVICE_ID_KEY, LANGUAGE_KEY] as const;

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

// user() parses on every call; React's useSyncExternalStore needs a stable snapshot.
let snapshot: { raw: string | null; user: StoredUser | null } = { raw: null, user: null };

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

export const session = {
  accessToken: (): string | null => storage()?.getItem(STORAGE_KEYS.access) ?? null,
  refreshToken: (): string | null => storage()?.getItem(STORAGE_KEYS.refresh) ?? null,

  user(): StoredUser | null {
    const raw = storage()?.getItem(STORAGE_KEYS.user);
    if (!raw) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (hasShape(parsed, STORED_USER)) return parsed as unknown as StoredUser;
      console.warn('Ignoring a stored user that does not match the expected shape');
    } catch {
      console.warn('Ignoring a stored user that is not JSON');
    }
    return null;
  },

  /** The stored user, the same object until the stored text changes. */
  userSnapshot(): StoredUser | null {
    const raw = storage()?.getItem(STORAGE_KEYS.user) ?? null;
    if (raw !== snapshot.raw) snapshot = { raw, user: session.user() };
    return snapshot.user;
  },

  save(tokens: { access: string; refresh: string; user: StoredUser }) {
    const s = storage();
    if (!s) return;
    s.setItem(STORAGE_KEYS.access, tokens.access);
    s.setItem(STORAGE_KEYS.refresh, tokens.refresh);
    s.setItem(STORAGE_KEYS.user, JSON.stringify(tokens.user));
    notify();
  },

  /** After a refresh: the new access token and the next refresh token (they rotate on use). */
  setTokens(access: string, refresh: string) {
    storage()?.setItem(STORAGE_KEYS.access, access);
    storage()?.setItem(STORAGE_KEYS.refresh, refresh);
  },

  removeUser() {
    storage()?.removeItem(STORAGE_KEYS.user);
    notify();
  },

  /** Sign-out on this device: the spec's logout clears local storage (device facts excepted). */
  clear() {
    const s = storage();
    if (!s) return;
    const keep = DEVICE_KEYS.map((key) => [key, s.getItem(key)] as const);
    s.clear();
    for (const [key, value] of keep) if (value !== null) s.setItem(key, value);
    notify();
  },

  /** A parent's community session is open on this device (generic_access). */
  communityAccess: (): boolean => storage()?.getItem(STORAGE_KEYS.community) === 'true',

  setCommunityAccess(open: boolean) {
    if (open) storage()?.setItem(STORAGE_KEYS.community, 'true');
    else storage()?.removeItem(STORAGE_KEYS.community);
    notify();
  },

  /** Changes made here or, through the storage event, in another tab. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === STORAGE_KEYS.user || e.key === STORAGE_KEYS.access || e.key === STORAGE_KEYS.community) listener();
    };
    globalThis.addEventListener?.('storage', onStorage);
    return () => {
      listeners.delete(listener);
      globalThis.removeEventListener?.('storage', onStorage);
    };
  },
};
