// The platform admin area's screens (/admin-panel, upschool_admin): each one renders a
// declaration of src/features/admin-panel/resources with the generic admin screens of
// src/ui/admin. Record ids come from the path segment ({userId}, {tenantId}...) or ?id=.
import { useParams, useSearch } from '@tanstack/react-router';
import { platformDashboard, usersDashboard } from '@/features/admin-panel/resources/dashboards';
import { orderDetail, orders, payments } from '@/features/admin-panel/resources/orders';
import { allTenants, tenantForm } from '@/features/admin-panel/resources/tenants';
import { communityAccess, communityForm } from '@/features/admin-panel/resources/community';
import { emails } from '@/features/admin-panel/resources/emails';
import { allUsers, newUserForm, students, teacherPowers, teachers, userForm, userProfile } from '@/features/admin-panel/resources/users';
import { Dashboard } from '@/ui/admin/dashboard';
import { ResourceForm } from '@/ui/admin/resource-form';
import { ResourceList } from '@/ui/admin/resource-list';
import { ResourceShow } from '@/ui/admin/resource-show';

/** The record id of the page, or null for a new record. */
function useRecordId(param: string): number | null {
  const search = useSearch({ strict: false }) as { id?: number };
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  const raw = params[param];
  return search.id ?? (raw && /^\d+$/.test(raw) ? Number(raw) : null);
}

export const AllUsersScreen = () => <ResourceList resource={allUsers} />;
export const StudentsScreen = () => <ResourceList resource={students} />;
export const TeachersScreen = () => <ResourceList resource={teachers} />;

export function UserScreen() {
  const id = useRecordId('userId');
  return id === null ? <ResourceForm resource={newUserForm} id={null} /> : <ResourceForm resource={userForm} id={id} />;
}

export function UserProfileScreen() {
  const id = useRecordId('userId');
  return id === null ? <ResourceList resource={allUsers} /> : <ResourceShow resource={userProfile} id={id} />;
}

export const AllTenantsScreen = () => <ResourceList resource={allTenants} />;

export function TenantScreen() {
  return <ResourceForm resource={tenantForm} id={useRecordId('tenantId')} />;
}

export function OrdersScreen() {
  const id = useRecordId('orderId');
  return id === null ? <ResourceList resource={orders} /> : <ResourceShow resource={orderDetail} id={id} />;
}

export const PaymentHistoryScreen = () => <ResourceList resource={payments} />;

export const PlatformDashboardScreen = () => <Dashboard resource={platformDashboard} />;
export const UsersDashboardScreen = () => <Dashboard resource={usersDashboard} />;

export const EmailMonitoringScreen = () => <ResourceList resource={emails} />;
export const SuperpowerTeacherScreen = () => <ResourceList resource={teacherPowers} />;

export function SuperpowerParentScreen() {
  const id = useRecordId('tenantId');
  return id === null ? <ResourceList resource={communityAccess} /> : <ResourceForm resource={communityForm} id={id} />;
}
