// Sign-in throttling, kept in the database (rate_limits) so every API process agrees. Failures
// are counted per account and per device, never per IP address: a whole school shares one
// address, so an IP limit would let one child's typing lock out every class in the building.
// A key that reaches its limit within the window is locked for LOCK_MS; while locked, attempts
// are refused before any password is checked and are not counted again.
import { inArray, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Queryable } from '../db/client';
import { rateLimits, type TenantRow } from '../db/schema';
import type { AppEnv } from '../http/env';
import { fail } from '../http/errors';
import { AUTH_MSG, withMinutes } from '../../src/contract/messages';
import { DEVICE_HEADER, DEVICE_ID_PATTERN } from '../../src/contract/device';

export const WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

/** Failures an account (one child, one member of staff) may make per window. */
export const ACCOUNT_LIMIT = 10;
/**
 * Failures one device may make per window, over all accounts. Higher than an account's: a
 * classroom tablet serves many children, and one child can add at most ACCOUNT_LIMIT of them
 * (a locked account's attempts are not counted), so one child never locks the tablet.
 */
export const DEVICE_LIMIT = 30;
/** The community password is one account shared by every family of a school. */
export const COMMUNITY_LIMIT = 100;

export interface Limit {
  key: string;
  max: number;
  /** Shown when this key is locked; `{minutes}` is filled in. */
  message: string;
}

const siteKey = (tenant: TenantRow | null) => (tenant ? `t${tenant.id}` : 'platform');

export const accountKeys = {
  staff: (email: string) => `staff:${email.trim().toLowerCase()}`,
  student: (tenantId: number | 'platform', username: string) => `student:${tenantId}:${username.trim().toLowerCase()}`,
  community: (tenantId: number) => `community:${tenantId}`,
};

/** The device's key, when the request names its device (X-Device-Id). */
export function deviceLimit(c: Context<AppEnv>, purpose = 'device'): Limit[] {
  const id = c.req.header(DEVICE_HEADER);
  if (!id || !DEVICE_ID_PATTERN.test(id)) return [];
  return [{ key: `${purpose}:${siteKey(c.var.tenant)}:${id}`, max: DEVICE_LIMIT, message: AUTH_MSG.deviceLocked }];
}

/** The limits of a sign-in to POST /auth/token/ by this username on this site. */
export function signInLimits(c: Context<AppEnv>, username: string): { account: Limit; all: Limit[] } {
  const tenant = c.var.tenant;
  const account: Limit = username.includes('@')
    ? { key: accountKeys.staff(username), max: ACCOUNT_LIMIT, message: AUTH_MSG.staffLocked }
    : { key: accountKeys.student(tenant?.id ?? 'platform', username), max: ACCOUNT_LIMIT, message: AUTH_MSG.studentLocked };
  return { account, all: [account, ...deviceLimit(c)] };
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Refuses with 429 (and Retry-After) while any of the keys is locked. */
export async function assertNotLocked(c: Context<AppEnv>, db: Queryable, limits: Limit[], now: Date): Promise<void> {
  if (!limits.length) return;
  const rows = await db
    .select({ key: rateLimits.key, locked_until: rateLimits.locked_until })
    .from(rateLimits)
    .where(inArray(rateLimits.key, limits.map((l) => l.key)));
  for (const limit of limits) {
    const until = rows.find((r) => r.key === limit.key)?.locked_until;
    if (until && until > now) {
      const seconds = Math.ceil((until.getTime() - now.getTime()) / 1000);
      const message = withMinutes(limit.message, seconds / 60);
      c.header('Retry-After', String(seconds));
      fail(429, message, { error: message, retry_after: seconds });
    }
  }
}

/** Counts one failure against each key, in one statement per key (safe under concurrency). */
export async function recordFailure(db: Queryable, limits: Limit[], now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  const lockUntil = new Date(now.getTime() + LOCK_MS);
  for (const { key, max } of limits) {
    const fresh = sql`rate_limits.window_started_at <= ${at(windowStart)}`;
    await db.execute(sql`
      insert into rate_limits (key, failures, window_started_at, locked_until)
      values (${key}, 1, ${at(now)}, ${max <= 1 ? at(lockUntil) : null})
      on conflict (key) do update set
        failures = case when ${fresh} then 1 else rate_limits.failures + 1 end,
        window_started_at = case when ${fresh} then ${at(now)} else rate_limits.window_started_at end,
        locked_until = case
          when (case when ${fresh} then 1 else rate_limits.failures + 1 end) >= ${max} then ${at(lockUntil)}
          else rate_limits.locked_until end`);
  }
}

/** Forgets the failures of these keys (a successful sign-in, a teacher's unlock, a reset). */
export async function clearFailures(db: Queryable, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

/**
 * Counts every use, not only failures: for actions that send e-mail (password reset), so one
 * address cannot be flooded. Refuses with 429 once the key has been used `limit.max` times.
 */
export async function countUse(c: Context<AppEnv>, db: Queryable, limit: Limit, now: Date): Promise<void> {
  await assertNotLocked(c, db, [limit], now);
  await recordFailure(db, [limit], now);
}
