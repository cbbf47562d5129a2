// The book screens of the school, organization and platform areas that do more than draw one
// declaration of src/features/books-admin/resources: the record the address names (its path
// segment, {bookId} or {itemId}, or ?id=) picks the list, the record or its form.
import { msg } from '@lingui/core/macro';
import { useSearch } from '@tanstack/react-router';
import { ONLY_PLATFORM_ADMIN, tenantOptions } from '@/features/admin-panel/resources/shared';
import { allBooks, bookSettingsForm, platformBook, publishForm, schoolBook, schoolBooks } from '@/features/books-admin/resources/books';
import { bookQueue, bookReply, storyQueue, storyReply } from '@/features/books-admin/resources/monitoring';
import { useSessionUser } from '@/api/use-session';
import { ResourceForm } from '@/ui/admin/resource-form';
import { ResourceList } from '@/ui/admin/resource-list';
import { ResourceShow } from '@/ui/admin/resource-show';
import { useRecordId } from '@/ui/admin/use-record-id';

/** The platform's list: every book, with the tenant filter (upschool_admin only). */
const platformBooks = {
  ...allBooks,
  filters: [...allBooks.filters, { key: 'tenant_id', label: msg`Tenant`, options: tenantOptions, roles: ONLY_PLATFORM_ADMIN }],
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

export const AllBooksScreen = () => <ResourceList resource={platformBooks} />;

export function ViewBookScreen() {
  const id = useRecordId('bookId');
  return id === null ? <ResourceList resource={platformBooks} /> : <ResourceShow resource={platformBook} id={id} />;
}

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
