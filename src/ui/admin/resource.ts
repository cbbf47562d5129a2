// What an admin resource declares (react-admin's idea, on our own small pieces): a list (its API
// path, columns, filters, date filter, sorts, bulk actions, CSV export) and a form (its zod schema
// from src/contract, its fields, how it loads and saves). `ResourceList` and `ResourceForm`
// render any declaration; a feature folder only declares (see src/ui/admin/CONTEXT.md).
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { Role } from '@/contract/domain';

export type Option = readonly [value: string, label: string];

export interface FilterDef {
  /** The query parameter (e.g. role, tenant_id, status). */
  key: string;
  label: string;
  /** Fixed options, or a loader (e.g. the tenant list, fetched only when this filter shows). */
  options: readonly Option[] | (() => Promise<readonly Option[]>);
  /** Only these roles see (and load) the filter (SPEC.md section 6: the tenant filter). */
  roles?: readonly Role[];
}

export interface ColumnDef<Row> {
  key: string;
  header: string;
  cell?: (row: Row) => ReactNode;
  /** The server's ordering key, when the column sorts. */
  sort?: string;
}

export interface BulkActionDef<Row> {
  key: string;
  label: string;
  options: readonly Option[];
  /** Queues the change (through the outbox); resolves once it is on the device. */
  run: (rows: Row[], option: string) => Promise<SaveOutcome>;
  done: string;
}

/** What a save came to: sent and accepted, queued for later, or refused with a message. */
export type SaveOutcome = { status: 'sent' } | { status: 'queued' } | { status: 'failed'; message: string };

export interface ListResource<Row extends { id: number }> {
  /** The key of its offline copy and of its CSV file. */
  name: string;
  title: string;
  /** The list endpoint below /api; its CSV export is `${path}export/`. */
  path: string;
  /** Query parameters every request carries (the students screen: role=student). */
  fixed?: Record<string, string>;
  columns: ColumnDef<Row>[];
  filters: FilterDef[];
  /** The label of the date filter (on created_at or date_joined). */
  dateLabel: string;
  searchLabel: string;
  defaultSort: string;
  bulkActions?: BulkActionDef<Row>[];
  /** Where a row leads (its detail or edit screen). */
  rowHref?: (row: Row) => string;
  rowLabel: (row: Row) => string;
  create?: { href: string; label: string };
}

export type FieldDef =
  | { name: string; label: string; kind: 'text' | 'email'; autoComplete?: string }
  | { name: string; label: string; kind: 'textarea'; rows?: number }
  | { name: string; label: string; kind: 'select'; options: readonly Option[] | (() => Promise<readonly Option[]>); placeholder?: string }
  | { name: string; label: string; kind: 'color' }
  | { name: string; label: string; kind: 'file'; accept: string; hint?: string }
  /** Several choices (checkboxes); the value is their ids joined with commas ('1,3'), as the server takes them. */
  | {
      name: string;
      label: string;
      kind: 'checks';
      options: readonly Option[] | (() => Promise<readonly Option[]>);
      hint?: string;
      empty?: string;
    }
  /** HTML written with the shared editor (src/ui/editor/document-editor.tsx HtmlEditor, loaded with the form). */
  | { name: string; label: string; kind: 'richtext' };

export interface FormResource<Schema extends z.ZodType> {
  name: string;
  /** 'Add user' / 'Edit user'. */
  titles: { create: string; edit: string };
  /** The spec's schema (src/contract): the same rules and words as the server. */
  schema: Schema;
  fields: FieldDef[];
  /** Empty values of a new record. */
  blank: Record<string, string>;
  /** The record's values as the form holds them (strings; files are not reloaded). */
  load: (id: number) => Promise<Record<string, string>>;
  /** Only the changed fields are passed when editing (SPEC.md section 5). */
  save: (id: number | null, changed: Record<string, string | File>) => Promise<SaveOutcome>;
  messages: { created: string; updated: string; failed: string };
  /** Where a finished save returns to. */
  back: string;
  /** A live preview beside the form (the tenant's header and buttons). */
  preview?: (values: Record<string, unknown>) => ReactNode;
  /** Saving needs the server's answer first (e.g. a subdomain that may be taken). */
  needsNetwork?: (id: number | null) => boolean;
}
