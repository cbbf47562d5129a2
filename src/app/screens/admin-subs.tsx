// Modes and subscriptions: the platform panel's modes, subscription-plan, subscription-variant and
// subscription-details, a school's or an organization's Plans, and a school's switchboard modes.
// Each renders a declaration with the generic admin screens; ?id=0 opens a new record's form.
import { useSearch } from '@tanstack/react-router';
import {
  modeForm,
  modesList,
  planForm,
  plansList,
  subscriptionDetail,
  subscriptionsList,
  variantForm,
  variantsList,
} from '@/features/admin-panel/resources/subscriptions';
import { ownSubscription, schoolModes } from '@/features/subscriptions/resources';
import type { FormResource, ListResource } from '@/ui/admin/resource';
import { ResourceForm } from '@/ui/admin/resource-form';
import { ResourceList } from '@/ui/admin/resource-list';
import { ResourceShow } from '@/ui/admin/resource-show';
import type { z } from 'zod';

/** ?id= of the page: undefined (the list), 0 (a new record) or a record's id. */
const useId = () => (useSearch({ strict: false }) as { id?: number }).id;

function ListOrForm<Row extends { id: number }, S extends z.ZodType>({ list, form }: { list: ListResource<Row>; form: FormResource<S> }) {
  const id = useId();
  if (id === undefined) return <ResourceList resource={list} />;
  return <ResourceForm resource={form} id={id === 0 ? null : id} />;
}

export const ModesScreen = () => <ListOrForm list={modesList} form={modeForm} />;
export const PlansScreen = () => <ListOrForm list={plansList} form={planForm} />;
export const VariantsScreen = () => <ListOrForm list={variantsList} form={variantForm} />;

export function SubscriptionDetailsScreen() {
  const id = useId();
  return id ? <ResourceShow resource={subscriptionDetail} id={id} /> : <ResourceList resource={subscriptionsList} />;
}

const schoolPlans = ownSubscription('/admin-school');
const organizationPlans = ownSubscription('/admin-organization');
export const SchoolPlansScreen = () => <ResourceShow resource={schoolPlans} id={0} />;
export const OrganizationPlansScreen = () => <ResourceShow resource={organizationPlans} id={0} />;
export const SchoolModesScreen = () => <ResourceForm resource={schoolModes} id={0} />;
