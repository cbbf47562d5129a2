// Seeds an empty database with exactly the demo data of DEMO_DATA.md, in one transaction, once.
// `scale: 'bench'` adds the benchmark extras (20,000 books, a class of 2,000) on top, also once;
// `scale: 'load'` adds 20 classes of 30 for the class-start burst of bench:load, also once.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { excerptOf, textFromHtml, wordCount } from '../../src/contract/document';
import type { Db, Tx } from './client';
import {
  appMeta,
  books,
  categories,
  charities,
  classes,
  faqs,
  modes,
  planModes,
  subscriptionPlans,
  subscriptionVariants,
  organizationLinks,
  pages,
  stories,
  students,
  tenants,
  users,
} from './schema';
import {
  BENCH_BOOKS,
  BENCH_CLASS,
  CATEGORIES,
  CHARITIES,
  DEMO_ACCOUNTS,
  LATER_ACCOUNTS,
  DEMO_BOOKS,
  DEMO_CLASSES,
  DEMO_TENANTS,
  FAQS,
  FIRST_NAMES,
  LAST_NAMES,
  LOAD_CLASSES,
  MODES,
  SUBMITTED_BOOKS,
  bookDescription,
  bookTitle,
  pick,
  random,
  storyText,
  studentPassword,
  type ClassSeed,
} from './seed-data';
import { encryptText, hashPassword } from '../lib/crypto';
import type { SeedScale } from '../config';
import { DEFAULT_PAGES } from './pages-content';

/** Demo dates are fixed too, so date filters behave the same everywhere. */
const EPOCH = Date.UTC(2026, 8, 1, 8, 0, 0);
const BATCH = 500;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

async function metaValue(db: Db | Tx, key: string): Promise<string | undefined> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, key)).limit(1);
  return row?.value;
}

interface SeedContext {
  tx: Tx;
  dataKey: Buffer;
  tenantIds: Map<string, number>;
  userIds: Map<string, number>;
  /** usernames taken per tenant, to suffix clashes deterministically */
  usernames: Map<number, Set<string>>;
}

function uniqueUsername(ctx: SeedContext, tenantId: number, first: string, last: string): string {
  const taken = ctx.usernames.get(tenantId) ?? new Set<string>();
  ctx.usernames.set(tenantId, taken);
  const base = `${first}.${last}`.toLowerCase().replace(/[^a-z0-9.]/g, '');
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  taken.add(name);
  return name;
}

async function seedClass(ctx: SeedContext, seed: ClassSeed, rand: () => number) {
  const tenantId = ctx.tenantIds.get(seed.tenant)!;
  const [cls] = await ctx.tx
    .insert(classes)
    .values({
      tenant_id: tenantId,
      class_id: seed.code,
      name: seed.name,
      class_theme: seed.theme,
      teacher_id: ctx.userIds.get(seed.teacher)!,
    })
    .returning({ id: classes.id });
  const fixedNames = new Set(seed.fixed.map((f) => `${f.first_name} ${f.last_name}`));
  const roster: { first_name: string; last_name: string; password: string }[] = [];
  while (roster.length < seed.size) {
    const fixed = seed.fixed.find((f) => (f.at ?? 0) === roster.length);
    if (fixed) {
      roster.push(fixed);
      continue;
    }
    const first_name = pick(rand, FIRST_NAMES);
    const last_name = pick(rand, LAST_NAMES);
    if (fixedNames.has(`${first_name} ${last_name}`)) continue;
    roster.push({ first_name, last_name, password: studentPassword(rand) });
  }
  const rows = roster.map((s, i) => ({
    ...s,
    username: uniqueUsername(ctx, tenantId, s.first_name, s.last_name),
    date_joined: new Date(EPOCH + i * 3_600_000),
  }));
  await insertInBatches(rows, async (batch) => {
    const inserted = await ctx.tx
      .insert(users)
      .values(
        batch.map((s) => ({
          tenant_id: tenantId,
          role: 'student' as const,
          username: s.username,
          first_name: s.first_name,
          last_name: s.last_name,
          date_joined: s.date_joined,
        })),
      )
      .returning({ id: users.id });
    await ctx.tx.insert(students).values(
      inserted.map((u, i) => ({
        user_id: u.id,
        tenant_id: tenantId,
        class_id: cls!.id,
        privacy_preference: (['private', 'community', 'public'] as const)[i % 3]!,
        password_encrypted: encryptText(ctx.dataKey, batch[i]!.password),
      })),
    );
  });
}

