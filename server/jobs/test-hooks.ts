// Hooks for the end-to-end tests, mounted only in development with TEST_HOOKS=1 (never in
// production): they run a background job at a chosen time, so a journey can see what a month
// later brings without waiting for it. Not part of the API document.
import { z } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { runRenewals } from '../domains/commerce/subscriptions';
import { renewalCharge } from '../domains/commerce/gateway';
import type { AppEnv, Deps } from '../http/env';
import { fail } from '../http/errors';

const At = z.object({ at: z.iso.datetime() });

export function testHookRoutes(deps: Deps) {
  return new Hono<AppEnv>().post('/test-hooks/renewals/', async (c) => {
    const body = At.safeParse(await c.req.json().catch(() => null));
    if (!body.success) fail(400, 'at: an ISO date and time');
    return c.json(await runRenewals(deps.database.db, new Date(body.data.at), renewalCharge(deps)), 200);
  });
}
