// The hygiene job (server/jobs/prune.ts): each kind of expired row goes, everything still
// in use stays, e-mail bodies are emptied once they can no longer be sent, and two processes
// pruning at once agree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  communitySessions,
  emailOutbox,
  idempotencyKeys,
  invitations,
  passwordResetTokens,
  rateLimits,
  refreshTokens,
  tenants,
  users,
} from '../../server/db/schema';
import { pruneExpired } from '../../server/jobs/prune';
import { TARGETS, startServer, type TestServer } from './harness';

const DAY = 24 * 3600_000;

describe.each(TARGETS)('pruning on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(() => server.close());

  it('removes each kind of expired row and keeps what is still in use', async () => {
    const db = server.database.db;
    const now = new Date('2030-06-01T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const later = (ms: number) => new Date(now.getTime() + ms);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'teacher@greenfield.example'));
    const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subdomain, 'greenfield'));
    const uid = user!.id;

    await db.insert(rateLimits).values([
      { key: 'prune:old', failures: 3, window_started_at: ago(2 * DAY) },
      { key: 'prune:old-locked', failures: 10, window_started_at: ago(2 * DAY), locked_until: later(60_000) },
      { key: 'prune:recent', failures: 1, window_started_at: ago(60_000) },
    ]);
    await db.insert(refreshTokens).values([
      { jti: 'prune-expired', user_id: uid, expires_at: ago(1000) },
      { jti: 'prune-revoked-live', user_id: uid, expires_at: later(DAY), revoked_at: ago(DAY) },
      { jti: 'prune-live', user_id: uid, expires_at: later(DAY) },
    ]);
    await db.insert(communitySessions).values([
      { token_hash: 'prune-expired', tenant_id: tenant!.id, expires_at: ago(1000) },
      { token_hash: 'prune-live', tenant_id: tenant!.id, expires_at: later(DAY) },
    ]);
    await db.insert(passwordResetTokens).values([
      { token_hash: 'prune-expired', user_id: uid, expires_at: ago(1000) },
      { token_hash: 'prune-live', user_id: uid, expires_at: later(3600_000) },
    ]);
    await db.insert(invitations).values([
      { token_hash: 'prune-expired', email: 'x@example.com', role: 'teacher', kind: 'user', expires_at: ago(1000) },
      { token_hash: 'prune-live', email: 'y@example.com', role: 'teacher', kind: 'user', expires_at: later(DAY) },
    ]);
    const keyRow = (key: string, created_at: Date) => ({
      key,
      user_id: uid,
      method: 'POST',
      path: '/x/',
      request_hash: 'h',
      status_code: 200,
      response_body: {},
      created_at,
    });
    await db.insert(idempotencyKeys).values([keyRow('prune-key-old', ago(40 * DAY)), keyRow('prune-key-new', ago(20 * DAY))]);
    const mail = (to: string, over: Partial<typeof emailOutbox.$inferInsert>) => ({
      tenant_id: null,
      to,
      subject: 'Link',
      text: `link for ${to}: /secret`,
      html: '<a>/secret</a>',
      created_at: ago(60_000),
      ...over,
    });
    await db
      .insert(emailOutbox)
      .values([
        mail('sent@x', { sent_at: ago(1000), attempts: 1 }),
        mail('expired@x', { expires_at: ago(1000) }),
        mail('given-up@x', { attempts: 5, last_error: '550' }),
        mail('legacy@x', { created_at: ago(8 * DAY) }),
        mail('old-sent@x', { created_at: ago(31 * DAY), sent_at: ago(31 * DAY), attempts: 1 }),
        mail('waiting@x', { expires_at: later(3600_000) }),
        mail('retrying@x', { attempts: 2, next_attempt_at: later(60_000), expires_at: later(DAY) }),
      ]);

    const counts = await pruneExpired(db, now);

    const keysOf = async <T>(rows: Promise<T[]>, pick: (r: T) => string) =>
      (await rows)
        .map(pick)
        .filter((k) => k.startsWith('prune'))
        .sort();
    expect(await keysOf(db.select().from(rateLimits), (r) => r.key)).toEqual(['prune:old-locked', 'prune:recent']);
    expect(await keysOf(db.select().from(refreshTokens), (r) => r.jti)).toEqual(['prune-live', 'prune-revoked-live']);
    expect(await keysOf(db.select().from(communitySessions), (r) => r.token_hash)).toEqual(['prune-live']);
    expect(await keysOf(db.select().from(passwordResetTokens), (r) => r.token_hash)).toEqual(['prune-live']);
    expect(await keysOf(db.select().from(invitations), (r) => r.token_hash)).toEqual(['prune-live']);
    expect(await keysOf(db.select().from(idempotencyKeys), (r) => r.key)).toEqual(['prune-key-new']);

    const mails = new Map((await db.select().from(emailOutbox)).map((m) => [m.to, m]));
    expect(mails.has('old-sent@x')).toBe(false);
    for (const to of ['sent@x', 'expired@x', 'given-up@x', 'legacy@x']) {
      expect(mails.get(to), to).toMatchObject({ text: '', html: null, subject: 'Link' });
    }
    for (const to of ['waiting@x', 'retrying@x']) expect(mails.get(to)!.text).toContain('/secret');
    expect(counts).toMatchObject({
      rate_limits: 1,
      refresh_tokens: 1,
      community_sessions: 1,
      password_reset_tokens: 1,
      invitations: 1,
      email_outbox: 1,
    });
    expect(counts.idempotency_keys).toBeGreaterThanOrEqual(1);
    expect(counts.email_bodies).toBeGreaterThanOrEqual(4);

    // Two processes pruning at once: both finish, nothing more goes.
    const again = await Promise.all([pruneExpired(db, now), pruneExpired(db, now)]);
    expect(again.map((c) => c.email_bodies + c.refresh_tokens + c.invitations)).toEqual([0, 0]);
    expect(
      await keysOf(
        db
          .select()
          .from(refreshTokens)
          .where(inArray(refreshTokens.jti, ['prune-live'])),
        (r) => r.jti,
      ),
    ).toEqual(['prune-live']);
  });
});