async function seedBooks(tx: Tx, categoryIds: number[], from: number, to: number) {
  const rand = random(7001 + from);
  const rows = [];
  for (let i = from; i < to; i++) {
    const c = i % CATEGORIES.length;
    const title = bookTitle(rand);
    rows.push({
      category_id: categoryIds[c]!,
      title,
      author: `${pick(rand, FIRST_NAMES)} ${pick(rand, LAST_NAMES)}`,
      description: bookDescription(title, CATEGORIES[c]![0], rand),
      price_cents: 499 + Math.floor(rand() * 20) * 100,
      cover: '',
      is_featured: i % 25 === 0,
      created_at: new Date(EPOCH - (to - i) * 60_000),
    });
  }
  await insertInBatches(rows, async (batch) => {
    const inserted = await tx.insert(books).values(batch).returning({ id: books.id });
    // Covers are drawn by GET /api/covers/{id}.svg; the id is known only after the insert.
    await tx
      .update(books)
      .set({ cover: sql`'/api/covers/' || ${books.id} || '.svg'` })
      .where(
        inArray(
          books.id,
          inserted.map((b) => b.id),
        ),
      );
  });
}

async function seedDemo(tx: Tx, dataKey: Buffer) {
  const ctx: SeedContext = { tx, dataKey, tenantIds: new Map(), userIds: new Map(), usernames: new Map() };

  for (const t of DEMO_TENANTS) {
    const { community_password, ...fields } = t;
    const [row] = await tx
      .insert(tenants)
      .values({ ...fields, community_password_hash: community_password ? await hashPassword(community_password) : null })
      .returning({ id: tenants.id });
    ctx.tenantIds.set(t.subdomain, row!.id);
  }
  const org = ctx.tenantIds.get('riverbend')!;
  await tx.insert(organizationLinks).values([
    { organization_id: org, school_id: ctx.tenantIds.get('greenfield')! },
    { organization_id: org, school_id: ctx.tenantIds.get('hillside')! },
  ]);

  for (const a of DEMO_ACCOUNTS) await seedAccount(ctx, a);

  const rand = random(2026);
  for (const c of DEMO_CLASSES) await seedClass(ctx, c, rand);

  const categoryIds = (
    await tx
      .insert(categories)
      .values(CATEGORIES.map(([name, slug]) => ({ name, slug, description: `${name} for young readers.` })))
      .returning({ id: categories.id })
  ).map((r) => r.id);
  await seedBooks(tx, categoryIds, 0, DEMO_BOOKS);

  // Charities first: the stories below name the published ones as their causes.
  const causeIds = (
    await tx
      .insert(charities)
      .values(
        CHARITIES.map(([name, slug, status, description], i) => ({
          name,
          slug,
          status,
          description,
          goal_cents: (i + 1) * 250_000,
          created_by: ctx.userIds.get('admin@example.com')!,
        })),
      )
      .returning({ id: charities.id, status: charities.status })
  )
    .filter((c) => c.status === 'published')
    .map((c) => c.id);

  // 48 stories (44 published, 4 drafts), spread over the demo students of both schools.
  const storyRand = random(4242);
  const authors = await tx
    .select({ id: users.id, tenant_id: users.tenant_id, class_id: students.class_id })
    .from(users)
    .innerJoin(students, eq(students.user_id, users.id))
    .orderBy(users.id);
  const storyRows = Array.from({ length: 48 }, (_, i) => {
    const author = authors[(i * 7) % authors.length]!;
    const { title, body } = storyText(storyRand);
    return {
      tenant_id: author.tenant_id!,
      author_id: author.id,
      class_id: author.class_id,
      title,
      slug: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${i + 1}`,
      body,
      excerpt: excerptOf(textFromHtml(body)),
      word_count: wordCount(textFromHtml(body)),
      privacy_preference: (['public', 'community', 'public', 'private'] as const)[i % 4]!,
      status: i % 12 === 11 ? ('draft' as const) : ('published' as const),
      is_featured: i % 5 === 0,
      // What each story is about (the impact count): one or two of the 17 SDGs on two stories
      // in three, a platform charity cause on every fourth.
      sdgs: i % 3 === 2 ? [] : i % 2 ? [(i % 17) + 1, ((i + 5) % 17) + 1] : [(i % 17) + 1],
      charity_id: i % 4 === 1 ? causeIds[i % causeIds.length]! : null,
      created_at: new Date(EPOCH + i * 86_400_000),
    };
  });
  await tx.insert(stories).values(storyRows);
  await seedWaitingStories(tx);

  const modeRows = await tx
    .insert(modes)
    .values(MODES.map((m, i) => ({ ...m, sort_order: i })))
    .returning({ id: modes.id, locked: modes.locked });
  // A demo plan that opens the locked modes, monthly or yearly.
  const [plan] = await tx
    .insert(subscriptionPlans)
    .values({ name: 'School Plus', description: 'Every locked mode of the switchboard.' })
    .returning({ id: subscriptionPlans.id });
  await tx.insert(planModes).values(modeRows.filter((m) => m.locked).map((m) => ({ plan_id: plan!.id, mode_id: m.id })));
  await tx.insert(subscriptionVariants).values([
    { plan_id: plan!.id, interval: 'month', price_cents: 2900, currency: 'USD', seats: 30 },
    { plan_id: plan!.id, interval: 'year', price_cents: 29000, currency: 'USD', seats: 30 },
  ]);
  await tx.insert(faqs).values(FAQS.map((f, i) => ({ ...f, sort_order: i })));
  for (const a of LATER_ACCOUNTS) await seedAccount(ctx, a);
  await seedSubmittedBooks(ctx);
}

/** Class books handed in by their teacher and waiting to be published (SUBMITTED_BOOKS). */
async function seedSubmittedBooks(ctx: SeedContext) {
  for (const b of SUBMITTED_BOOKS) {
    const [cls] = await ctx.tx
      .select({ id: classes.id, teacher_id: classes.teacher_id })
      .from(classes)
      .where(eq(classes.class_id, b.class));
    const [row] = await ctx.tx
      .insert(books)
      .values({
        tenant_id: ctx.tenantIds.get(b.tenant)!,
        class_id: cls?.id ?? null,
        created_by: cls?.teacher_id ?? null,
        title: b.title,
        author: b.author,
        price_cents: 0,
        cover: '',
        kind: 'made',
        status: 'submitted',
        published: false,
        page_count: b.pages,
        submitted_at: new Date(),
      })
      .returning({ id: books.id });
    await ctx.tx
      .update(books)
      .set({ cover: `/api/covers/${row!.id}.svg` })
      .where(eq(books.id, row!.id));
  }
}

async function seedAccount(ctx: SeedContext, a: (typeof DEMO_ACCOUNTS)[number] | (typeof LATER_ACCOUNTS)[number]) {
  const [row] = await ctx.tx
    .insert(users)
    .values({
      tenant_id: a.tenant ? ctx.tenantIds.get(a.tenant)! : null,
      role: a.role,
      email: a.email,
      first_name: a.first_name,
      last_name: a.last_name,
      country: 'GB',
      password_hash: await hashPassword(a.password),
      date_joined: new Date(EPOCH - 86_400_000),
    })
    .returning({ id: users.id });
  ctx.userIds.set(a.email, row!.id);
}

/** A seed context for adding classes to Greenfield after the demo data (usernames stay unique). */
async function greenfieldContext(tx: Tx, dataKey: Buffer, teacherEmail: string): Promise<SeedContext> {
  const greenfield = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.subdomain, 'greenfield'));
  const teacher = await tx.select({ id: users.id }).from(users).where(eq(users.email, teacherEmail));
  const taken = await tx.select({ username: users.username }).from(users).where(eq(users.tenant_id, greenfield[0]!.id));
  return {
    tx,
    dataKey,
    tenantIds: new Map([['greenfield', greenfield[0]!.id]]),
    userIds: new Map([[teacherEmail, teacher[0]!.id]]),
    usernames: new Map([[greenfield[0]!.id, new Set(taken.map((t) => t.username!))]]),
  };
}

async function seedLoad(tx: Tx, dataKey: Buffer) {
  const ctx = await greenfieldContext(tx, dataKey, LOAD_CLASSES[0]!.teacher);
  const rand = random(5150);
  for (const c of LOAD_CLASSES) await seedClass(ctx, c, rand);
}

/**
 * Two stories waiting for review in Year 4 Robins by its first public child, so a fresh install's
 * Teacher Dashboard has a review queue; in the second a teacher has already mended a spelling,
 * which the child sees as what changed.
 */
async function seedWaitingStories(tx: Tx) {
  const [author] = await tx
    .select({ id: students.user_id, tenant_id: students.tenant_id, class_id: students.class_id })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.class_id))
    .where(and(eq(classes.class_id, 'ROBINS4'), eq(students.privacy_preference, 'public')))
    .orderBy(students.user_id)
    .limit(1);
  if (!author) return;
  const waiting = [
    [
      'The Kite That Flew Home',
      'the-kite-that-flew-home',
      'My kite flew over the school and the river. It came home at tea time.',
      'My kite flew over the school and the river. It came home at tea time.',
    ],
    [
      'A Garden on the Roof',
      'a-garden-on-the-roof',
      'We planted beans on the roof of our school. The bees came to visit.',
      'We planted beens on the roof of our school. The bees came to visit.',
    ],
  ] as const;
  await tx.insert(stories).values(
    waiting.map(([title, slug, text, submitted], i) => ({
      tenant_id: author.tenant_id,
      author_id: author.id,
      class_id: author.class_id,
      title,
      slug,
      body: `<p>${text}</p>`,
      excerpt: text,
      word_count: text.split(/\s+/).length,
      submitted_text: submitted,
      privacy_preference: 'public' as const,
      status: 'submitted' as const,
      step: 4,
      sdgs: i === 0 ? [13] : [2, 15],
      submitted_at: new Date(EPOCH + (60 + i) * 86_400_000),
      created_at: new Date(EPOCH + (59 + i) * 86_400_000),
    })),
  );
}

async function seedBench(tx: Tx, dataKey: Buffer) {
  const greenfield = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.subdomain, 'greenfield'));
  const teacher = await tx.select({ id: users.id }).from(users).where(eq(users.email, BENCH_CLASS.teacher));
  const taken = await tx.select({ username: users.username }).from(users).where(eq(users.tenant_id, greenfield[0]!.id));
  const ctx: SeedContext = {
    tx,
    dataKey,
    tenantIds: new Map([['greenfield', greenfield[0]!.id]]),
    userIds: new Map([[BENCH_CLASS.teacher, teacher[0]!.id]]),
    usernames: new Map([[greenfield[0]!.id, new Set(taken.map((t) => t.username!))]]),
  };
  await seedClass(ctx, BENCH_CLASS, random(9090));
  const categoryIds = (await tx.select({ id: categories.id }).from(categories).orderBy(categories.id)).map((c) => c.id);
  await seedBooks(tx, categoryIds, DEMO_BOOKS, BENCH_BOOKS);
}

/**
 * The platform's public pages: content, not demo data, so production gets them too and an
 * installation seeded before pages existed gets them once; staff edits are never overwritten.
 * Their HTML is stored as written: it is already what the sanitiser makes of it (a test says so),
 * so seeding never loads jsdom into the API process (purifier.ts).
 */
async function seedPagesIn(tx: Tx): Promise<boolean> {
  if (await metaValue(tx, 'seeded_pages')) return false;
  await tx.insert(pages).values(DEFAULT_PAGES.map((p) => ({ ...p, tenant_id: null, updated_at: new Date(EPOCH) })));
  await tx.insert(appMeta).values({ key: 'seeded_pages', value: new Date().toISOString() });
  return true;
}

/** The public pages alone (production without demo data). */
export async function seedContent(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(20261122)`);
    return (await seedPagesIn(tx)) ? ['public pages'] : [];
  });
}

