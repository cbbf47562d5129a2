// Request context middleware: the host decides the tenant, the bearer token decides the user.
// A token is only good on the site it was issued for (platform admins excepted), so a stolen
// Greenfield token opens nothing on Hillside.
//
// Both are read on every request, so both are cheap: tenants are looked up at most every few
// seconds per process (a short-lived cache, never shared state), and the user comes from the
// signed access token's claims. Access tokens live 15 minutes, but signing out, a deactivation, an
// archived child or a password change ends them within seconds: the token names its sign-in, and
// whether that sign-in is alive and its account active is checked at most every few seconds per
// process (at once in the process that ended it).
import { randomUUID } from 'node:crypto';
import { and, eq, exists, isNull, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { refreshTokens, tenants, users, type TenantRow } from '../db/schema';
import type { Queryable } from '../db/client';
import { preparedPer } from '../db/prepared';
import { logger as processLogger } from '../log';
import { readToken } from './jwt';
import { batchEntryOf } from './batch-entry';
import { groupOf } from './idempotency';
import type { AppEnv, Deps, Kicks, RouteDeps } from './env';
import { fail } from './errors';
import { ownDomainHost } from './own-domain';
import { openFileStore } from '../providers/storage/open';

export function hostName(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':')[0] ?? '';
}

const REQUEST_ID = /^[A-Za-z0-9_.:-]{1,100}$/;

/** Background work a request may not start (a door mounted without the jobs, as some tests do). */
const NO_KICKS: Kicks = { kickMailer: () => {}, kickPrinter: () => {} };

/**
 * The services a route may use: everything of `deps` but the database (see env.ts), and the
 * kicks that start background jobs, which the app hands in (server/jobs/background.ts).
 */
export function routeDeps(deps: Deps, kicks: Kicks = NO_KICKS): RouteDeps {
  const { database, draining, storage, ...rest } = deps;
  return {
    ...rest,
    ...kicks,
    databaseKind: database.kind,
    draining: draining ?? (() => false),
    storage: storage ?? openFileStore(deps.config.storage),
  };
}

/** A path as it may be logged: segments that look like secrets (link tokens) are masked. */
export function loggablePath(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment.length >= 24 && /^[A-Za-z0-9_%.~-]+$/.test(segment) ? ':redacted' : segment))
    .join('/');
}

export function provideDeps(deps: Deps, kicks?: Kicks) {
  const shared = routeDeps(deps, kicks);
  const root = deps.log ?? processLogger;
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    // A change applied as part of a batch's group works entirely inside the group's transaction.
    const group = groupOf(c.req.raw);
    c.set('deps', shared);
    c.set('db', group ? group.tx : deps.database.db);
    // A caller's (or a proxy's) id is kept when it is plainly an id; otherwise a new one.
    const given = c.req.header('x-request-id');
    const requestId = given && REQUEST_ID.test(given) ? given : randomUUID();
    c.set('requestId', requestId);
    const log = root.child({ request_id: requestId });
    c.set('log', log);
    await next();
    c.res.headers.set('X-Request-Id', requestId);
    // One access line per API request (static files are not logged); never the query string.
    if (c.req.path.startsWith('/api/')) {
      log.info(
        {
          method: c.req.method,
          path: loggablePath(c.req.path),
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          tenant: c.get('tenant')?.subdomain ?? null,
          user_id: c.get('user')?.id ?? null,
        },
        'request',
      );
    }
  });
}

const TENANT_TTL_MS = 5_000;
interface TenantCache {
  rows: Map<string, { row: TenantRow | undefined; at: number }>;
  /** The look-ups on their way: requests that miss together wait for the same one. */
  loading: Map<string, Promise<TenantRow | undefined>>;
}
// Keyed by the app's configuration, which a group's scoped dependencies share.
const tenantCache = new WeakMap<object, TenantCache>();

