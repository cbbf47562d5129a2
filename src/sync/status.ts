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
/** How this page starts sync (main.tsx): `adopt` takes up the signed-in session, `boot` the engine. */
export interface SyncStarter {
  adopt: () => Promise<void>;
  boot: () => Promise<void>;
}
let starter: SyncStarter | null = null;

/** Screens ask the running replay loop to act ("Send now") without loading it themselves. */
export const syncControl = {
  connect(send: Send | null) {
    sender = send;
  },
  send(event: Parameters<Send>[0]) {
    sender?.(event);
  },
  /** How to start sync before its idle start (main.tsx; starting twice must be harmless). */
  onWake(start: SyncStarter | null) {
    starter = start;
  },
  /**
   * A screen waits for a change's answer now: the engine starts at once if it has not started
   * yet (it otherwise waits for the page to be idle), or is asked to send.
   */
  wake() {
    if (sender) sender({ type: 'TRIGGER' });
    else void starter?.boot();
  },
  /**
   * Resolves once this page has taken up the signed-in session, so a change made before sync's
   * idle start is recorded as its owner's rather than refused. Without a starter (tests, the
   * service worker) there is nothing to wait for.
   */
  ready(): Promise<void> {
    return starter ? starter.adopt().catch((err: unknown) => console.warn('the session could not be taken up', err)) : Promise.resolve();
  },
};
