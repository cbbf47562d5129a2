// The platform admin area's screens (/admin-panel, upschool_admin) that do more than draw one
// declaration: each picks a declaration of src/features/admin-panel/resources by the record the
// address names (its path segment, {userId}, {tenantId}..., or ?id=). The pages that draw one
// declaration as it is name it in ../areas.ts.
import { orderDetail, orders } from '@/features/admin-panel/resources/orders';
import { communityAccess, communityForm } from '@/features/admin-panel/resources/community';
import { allUsers, newUserForm, userForm, userProfile } from '@/features/admin-panel/resources/users';
import { ResourceForm } from '@/ui/admin/resource-form';
import { ResourceList } from '@/ui/admin/resource-list';
import { ResourceShow } from '@/ui/admin/resource-show';
import { useRecordId } from '@/ui/admin/use-record-id';

export function UserScreen() {
  const id = useRecordId('userId');
  return id === null ? <ResourceForm resource={newUserForm} id={null} /> : <ResourceForm resource={userForm} id={id} />;
}

export function UserProfileScreen() {
  const id = useRecordId('userId');
  return id === null ? <ResourceList resource={allUsers} /> : <ResourceShow resource={userProfile} id={id} />;
}

export function OrdersScreen() {
  const id = useRecordId('orderId');
  return id === null ? <ResourceList resource={orders} /> : <ResourceShow resource={orderDetail} id={id} />;
}

export function SuperpowerParentScreen() {
  const id = useRecordId('tenantId');
  return id === null ? <ResourceList resource={communityAccess} /> : <ResourceForm resource={communityForm} id={id} />;
}
