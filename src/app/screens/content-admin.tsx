// The content editors' screens that compose a declaration for their area: the public pages
// (/admin-panel/pages for the platform defaults, /admin-school/pages for a school's own site) and
// the forms people sent (/admin-panel/form-submissions; the reports among them are also in
// /admin-panel/book-monitoring, src/features/books-admin), each drawn by the generic admin
// screens of src/ui/admin. The help articles' list and form are named in ../areas.ts as they are.
import { useMemo } from 'react';
import { useParams } from '@tanstack/react-router';
import type { PageSlug } from '@/contract/public-pages';
import { submissionsList } from '@/features/forms/resources/submissions';
import { pageForm, pageList } from '@/features/pages/resources/pages';
import { ResourceForm } from '@/ui/admin/resource-form';
import { ResourceList } from '@/ui/admin/resource-list';

const panelPages = pageList('/admin-panel', false);
const schoolPages = pageList('/admin-school', true);

function PageScreen({ school }: { school: boolean }) {
  const { slug } = useParams({ strict: false }) as { slug: PageSlug };
  const form = useMemo(() => pageForm(school ? '/admin-school' : '/admin-panel', school, slug), [school, slug]);
  // An unknown slug: the server refuses it and the form says so, with Try again and Back.
  return <ResourceForm resource={form} id={1} />;
}

export const PanelPagesScreen = () => <ResourceList resource={panelPages} />;
export const PanelPageScreen = () => <PageScreen school={false} />;
export const SchoolPagesScreen = () => <ResourceList resource={schoolPages} />;
export const SchoolPageScreen = () => <PageScreen school />;

const submissions = submissionsList();
export const FormSubmissionsScreen = () => <ResourceList resource={submissions} />;
