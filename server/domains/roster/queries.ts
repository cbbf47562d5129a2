// Who may see and change which classes and students, and the roster's shared queries.
// A teacher reaches the classes they teach (and those classes' students, archived ones too);
// a school or teacher admin the whole school; an organization admin every linked school.
// Every roster route builds its WHERE clause from `classScope` / `studentScope`, so tenant and
// role scoping live in this one place.
import { and, count, eq, ilike, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { StudentName } from '../../../src/contract/roster';
import type { Queryable } from '../../db/client';
import { classes, organizationLinks, stories, students, users, type TenantRow } from '../../db/schema';
import { newClassCode } from './class-codes';
import { newClassPassword } from './class-passwords';
import { cursorTs } from '../../http/cursor';
import type { AuthUser } from '../../http/env';
import { encryptText } from '../../lib/crypto';

/** The schools a user's roster work covers on this site. */
export function schoolIds(tenant: TenantRow, user: AuthUser): SQL {
  if (user.role === 'organization_admin') {
    return sql`(select ${organizationLinks.school_id} from ${organizationLinks} where ${organizationLinks.organization_id} = ${tenant.id})`;
  }
  return sql`(${tenant.id})`;
}

/** Classes this user may see and manage on this site (live ones only). */
export function classScope(tenant: TenantRow, user: AuthUser): SQL {
  return and(
    sql`${classes.tenant_id} in ${schoolIds(tenant, user)}`,
    isNull(classes.deleted_at),
    user.role === 'teacher' ? eq(classes.teacher_id, user.id) : undefined,
  )!;
}

/** Students this user may see and manage: in their classes (teachers) or their schools (admins). */
export function studentScope(tenant: TenantRow, user: AuthUser): SQL {
  const inSchools = sql`${students.tenant_id} in ${schoolIds(tenant, user)}`;
  if (user.role !== 'teacher') return inSchools;
  return and(inSchools, sql`${students.class_id} in (select ${classes.id} from ${classes} where ${classScope(tenant, user)})`)!;
}

/** Students as the API answers them (a student's record, never the password). */
export const studentColumns = {
  id: users.id,
  first_name: users.first_name,
  last_name: users.last_name,
  username: users.username,
  email: users.email,
  privacy_preference: students.privacy_preference,
  class_id: students.class_id,
  class_code: classes.class_id,
  class_name: classes.name,
  archived: students.archived,
  is_featured: students.is_featured,
  is_active: users.is_active,
  no_of_books: sql<number>`(select count(*)::int from ${stories} where ${stories.author_id} = ${users.id} and ${stories.deleted_at} is null)`,
  date_joined: users.date_joined,
  last_login: users.last_login,
  /** Every change to a student (name, password, class, privacy) moves this row's updated_at. */
  updated_at: cursorTs(students.updated_at),
};

/** The row answered for a student (dates as ISO text, the class as stu_class). */
export function studentJson(row: {
  id: number;
  first_name: string;
  last_name: string;
  username: string | null;
  email: string | null;
  privacy_preference: 'public' | 'private' | 'community';
  class_id: number | null;
  class_code: string | null;
  class_name: string | null;
  archived: boolean;
  is_featured: boolean;
  is_active: boolean;
  no_of_books: number;
  date_joined: Date;
  last_login: Date | null;
  updated_at: string;
}) {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    username: row.username ?? '',
    email: row.email,
    privacy_preference: row.privacy_preference,
    class_id: row.class_id,
    stu_class: row.class_id !== null && row.class_code ? { id: row.class_id, class_id: row.class_code, name: row.class_name ?? '' } : null,
    archived: row.archived,
    is_featured: row.is_featured,
    no_of_books: row.no_of_books,
    date_joined: row.date_joined.toISOString(),
    last_login: row.last_login?.toISOString() ?? null,
    updated_at: row.updated_at,
    deleted: !row.is_active,
  };
}

export function selectStudents(db: Queryable) {
  return db
    .select(studentColumns)
    .from(students)
    .innerJoin(users, eq(users.id, students.user_id))
    .leftJoin(classes, eq(classes.id, students.class_id));
}

/** Of `ids`, the students this user may manage; the rest are refused by the caller. */
export async function reachableStudents(db: Queryable, tenant: TenantRow, user: AuthUser, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: students.user_id })
    .from(students)
    .where(and(inArray(students.user_id, ids), studentScope(tenant, user)));
  return rows.map((r) => r.id);
}

/** One class this user may manage, or undefined. */
export async function reachableClass(db: Queryable, tenant: TenantRow, user: AuthUser, id: number) {
  const [row] = await db
    .select()
    .from(classes)
    .where(and(eq(classes.id, id), classScope(tenant, user)))
    .limit(1);
  return row;
}

/** A class's list position moves when its students change, so pull sync fetches its counts again. */
export async function touchClasses(db: Queryable, classIds: (number | null)[]) {
  const ids = [...new Set(classIds.filter((id): id is number => id !== null))];
  if (ids.length) await db.update(classes).set({ updated_at: new Date() }).where(inArray(classes.id, ids));
}

