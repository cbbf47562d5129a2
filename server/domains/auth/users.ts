// Users as the API shows them (never their password hash), and the look-ups sign-in needs.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { students, tenants, users, type UserRow } from '../../db/schema';

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

export async function findStaffByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
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

/** A child's sign-in look-up in one query: the account, its student record and its school. */
export async function findStudentLogin(db: Db, tenantId: number, username: string): Promise<StudentLogin | undefined> {
  const [row] = await db
    .select({
      user: users,
      archived: students.archived,
      password_encrypted: students.password_encrypted,
      awaiting_verification: tenants.awaiting_verification,
    })
    .from(users)
    .innerJoin(students, eq(students.user_id, users.id))
    .innerJoin(tenants, eq(tenants.id, users.tenant_id))
    .where(and(eq(users.tenant_id, tenantId), eq(users.username, username.toLowerCase()), eq(users.role, 'student')))
    .limit(1);
  return row;
}
