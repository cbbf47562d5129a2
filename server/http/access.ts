// Who reaches which tenants in the school and organization areas: a school
// admin its own school, an organization admin the schools linked to its organization (and its
// organization's own records where an area says so). Every school- and organization-area route
// builds its WHERE clause from these, so the scope is written once; a record outside it is
// simply not found (404), never found and then refused.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { organizationLinks } from '../db/schema';
import type { AppEnv } from './env';
import { fail } from './errors';
import { signedInUser } from './route';

// The role lists, declared once: every route's `access` names one of these (or combines them).

/** Everyone who works with a school's classes and books: teachers, teacher admins, school admins,
 *  and organization admins (for their linked schools). */
export const SCHOOL_STAFF = ['teacher', 'teacher_admin', 'school_admin', 'organization_admin'] as const;
/** The staff of one school's classes (organization admins work across schools, not in classes). */
export const CLASS_STAFF = ['teacher', 'teacher_admin', 'school_admin'] as const;
/** Who sees the whole school, not only the classes they teach. */
export const SCHOOL_ADMINS = ['school_admin', 'organization_admin', 'teacher_admin'] as const;
/** Who writes stories and makes books: children, and the staff of their school. */
export const WRITERS = ['student', ...CLASS_STAFF] as const;

/** The platform's own area: its admins only, on any site. */
export const PLATFORM = { roles: ['upschool_admin'] } as const;
/** The school area: school admins, and organization admins for their linked schools. */
export const SCHOOL_AREA = { roles: ['school_admin', 'organization_admin'], site: 'tenant' } as const;
/** What only a school admin does (manage its school's organizations; an organization admin may not). */
export const SCHOOL_ADMIN_ONLY = { roles: ['school_admin'], site: 'tenant' } as const;
/** The organization area. */
export const ORGANIZATION_AREA = { roles: ['organization_admin'], site: 'tenant' } as const;

/** The site's tenant (the guard of a `site: 'tenant'` route has checked there is one). */
export function siteTenant(c: Context<AppEnv>) {
  return c.var.tenant ?? fail(404, 'This page belongs to a school site.');
}

/** The ids of the schools linked to an organization, as a subquery. */
export const linkedSchools = (organizationId: number): SQL =>
  sql`(select ${organizationLinks.school_id} from ${organizationLinks} where ${organizationLinks.organization_id} = ${organizationId})`;

/** The schools the caller's school-area work covers: its school, or its organization's schools. */
export function areaSchools(c: Context<AppEnv>): SQL {
  const tenant = siteTenant(c);
  return signedInUser(c).role === 'organization_admin' ? linkedSchools(tenant.id) : sql`(${tenant.id})`;
}

/** `column` belongs to one of the caller's schools. */
export const inAreaSchools = (c: Context<AppEnv>, column: AnyColumn): SQL => sql`${column} in ${areaSchools(c)}`;
