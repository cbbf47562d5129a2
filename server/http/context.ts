// Request context middleware: the host decides the tenant, the bearer token decides the user.
// A token is only good on the site it was issued for (platform admins excepted), so a stolen
// Greenfield token opens nothing on Hillside.
import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { tenants, users } from '../db/schema';
import { readToken } from '../services/tokens';
import type { AppEnv, Deps } from './env';
import { fail } from './errors';

export function hostName(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':')[0] ?? '';
}

export function provideDeps(deps: Deps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('deps', deps);
    c.set('db', deps.database.db);
    await next();
  });
}

export const resolveTenant = createMiddleware<AppEnv>(async (c, next) => {
  const { config, database } = c.var.deps;
  const host = hostName(c.req.header('host'));
  if (!host || config.platformHosts.includes(host)) {
    c.set('tenant', null);
  } else {
    const subdomain = host.split('.')[0] ?? '';
    const [tenant] = await database.db.select().from(tenants).where(eq(tenants.subdomain, subdomain)).limit(1);
    if (!tenant) fail(404, 'There is no school site at this address.');
    c.set('tenant', tenant);
  }
  await next();
});

export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  const header = c.req.header('authorization');
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const { keys, now, database } = c.var.deps;
    const claims = match?.[1] ? await readToken(keys.jwt, match[1], 'access', now()) : null;
    if (!claims) fail(401, 'Given token not valid for any token type', { code: 'token_not_valid' });
    const [row] = await database.db
      .select({ id: users.id, role: users.role, tenant_id: users.tenant_id, is_active: users.is_active })
      .from(users)
      .where(eq(users.id, claims.id))
      .limit(1);
    if (!row || !row.is_active) fail(401, 'User not found', { code: 'user_not_found' });
    const tenant = c.var.tenant;
    const sameSite = row.tenant_id === (tenant?.id ?? null) || row.role === 'upschool_admin';
    if (!sameSite) fail(401, 'This sign-in belongs to another site.', { code: 'token_not_valid' });
    c.set('user', { id: row.id, role: row.role, tenant_id: row.tenant_id });
  }
  await next();
});
