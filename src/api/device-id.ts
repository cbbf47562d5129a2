// This device's id, sent with sign-ins (X-Device-Id) so the server counts failed attempts per
// device as well as per account, never per IP address: a whole school shares one address.
// It names the device, not a person, so signing out keeps it (see session.clear).

import { DEVICE_ID_PATTERN } from '@/contract/device';

export const DEVICE_ID_KEY = 'device_id';

let memory: string | undefined;

function fresh(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export function deviceId(): string {
  try {
    const stored = localStorage.getItem(DEVICE_ID_KEY);
    if (stored && DEVICE_ID_PATTERN.test(stored)) return stored;
    const id = fresh();
    localStorage.setItem(DEVICE_ID_KEY, id);
    return id;
  } catch {
    // Storage blocked (private mode): one id for this page's life is still one device.
    return (memory ??= fresh());
  }
}
