// The forms people sent, for the platform admin (/admin-panel/form-submissions: contact messages,
// tour requests, bulk enrolments, reports; the reports also feed /admin-panel/book-monitoring,
// src/features/books-admin), on GET /api-super-admin/forms/. A bulk enrolment is imported into its school from
// the list (POST /forms/{id}/import/, through the outbox).
import { i18n } from '@/i18n/i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { components } from '@/api/schema';
import { FORM_KINDS, REPORT_REASONS } from '@/contract/forms';
import type { ListResource } from '@/ui/admin/resource';
import { queueAdminWrite } from '@/ui/admin/write';
import { formatDateTime } from '@/ui/format';

export type AdminFormSubmission = components['schemas']['AdminFormSubmission'];

const KIND_NAMES: Record<(typeof FORM_KINDS)[number], MessageDescriptor> = {
  contact: msg`Contact`,
  report: msg`Report`,
  tour: msg`Tour request`,
  bulk_enrolment: msg`Bulk enrolment`,
};
const STATUS_NAMES: Record<string, MessageDescriptor> = { new: msg`New`, reviewed: msg`Reviewed`, imported: msg`Imported` };
const importLabel = (name: string) => t`Import the bulk enrolment of ${name}`;
const fromLabel = (form: string, name: string) => t`${form} from ${name}`;
const reasonWords = (summary: string) => summary.replace(/^(\w+)/, (key) => REPORT_REASONS[key as keyof typeof REPORT_REASONS] ?? key);

export function submissionsList(): ListResource<AdminFormSubmission> {
  return {
    name: 'form-submissions',
    title: msg`Messages and requests`,
    path: '/api-super-admin/forms/',
    searchLabel: msg`Search by name or email`,
    dateLabel: msg`Sent`,
    defaultSort: '-created_at',
    columns: [
      { key: 'created_at', header: msg`Sent`, sort: 'created_at', cell: (f) => formatDateTime(f.created_at) },
      { key: 'kind', header: msg`Form`, cell: (f) => i18n._(KIND_NAMES[f.kind]) },
      { key: 'name', header: msg`From`, sort: 'name', cell: (f) => `${f.name} (${f.email})` },
      { key: 'site', header: msg`Site`, cell: (f) => f.site ?? t`Platform` },
      { key: 'summary', header: msg`About`, cell: (f) => (f.kind === 'report' ? reasonWords(f.summary) : f.summary) },
      { key: 'status', header: msg`Status`, cell: (f) => (f.status in STATUS_NAMES ? i18n._(STATUS_NAMES[f.status]!) : f.status) },
    ],
    filters: [
      { key: 'kind', label: msg`Form`, options: FORM_KINDS.map((k) => [k, KIND_NAMES[k]] as const) },
      { key: 'status', label: msg`Status`, options: Object.entries(STATUS_NAMES) as [string, MessageDescriptor][] },
    ],
    bulkActions: [
      {
        key: 'import',
        label: msg`Bulk enrolment`,
        options: [['import', msg`Import into its school`]],
        run: async (rows) => {
          const enrolments = rows.filter((r) => r.kind === 'bulk_enrolment' && r.status !== 'imported');
          if (!enrolments.length) return { status: 'failed', message: t`Please select a bulk enrolment that is not imported yet.` };
          for (const row of enrolments) {
            const outcome = await queueAdminWrite({
              resource: 'form-submissions',
              ids: [row.id],
              patch: { status: 'imported' },
              kind: 'form-import',
              label: importLabel(row.name),
              method: 'POST',
              path: `/forms/${row.id}/import/`,
              body: {},
            });
            if (outcome.status === 'failed') return outcome;
          }
          return { status: 'sent' };
        },
        done: msg`Bulk enrolment imported.`,
      },
    ],
    rowLabel: (f) => fromLabel(i18n._(KIND_NAMES[f.kind]), f.name),
  };
}
