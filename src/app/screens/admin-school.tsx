// The school and organization areas' admin screens (/admin-school, /admin-organization) that
// compose a declaration for their area or pick one by the record the address names, each drawn
// by the generic admin screens of src/ui/admin. The areas' own declarations live in
// src/features/school-admin (the ones drawn as they are, organizations, the classes table and the
// organization's dashboards, are named in ../areas.ts); users, payment history and the profile
// form reuse the platform panel's declarations (src/features/admin-panel), composed here with the
// area's endpoints, which answer only the caller's school or linked schools.
import { useMemo } from 'react';
import { msg, t } from '@lingui/core/macro';
import { useParams, useSearch } from '@tanstack/react-router';
import { payments } from '@/features/admin-panel/resources/orders';
import { tenantForm } from '@/features/admin-panel/resources/tenants';
import { allUsers, userProfile, type AdminUser } from '@/features/admin-panel/resources/users';
import { schoolDetail, schoolInvite, schools } from '@/features/school-admin/resources/organization';
import {
  loadProfile,
  loadSchoolUser,
  saveProfile,
  schoolUserActions,
  teacherForm,
  teacherInvite,
  teacherProfile,
} from '@/features/school-admin/resources/school';
import { useTenant } from '@/features/tenant/tenant';
import { ProfileForm } from '@/contract/school-admin';
import type { FormResource, ListResource } from '@/ui/admin/resource';
import { ResourceForm } from '@/ui/admin/resource-form';
import { ResourceList } from '@/ui/admin/resource-list';
import { ResourceShow, type ShowResource } from '@/ui/admin/resource-show';
import { useRecordId } from '@/ui/admin/use-record-id';

// ---------------------------------------------------------------------------------------------
// Reused declarations, pointed at the area's endpoints

const schoolUsers: ListResource<AdminUser> = {
  ...allUsers,
  name: 'schoolUsers',
  path: '/api-school-admin/users/',
  columns: allUsers.columns.map((c) => (c.key === 'tenant_name' ? { ...c, header: msg`School` } : c)),
  // Deactivating and reactivating is on each user's profile (one user at a time here).
  bulkActions: undefined,
  rowHref: (u) => `/admin-school/userprofile/${u.id}`,
  create: { href: '/admin-school/teacher/new/profile', label: msg`Invite a teacher` },
};

const schoolUserProfile: ShowResource<AdminUser> = {
  ...userProfile,
  load: loadSchoolUser,
  // The panel's Tenant fact, found by its English label, is the School here.
  facts: (u) => userProfile.facts(u).map(([label, value]) => [label === 'Tenant' ? t`School` : label, value]),
  actions: schoolUserActions,
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a detail screen's way back is plain text (ShowResource) until the admin declarations speak every language
  back: { href: '/admin-school/users', label: 'All users' },
};

const paymentsAt = (name: string, path: string): ListResource<typeof payments extends ListResource<infer R> ? R : never> => ({
  ...payments,
  name,
  path,
  rowHref: undefined,
});
const schoolPayments = paymentsAt('schoolPayments', '/api-school-admin/payments/');
const organizationPayments = paymentsAt('organizationPayments', '/api-organization/payments/');

/** The platform's tenant form, for the site's own tenant: no subdomain or kind (the platform's). */
function profileForm(back: string): FormResource<typeof ProfileForm> {
  return {
    ...tenantForm,
    name: 'profile',
    titles: { create: msg`Profile`, edit: msg`Profile` },
    schema: ProfileForm,
    fields: tenantForm.fields.filter((f) => f.name !== 'subdomain' && f.name !== 'is_organization'),
    load: loadProfile,
    save: (_id, changed) => saveProfile(changed),
    back,
    needsNetwork: undefined,
  };
}
const schoolProfile = profileForm('/admin-school/dashboard');
const organizationProfile = profileForm('/admin-organization/dashboard');

// ---------------------------------------------------------------------------------------------
// School area

export const SchoolPaymentsScreen = () => <ResourceList resource={schoolPayments} />;
export const SchoolUsersScreen = () => <ResourceList resource={schoolUsers} />;

export function SchoolUserProfileScreen() {
  const id = useRecordId('userId');
  return id === null ? <ResourceList resource={schoolUsers} /> : <ResourceShow resource={schoolUserProfile} id={id} />;
}

export function SchoolProfileScreen() {
  const tenant = useTenant();
  return <ResourceForm resource={schoolProfile} id={tenant.id ?? 0} />;
}

/** teacher/{id}/profile: the profile; ?id= edits it; teacher/new/profile invites one. */
export function TeacherProfileScreen() {
  const params = useParams({ strict: false }) as { id?: string };
  const search = useSearch({ strict: false }) as { id?: number };
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const form = useMemo(() => (id === null ? null : { ...teacherForm, back: `/admin-school/teacher/${id}/profile` }), [id]);
  if (id === null || !form) return <ResourceForm resource={teacherInvite} id={null} />;
  return search.id === id ? <ResourceForm resource={form} id={id} /> : <ResourceShow resource={teacherProfile} id={id} />;
}

// ---------------------------------------------------------------------------------------------
// Organization area

export const OrganizationPaymentsScreen = () => <ResourceList resource={organizationPayments} />;
export const InviteSchoolScreen = () => <ResourceForm resource={schoolInvite} id={null} />;

export function SchoolsScreen() {
  const id = useRecordId('schoolId');
  return id === null ? <ResourceList resource={schools} /> : <ResourceShow resource={schoolDetail} id={id} />;
}

export function OrganizationProfileScreen() {
  const tenant = useTenant();
  return <ResourceForm resource={organizationProfile} id={tenant.id ?? 0} />;
}
