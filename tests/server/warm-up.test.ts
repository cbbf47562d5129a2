// The warm-up (server/warm-up.ts): a class's start run through the whole app over HTTP before the
// server listens, on a school made for it in a transaction that is rolled back. Every request of
// it is answered as a real one (it throws otherwise), and nothing of it stays in the database.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warmUp } from '../../server/warm-up';
import { startServer, TARGETS, type TestServer } from './harness';

const TABLES = ['tenants', 'classes', 'users', 'students', 'books', 'cart_items', 'refresh_tokens', 'idempotency_keys', 'rate_limits'];

describe.each(TARGETS)('the warm-up (%s)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(() => server.close());

  /** Each table's row count. */
  async function counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const table of TABLES) {
      const result = (await server.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as
        { rows: { n: number }[] } | { n: number }[];
      out[table] = (Array.isArray(result) ? result : result.rows)[0]!.n;
    }
    return out;
  }

  it("answers every request of its children's class start, and leaves no row behind", async () => {
    const before = await counts();
    // Three children: each looks the class up, finds their name, signs in and sends three changes.
    expect(await warmUp(server.deps, 3)).toBe(3 * 6);
    expect(await counts()).toEqual(before);
  });

  it('leaves the real school working as before', async () => {
    await warmUp(server.deps, 1);
    const roster = await server.call('GET', '/api/list-student-in-class/ROBINS4/?limit=20&offset=0', { host: 'greenfield.localhost' });
    expect(roster.status).toBe(200);
    expect(roster.body.results.students.length).toBeGreaterThan(0);
    const child = await server.call('POST', '/api/auth/token/', {
      host: 'greenfield.localhost',
      json: { username: 'amara.okafor', password: 'kite-7' },
    });
    expect(child.status).toBe(200);
  });
});
