// The platform admin's e-mail monitoring, declared once: every e-mail with its status (sent,
// pending, failed after the last attempt), attempts and last error; resend as a bulk action.
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import type { components } from '@/api/schema';
import type { ListResource } from '@/ui/admin/resource';
import { queueAdminWrite } from '@/ui/admin/write';
import { nameOf, optionsOf } from '@/ui/value-names';
import { day } from './shared';

export type AdminEmail = components['schemas']['AdminEmail'];

const resendLabel = (count: number) => t`Resend ${plural(count, { one: '# e-mail', other: '# e-mails' })}`;
const EMAIL_STATUS_NAMES: Record<AdminEmail['status'], MessageDescriptor> = {
  sent: msg({ message: 'Sent', context: 'status' }),
  pending: msg`Pending`,
  failed: msg`Failed`,
};

export const emails: ListResource<AdminEmail> = {
  name: 'emails',
  title: msg`Email monitoring`,
  path: '/api-super-admin/emails/',
  searchLabel: msg`Search by recipient or subject`,
  dateLabel: msg`Queued`,
  defaultSort: '-created_at',
  columns: [
    { key: 'to', header: msg`To` },
    { key: 'subject', header: msg`Subject` },
    { key: 'status', header: msg`Status`, cell: (e) => nameOf(EMAIL_STATUS_NAMES, e.status) },
    { key: 'attempts', header: msg`Attempts`, sort: 'attempts' },
    { key: 'last_error', header: msg`Last error`, cell: (e) => e.last_error ?? '—' },
    { key: 'tenant_name', header: msg`Tenant`, cell: (e) => e.tenant_name ?? t`Platform` },
    { key: 'created_at', header: msg`Queued`, sort: 'created_at', cell: (e) => day(e.created_at) },
  ],
  filters: [
    {
      key: 'status',
      label: msg`Status`,
      options: optionsOf(EMAIL_STATUS_NAMES),
    },
  ],
  bulkActions: [
    {
      key: 'resend',
      label: msg`Resend`,
      options: [['resend', msg`Send again from the start`]],
      run: (rows) =>
        queueAdminWrite({
          resource: 'emails',
          ids: rows.map((r) => r.id),
          patch: { status: 'pending', attempts: 0, last_error: null },
          kind: 'admin-emails-resend',
          label: resendLabel(rows.length),
          method: 'POST',
          path: '/api-super-admin/emails/resend/',
          body: { ids: rows.map((r) => r.id) },
        }),
      done: msg`E-mails queued to be sent again.`,
    },
  ],
  rowLabel: ({ to }) => t`e-mail to ${to}`,
};
