// Dates, times, intervals and numeric arrays read back as PostgreSQL's text on both databases
// (Drizzle's reading; on PGlite the client is told once, not with each statement, in client.ts),
// and the rest of the types as parsed values, inside a transaction as outside one.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, TARGETS, type TestServer } from './harness';

const ROW = sql`select
  timestamptz '2026-11-28 10:00:00+00' as at,
  timestamp '2026-11-28 10:00:00' as local_at,
  date '2026-11-28' as day,
  interval '1 day 2 hours' as span,
  array[timestamptz '2026-11-28 10:00:00+00'] as ats,
  array[timestamp '2026-11-28 10:00:00'] as local_ats,
  array[date '2026-11-28'] as days,
  array[interval '1 day'] as spans,
  array[1.5, 2]::numeric[] as amounts,
  array[1, 2]::int[] as counts,
  7::int as count,
  true as flag,
  '{"a":1}'::jsonb as doc`;

const EXPECTED = {
  at: '2026-11-28 10:00:00+00',
  local_at: '2026-11-28 10:00:00',
  day: '2026-11-28',
  span: '1 day 02:00:00',
  ats: '{"2026-11-28 10:00:00+00"}',
  local_ats: '{"2026-11-28 10:00:00"}',
  days: '{2026-11-28}',
  spans: '{"1 day"}',
  amounts: '{1.5,2}',
  counts: [1, 2],
  count: 7,
  flag: true,
  doc: { a: 1 },
};

describe.each(TARGETS)('types read back (%s)', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(() => server.close());

  it('reads dates, times, intervals and numeric arrays as text, the rest parsed', async () => {
    const { db } = server.database;
    const rows = (await db.execute(ROW)) as unknown as { rows?: unknown[] } | unknown[];
    const outside = Array.isArray(rows) ? rows[0] : rows.rows![0];
    // Outside a transaction the connection's own time zone writes the instants.
    const { at, ats, ...rest } = EXPECTED;
    expect(outside).toEqual({
      ...rest,
      at: expect.stringMatching(/^2026-11-2\d \d\d:00:00[+-]\d\d/),
      ats: expect.stringMatching(/^\{"2026-11-2\d /),
    });
    expect([at, ats]).toHaveLength(2);
    const inside = await db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'UTC'`);
      const answer = (await tx.execute(ROW)) as unknown as { rows?: unknown[] } | unknown[];
      return Array.isArray(answer) ? answer[0] : answer.rows![0];
    });
    expect(inside).toEqual(EXPECTED);
  });
});