export async function classIdsOf(db: Queryable, studentIds: number[]): Promise<(number | null)[]> {
  if (!studentIds.length) return [];
  const rows = await db.select({ class_id: students.class_id }).from(students).where(inArray(students.user_id, studentIds));
  return rows.map((r) => r.class_id);
}

const usernameBase = (first: string, last: string) =>
  `${first}.${last}`
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9.]/g, '')
    .replace(/^\.+|\.+$/g, '') || 'student';

/** New students in a class, each with a unique username in the school and a fresh class password. */
export async function createStudents(
  db: Queryable,
  dataKey: Buffer,
  cls: { id: number; tenant_id: number },
  names: StudentName[],
): Promise<{ id: number; username: string; password: string }[]> {
  if (!names.length) return [];
  const bases = names.map((n) => usernameBase(n.first_name, n.last_name));
  // Usernames that could clash: any starting with one of the new bases, all asked in one statement
  // (a statement is a turn of PGlite's one connection, which every other school's query waits for).
  const prefixes = [...new Set(bases)].map((base) => likeText(base).slice(1));
  const clashing = await db
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.tenant_id, cls.tenant_id), sql`${users.username} like any(${sql.param(prefixes)}::text[])`));
  const taken = new Set(clashing.map((r) => r.username).filter((u) => u !== null));
  // Where each base's numbering goes on: 500 children of one name once tried 1 + 2 + ... + 500
  // names (125,000, a tenth of a second of the event loop).
  const nextNumber = new Map<string, number>();
  const fresh = names.map((n, i) => {
    const base = bases[i]!;
    let username = base;
    for (let k = nextNumber.get(base) ?? 2; taken.has(username); k++) {
      username = `${base}${k}`;
      nextNumber.set(base, k + 1);
    }
    taken.add(username);
    return { ...n, username, password: newClassPassword() };
  });
  // Two statements for the whole class, each row's values passed as arrays (unnest): PGlite runs a
  // statement on this thread, and drizzle's multi-row VALUES of every column made 500 children
  // ten statements of 10-36 ms (health waited ~200 ms for the transaction); as arrays, 500 rows
  // are one statement of about 20 ms.
  const column = (pick: (s: (typeof fresh)[number]) => string) => sql.param(fresh.map(pick));
  const made = await db.execute(sql`
    insert into ${users} (tenant_id, role, username, first_name, last_name)
    select ${cls.tenant_id}::int, 'student', * from unnest(${column((s) => s.username)}::text[],
      ${column((s) => s.first_name)}::text[], ${column((s) => s.last_name)}::text[])
    returning id, username`);
  const { rows } = made as unknown as { rows: { id: number; username: string }[] };
  const idOf = new Map(rows.map((r) => [r.username, Number(r.id)]));
  const ids = fresh.map((s) => idOf.get(s.username)!);
  await db.execute(sql`
    insert into ${students} (user_id, tenant_id, class_id, password_encrypted)
    select id, ${cls.tenant_id}::int, ${cls.id}::int, password
    from unnest(${sql.param(ids)}::int[], ${column((s) => encryptText(dataKey, s.password))}::text[]) as added(id, password)`);
  await touchClasses(db, [cls.id]);
  return fresh.map((s, i) => ({ id: ids[i]!, username: s.username, password: s.password }));
}

/** Students (not archived) and published stories per class. */
export const classCounts = {
  no_of_students: sql<number>`(select ${count()}::int from ${students} where ${students.class_id} = ${classes.id} and not ${students.archived})`,
  no_of_books: sql<number>`(select ${count()}::int from ${stories} where ${stories.class_id} = ${classes.id} and ${stories.deleted_at} is null)`,
};

/** `%` and `_` typed into a search box are letters, not wildcards. */
export function likeText(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Users whose first, last or full name or username contains the search text (none: no condition). */
export function nameMatches(search: string | undefined): SQL | undefined {
  return search ? namesLike(likeText(search)) : undefined;
}

type NameColumns = Record<'first_name' | 'last_name' | 'username', Parameters<typeof ilike>[0]>;

/** `pattern` (an ILIKE pattern, or a placeholder for one) matches a name or the username (of `of`: users, or a subquery's). */
export function namesLike(pattern: string | SQLWrapper, of: NameColumns = users): SQL | undefined {
  return or(
    ilike(of.first_name, pattern),
    ilike(of.last_name, pattern),
    ilike(sql`${of.first_name} || ' ' || ${of.last_name}`, pattern),
    ilike(of.username, pattern),
  );
}

/** A random class code no class has yet (./class-codes.ts: never made from the class's name). */
export async function freeClassCode(db: Queryable): Promise<string> {
  for (;;) {
    const code = newClassCode();
    const [used] = await db
      .select({ id: classes.id })
      .from(classes)
      .where(sql`upper(${classes.class_id}) = ${code}`);
    if (!used) return code;
  }
}
