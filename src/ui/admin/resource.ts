// What an admin resource declares (react-admin's idea, on our own small pieces): a list (its API
// path, columns, filters, date filter, sorts, bulk actions, CSV export) and a form (its zod schema
// from src/contract, its fields, how it loads and saves). `ResourceList` and `ResourceForm`
// render any declaration; a feature folder only declares (see src/ui/admin/CONTEXT.md).
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { MessageDescriptor } from '@lingui/core';
import type { Role } from '@/contract/domain';

/**
 * Words a declaration shows: a message (msg`…`, translated when drawn) or a plain string (a
 * contract message, translated when the catalogue has it; else shown as it is: data, a name).
 */
export type Words = string | MessageDescriptor;

export type Option = readonly [value: string, label: Words];

export interface FilterDef {
  /** The query parameter (e.g. role, tenant_id, status). */
  key: string;
  label: Words;
  /** Fixed options, or a loader (e.g. the tenant list, fetched only when this filter shows). */
  options: readonly Option[] | (() => Promise<readonly Option[]>);
  /** Only these roles see (and load) the filter: only a platform admin loads the tenant list for the tenant filter. */
  roles?: readonly Role[];
}

export interface ColumnDef<Row> {
  key: string;
  header: Words;
  cell?: (row: Row) => ReactNode;
  /** The server's ordering key, when the column sorts. */
  sort?: string;
}

interface BulkActionBase {
  key: string;
  label: Words;
  options: readonly Option[];
}

/** A bulk action that queues its change at once. */
export interface RunAction<Row> extends BulkActionBase {
  /** Queues the change (through the outbox); resolves with what became of it. */
  run: (rows: Row[], option: string) => Promise<SaveOutcome>;
  /** What is said once it stands: one sentence, or one per option. */
  done: Words | ((option: string) => Words);
}

/** A bulk action that asks for more in a dialog of its own (a pin's duration) and says its outcome itself; the list loads again once the dialog closes. */
export interface DialogAction<Row> extends BulkActionBase {
  dialog: (rows: Row[], close: () => void) => ReactNode;
}

export type BulkActionDef<Row> = RunAction<Row> | DialogAction<Row>;

/** What a save came to: sent and accepted, queued for later, or refused with a message. */
export type SaveOutcome = { status: 'sent' } | { status: 'queued' } | { status: 'failed'; message: string };

export interface ListResource<Row extends { id: number }> {
  /** The key of its offline copy and of its CSV file. */
  name: string;
  title: Words;
  /** The list endpoint below /api; its CSV export is `${path}export/`. */
  path: string;
  /** False: the endpoint has no CSV export (no Export CSV button). */
  csvExport?: false;
  /** Query parameters every request carries (the students screen: role=student). */
  fixed?: Record<string, string>;
  columns: ColumnDef<Row>[];
  filters: FilterDef[];
  /** The label of the date filter (on created_at or date_joined); none: the list has no date filter. */
  dateLabel?: Words;
  /** The date filter's query parameters, when not the admin lists' date_from and date_to. */
  dateKeys?: readonly [from: string, to: string];
  searchLabel: Words;
  /** The server's ordering when no column is sorted; none: the endpoint keeps its own order. */
  defaultSort?: string;
  bulkActions?: BulkActionDef<Row>[];
  /** Where a row leads (its detail or edit screen). */
  rowHref?: (row: Row) => string;
  rowLabel: (row: Row) => string;
  create?: { href: string; label: Words };
  /** The refusal when a bulk action is applied to no row, in the list's own words. */
  noRowsSelected?: Words;
}

export type FieldDef =
  | { name: string; label: Words; kind: 'text' | 'email'; autoComplete?: string }
  | { name: string; label: Words; kind: 'textarea'; rows?: number }
  | { name: string; label: Words; kind: 'select'; options: readonly Option[] | (() => Promise<readonly Option[]>); placeholder?: Words }
  | { name: string; label: Words; kind: 'color' }
  | { name: string; label: Words; kind: 'file'; accept: string; hint?: Words }
  /** Several choices (checkboxes); the value is their ids joined with commas ('1,3'), as the server takes them. */
  | {
      name: string;
      label: Words;
      kind: 'checks';
      options: readonly Option[] | (() => Promise<readonly Option[]>);
      hint?: Words;
      empty?: Words;
    }
  /** HTML written with the shared editor (src/ui/editor/document-editor.tsx HtmlEditor, loaded with the form). */
  | { name: string; label: Words; kind: 'richtext' };

export interface FormResource<Schema extends z.ZodType> {
  name: string;
  /** 'Add user' / 'Edit user'. */
  titles: { create: Words; edit: Words };
  /** The spec's schema (src/contract): the same rules and words as the server. */
  schema: Schema;
  fields: FieldDef[];
  /** Empty values of a new record. */
  blank: Record<string, string>;
  /** The record's values as the form holds them (strings; files are not reloaded). */
  load: (id: number) => Promise<Record<string, string>>;
  /** Editing passes only the changed fields: an edit never sends what it did not change. */
  save: (id: number | null, changed: Record<string, string | File>) => Promise<SaveOutcome>;
  messages: { created: Words; updated: Words; failed: Words };
  /** Where a finished save returns to. */
  back: string;
  /** A live preview beside the form (the tenant's header and buttons). */
  preview?: (values: Record<string, unknown>) => ReactNode;
  /** Saving needs the server's answer first (e.g. a subdomain that may be taken). */
  needsNetwork?: (id: number | null) => boolean;
}
