// Reactions: one per reader per story, however many community sessions a parent opens (the
// shared password opens a new one at every sign-in).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { stories, students, tenants } from '../../server/db/schema';
import { GREENFIELD, startServer, TARGETS, type TestServer } from './harness';

describe.each(TARGETS)('parents react once per story on %s', (target) => {
  let server: TestServer;
  let storyId: number;
  beforeAll(async () => {
    server = await startServer(target);
    const db = server.database.db;
    const [green] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subdomain, 'greenfield'));
    const [row] = await db
      .select({ id: stories.id })
      .from(stories)
      .innerJoin(students, eq(students.user_id, stories.author_id))
      .where(
        and(
          eq(stories.tenant_id, green!.id),
          eq(stories.status, 'published'),
          eq(stories.privacy_preference, 'public'),
          eq(students.privacy_preference, 'public'),
          eq(students.archived, false),
          isNull(stories.deleted_at),
        ),
      )
      .orderBy(asc(stories.id))
      .limit(1);
    storyId = row!.id;
  }, 180_000);
  afterAll(() => server.close());

  const session = async (address: string) => {
    const login = await server.call('POST', '/api/generic-password-login', {
      host: GREENFIELD,
      json: { password: 'greenfield-parents' },
      address,
    });
    expect(login.status).toBe(200);
    return login.headers.get('set-cookie')!.split(';')[0]!;
  };
  const react = (cookie: string, reaction: string, address: string) =>
    server.call('PUT', `/api/stories/${storyId}/reaction/`, { host: GREENFIELD, json: { reaction }, headers: { cookie }, address });

  it('counts one reaction however many sessions one parent opens', async () => {
    const address = '198.51.100.20';
    let last: { body: { total: number; mine: string | null } } | undefined;
    for (let i = 0; i < 5; i++) last = await react(await session(address), 'heart', address);
    expect(last!.body).toMatchObject({ total: 1, mine: 'heart' });
    const changed = await react(await session(address), 'star', address);
    expect(changed.body).toMatchObject({ total: 1, mine: 'star' });
    const otherHome = await react(await session('203.0.113.77'), 'heart', '203.0.113.77');
    expect(otherHome.body).toMatchObject({ total: 2, mine: 'heart' });
  });
});
