// The forms people sent, for the platform admin (/admin-panel/form-submissions: contact messages,
// tour requests, bulk enrolments, reports; the reports also feed /admin-panel/book-monitoring,
// src/features/books-admin), on GET /api-super-admin/forms/. A bulk enrolment is imported into its school from
// the list (POST /forms/{id}/import/, through the outbox).
import type { components } from '@/api/schema';
import { FORM_KINDS, REPORT_REASONS } from '@/contract/forms';
import type { ListResource } from '@/ui/admin/resource';
import { queueAdminWrite } from '@/ui/admin/write';
import { formatDateTime } from '@/ui/format';

export type AdminFormSubmission = components['schemas']['AdminFormSubmission'];

const KIND_NAMES: Record<(typeof FORM_KINDS)[number], string> = {
  contact: 'Contact',
  report: 'Report',
  tour: 'Tour request',
  bulk_enrolment: 'Bulk enrolment',
};
const STATUS_NAMES: Record<string, string> = { new: 'New', reviewed: 'Reviewed', imported: 'Imported' };
const reasonWords = (summary: string) => summary.replace(/^(\w+)/, (key) => REPORT_REASONS[key as keyof typeof REPORT_REASONS] ?? key);

export function submissionsList(): ListResource<AdminFormSubmission> {
  return {
    name: 'form-submissions',
    title: 'Messages and requests',
    path: '/api-super-admin/forms/',
    searchLabel: 'Search by name or email',
    dateLabel: 'Sent',
    defaultSort: '-created_at',
    columns: [
      { key: 'created_at', header: 'Sent', sort: 'created_at', cell: (f) => formatDateTime(f.created_at) },
      { key: 'kind', header: 'Form', cell: (f) => KIND_NAMES[f.kind] },
      { key: 'name', header: 'From', sort: 'name', cell: (f) => `${f.name} (${f.email})` },
      { key: 'site', header: 'Site', cell: (f) => f.site ?? 'Platform' },
      { key: 'summary', header: 'About', cell: (f) => (f.kind === 'report' ? reasonWords(f.summary) : f.summary) },
      { key: 'status', header: 'Status', cell: (f) => STATUS_NAMES[f.status] ?? f.status },
    ],
    filters: [
      { key: 'kind', label: 'Form', options: FORM_KINDS.map((k) => [k, KIND_NAMES[k]] as const) },
      { key: 'status', label: 'Status', options: Object.entries(STATUS_NAMES) as [string, string][] },
    ],
    bulkActions: [
      {
        key: 'import',
        label: 'Bulk enrolment',
        options: [['import', 'Import into its school']],
        run: async (rows) => {
          const enrolments = rows.filter((r) => r.kind === 'bulk_enrolment' && r.status !== 'imported');
          if (!enrolments.length) return { status: 'failed', message: 'Please select a bulk enrolment that is not imported yet.' };
          for (const row of enrolments) {
            const outcome = await queueAdminWrite({
              resource: 'form-submissions',
              ids: [row.id],
              patch: { status: 'imported' },
              kind: 'form-import',
              label: `Import the bulk enrolment of ${row.name}`,
              method: 'POST',
              path: `/forms/${row.id}/import/`,
              body: {},
            });
            if (outcome.status === 'failed') return outcome;
          }
          return { status: 'sent' };
        },
        done: 'Bulk enrolment imported.',
      },
    ],
    rowLabel: (f) => `${KIND_NAMES[f.kind]} from ${f.name}`,
  };
}
