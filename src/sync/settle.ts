// What became of a queued change, for screens that must say so (an admin form's "User updated
// successfully!" or "Error saving user."): online, the engine sends the entry at once, so the
// screen waits a little for it to leave the outbox (sent) or be refused (failed, with the
// server's message). Offline, or when the answer takes longer, the change stays queued. The wait
// starts the engine at once when the page has not started it yet (it starts when idle).
import { db as defaultDb, type DeviceDatabase } from '@/data/db';
import { discardEntry, entryState } from './outbox';
import { syncControl } from './status';

export type Settled = { status: 'sent' } | { status: 'failed'; message: string } | { status: 'queued' };

const POLL_MS = 100;

export async function settled(
  id: string,
  { waitMs = 8000, db = defaultDb, online = () => navigator.onLine }: { waitMs?: number; db?: DeviceDatabase; online?: () => boolean } = {},
): Promise<Settled> {
  const until = Date.now() + waitMs;
  // Someone waits for this answer: the engine must not wait for the page to be idle first.
  if (online()) syncControl.wake();
  for (;;) {
    const now = await entryState(id, db);
    if (now.state === 'sent') return { status: 'sent' };
    if (now.state === 'failed') {
      // The form still holds what was typed: the refused change leaves the queue, to be fixed there.
      await discardEntry(id, db);
      return { status: 'failed', message: now.error ?? '' };
    }
    if (!online() || Date.now() > until) return { status: 'queued' };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
