// Registrations nobody confirms lapse. A school whose e-mail address is not confirmed within
// REGISTRATION_CONFIRM_DAYS of registering is removed with what it holds (its waiting admin, its
// logo), so a mistyped address, an abandoned form or a registration made with someone else's
// address does not keep its subdomain for ever. Every confirmation link ends at the same deadline,
// however often it is sent again. Lapsed schools go when a registration asks for their subdomain,
// and in the daily pruning (jobs/prune.ts) for the rest.
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { tenants, users } from '../../db/schema';
import { storageKey, type FileStore } from '../../providers/storage/storage';

const DAY_MS = 24 * 3600_000;

/** When a school registered at `registeredAt` lapses unless its address is confirmed. */
export function confirmationDeadline(registeredAt: Date, days: number): Date {
  return new Date(registeredAt.getTime() + days * DAY_MS);
}

/**
 * Removes the schools still waiting for confirmation whose deadline has passed (only those named
 * in `subdomains`, when given); answers the subdomains freed. A waiting school that somebody else
 * has been added to (a platform admin's user) is kept: it is no longer just a form.
 */
export async function removeLapsedRegistrations(
  db: Queryable,
  storage: FileStore,
  now: Date,
  days: number,
  subdomains?: string[],
): Promise<string[]> {
  if (subdomains && !subdomains.length) return [];
  const gone = await db
    .delete(tenants)
    .where(
      and(
        eq(tenants.awaiting_verification, true),
        lte(tenants.created_at, new Date(now.getTime() - days * DAY_MS)),
        subdomains ? inArray(tenants.subdomain, subdomains) : undefined,
        sql`not exists (select 1 from ${users} where ${users.tenant_id} = ${tenants.id} and ${users.email} is distinct from ${tenants.school_email})`,
      ),
    )
    .returning({ id: tenants.id, subdomain: tenants.subdomain });
  // Nobody could sign in to them, so they hold no pictures or books: the logo is their only file.
  if (gone.length)
    await storage.remove(
      db,
      gone.map((t) => storageKey.logo(t.id)),
    );
  return gone.map((t) => t.subdomain);
}
