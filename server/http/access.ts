// Who reaches which tenants in the school and organization areas: a school
// admin its own school, an organization admin the schools linked to its organization (and its
// organization's own records where an area says so), and the platform's admins every tenant.
// Every area's query builds its WHERE clause from one `Scope`, so the rule is written once; a
// record outside it is simply not found (404), never found and then refused.
import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import { organizationLinks } from '../db/schema';
import type { AppEnv, AuthUser } from './env';
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
  return c.get('tenant') ?? fail(404, 'This page belongs to a school site.');
}

/** The ids of the schools linked to an organization, as a subquery. */
export const linkedSchools = (organizationId: number): SQL =>
  sql`(select ${organizationLinks.school_id} from ${organizationLinks} where ${organizationLinks.organization_id} = ${organizationId})`;

/**
 * Whose records a request reaches: the platform's admins every tenant's; an organization admin
 * the schools linked to the organization whose site it is; anyone else the site's own school.
 * Each area's lists, numbers and exports take this one value, so one query serves the platform,
 * an organization and a school alike.
 */
export type Scope = { kind: 'platform' } | { kind: 'organization'; id: number } | { kind: 'school'; tenantId: number };

/** The scope of a caller on a site (a school or organization site unless they are a platform admin). */
export function scopeOf(user: Pick<AuthUser, 'role'>, tenant: { id: number } | null): Scope {
  if (user.role === 'upschool_admin') return { kind: 'platform' };
  const site = tenant ?? fail(404, 'This page belongs to a school site.');
  return user.role === 'organization_admin' ? { kind: 'organization', id: site.id } : { kind: 'school', tenantId: site.id };
}

/** The scope of this request, from its signed-in user and its site. */
export const requestScope = (c: Context<AppEnv>): Scope => scopeOf(signedInUser(c), c.get('tenant'));

/** `column` (a tenant id) belongs to the scope: any tenant, the organization's schools, or the school. */
export function inScope(scope: Scope, column: AnyColumn): SQL | undefined {
  if (scope.kind === 'platform') return undefined;
  return scope.kind === 'organization' ? sql`${column} in ${linkedSchools(scope.id)}` : eq(column, scope.tenantId);
}
