// The platform admin's e-mail monitoring, declared once: every e-mail with its status (sent,
// pending, failed after the last attempt), attempts and last error; resend as a bulk action.
import type { components } from '@/api/schema';
import type { ListResource } from '@/ui/admin/resource';
import { queueAdminWrite } from '@/ui/admin/write';
import { day } from './shared';

export type AdminEmail = components['schemas']['AdminEmail'];

export const emails: ListResource<AdminEmail> = {
  name: 'emails',
  title: 'Email monitoring',
  path: '/api-super-admin/emails/',
  searchLabel: 'Search by recipient or subject',
  dateLabel: 'Queued',
  defaultSort: '-created_at',
  columns: [
    { key: 'to', header: 'To' },
    { key: 'subject', header: 'Subject' },
    { key: 'status', header: 'Status', cell: (e) => e.status.replace(/^./, (c) => c.toUpperCase()) },
    { key: 'attempts', header: 'Attempts', sort: 'attempts' },
    { key: 'last_error', header: 'Last error', cell: (e) => e.last_error ?? '—' },
    { key: 'tenant_name', header: 'Tenant', cell: (e) => e.tenant_name ?? 'Platform' },
    { key: 'created_at', header: 'Queued', sort: 'created_at', cell: (e) => day(e.created_at) },
  ],
  filters: [
    {
      key: 'status',
      label: 'Status',
      options: [
        ['sent', 'Sent'],
        ['pending', 'Pending'],
        ['failed', 'Failed'],
      ],
    },
  ],
  bulkActions: [
    {
      key: 'resend',
      label: 'Resend',
      options: [['resend', 'Send again from the start']],
      run: (rows) =>
        queueAdminWrite({
          resource: 'emails',
          ids: rows.map((r) => r.id),
          patch: { status: 'pending', attempts: 0, last_error: null },
          kind: 'admin-emails-resend',
          label: `Resend ${rows.length} e-mail(s)`,
          method: 'POST',
          path: '/api-super-admin/emails/resend/',
          body: { ids: rows.map((r) => r.id) },
        }),
      done: 'E-mails queued to be sent again.',
    },
  ],
  rowLabel: (e) => `e-mail to ${e.to}`,
};
