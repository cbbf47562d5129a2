// The platform admin's help articles (/admin-panel/faqs, upschool_admin), declared once: the list
// (role filter, search in title, section and text, sorts) on GET /api-super-admin/faqs/, and the
// article form (role, section, title, the answer written with the shared editor, order) saved
// through the outbox to POST /faqs/ or PATCH /faqs/{id}/. The server sanitises the answer.
import { i18n } from '@/i18n/i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { api } from '@/api/client';
import type { components } from '@/api/schema';
import { unwrap } from '@/api/use-remote';
import { FAQ_ROLES, FaqInput } from '@/contract/forms';
import type { FormResource, ListResource, Option } from '@/ui/admin/resource';
import { queueAdminWrite } from '@/ui/admin/write';
import { formatDate } from '@/ui/format';

export type AdminFaq = components['schemas']['AdminFaq'];

const FAQS = '/admin-panel/faqs';

export const FAQ_ROLE_NAMES: Record<(typeof FAQ_ROLES)[number], MessageDescriptor> = {
  platform_success: msg`Everyone (public)`,
  student: msg`Students`,
  teacher: msg`Teachers`,
  teacher_admin: msg`Teacher admins`,
  school_admin: msg`School admins`,
  organization_admin: msg`Organization admins`,
  upschool_admin: msg`Platform admins`,
};
const removeLabel = (title: string) => t`Remove the help article “${title}”`;
const addLabel = (title: string) => t`Add the help article “${title}”`;
const changeLabel = (id: number) => t`Change help article ${id}`;
const ROLE_OPTIONS: readonly Option[] = FAQ_ROLES.map((r) => [r, FAQ_ROLE_NAMES[r]] as const);

export const faqList: ListResource<AdminFaq> = {
  name: 'faqs',
  title: msg`Help articles`,
  path: '/api-super-admin/faqs/',
  searchLabel: msg`Search titles, sections and answers`,
  dateLabel: msg`Last updated`,
  defaultSort: 'role',
  columns: [
    { key: 'title', header: msg`Title`, sort: 'title' },
    {
      key: 'role',
      header: msg`For`,
      sort: 'role',
      cell: (f) => (f.role in FAQ_ROLE_NAMES ? i18n._(FAQ_ROLE_NAMES[f.role as keyof typeof FAQ_ROLE_NAMES]) : f.role),
    },
    { key: 'section', header: msg`Section`, sort: 'section' },
    { key: 'order', header: msg`Order`, sort: 'order' },
    { key: 'updated_at', header: msg`Last updated`, sort: 'updated_at', cell: (f) => formatDate(f.updated_at) },
  ],
  filters: [{ key: 'role', label: msg`For`, options: ROLE_OPTIONS }],
  bulkActions: [
    {
      key: 'delete',
      label: msg`Remove`,
      options: [['delete', msg`Remove the selected articles`]],
      run: async (rows) => {
        for (const row of rows) {
          const outcome = await queueAdminWrite({
            resource: 'faqs',
            ids: [row.id],
            patch: {},
            kind: 'faq-delete',
            label: removeLabel(row.title),
            method: 'DELETE',
            path: `/faqs/${row.id}/`,
            body: {},
          });
          if (outcome.status === 'failed') return outcome;
        }
        return { status: 'sent' };
      },
      done: msg`Help articles removed.`,
    },
  ],
  rowHref: (f) => `${FAQS}/${f.id}`,
  rowLabel: (f) => f.title,
  create: { href: `${FAQS}/new`, label: msg`Add an article` },
};

async function loadFaq(id: number): Promise<Record<string, string>> {
  const f = await unwrap(api.GET('/faqs/{id}/', { params: { path: { id } } }));
  return { role: f.role, section: f.section, title: f.title, body: f.body, order: String(f.order) };
}

export const faqForm: FormResource<typeof FaqInput> = {
  name: 'faq',
  titles: { create: msg`Add a help article`, edit: msg`Edit help article` },
  schema: FaqInput,
  fields: [
    { name: 'role', label: msg`For`, kind: 'select', options: ROLE_OPTIONS, placeholder: msg`Choose a role` },
    { name: 'section', label: msg`Section`, kind: 'text', autoComplete: 'off' },
    { name: 'title', label: msg`Title`, kind: 'text', autoComplete: 'off' },
    { name: 'body', label: msg`Answer`, kind: 'richtext' },
    { name: 'order', label: msg`Order (smaller comes first)`, kind: 'text', autoComplete: 'off' },
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
      label: id === null ? addLabel(String(body.title ?? '')) : changeLabel(id),
      method: id === null ? 'POST' : 'PATCH',
      path: id === null ? '/faqs/' : `/faqs/${id}/`,
      body,
    });
  },
  messages: {
    created: msg`Help article added.`,
    updated: msg`Help article saved.`,
    failed: msg`The help article could not be saved. Please try again.`,
  },
  back: FAQS,
};