function cacheFor(deps: RouteDeps): TenantCache {
  let cache = tenantCache.get(deps.config);
  if (!cache) tenantCache.set(deps.config, (cache = { rows: new Map(), loading: new Map() }));
  return cache;
}

/**
 * A cached tenant lookup: by subdomain (`greenfield`), or by verified own host (`@greenfield.example`).
 * One look-up at a time per key: at the bell, every request that arrived while the look-up waited
 * its turn at the database once asked again (1,007 look-ups of one school in one class start).
 */
function cachedTenant(deps: RouteDeps, key: string, load: () => Promise<TenantRow | undefined>): Promise<TenantRow | undefined> {
  const { rows, loading } = cacheFor(deps);
  const hit = rows.get(key);
  const now = Date.now();
  if (hit && now - hit.at < TENANT_TTL_MS) return Promise.resolve(hit.row);
  let pending = loading.get(key);
  if (!pending) {
    const looking: Promise<TenantRow | undefined> = load()
      .then((row) => {
        // Kept unless forgotten meanwhile (forgetTenant): then it may be from before the change.
        if (loading.get(key) === looking) rows.set(key, { row, at: now });
        return row;
      })
      .finally(() => loading.get(key) === looking && loading.delete(key));
    loading.set(key, (pending = looking));
  }
  return pending;
}

function tenantBySubdomain(deps: RouteDeps, db: Queryable, subdomain: string): Promise<TenantRow | undefined> {
  return cachedTenant(deps, subdomain, async () => (await db.select().from(tenants).where(eq(tenants.subdomain, subdomain)).limit(1))[0]);
}

/** The school whose verified own domain this host is (and still its domain_url's host). */
function tenantByOwnDomain(deps: RouteDeps, db: Queryable, host: string): Promise<TenantRow | undefined> {
  return cachedTenant(deps, `@${host}`, async () => {
    const [row] = await db.select().from(tenants).where(eq(tenants.domain_host, host)).limit(1);
    return row && ownDomainHost(row.domain_url, deps.config) === host ? row : undefined;
  });
}

/**
 * Forgets this process's copy of a tenant (by subdomain, or all of them) after the platform admin changed it (its colours, its
 * community password), so the change holds at once here; other processes catch up within the TTL.
 */
export function forgetTenant(deps: RouteDeps, subdomain?: string): void {
  const { rows, loading } = cacheFor(deps);
  // A look-up on its way may have read the tenant before the change: it answers, but is not kept.
  loading.clear();
  if (subdomain === undefined) return rows.clear();
  // Its entry by subdomain, and by its own domain when it has one.
  for (const [key, hit] of rows) if (key === subdomain || hit.row?.subdomain === subdomain) rows.delete(key);
}

/** The school subdomain a host names: exactly one label in front of the platform's host name. */
export function subdomainOf(host: string, siteDomain: string): string | null {
  if (!host.endsWith(`.${siteDomain}`)) return null;
  const label = host.slice(0, -siteDomain.length - 1);
  return /^[a-z0-9-]+$/.test(label) ? label : null;
}

/** The site a request is for: its school, null for the platform, undefined when no school has that address. */
export function siteOf(c: Context<AppEnv>): Promise<TenantRow | null | undefined> {
  return siteAt(c.get('deps'), c.get('db'), hostName(c.req.header('host')));
}

/** The site a host name is: its school, null for the platform, undefined when no school has it. */
export async function siteAt(deps: RouteDeps, db: Queryable, host: string): Promise<TenantRow | null | undefined> {
  const { config } = deps;
  if (!host || config.platformHosts.includes(host)) return null;
  // greenfield.evil.example is not Greenfield: only our own domain's subdomains are schools.
  const subdomain = subdomainOf(host, config.publicUrl.hostname);
  if (subdomain) return tenantBySubdomain(deps, db, subdomain);
  // Any other name is a school's only once it verified the domain (own-domain.ts).
  return tenantByOwnDomain(deps, db, host);
}

