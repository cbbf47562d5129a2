// The SQL rule (server/domains/stories/visibility.ts) against the pure rule
// (src/contract/story-visibility.ts) over generated stories, authors, classes and viewers, on
// PGlite and PostgreSQL: for every viewer, the database returns exactly the stories canSeeStory allows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { PRIVACY_PREFERENCES, STORY_STATUSES, type Role } from '../../src/contract/domain';
import { canSeeStory, type AuthorFacts, type ClassFacts, type StoryFacts, type StoryViewer } from '../../src/contract/story-visibility';
import { classes, organizationLinks, stories, students, tenants, users } from '../../server/db/schema';
import { onTheShelf, storyVisibleTo, type ServerViewer } from '../../server/domains/stories/visibility';
import { startServer, TARGETS, type TestServer } from './harness';

/** A small deterministic generator, so a failure can be replayed. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CASES = Number(process.env.VISIBILITY_CASES ?? 160);

describe.each(TARGETS)('story visibility SQL mirrors the pure rule on %s', (target) => {
  let server: TestServer;
  const facts = new Map<number, { s: StoryFacts; a: AuthorFacts; c: ClassFacts | null }>();
  const viewers: { name: string; pure: StoryViewer; sql: ServerViewer }[] = [];

  beforeAll(async () => {
    server = await startServer(target);
    const db = server.database.db;
    const rand = mulberry32(20261124);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const tenantId = async (sub: string) => (await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.subdomain, sub)))[0]!.id;
    const A = await tenantId('greenfield');
    const B = await tenantId('hillside');
    const ORG = await tenantId('riverbend');
    const linked = (await db.select().from(organizationLinks).where(eq(organizationLinks.organization_id, ORG))).map((l) => l.school_id);

    const newUser = async (tenant: number | null, role: Role, active = true) =>
      (
        await db
          .insert(users)
          .values({ tenant_id: tenant, role, first_name: 'Gen', last_name: 'Erated', is_active: active })
          .returning({ id: users.id })
      )[0]!.id;
    const t1 = await newUser(A, 'teacher');
    const t2 = await newUser(A, 'teacher');
    const tB = await newUser(B, 'teacher');
    const mkClass = async (tenant: number, code: string, teacher: number | null, review: boolean) =>
      (
        await db
          .insert(classes)
          .values({ tenant_id: tenant, class_id: code, name: code, teacher_id: teacher, review_stories: review })
          .returning({ id: classes.id })
      )[0]!.id;
    const c1 = await mkClass(A, 'GENVIS1', t1, true);
    const c2 = await mkClass(A, 'GENVIS2', t2, false);
    const c3 = await mkClass(B, 'GENVIS3', tB, false);
    const review = new Map([
      [c1, true],
      [c2, false],
      [c3, false],
    ]);
    const classTenant = new Map([
      [c1, A],
      [c2, A],
      [c3, B],
    ]);
    const taught = new Map([
      [t1, [c1]],
      [t2, [c2]],
      [tB, [c3]],
    ]);

    const authorIds: number[] = [];
    for (let i = 0; i < CASES; i++) {
      const tenant = rand() < 0.8 ? A : B;
      const sameSchoolClasses = [...classTenant].filter(([, t]) => t === tenant).map(([id]) => id);
      const isStudent = rand() < 0.85;
      const author: AuthorFacts = {
        privacy_preference: isStudent ? pick(PRIVACY_PREFERENCES) : null,
        archived: isStudent && rand() < 0.2,
        is_active: rand() < 0.85,
        class_id: isStudent && rand() < 0.9 ? pick(sameSchoolClasses) : null,
      };
      const authorId = await newUser(tenant, isStudent ? 'student' : 'teacher', author.is_active);
      authorIds.push(authorId);
      if (isStudent) {
        await db.insert(students).values({
          user_id: authorId,
          tenant_id: tenant,
          class_id: author.class_id,
          privacy_preference: author.privacy_preference!,
          archived: author.archived,
          password_encrypted: 'x',
        });
      }
      const s: StoryFacts = {
        tenant_id: tenant,
        author_id: authorId,
        class_id: rand() < 0.85 ? pick(sameSchoolClasses) : null,
        status: pick(STORY_STATUSES),
        privacy_preference: pick(PRIVACY_PREFERENCES),
        is_archived: rand() < 0.15,
        hidden: rand() < 0.1,
        deleted: rand() < 0.1,
      };
      const [row] = await db
        .insert(stories)
        .values({
          tenant_id: s.tenant_id,
          author_id: s.author_id,
          class_id: s.class_id,
          title: `Generated ${i}`,
          slug: `generated-visibility-${i}`,
          body: '<p>x</p>',
          status: s.status,
          privacy_preference: s.privacy_preference,
          is_archived: s.is_archived,
          hidden_at: s.hidden ? new Date() : null,
          deleted_at: s.deleted ? new Date() : null,
        })
        .returning({ id: stories.id });
      facts.set(row!.id, { s, a: author, c: s.class_id === null ? null : { review_stories: review.get(s.class_id)! } });
    }

    const user = (name: string, id: number, role: Role, tenant: number | null) =>
      viewers.push({
        name,
        pure: {
          kind: 'user',
          id,
          role,
          tenant_id: tenant,
          teaches: taught.get(id) ?? [],
          linked_schools: role === 'organization_admin' && tenant === ORG ? linked : [],
        },
        sql: { kind: 'user', id, role, tenant_id: tenant },
      });
    viewers.push({ name: 'anonymous', pure: { kind: 'anonymous' }, sql: { kind: 'anonymous' } });
    viewers.push({ name: 'parent A', pure: { kind: 'community', tenant_id: A }, sql: { kind: 'community', tenant_id: A } });
    viewers.push({ name: 'parent B', pure: { kind: 'community', tenant_id: B }, sql: { kind: 'community', tenant_id: B } });
    for (const [k, id] of authorIds.slice(0, 6).entries()) {
      const f = [...facts.values()].find((x) => x.s.author_id === id)!;
      user(`author ${k}`, id, 'student', f.s.tenant_id);
    }
    user('teacher 1', t1, 'teacher', A);
    user('teacher 2', t2, 'teacher', A);
    user('teacher B', tB, 'teacher', B);
    user('school admin A', await newUser(A, 'school_admin'), 'school_admin', A);
    user('teacher admin A', await newUser(A, 'teacher_admin'), 'teacher_admin', A);
    user('school admin B', await newUser(B, 'school_admin'), 'school_admin', B);
    user('organization admin', await newUser(ORG, 'organization_admin'), 'organization_admin', ORG);
    user('platform admin', await newUser(null, 'upschool_admin'), 'upschool_admin', null);
  }, 120_000);
  afterAll(() => server?.close());

  it('returns, for every viewer, exactly the stories the pure rule allows', async () => {
    const ids = [...facts.keys()];
    let compared = 0;
    for (const v of viewers) {
      const rows = await server.database.db
        .select({ id: stories.id })
        .from(stories)
        .where(and(inArray(stories.id, ids), storyVisibleTo(v.sql)));
      const got = rows.map((r) => r.id).sort((a, b) => a - b);
      const want = ids.filter((id) => {
        const f = facts.get(id)!;
        return canSeeStory(f.s, f.a, f.c, v.pure);
      });
      expect({ viewer: v.name, ids: got }).toEqual({ viewer: v.name, ids: want.sort((a, b) => a - b) });
      compared += ids.length;
    }
    // The generated cases cover both answers for most viewers (a rule that says "no" to all would fail).
    expect(compared).toBeGreaterThan(1000);
  });

  it('puts on the shelf only stories out for readers that the viewer may see', async () => {
    const ids = [...facts.keys()];
    for (const v of viewers) {
      const rows = await server.database.db
        .select({ id: stories.id })
        .from(stories)
        .where(and(inArray(stories.id, ids), onTheShelf(v.sql)));
      const want = ids.filter((id) => {
        const f = facts.get(id)!;
        const out =
          (f.s.status === 'published' || (f.s.status === 'submitted' && f.c !== null && !f.c.review_stories)) &&
          !f.s.is_archived &&
          !f.s.hidden &&
          f.a.is_active &&
          !f.a.archived;
        return out && canSeeStory(f.s, f.a, f.c, v.pure);
      });
      expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(want.sort((a, b) => a - b));
    }
  });
});
