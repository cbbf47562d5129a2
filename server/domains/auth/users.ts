// Users as the API shows them (never their password hash), and the look-ups sign-in needs.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { students, tenants, users, type UserRow } from '../../db/schema';
import { locksColumn, type LockRow } from './rate-limit';

export function userJson(row: UserRow) {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    username: row.username,
    role: row.role,
    avatar: row.avatar,
    country: row.country,
    tenant_id: row.tenant_id,
    language: row.language ?? null,
  };
}

const staffByEmail = preparedPer((db) =>
  db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${sql.placeholder('email')}`)
    .limit(1)
    .prepare('staff_by_email'),
);

export async function findStaffByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await staffByEmail(db).execute({ email: email.toLowerCase() });
  return row;
}

const userById = preparedPer((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('user_by_id'),
);

export async function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await userById(db).execute({ id });
  return row;
}

/** A child's account on one site, with what signing in needs: the class password and the school's state. */
export interface StudentLogin {
  user: UserRow;
  archived: boolean;
  password_encrypted: string;
  /** The school's e-mail address is not confirmed yet (it is not live). */
  awaiting_verification: boolean;
}

/**
 * A child's sign-in look-up in one query: the account, its student record, its school, and the
 * rows of the sign-in's limits (the placeholder `keys`; see locksColumn).
 */
const studentLogin = preparedPer((db) =>
  db
    .select({
      locks: locksColumn(),
      user: users,
      archived: students.archived,
      password_encrypted: students.password_encrypted,
      awaiting_verification: tenants.awaiting_verification,
    })
    .from(users)
    .innerJoin(students, eq(students.user_id, users.id))
    .innerJoin(tenants, eq(tenants.id, users.tenant_id))
    .where(and(eq(users.tenant_id, sql.placeholder('tenant')), eq(users.username, sql.placeholder('username')), eq(users.role, 'student')))
    .limit(1)
    .prepare('student_login'),
);

/** The child's look-up with the rows of the limits `keys` (null when the account is not found). */
export async function findStudentLogin(
  db: Db,
  tenantId: number,
  username: string,
  keys: string[],
): Promise<(StudentLogin & { locks: LockRow[] | null }) | undefined> {
  const [row] = await studentLogin(db).execute({ keys, tenant: tenantId, username: username.toLowerCase() });
  return row;
}
