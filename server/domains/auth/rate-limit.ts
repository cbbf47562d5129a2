// Sign-in throttling, kept in the database (rate_limits) so every API process agrees. Failures
// are counted per account, per device (X-Device-Id), per network address on a site and per
// site. The account and device limits are tight; the address and site limits are generous,
// because a whole school shares one address: they stop a stranger's guessing (who may leave
// the device header out or change it at will) without letting one child lock a class out.
// A child's account is counted in three rings: per child and device (the address and the
// device id together), per child and address, and per child everywhere. Each ring's limit is
// above the one inside it, so one address (a stranger who knows a class's usernames) locks the
// child only for itself: the lock that keeps the child out of every device needs the failures
// of several addresses.
// A key that reaches its limit within its window is locked; while any key of a request is
// locked, the attempt is refused before any password is checked and is not counted again, so
// a locked child or a locked tablet adds nothing more to the address's or the site's count.
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { isIPv6 } from 'node:net';
import type { Queryable } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { rateLimits, type TenantRow } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { signInFailed } from '../../http/metrics';
import { AUTH_MSG, withMinutes } from '../../../src/contract/messages';
import { DEVICE_HEADER, DEVICE_ID_PATTERN } from '../../../src/contract/device';

export const WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

/** Failures a member of staff's account may make per window (a reset of the password clears them). */
export const ACCOUNT_LIMIT = 10;
/** Failures one child's account may make from one device (one address and one device id) per window. */
export const CHILD_DEVICE_LIMIT = 10;
/**
 * Failures one child's account may make from one network address per window, whatever device ids
 * it sends: a script that changes its device id at each try is stopped here, for this address only.
 */
export const CHILD_ADDRESS_LIMIT = 15;
/**
 * Failures one child's account may make per window from everywhere before it is locked on every
 * device. Above CHILD_ADDRESS_LIMIT, so no single address can reach it on its own.
 */
export const CHILD_LIMIT = 20;
/**
 * Failures one device may make per window, over all accounts. Higher than an account's: a
 * classroom tablet serves many children, and one child can add at most ACCOUNT_LIMIT of them
 * (a locked account's attempts are not counted), so one child never locks the tablet.
 */
export const DEVICE_LIMIT = 30;
/**
 * Wrong community passwords per network address on one site per window. The password is shared by
 * every family of a school, so its failures lock the address they come from (and the device),
 * never the school: a stranger's guessing cannot shut every parent out. Generous, as a parents'
 * evening on the school's Wi-Fi is many families behind one address.
 */
export const COMMUNITY_ADDRESS_LIMIT = 100;
/**
 * Failures from one network address on one site per window, over all accounts and devices.
 * A school behind one NAT address: a tablet adds at most DEVICE_LIMIT before it is locked, and
 * a whole school's honest typing at the start of lessons (20 classes of 30, one slip in five)
 * is about 120. Only a script (which leaves the device header out) gets near 300.
 */
export const ADDRESS_LIMIT = 300;
/** Failures on one site per window from all addresses: caps guessing spread over many addresses. */
export const SITE_LIMIT = 1000;
/** Registrations (POST /tenants/create/) per address per hour, and on the whole platform per hour (any host). */
export const REGISTRATION_ADDRESS_LIMIT = 5;
export const REGISTRATION_SITE_LIMIT = 50;
const HOUR_MS = 60 * 60_000;

export interface Limit {
  key: string;
  max: number;
  /** Shown when this key is locked; `{minutes}` is filled in. */
  message: string;
  /** Failures count within this window (default WINDOW_MS) ... */
  windowMs?: number;
  /** ... and lock the key this long (default LOCK_MS). */
  lockMs?: number;
}

const siteKey = (tenant: TenantRow | null) => (tenant ? `t${tenant.id}` : 'platform');

export const accountKeys = {
  staff: (email: string) => `staff:${email.trim().toLowerCase()}`,
  /**
   * A child's key everywhere; its address and device keys extend it after an `@` (a child's
   * username never holds one: a name with `@` signs in as staff), so an unlock finds them all.
   */
  student: (tenantId: number | 'platform', username: string) => `student:${tenantId}:${username.trim().toLowerCase()}`,
};