export const resolveTenant = createMiddleware<AppEnv>(async (c, next) => {
  // A batch's entry is on its batch's site (batch-entry.ts).
  const entry = batchEntryOf(c.req.raw);
  const tenant = entry ? entry.tenant : await siteOf(c);
  if (tenant === undefined) fail(404, 'There is no school site at this address.');
  c.set('tenant', tenant);
  await next();
});

/** How stale this process's knowledge that a sign-in is alive may be. */
export const SESSION_CHECK_MS = 5_000;
const SESSION_CACHE_MAX = 50_000;
// Sign-ins found alive ("user:sid"), with when: only good news is kept, so a refusal is never stale.
const aliveSessions = new Map<string, number>();

/** Forgets every sign-in known alive here (one just ended: this process refuses it at once). */
export function forgetSessions(): void {
  aliveSessions.clear();
}

/** Sign-in `sid` of `userId` has just begun here: it is alive (as a check would have found). */
export function rememberSession(userId: number, sid: string): void {
  if (aliveSessions.size >= SESSION_CACHE_MAX) aliveSessions.clear();
  aliveSessions.set(`${userId}:${sid}`, Date.now());
}

const sessionRow = preparedPer((db) => {
  const user = sql.placeholder('user');
  const sid = sql.placeholder('sid');
  return db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, user),
        eq(users.is_active, true),
        exists(
          db
            .select({ one: refreshTokens.jti })
            .from(refreshTokens)
            .where(
              and(
                or(eq(refreshTokens.family, sid), eq(refreshTokens.jti, sid)),
                eq(refreshTokens.user_id, user),
                isNull(refreshTokens.revoked_at),
              ),
            ),
        ),
      ),
    )
    .limit(1)
    .prepare('session_alive');
});

/** Whether sign-in `sid` of `userId` still stands: not signed out or revoked, the account active. */
async function sessionAlive(db: Queryable, userId: number, sid: string): Promise<boolean> {
  const key = `${userId}:${sid}`;
  const seen = aliveSessions.get(key);
  if (seen !== undefined && Date.now() - seen < SESSION_CHECK_MS) return true;
  const [row] = await sessionRow(db).execute({ user: userId, sid });
  if (!row) {
    aliveSessions.delete(key);
    return false;
  }
  if (aliveSessions.size >= SESSION_CACHE_MAX) aliveSessions.clear();
  aliveSessions.set(key, Date.now());
  return true;
}

export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  // A batch's entry carries its batch's token, which the batch's own request has just checked.
  const entry = batchEntryOf(c.req.raw);
  if (entry) {
    c.set('user', entry.user);
    return next();
  }
  const header = c.req.header('authorization');
  // Only a Bearer credential is a sign-in. Another scheme is a caller's own (PhonePe signs its
  // callbacks with `Authorization: SHA256(user:password)`), left to the route that checks it.
  if (header && /^Bearer(\s|$)/i.test(header)) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const { keys, now } = c.get('deps');
    const claims = match?.[1] ? await readToken(keys.jwt, match[1], 'access', now()) : null;
    if (!claims) fail(401, 'Given token not valid for any token type', { code: 'token_not_valid' });
    const tenant = c.get('tenant');
    const sameSite = claims.tenant_id === (tenant?.id ?? null) || claims.role === 'upschool_admin';
    if (!sameSite) fail(401, 'This sign-in belongs to another site.', { code: 'token_not_valid' });
    // A token that names no sign-in (issued before sign-ins were named) is refused: the device
    // refreshes it like an expired one.
    if (!claims.sid || !(await sessionAlive(c.get('db'), claims.id, claims.sid)))
      fail(401, 'This sign-in has ended. Please sign in again.', { code: 'token_not_valid' });
    c.set('user', { id: claims.id, role: claims.role, tenant_id: claims.tenant_id });
  }
  await next();
});
