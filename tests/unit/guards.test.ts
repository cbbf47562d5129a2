// Who may enter which area (signed-out visitors go to /login, other roles to /), where each role's
// Dashboard link goes, which dashboards the switcher offers, and that a signed-in user never sees
// the sign-in page.
import { afterEach, describe, expect, it } from 'vitest';
import type { ParsedLocation } from '@tanstack/react-router';
import { session } from '@/api/session';
import { AREAS as AREA_LIST, type Area } from '@/app/areas';
import { redirectSignedIn, requireRoles } from '@/app/guards';
import { ROLES, dashboardOptionsFor, dashboardPathFor, type Role } from '@/contract/domain';

const signInAs = (role: Role) =>
  session.save({
    access: 'a',
    refresh: 'r',
    user: { id: 1, first_name: 'A', last_name: 'B', email: null, username: null, role, avatar: null, country: null, tenant_id: 1 },
  });

/** Where the guard sends this visitor: undefined when they may stay. */
function outcome(guard: (ctx: { location: ParsedLocation }) => void, href = '/admin-school/classes') {
  try {
    guard({ location: { href } as ParsedLocation });
    return undefined;
  } catch (thrown) {
    return (thrown as { options: Record<string, unknown> }).options;
  }
}

const AREAS: Record<keyof typeof AREA_LIST, Area> = AREA_LIST;

afterEach(() => session.clear());

describe('role guards', () => {
  it('sends signed-out visitors to /login and back to where they were going', () => {
    for (const area of Object.values(AREAS)) {
      expect(outcome(requireRoles(area.roles), `${area.base}/x?y=1`)).toMatchObject({
        to: '/login/{-$token}',
        search: { redirect: `${area.base}/x?y=1` },
      });
    }
  });

  const allowed: Record<keyof typeof AREAS, Role[]> = {
    panel: ['upschool_admin'],
    organization: ['organization_admin'],
    school: ['school_admin', 'organization_admin'],
    dashboard: [...ROLES],
  };
  it.each(Object.keys(allowed) as (keyof typeof AREAS)[])('lets only the spec roles into %s, and sends the others to /', (name) => {
    for (const role of ROLES) {
      signInAs(role);
      const result = outcome(requireRoles(AREAS[name].roles));
      if (allowed[name].includes(role)) expect(result, `${role} in ${name}`).toBeUndefined();
      else expect(result, `${role} in ${name}`).toMatchObject({ to: '/' });
    }
  });

  it('sends a signed-in user from /login to /, or to the invitation they were sent', () => {
    expect(() => redirectSignedIn({ search: {} })).not.toThrow();
    signInAs('teacher');
    let thrown: unknown;
    try {
      redirectSignedIn({ search: {} });
    } catch (e) {
      thrown = e;
    }
    expect((thrown as { options: object }).options).toMatchObject({ to: '/' });
    try {
      redirectSignedIn({ search: { invitation: 'abc/def' } });
    } catch (e) {
      thrown = e;
    }
    expect((thrown as { options: object }).options).toMatchObject({ href: '/accept-invitation/abc%2Fdef/' });
  });
});

describe('dashboards', () => {
  it('links each role to its dashboard', () => {
    expect(Object.fromEntries(ROLES.map((r) => [r, dashboardPathFor(r)]))).toEqual({
      teacher: '/dashboard',
      upschool_admin: '/admin-panel',
      school_admin: '/admin-school',
      teacher_admin: '/dashboard',
      organization_admin: '/admin-organization',
      student: '/dashboard',
    });
  });

  it('offers the switcher choices of the spec to each role', () => {
    const labels = (role: Role) => dashboardOptionsFor(role).map((o) => o.label);
    expect(labels('organization_admin')).toEqual(['Organization Dashboard', 'Teacher Dashboard', 'Admin Dashboard']);
    expect(labels('school_admin')).toEqual(['Teacher Dashboard', 'Admin Dashboard']);
    expect(labels('teacher')).toEqual(['Teacher Dashboard']);
    for (const role of ['student', 'upschool_admin', 'teacher_admin'] as const) expect(labels(role)).toEqual([]);
    expect(dashboardOptionsFor('school_admin')).toEqual([
      { label: 'Teacher Dashboard', to: '/dashboard', search: { option: 'Teacher Dashboard' } },
      { label: 'Admin Dashboard', to: '/admin-school' },
    ]);
  });
});
