// The demo seed is exactly DEMO_DATA.md, deterministic, and never runs twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import { books, categories, charities, classes, faqs, modes, stories, students, tenants, users } from '../../server/db/schema';
import { seed } from '../../server/db/seed';
import { openDatabase } from '../../server/db/client';
import { decryptText, deriveKeys } from '../../server/lib/crypto';
import { TARGETS, startServer, type TestServer } from './harness';

describe.each(TARGETS)('demo seed on %s', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(() => server.close());
  const db = () => server.database.db;

  async function roster(code: string) {
    return db()
      .select({
        first: users.first_name,
        last: users.last_name,
        username: users.username,
        sealed: students.password_encrypted,
        tenant: tenants.subdomain,
      })
      .from(students)
      .innerJoin(users, eq(users.id, students.user_id))
      .innerJoin(classes, eq(classes.id, students.class_id))
      .innerJoin(tenants, eq(tenants.id, classes.tenant_id))
      .where(eq(classes.class_id, code))
      .orderBy(asc(users.id));
  }

  it('has the three tenants, Riverbend linking the two schools', async () => {
    const rows = await db().select().from(tenants).orderBy(asc(tenants.id));
    expect(rows.map((t) => [t.subdomain, t.school_name, t.is_organization])).toEqual([
      ['greenfield', 'Greenfield Primary', false],
      ['hillside', 'Hillside Academy', false],
      ['riverbend', 'Riverbend Trust', true],
    ]);
    expect(rows[0]).toMatchObject({ primary_color: '#2E7D32', button_color: '#F9A825', switchboard: true });
  });

  it('has the demo classes with their sizes and fixed students', async () => {
    const robins = await roster('ROBINS4');
    expect(robins).toHaveLength(24);
    expect(robins[0]).toMatchObject({ first: 'Amara', last: 'Okafor', username: 'amara.okafor', tenant: 'greenfield' });
    expect(decryptText(server.deps.keys.data, robins[0]!.sealed)).toBe('kite-7');
    const owls = await roster('OWLS5');
    expect(owls).toHaveLength(45);
    const zoe = owls.find((s) => s.username === 'zoe.zhang');
    expect(zoe && decryptText(server.deps.keys.data, zoe.sealed)).toBe('moon-3');
    const hill = await roster('HILL3');
    expect(hill).toHaveLength(10);
    expect(hill.every((s) => s.tenant === 'hillside')).toBe(true);
    const all = [...robins, ...owls];
    expect(new Set(all.map((s) => s.username)).size).toBe(all.length);
    expect(all.every((s) => /^[a-z]+\.[a-z]+\d*$/.test(s.username!))).toBe(true);
  });

  it('never stores a class password in plain text, and hashes staff passwords with argon2id', async () => {
    const robins = await roster('ROBINS4');
    expect(robins.some((s) => s.sealed.includes('kite-7'))).toBe(false);
    const staff = await db().select({ hash: users.password_hash }).from(users).where(isNotNull(users.password_hash));
    expect(staff.length).toBe(8); // the five fixed accounts, the second Greenfield teacher, the second Greenfield admin and Hillside's admin
    expect(staff.every((s) => s.hash!.startsWith('$argon2id$'))).toBe(true);
  });

  it('has the catalogue, stories, charities, modes and FAQs', async () => {
    const [[b], [c], [s]] = await Promise.all([
      db().select({ n: count() }).from(books),
      db().select({ n: count() }).from(categories),
      db().select({ n: count() }).from(stories).where(eq(stories.status, 'published')),
    ]);
    expect(b!.n).toBeGreaterThanOrEqual(500);
    expect(c!.n).toBeGreaterThanOrEqual(8);
    expect(s!.n).toBeGreaterThanOrEqual(40);
    const statuses = (await db().select({ status: charities.status, slug: charities.slug }).from(charities)).map((r) => r.status);
    expect(statuses.filter((x) => x === 'published')).toHaveLength(5);
    expect(statuses.filter((x) => x === 'draft')).toHaveLength(1);
    expect(statuses.filter((x) => x === 'archived')).toHaveLength(1);
    const m = await db().select().from(modes);
    expect(m).toHaveLength(4);
    expect(m.filter((x) => x.active && x.status === 'ACTIVE')).toHaveLength(1);
    const [pub] = await db().select({ n: count() }).from(faqs).where(eq(faqs.role, 'platform_success'));
    expect(pub!.n).toBeGreaterThan(0);
    const [book] = await db()
      .select()
      .from(books)
      .where(and(eq(books.id, 1)));
    expect(book).toMatchObject({ cover: '/api/covers/1.svg' });
    expect(book!.title.length).toBeGreaterThan(3);
    expect(book!.price_cents).toBeGreaterThan(0);
  });

  it('does nothing when run again', async () => {
    const before = await db().select({ n: count() }).from(users);
    expect(await seed(db(), server.deps.keys.data, 'demo')).toEqual([]);
    const after = await db().select({ n: count() }).from(users);
    expect(after).toEqual(before);
  });
});

describe('demo seed determinism', () => {
  it('gives the same ids, names, usernames and passwords on every install', async () => {
    const snapshot = async () => {
      const database = await openDatabase({ dataDir: 'memory://' });
      // A different server key on each install: the passwords must still come out the same.
      const keys = deriveKeys(Math.random().toString(36));
      await seed(database.db, keys.data);
      const rows = await database.db
        .select({ id: users.id, username: users.username, first: users.first_name, sealed: students.password_encrypted })
        .from(users)
        .innerJoin(students, eq(students.user_id, users.id))
        .orderBy(asc(users.id));
      const bookRows = await database.db
        .select({ id: books.id, title: books.title, price: books.price_cents })
        .from(books)
        .orderBy(asc(books.id));
      await database.close();
      return { students: rows.map((r) => ({ ...r, sealed: decryptText(keys.data, r.sealed) })), books: bookRows };
    };
    const [a, b] = [await snapshot(), await snapshot()];
    expect(a.students.length).toBe(79);
    expect(b).toEqual(a);
  }, 90_000); // two whole seeds (argon2id for each staff account) on a shared 2-core machine
});
