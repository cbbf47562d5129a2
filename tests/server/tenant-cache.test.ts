// The site's tenant is looked up once per process every few seconds, not on every request. At
// the bell, with hundreds of requests in flight, every request that arrived while the look-up
// (queued behind them at the database) was on its way once asked again: 1,007 look-ups of one
// school in one class start. Requests that miss together share one look-up.
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/client';
import type { TenantRow } from '../../server/db/schema';
import { forgetTenant, siteAt } from '../../server/http/context';
import type { RouteDeps } from '../../server/http/env';

/** A database that answers the tenant look-up slowly, as a busy one does, and counts the look-ups. */
function slowDatabase(row: Partial<TenantRow>) {
  const asked: string[] = [];
  const waiting: (() => void)[] = [];
  const db = {
    select: () => ({
      from: () => ({
        where: () => ({
          limit: () => {
            asked.push(String(row.subdomain));
            return new Promise<Partial<TenantRow>[]>((resolve) => waiting.push(() => resolve([{ ...row }])));
          },
        }),
      }),
    }),
  } as unknown as Queryable;
  /** Answers every look-up asked so far. */
  const answer = () => waiting.splice(0).forEach((resolve) => resolve());
  return { db, asked, answer };
}

const deps = () =>
  ({ config: { platformHosts: ['storynest.test'], publicUrl: new URL('https://storynest.test') } }) as unknown as RouteDeps;

describe("the site's tenant", () => {
  it('is looked up once for all the requests that miss it together', async () => {
    const site = deps();
    const { db, asked, answer } = slowDatabase({ id: 7, subdomain: 'greenfield' });
    const requests = Array.from({ length: 50 }, () => siteAt(site, db, 'greenfield.storynest.test'));
    answer();
    const tenants = await Promise.all(requests);
    expect(asked).toEqual(['greenfield']);
    expect(new Set(tenants.map((t) => t?.id))).toEqual(new Set([7]));
    // Known now: no look-up at all.
    expect((await siteAt(site, db, 'greenfield.storynest.test'))?.id).toBe(7);
    expect(asked).toHaveLength(1);
  });

  it('is looked up again once forgotten, and a look-up on its way when it is forgotten is not kept', async () => {
    const site = deps();
    const { db, asked, answer } = slowDatabase({ id: 7, subdomain: 'greenfield' });
    const before = siteAt(site, db, 'greenfield.storynest.test');
    // The platform admin changes the school while its look-up is on its way.
    forgetTenant(site, 'greenfield');
    answer();
    await before;
    const after = siteAt(site, db, 'greenfield.storynest.test');
    answer();
    await after;
    expect(asked).toEqual(['greenfield', 'greenfield']);
  });
});
