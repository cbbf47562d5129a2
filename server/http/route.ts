// One place per route for its contract: the zod schemas, who may call it and on which sites.
// `defineRoute` turns an `access` line into the guard middleware and the OpenAPI security note,
// so a reader of any route file sees at a glance who can reach each endpoint.
import { createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Role } from '../../src/contract/domain';
import type { AppEnv, AuthUser } from './env';
import { fail } from './errors';
import { idempotency } from './idempotency';

export interface Access {
  /** 'anyone' (no token needed), 'signed-in' (any role), or the roles allowed. */
  roles: 'anyone' | 'signed-in' | readonly Role[];
  /** 'tenant': only on a school or organization site; 'any' (default): platform hosts too. */
  site?: 'any' | 'tenant';
  /**
   * A change the PWA queues in its outbox: it runs in one transaction and is applied exactly
   * once per Idempotency-Key, and it may travel in POST /outbox/batch/ (only these may).
   */
  outbox?: boolean;
}

/** A route the outbox may send: its method and a matcher for its path (below /api). */
export interface OutboxRoute {
  method: string;
  path: string;
  matches: (path: string) => boolean;
}

const outboxRoutes: OutboxRoute[] = [];

/** The routes declared `outbox: true`, as the batch endpoint allows them. */
export function outboxRouteFor(method: string, path: string): OutboxRoute | undefined {
  return outboxRoutes.find((r) => r.method === method && r.matches(path));
}

function pathMatcher(template: string): (path: string) => boolean {
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const re = new RegExp(`^${pattern}$`);
  return (path) => re.test(path);
}

export function guard(access: Access) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (access.site === 'tenant' && !c.var.tenant) fail(404, 'This page belongs to a school site.');
    if (access.roles !== 'anyone') {
      const user = c.var.user;
      if (!user) fail(401, 'Authentication credentials were not provided.', { code: 'not_authenticated' });
      if (access.roles !== 'signed-in' && !access.roles.includes(user.role)) {
        fail(403, 'You do not have permission to perform this action.');
      }
    }
    await next();
  });
}

/** The signed-in user of a route whose access is not 'anyone' (its guard has checked). */
export function signedInUser(c: Context<AppEnv>): AuthUser {
  return c.var.user ?? fail(401, 'Authentication credentials were not provided.', { code: 'not_authenticated' });
}

const ErrorSchema = z
  .object({
    message: z.string(),
    error: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .openapi('Error');

export const errorBody = { content: { 'application/json': { schema: ErrorSchema } } };

export function jsonBody<T extends z.ZodType>(schema: T, description = 'OK') {
  return { description, content: { 'application/json': { schema } } };
}

export function defineRoute<const R extends Omit<RouteConfig, 'middleware' | 'security'>>(
  access: Access,
  config: R,
) {
  const who =
    access.roles === 'anyone' ? 'anyone' : access.roles === 'signed-in' ? 'any signed-in user' : access.roles.join(', ');
  const where = access.site === 'tenant' ? 'school or organization sites only' : 'any site';
  if (access.outbox) {
    outboxRoutes.push({ method: config.method.toUpperCase(), path: config.path, matches: pathMatcher(config.path) });
  }
  const replay = access.outbox ? 'Outbox: applied exactly once per Idempotency-Key; may be sent in POST /outbox/batch/.' : '';
  return createRoute({
    ...config,
    description: [config.description, `Access: ${who}; ${where}.`, replay].filter(Boolean).join('\n\n'),
    security: access.roles === 'anyone' ? [] : [{ bearer: [] }],
    middleware: (access.outbox ? [guard(access), idempotency] : [guard(access)]) as [ReturnType<typeof guard>],
    responses: {
      ...config.responses,
      400: { description: 'Invalid input: the message names each field', ...errorBody },
      ...(access.roles === 'anyone' ? {} : { 401: { description: 'Not signed in', ...errorBody } }),
      ...(Array.isArray(access.roles) ? { 403: { description: 'Role not allowed', ...errorBody } } : {}),
    },
  });
}