/** An IPv6 client is counted by its /64 (one household or school network can use any address in it). */
function addressKey(address: string): string {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (v4) return v4[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The client's network address: the socket's, or with TRUST_PROXY=N the address the outermost
 * of the N trusted proxies saw (X-Forwarded-For is only believed that far). 'unknown' when the
 * request came with no socket (in-process calls); those share one key.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const socket = env?.incoming?.socket?.remoteAddress ?? 'unknown';
  const hops = c.get('deps').config.trustProxy;
  if (!hops) return addressKey(socket);
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const chain = [...forwarded, socket];
  return addressKey(chain[Math.max(0, chain.length - 1 - hops)]!);
}

/**
 * The address's and the site's keys for one kind of guess (a student's password, a class code,
 * a staff password): always there, whatever headers the request carries.
 */
export function networkLimits(c: Context<AppEnv>, purpose: string): Limit[] {
  const site = siteKey(c.get('tenant'));
  return [
    { key: `${purpose}-addr:${site}:${clientAddress(c)}`, max: ADDRESS_LIMIT, message: AUTH_MSG.networkLocked },
    { key: `${purpose}-site:${site}`, max: SITE_LIMIT, message: AUTH_MSG.siteLocked },
  ];
}

/**
 * Registration: every use counts, per address and over the whole platform, by the hour. A new
 * school can be registered from any host (the platform's, any school's site), so neither key
 * names the host: sending the form to another Host header lifts nothing.
 */
export function registrationLimits(c: Context<AppEnv>): Limit[] {
  const hourly = { windowMs: HOUR_MS, lockMs: HOUR_MS };
  return [
    { key: `register-addr:${clientAddress(c)}`, max: REGISTRATION_ADDRESS_LIMIT, message: AUTH_MSG.registrationTooMany, ...hourly },
    { key: 'register-all', max: REGISTRATION_SITE_LIMIT, message: AUTH_MSG.registrationBusy, ...hourly },
  ];
}

/** The device's key, when the request names its device (X-Device-Id). */
export function deviceLimit(c: Context<AppEnv>, purpose = 'device'): Limit[] {
  const id = c.req.header(DEVICE_HEADER);
  if (!id || !DEVICE_ID_PATTERN.test(id)) return [];
  return [{ key: `${purpose}:${siteKey(c.get('tenant'))}:${id}`, max: DEVICE_LIMIT, message: AUTH_MSG.deviceLocked }];
}

/** A child's three rings (see the header): on this device, from this address, everywhere. */
function childLimits(c: Context<AppEnv>, username: string): Limit[] {
  const child = accountKeys.student(c.get('tenant')?.id ?? 'platform', username);
  const address = `${child}@${clientAddress(c)}`;
  const id = c.req.header(DEVICE_HEADER);
  const device = `${address}#${id && DEVICE_ID_PATTERN.test(id) ? id : '-'}`;
  const message = AUTH_MSG.studentLocked;
  return [
    { key: device, max: CHILD_DEVICE_LIMIT, message },
    { key: address, max: CHILD_ADDRESS_LIMIT, message },
    { key: child, max: CHILD_LIMIT, message },
  ];
}

/**
 * The limits of a sign-in to POST /auth/token/ by this username on this site; `account`: the
 * keys of the account itself, which a successful sign-in forgets.
 */
export function signInLimits(c: Context<AppEnv>, username: string): { account: string[]; all: Limit[] } {
  const staff = username.includes('@');
  const account: Limit[] = staff
    ? [{ key: accountKeys.staff(username), max: ACCOUNT_LIMIT, message: AUTH_MSG.staffLocked }]
    : childLimits(c, username);
  return { account: account.map((l) => l.key), all: [...account, ...deviceLimit(c), ...networkLimits(c, staff ? 'staff' : 'student')] };
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

const lockRows = preparedPer((db) =>
  db
    .select({ key: rateLimits.key, locked_until: rateLimits.locked_until })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = any(${sql.placeholder('keys')}::text[])`)
    .prepare('rate_limit_locks'),
);

/** A limit's row: its key and until when it is locked (a time as JSON text when read by `locksColumn`). */
export type LockRow = { key: string; locked_until: Date | string | null };

/**
 * The rows of the keys in the placeholder `keys` (a text array), as one JSON column of a look-up
 * the request makes anyway: the lock check and the look-up in one round trip. Null when none.
 */
export const locksColumn = () =>
  sql<
    LockRow[] | null
  >`(select json_agg(json_build_object('key', ${rateLimits.key}, 'locked_until', ${rateLimits.locked_until})) from ${rateLimits} where ${rateLimits.key} = any(${sql.placeholder('keys')}::text[]))`;

/**
 * Refuses with 429 (and Retry-After) while any of the limits is locked, given their rows. Answers
 * the keys that have failures counted (a sign-in that succeeds has nothing to forget when its key
 * is not among them).
 */
export function refuseLocked(c: Context<AppEnv>, limits: Limit[], rows: LockRow[], now: Date): Set<string> {
  for (const limit of limits) {
    const until = rows.find((r) => r.key === limit.key)?.locked_until;
    if (until && new Date(until) > now) {
      const seconds = Math.ceil((new Date(until).getTime() - now.getTime()) / 1000);
      const message = withMinutes(limit.message, seconds / 60);
      c.header('Retry-After', String(seconds));
      signInFailed(c, 'throttled');
      fail(429, message, { error: message, retry_after: seconds });
    }
  }
  return new Set(rows.map((r) => r.key));
}

/** Reads the limits' rows and refuses while any is locked (`refuseLocked`). */
export async function assertNotLocked(c: Context<AppEnv>, db: Queryable, limits: Limit[], now: Date): Promise<Set<string>> {
  if (!limits.length) return new Set();
  return refuseLocked(c, limits, await lockRows(db).execute({ keys: limits.map((l) => l.key) }), now);
}

/**
 * Counts one failure against each key, all in one statement (one round trip, safe under
 * concurrency: each key's row is updated atomically by its upsert). The keys are taken in a fixed
 * order, so two requests counting overlapping keys lock their rows in the same order.
 */
export async function recordFailure(db: Queryable, limits: Limit[], now: Date): Promise<void> {
  const byKey = new Map(limits.map((l) => [l.key, l]));
  if (!byKey.size) return;
  const rows = [...byKey.values()]
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ key, max, windowMs = WINDOW_MS, lockMs = LOCK_MS }) => {
      const windowStart = new Date(now.getTime() - windowMs);
      const lockUntil = new Date(now.getTime() + lockMs);
      return sql`(${key}::text, ${max}::int, ${at(windowStart)}, ${at(lockUntil)})`;
    });
  // Each key's own window and limit travel with it (`input`); the upsert reads them by key.
  const own = (column: string) => sql.raw(`(select input.${column} from input where input.key = excluded.key)`);
  const fresh = sql`rate_limits.window_started_at <= ${own('window_start')}`;
  await db.execute(sql`
    with input (key, max, window_start, lock_until) as (values ${sql.join(rows, sql`, `)})
    insert into rate_limits (key, failures, window_started_at, locked_until)
    select key, 1, ${at(now)}, case when max <= 1 then lock_until else null end from input
    order by key
    on conflict (key) do update set
      failures = case when ${fresh} then 1 else rate_limits.failures + 1 end,
      window_started_at = case when ${fresh} then ${at(now)} else rate_limits.window_started_at end,
      locked_until = case
        when (case when ${fresh} then 1 else rate_limits.failures + 1 end) >= ${own('max')} then ${own('lock_until')}
        else rate_limits.locked_until end`);
}

/** Forgets the failures of these keys (a successful sign-in, a teacher's unlock, a reset). */
export async function clearFailures(db: Queryable, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

/** A teacher's unlock: forgets the child's failures everywhere, from every address and device. */
export async function clearChildFailures(db: Queryable, tenantId: number, username: string): Promise<void> {
  const child = accountKeys.student(tenantId, username);
  await db.delete(rateLimits).where(or(eq(rateLimits.key, child), sql`starts_with(${rateLimits.key}, ${`${child}@`})`));
}

/**
 * Counts every use, not only failures: for actions that send e-mail (password reset), so one
 * address cannot be flooded. Refuses with 429 once the key has been used `limit.max` times.
 */
export async function countUse(c: Context<AppEnv>, db: Queryable, limit: Limit | Limit[], now: Date): Promise<void> {
  const limits = Array.isArray(limit) ? limit : [limit];
  await assertNotLocked(c, db, limits, now);
  await recordFailure(db, limits, now);
}
