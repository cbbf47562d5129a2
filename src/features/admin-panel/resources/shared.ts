// Pieces several platform-admin declarations share: the tenant list of the tenant filter (loaded
// only when that filter shows, and so only for upschool_admin), role names, dates and flags.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { api } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import type { Role } from '@/contract/domain';
import type { Option } from '@/ui/admin/resource';
import { formatDate } from '@/ui/format';

let tenantList: Promise<readonly Option[]> | null = null;
/** Every tenant by name, once per page load. */
export function tenantOptions(): Promise<readonly Option[]> {
  tenantList ??= unwrap(api.GET('/api-super-admin/tenant-options/')).then(
    (r) => r.results.map((t) => [String(t.id), t.school_name] as const),
    (err: unknown) => {
      tenantList = null;
      throw err;
    },
  );
  return tenantList;
}

export const ROLE_NAMES: Record<Role, MessageDescriptor> = {
  teacher: msg`Teacher`,
  upschool_admin: msg`Platform admin`,
  school_admin: msg`School admin`,
  teacher_admin: msg`Teacher admin`,
  organization_admin: msg`Organization admin`,
  student: msg({ id: 'Student', message: 'Student' }),
};

export const ROLE_OPTIONS: readonly Option[] = Object.entries(ROLE_NAMES) as [Role, MessageDescriptor][];

export const day = (iso: string | null) => (iso ? formatDate(iso) : '—');

export const ONLY_PLATFORM_ADMIN = ['upschool_admin'] as const;
