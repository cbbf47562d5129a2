// A renewal survives its process dying between the provider's charge and the database write:
// the renewal job runs in a child process (renewal-child.ts) against a stand-in provider that
// charges once per Idempotency-Key; the test SIGKILLs the child right after the charge, starts
// the job again later, and finds one charge at the provider and one new period, paid once.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { orders, payments, subscriptionVariants, subscriptions, tenants } from '../../server/db/schema';
import { seed } from '../../server/db/seed';
import { addInterval, RESUME_AFTER_MS } from '../../server/domains/commerce/subscriptions';
import { deriveKeys } from '../../server/lib/crypto';
import { freshPostgres, TARGETS } from './harness';
import { freePort, killStarted, signalGroup, spawnProcess } from '../support/processes';

/** The provider: one charge per idempotency key, however often it is asked. */
async function standInProvider() {
  const charges = new Map<string, { id: string; status: 'success' }>();
  let calls = 0;
  const server: Server = createServer((req, res) => {
    calls++;
    const key = String(req.headers['idempotency-key'] ?? '');
    req.resume();
    req.on('end', () => {
      if (!charges.has(key)) charges.set(key, { id: `pi_${charges.size + 1}`, status: 'success' });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(charges.get(key)));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, charges, calls: () => calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const folders: string[] = [];
afterAll(async () => {
  await killStarted();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.each(TARGETS)('a renewal killed between charge and record on %s', (target) => {
  it('is charged once and renews one period', async () => {
    const pg = target === 'postgres' ? await freshPostgres() : undefined;
    const dataDir = mkdtempSync(join(tmpdir(), 'storynest-renewal-'));
    folders.push(dataDir);
    const where = pg ? { DATABASE_URL: pg.url } : { DATA_DIR: dataDir };
    const open = (): Promise<Database> => openDatabase(pg ? { url: pg.url } : { dataDir });
    const provider = await standInProvider();
    try {
      // A school's yearly card subscription, due for renewal at `end`.
      const end = new Date('2026-01-31T00:00:00Z');
      let db = await open();
      await seed(db.db, deriveKeys('renewal-crash').data, 'demo');
      const [school] = await db.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subdomain, 'hillside'));
      const [variant] = await db.db.select().from(subscriptionVariants).limit(1);
      const [sub] = await db.db
        .insert(subscriptions)
        .values({
          tenant_id: school!.id,
          plan_id: variant!.plan_id,
          variant_id: variant!.id,
          status: 'active',
          provider: 'stripe',
          mandate: 'cus_test/pm_card',
          current_period_start: new Date('2025-01-31T00:00:00Z'),
          current_period_end: end,
        })
        .returning({ id: subscriptions.id });
      await db.close();

      const run = async (now: Date, stop: boolean) => {
        const port = await freePort();
        return spawnProcess(process.execPath, ['--import', 'tsx', 'tests/server/renewal-child.ts'], {
          port,
          env: {
            PATH: process.env.PATH,
            HOME: process.env.HOME,
            LOG_LEVEL: 'silent',
            CHARGE_PORT: String(provider.port),
            NOW: now.toISOString(),
            ...(stop ? { STOP_AFTER_CHARGE: '1' } : {}),
            ...where,
          },
        });
      };

      // The first pass charges, then dies before it writes anything.
      const first = await run(new Date(end.getTime() + 1000), true);
      const deadline = Date.now() + 120_000;
      while (!first.output().includes('charged') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(first.output()).toContain('charged');
      signalGroup(first, 'SIGKILL');
      await first.exited;
      expect(first.child.signalCode).toBe('SIGKILL');
      expect(provider.charges.size).toBe(1);

      db = await open();
      const attempts = () =>
        db.db
          .select({ status: payments.status, ref: payments.provider_ref })
          .from(payments)
          .innerJoin(orders, eq(orders.id, payments.order_id))
          .where(and(eq(orders.subscription_id, sub!.id), like(payments.provider_ref, '%\\_renew\\_%')));
      expect(await attempts()).toMatchObject([{ status: 'pending' }]);
      await db.close();

      // Restarted a few minutes later: the attempt is asked again with its key; nothing new is charged.
      const later = new Date(end.getTime() + RESUME_AFTER_MS + 60_000);
      const second = await run(later, false);
      expect(await second.exited, second.output()).toBe(0);
      expect(second.output()).toContain('"renewed":1');
      const third = await run(new Date(later.getTime() + 60_000), false);
      expect(await third.exited, third.output()).toBe(0);
      expect(third.output()).toContain('"renewed":0');

      expect(provider.charges.size).toBe(1);
      expect(provider.calls()).toBe(2);
      db = await open();
      expect(await attempts()).toMatchObject([{ status: 'success' }]);
      const [renewed] = await db.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
      expect(renewed).toMatchObject({
        status: 'active',
        current_period_start: end,
        current_period_end: addInterval(end, variant!.interval),
      });
      await db.close();
    } finally {
      await provider.close();
      await pg?.drop();
    }
  }, 600_000);
});
