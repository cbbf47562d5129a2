// What a change sent in POST /outbox/batch/ carries from its batch. Each entry is dispatched
// through the whole API as its own request, but its Host and Authorization are the batch's own,
// which the batch's request has just checked: the site, the token's signature, its site and that
// its sign-in is alive. The entry takes that verdict instead of checking the same token again
// (a token check, a session look-up and a tenant look-up per change), and its body's text, so
// its exactly-once hash needs no copy of the body. Only server code can mark a request here: a
// client's request never carries any of it.
import type { TenantRow } from '../db/schema';
import type { AuthUser } from './env';

export interface BatchEntry {
  /** The batch's site and signed-in user, as its own request found them. */
  tenant: TenantRow | null;
  user: AuthUser;
  /** The entry's body exactly as sent (JSON), for its request hash. */
  bodyText: string | undefined;
  /** Where the entry's recorded answer waits for its body (filled by the batch once it is read). */
  answer?: { response_body: unknown };
}

const entries = new WeakMap<Request, BatchEntry>();

/** Marks `request` as an entry of a batch whose request found `entry`'s site and user. */
export function asBatchEntry(request: Request, entry: BatchEntry): Request {
  entries.set(request, entry);
  return request;
}

/** The batch `request` is an entry of, if any. */
export function batchEntryOf(request: Request): BatchEntry | undefined {
  return entries.get(request);
}

/** `to` stands for `from` from now on (a middleware rebuilt the request). */
export function carryBatchEntry(from: Request, to: Request): void {
  const entry = entries.get(from);
  if (entry && from !== to) entries.set(to, entry);
}
