// Every admin write goes through the outbox like any other write: the cached admin pages are
// patched and the entry queued in one transaction (recordChange), then, online, the screen waits
// briefly for the server's answer so it can say the spec's success or failure message; offline
// the change stays queued and is sent when the device is back online.
import { adminPagesTable, patchCachedRows } from '@/data/admin-pages';
import type { OutboxFile } from '@/data/db';
import { recordChange } from '@/sync/outbox';
import { settled } from '@/sync/settle';
import type { SaveOutcome } from './resource';

export interface AdminWrite {
  /** The list resource whose cached rows change (by id), with the patch applied to them. */
  resource: string;
  ids: number[];
  patch: Record<string, unknown>;
  kind: string;
  label: string;
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body: Record<string, unknown>;
  files?: OutboxFile[];
}

export async function queueAdminWrite(write: AdminWrite): Promise<SaveOutcome> {
  const { entry } = await recordChange([adminPagesTable], () => patchCachedRows(write.resource, write.ids, write.patch), {
    kind: write.kind,
    label: write.label,
    method: write.method,
    path: write.path,
    body: write.body,
    files: write.files ?? [],
    entityKeys: write.ids.map((id) => `${write.resource}:${id}`),
  });
  return settled(entry.id);
}

/** Splits a form's changed fields into the entry's body (strings) and its files (as bytes). */
export async function formParts(changed: Record<string, string | File>): Promise<{ body: Record<string, string>; files: OutboxFile[] }> {
  const body: Record<string, string> = {};
  const files: OutboxFile[] = [];
  for (const [field, value] of Object.entries(changed)) {
    if (value instanceof File) files.push({ field, name: value.name, type: value.type, data: await value.arrayBuffer() });
    else body[field] = value;
  }
  return { body, files };
}
