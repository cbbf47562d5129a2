// The print sandbox's "next step" stands in for the printer's staff: it needs a signed-in
// platform admin, and on a school's site it knows only that school's orders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders, printJobs, tenants } from '../../server/db/schema';
import { GREENFIELD, HILLSIDE, signIn, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('the print sandbox on %s', (target) => {
  let server: TestServer;
  let orderId: number;
  beforeAll(async () => {
    server = await startServer(target);
    const [greenfield] = await server.database.db.select().from(tenants).where(eq(tenants.subdomain, 'greenfield'));
    const [order] = await server.database.db
      .insert(orders)
      .values({
        tenant_id: greenfield!.id,
        kind: 'books',
        status: 'success',
        print_status: 'paid',
        total_cents: 1000,
        email: 'p@example.com',
      })
      .returning();
    orderId = order!.id;
    await server.database.db
      .insert(printJobs)
      .values({ order_id: orderId, provider_ref: `sbx_review2_${target}`, submitted_at: new Date() });
  }, 180_000);
  afterAll(() => server.close());

  const advance = (token?: string, host = GREENFIELD) => server.call('POST', `/api/print/sandbox/${orderId}/advance/`, { host, token });
  const progress = async () => (await server.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.print_status;

  it('refuses anyone but a platform admin, changing nothing', async () => {
    const anonymous = await advance();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBeTruthy();
    const teacher = (await signIn(server, 'teacher@greenfield.example', 'Teach-demo-1')).access;
    expect((await advance(teacher)).status).toBe(403);
    const head = (await signIn(server, 'head@greenfield.example', 'Head-demo-1')).access;
    expect((await advance(head)).status).toBe(403);
    expect(await progress()).toBe('paid');
  });

  it("moves the order on for a platform admin, on its school's site or the platform's, not another school's", async () => {
    const admin = (await signIn(server, 'admin@example.com', 'Admin-demo-1', 'localhost')).access;
    expect((await advance(admin, HILLSIDE)).status).toBe(404);
    const res = await advance(admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await progress()).toBe('queued_for_processing');
    expect((await advance(admin, 'localhost')).status).toBe(200);
    expect(await progress()).toBe('printed');
  });
});
