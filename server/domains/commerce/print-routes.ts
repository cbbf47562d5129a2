// The print provider's side of printed copies: its signed callbacks (POST /print/callback/) and
// the sandbox provider's "next step" control (POST /print/sandbox/{order_id}/advance/), which
// stands in for the printer's own staff: only a signed-in platform admin presses it, and on a
// school's site only for that school's orders; and what it received (GET /print/sandbox/{order_id}/?key=).
// Both are a provider's webhooks, not the PWA's API: plain routes outside the OpenAPI document
// (like the payment returns), their input still checked with zod.
import { z } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { BODY_LIMITS } from '../../../src/contract/limits';
import { orders, printJobs } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { limitBody } from '../../http/route';
import { CALLBACK_STATUSES, verifyCallback } from '../../providers/print/provider';
import { nextCallbackStatus, sandboxCallback, sandboxReceived } from '../../providers/print/sandbox';
import { orderKey } from './checkout';
import { applyPrintEvent, printProviderOf } from './print-jobs';
import { Id } from '../../http/schemas';

const CallbackBody = z.strictObject({
  event_id: z.string().min(1).max(100),
  provider_ref: z.string().min(1).max(100),
  order_id: z.number().int().positive(),
  status: z.enum(CALLBACK_STATUSES),
});

const REFUSALS = {
  unknown: [404, 'There is no such print job.'],
  'other-order': [409, 'This callback names another order than its print job.'],
  replayed: [409, 'This event was already processed.'],
} as const;

export const printCallbackRoutes = new Hono<AppEnv>()
  .post('/print/callback/', limitBody(BODY_LIMITS.json), async (c) => {
    const deps = c.get('deps');
    const provider = printProviderOf(deps);
    if (!provider) fail(404, 'No print provider is configured.');
    const raw = await c.req.text();
    if (!verifyCallback(provider.callbackKey, c.req.header('x-print-timestamp'), c.req.header('x-print-signature'), raw, deps.now())) {
      fail(401, 'This callback could not be verified.');
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      fail(400, 'This callback is not valid JSON.');
    }
    const event = CallbackBody.safeParse(json);
    if (!event.success) fail(400, 'This callback is not a print event.');
    const answer = await applyPrintEvent(c.get('db'), event.data, c.get('tenant')?.id);
    if (answer.kind === 'applied') return c.json({ status: answer.status }, 200);
    if (answer.kind === 'out-of-order') fail(409, `This step cannot follow ${answer.current ?? 'nothing'}: steps arrive in order.`);
    const [status, message] = REFUSALS[answer.kind];
    fail(status, message);
  })
  .get('/print/sandbox/:order_id/', async (c) => {
    // What the sandbox printer received for an order: opened with the order's key, like tracking.
    const deps = c.get('deps');
    const orderId = Id.safeParse(c.req.param('order_id'));
    if (!deps.config.printSandbox || !orderId.success) fail(404, 'There is no such print job.');
    if (c.req.query('key') !== orderKey(deps.keys.master, orderId.data)) fail(404, 'There is no such print job.');
    const [order] = await c.get('db').select({ tenant_id: orders.tenant_id }).from(orders).where(eq(orders.id, orderId.data)).limit(1);
    const [job] = await c
      .get('db')
      .select({ ref: printJobs.provider_ref })
      .from(printJobs)
      .where(eq(printJobs.order_id, orderId.data))
      .limit(1);
    const got = sandboxReceived(deps.keys.master, orderId.data, job?.ref ?? null);
    const tenant = c.get('tenant');
    if (!order || !got || (tenant && order.tenant_id !== tenant.id)) fail(404, 'The printer has not received this order.');
    return c.json(got, 200);
  })
  .post('/print/sandbox/:order_id/advance/', limitBody(BODY_LIMITS.json), async (c) => {
    const deps = c.get('deps');
    const orderId = Id.safeParse(c.req.param('order_id'));
    if (!deps.config.printSandbox || !orderId.success) fail(404, 'There is no such print job.');
    const user = c.get('user');
    if (!user) fail(401, 'Sign in as a platform admin to move a sandbox print job on.');
    if (user.role !== 'upschool_admin') fail(403, 'Only a platform admin moves a sandbox print job on.');
    const provider = printProviderOf(deps)!;
    const tenant = c.get('tenant');
    const [job] = await c
      .get('db')
      .select({ ref: printJobs.provider_ref, print_status: orders.print_status, tenant_id: orders.tenant_id })
      .from(printJobs)
      .innerJoin(orders, eq(orders.id, printJobs.order_id))
      .where(eq(printJobs.order_id, orderId.data))
      .limit(1);
    if (!job || (tenant && job.tenant_id !== tenant.id)) fail(404, 'There is no such print job.');
    if (!job.ref) fail(409, 'The printer has not accepted this order yet.');
    const status = nextCallbackStatus(job.print_status);
    if (!status) fail(409, 'This copy has already been shipped.');
    // The provider's callback, signed with its key, through the real callback route.
    const callback = sandboxCallback(provider, { provider_ref: job.ref, order_id: orderId.data, status }, deps.now());
    const url = new URL('/api/print/callback/', c.req.url);
    const res = await c.get('dispatch')(
      new Request(url, { method: 'POST', headers: { ...callback.headers, host: c.req.header('host') ?? url.host }, body: callback.body }),
    );
    return c.json(await res.json(), res.status as 200);
  });
