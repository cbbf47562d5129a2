// The replay loop's state for screens to show (the header's sync control). A tiny store with no
// dependencies, so the header can read it without loading the engine.
export type ReplayState = 'idle' | 'draining' | 'pausedOffline' | 'pausedAuth' | 'backingOff' | 'blockedStorage' | 'starting';

export interface SyncStatus {
  state: ReplayState;
  /** When the next attempt is due, while backing off. */
  retryAt: number | null;
  /** Sent and failed so far in the current drain. */
  progress: { sent: number; failed: number } | null;
  /** Owners whose changes wait for them to sign in again. */
  waitingOwners: number[];
}

let status: SyncStatus = { state: 'starting', retryAt: null, progress: null, waitingOwners: [] };
const listeners = new Set<() => void>();

export const syncStatus = {
  get: (): SyncStatus => status,
  set(next: Partial<SyncStatus>) {
    status = { ...status, ...next };
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

type Send = (event: { type: 'TRIGGER' | 'RETRY_NOW' | 'SIGNED_IN' }) => void;
let sender: Send | null = null;

/** Screens ask the running replay loop to act ("Send now") without loading it themselves. */
export const syncControl = {
  connect(send: Send) {
    sender = send;
  },
  send(event: Parameters<Send>[0]) {
    sender?.(event);
  },
};
