// The charity and donation screens of both admin areas (platform panel and school area): each
// renders a declaration of src/features/charity-admin with the generic admin screens. The
// platform's lists get the tenant filter of the admin panel (upschool_admin only).
import { msg } from '@lingui/core/macro';
import { ONLY_PLATFORM_ADMIN, tenantOptions } from '@/features/admin-panel/resources/shared';
import { charityDetails, charityForm, charityList, donationList, PLATFORM_AREA, SCHOOL_AREA } from '@/features/charity-admin/resources';
import { ResourceForm } from '@/ui/admin/resource-form';
import { ResourceList } from '@/ui/admin/resource-list';
import { ResourceShow } from '@/ui/admin/resource-show';
import { useRecordId } from '@/ui/admin/use-record-id';

const tenantFilter = { key: 'tenant_id', label: msg`Tenant`, options: tenantOptions, roles: ONLY_PLATFORM_ADMIN };

const platform = {
  list: charityList(PLATFORM_AREA, [tenantFilter]),
  form: charityForm(PLATFORM_AREA),
  details: charityDetails(PLATFORM_AREA),
  donations: donationList(PLATFORM_AREA, [tenantFilter]),
};
const school = {
  list: charityList(SCHOOL_AREA),
  form: charityForm(SCHOOL_AREA),
  details: charityDetails(SCHOOL_AREA),
  donations: donationList(SCHOOL_AREA),
};

function Details({ area }: { area: typeof platform }) {
  const id = useRecordId('charityId');
  return id === null ? <ResourceList resource={area.list} /> : <ResourceShow resource={area.details} id={id} />;
}

export const AllCharitiesScreen = () => <ResourceList resource={platform.list} />;
export const CharityScreen = () => <ResourceForm resource={platform.form} id={useRecordId('charityId')} />;
export const CharityDetailsScreen = () => <Details area={platform} />;
export const DonationsScreen = () => <ResourceList resource={platform.donations} />;

export const SchoolCharitiesScreen = () => <ResourceList resource={school.list} />;
export const SchoolCharityScreen = () => <ResourceForm resource={school.form} id={useRecordId('charityId')} />;
export const SchoolCharityDetailsScreen = () => <Details area={school} />;
export const SchoolDonationsScreen = () => <ResourceList resource={school.donations} />;
