// The platform admin's help articles (/admin-panel/faqs, upschool_admin), declared once: the list
// (role filter, search in title, section and text, sorts) on GET /api-super-admin/faqs/, and the
// article form (role, section, title, the answer written with the shared editor, order) saved
// through the outbox to POST /faqs/ or PATCH /faqs/{id}/. The server sanitises the answer.
import { api } from '@/api/client';
import type { components } from '@/api/schema';
import { unwrap } from '@/api/use-remote';
import { FAQ_ROLES, FaqInput } from '@/contract/forms';
import type { FormResource, ListResource, Option } from '@/ui/admin/resource';
import { queueAdminWrite } from '@/ui/admin/write';
import { formatDate } from '@/ui/format';

export type AdminFaq = components['schemas']['AdminFaq'];

const FAQS = '/admin-panel/faqs';

export const FAQ_ROLE_NAMES: Record<(typeof FAQ_ROLES)[number], string> = {
  platform_success: 'Everyone (public)',
  student: 'Students',
  teacher: 'Teachers',
  teacher_admin: 'Teacher admins',
  school_admin: 'School admins',
  organization_admin: 'Organization admins',
  upschool_admin: 'Platform admins',
};
const ROLE_OPTIONS: readonly Option[] = FAQ_ROLES.map((r) => [r, FAQ_ROLE_NAMES[r]] as const);

export const faqList: ListResource<AdminFaq> = {
  name: 'faqs',
  title: 'Help articles',
  path: '/api-super-admin/faqs/',
  searchLabel: 'Search titles, sections and answers',
  dateLabel: 'Last updated',
  defaultSort: 'role',
  columns: [
    { key: 'title', header: 'Title', sort: 'title' },
    { key: 'role', header: 'For', sort: 'role', cell: (f) => FAQ_ROLE_NAMES[f.role as keyof typeof FAQ_ROLE_NAMES] ?? f.role },
    { key: 'section', header: 'Section', sort: 'section' },
    { key: 'order', header: 'Order', sort: 'order' },
    { key: 'updated_at', header: 'Last updated', sort: 'updated_at', cell: (f) => formatDate(f.updated_at) },
  ],
  filters: [{ key: 'role', label: 'For', options: ROLE_OPTIONS }],
  bulkActions: [
    {
      key: 'delete',
      label: 'Remove',
      options: [['delete', 'Remove the selected articles']],
      run: async (rows) => {
        for (const row of rows) {
          const outcome = await queueAdminWrite({
            resource: 'faqs',
            ids: [row.id],
            patch: {},
            kind: 'faq-delete',
            label: `Remove the help article “${row.title}”`,
            method: 'DELETE',
            path: `/faqs/${row.id}/`,
            body: {},
          });
          if (outcome.status === 'failed') return outcome;
        }
        return { status: 'sent' };
      },
      done: 'Help articles removed.',
    },
  ],
  rowHref: (f) => `${FAQS}/${f.id}`,
  rowLabel: (f) => f.title,
  create: { href: `${FAQS}/new`, label: 'Add an article' },
};

async function loadFaq(id: number): Promise<Record<string, string>> {
  const f = await unwrap(api.GET('/faqs/{id}/', { params: { path: { id } } }));
  return { role: f.role, section: f.section, title: f.title, body: f.body, order: String(f.order) };
}

export const faqForm: FormResource<typeof FaqInput> = {
  name: 'faq',
  titles: { create: 'Add a help article', edit: 'Edit help article' },
  schema: FaqInput,
  fields: [
    { name: 'role', label: 'For', kind: 'select', options: ROLE_OPTIONS, placeholder: 'Choose a role' },
    { name: 'section', label: 'Section', kind: 'text', autoComplete: 'off' },
    { name: 'title', label: 'Title', kind: 'text', autoComplete: 'off' },
    { name: 'body', label: 'Answer', kind: 'richtext' },
    { name: 'order', label: 'Order (smaller comes first)', kind: 'text', autoComplete: 'off' },
  ],
  blank: { role: '', section: '', title: '', body: '', order: '0' },
  load: loadFaq,
  save: (id, changed) => {
    const body: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(changed)) if (typeof v === 'string') body[k] = k === 'order' ? Number(v) : v;
    return queueAdminWrite({
      resource: 'faqs',
      ids: id === null ? [] : [id],
      patch: body,
      kind: id === null ? 'faq-create' : 'faq-update',
      label: id === null ? `Add the help article “${body.title ?? ''}”` : `Change help article ${id}`,
      method: id === null ? 'POST' : 'PATCH',
      path: id === null ? '/faqs/' : `/faqs/${id}/`,
      body,
    });
  },
  messages: {
    created: 'Help article added.',
    updated: 'Help article saved.',
    failed: 'The help article could not be saved. Please try again.',
  },
  back: FAQS,
};
