// The book screens of the school, organization and platform areas (issue 13): each renders a
// declaration of src/features/books-admin/resources with the generic admin screens of
// src/ui/admin. Record ids come from the path segment ({bookId}, {categoryId}) or ?id=.
import { useParams, useSearch } from '@tanstack/react-router';
import { ONLY_PLATFORM_ADMIN, tenantOptions } from '@/features/admin-panel/resources/shared';
import {
  allBooks,
  bookSettingsForm,
  organizationBooks,
  platformBook,
  platformBookForm,
  publishForm,
  schoolBook,
  schoolBooks,
} from '@/features/books-admin/resources/books';
import {
  platformCategories,
  platformCategoryForm,
  schoolCategories,
  schoolCategoryForm,
} from '@/features/books-admin/resources/categories';
import { booksDashboard } from '@/features/books-admin/resources/dashboard';
import { bookQueue, bookReply, storyQueue, storyReply } from '@/features/books-admin/resources/monitoring';
import { useSessionUser } from '@/api/use-session';
import { Dashboard } from '@/ui/admin/dashboard';
import { ResourceForm } from '@/ui/admin/resource-form';
import { ResourceList } from '@/ui/admin/resource-list';
import { ResourceShow } from '@/ui/admin/resource-show';

function useRecordId(param: string): number | null {
  const search = useSearch({ strict: false }) as { id?: number };
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  const raw = params[param];
  return search.id ?? (raw && /^\d+$/.test(raw) ? Number(raw) : null);
}

/** The platform's list: every book, with the tenant filter (upschool_admin only). */
const platformBooks = {
  ...allBooks,
  filters: [...allBooks.filters, { key: 'tenant_id', label: 'Tenant', options: tenantOptions, roles: ONLY_PLATFORM_ADMIN }],
};

export function SchoolBooksScreen() {
  const id = useRecordId('bookId');
  const user = useSessionUser();
  if (id !== null)
    return (
      <>
        <ResourceShow resource={schoolBook} id={id} />
        <ResourceForm resource={publishForm} id={id} />
      </>
    );
  return (
    <>
      <ResourceList resource={schoolBooks} />
      {user?.role === 'school_admin' ? <ResourceForm resource={bookSettingsForm} id={0} /> : null}
    </>
  );
}

export const OrganizationBooksScreen = () => <ResourceList resource={organizationBooks} />;
export const AllBooksScreen = () => <ResourceList resource={platformBooks} />;
export const PlatformBookScreen = () => <ResourceForm resource={platformBookForm} id={useRecordId('bookId')} />;

export function ViewBookScreen() {
  const id = useRecordId('bookId');
  return id === null ? <ResourceList resource={platformBooks} /> : <ResourceShow resource={platformBook} id={id} />;
}

export const BooksDashboardScreen = () => <Dashboard resource={booksDashboard} />;
export const SchoolCategoriesScreen = () => <ResourceList resource={schoolCategories} />;
export const SchoolCategoryScreen = () => <ResourceForm resource={schoolCategoryForm} id={useRecordId('categoryId')} />;
export const PlatformCategoriesScreen = () => <ResourceList resource={platformCategories} />;
export const PlatformCategoryScreen = () => <ResourceForm resource={platformCategoryForm} id={useRecordId('categoryId')} />;

export function BookMonitoringScreen() {
  const id = useRecordId('itemId');
  const { type } = useSearch({ strict: false }) as { type?: string };
  if (id !== null) return <ResourceForm resource={type === 'story' ? storyReply : bookReply} id={id} />;
  return (
    <>
      <ResourceList resource={bookQueue} />
      <ResourceList resource={storyQueue} />
    </>
  );
}