/** Seeds what is missing; returns what it did, for the start-up log. */
export async function seed(db: Db, dataKey: Buffer, scale: SeedScale = 'demo'): Promise<string[]> {
  const done: string[] = [];
  await db.transaction(async (tx) => {
    // Serialises two processes starting on one PostgreSQL; PGlite is single-connection anyway.
    await tx.execute(sql`select pg_advisory_xact_lock(20261122)`);
    if (!(await metaValue(tx, 'seeded_demo'))) {
      await seedDemo(tx, dataKey);
      await tx.insert(appMeta).values({ key: 'seeded_demo', value: new Date().toISOString() });
      done.push('demo data');
    }
    if (await seedPagesIn(tx)) done.push('public pages');
    if (scale === 'bench' && !(await metaValue(tx, 'seeded_bench'))) {
      await seedBench(tx, dataKey);
      await tx.insert(appMeta).values({ key: 'seeded_bench', value: new Date().toISOString() });
      done.push('benchmark data (20,000 books, class BENCH2K of 2,000 students)');
    }
    if (scale === 'load' && !(await metaValue(tx, 'seeded_load'))) {
      await seedLoad(tx, dataKey);
      await tx.insert(appMeta).values({ key: 'seeded_load', value: new Date().toISOString() });
      done.push('load data (classes LOAD01 to LOAD20 of 30 students each)');
    }
  });
  // Fresh statistics for what was just written: without them the planner takes thousands of
  // rows for a handful (a child's sign-in scanned the whole school's students instead of the
  // username index), and PGlite has no autovacuum to gather them later.
  if (done.length) await db.execute(sql`analyze`);
  return done;
}
