// Signing out, step by step: the device session first (revoking on the server, or keeping a
// credential for unsent work), then localStorage, then the community session; a missing or
// broken device session never leaves the server session open.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/api/session';
import { DEVICE_ID_KEY, deviceId } from '@/api/device-id';
import { signOut, type SignOutDeps } from '@/features/auth/sign-out';

function fakes(overrides: Partial<SignOutDeps> = {}) {
  const steps: string[] = [];
  const deps: SignOutDeps = {
    endDeviceSession: vi.fn(async (revoke) => {
      steps.push('device');
      await revoke('device-refresh');
      return 'revoked' as const;
    }),
    revoke: vi.fn(async (refresh: string) => void steps.push(`revoke ${refresh}`)),
    clearStorage: vi.fn(() => void steps.push('clear')),
    refreshToken: () => 'stored-refresh',
    hadCommunity: () => false,
    endCommunity: vi.fn(async () => void steps.push('community')),
    ...overrides,
  };
  return { deps, steps };
}

afterEach(() => localStorage.clear());

describe('sign-out', () => {
  it('ends the device session (revoking on the server), then clears storage', async () => {
    const { deps, steps } = fakes();
    await signOut(deps);
    expect(steps).toEqual(['device', 'revoke device-refresh', 'clear']);
    expect(deps.endCommunity).not.toHaveBeenCalled();
  });

  it("ends a parent's community session after the rest", async () => {
    const { deps, steps } = fakes({ hadCommunity: () => true });
    await signOut(deps);
    expect(steps).toEqual(['device', 'revoke device-refresh', 'clear', 'community']);
  });

  it('keeps the credential for unsent work without revoking it', async () => {
    const { deps, steps } = fakes({
      endDeviceSession: vi.fn(async () => {
        steps.push('device');
        return 'kept-for-sync' as const;
      }),
    });
    await signOut(deps);
    expect(steps).toEqual(['device', 'clear']);
  });

  it('revokes the stored session when the device has none, or its database fails', async () => {
    for (const endDeviceSession of [
      vi.fn(async () => 'no-session' as const),
      vi.fn(async () => Promise.reject(new Error('IndexedDB is broken'))),
    ]) {
      const { deps, steps } = fakes({ endDeviceSession });
      vi.spyOn(console, 'error').mockImplementation(() => {});
      await signOut(deps);
      expect(steps).toEqual(['revoke stored-refresh', 'clear']);
    }
  });

  it('still clears everything when the server cannot be reached', async () => {
    const { deps, steps } = fakes({
      endDeviceSession: vi.fn(async () => 'no-session' as const),
      revoke: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
      hadCommunity: () => true,
      endCommunity: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    });
    await signOut(deps);
    expect(deps.clearStorage).toHaveBeenCalled();
    expect(steps).toEqual(['clear']);
  });

  it("clears the session from localStorage but keeps the device's id", () => {
    const id = deviceId();
    expect(deviceId()).toBe(id);
    session.save({
      access: 'a',
      refresh: 'r',
      user: {
        id: 1,
        first_name: 'A',
        last_name: 'B',
        email: null,
        username: 'a.b',
        role: 'student',
        avatar: null,
        country: null,
        tenant_id: 1,
      },
    });
    session.setCommunityAccess(true);
    localStorage.setItem('state', '{"cart":[1]}');
    session.clear();
    expect(Object.keys(localStorage)).toEqual([DEVICE_ID_KEY]);
    expect(deviceId()).toBe(id);
    expect(session.communityAccess()).toBe(false);
  });
});
