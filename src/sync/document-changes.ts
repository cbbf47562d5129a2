// Document changes through the outbox (stories, and books: one document per book). A save stores the
// document's merged state on the device and queues the Yjs update the server merges, in one
// transaction (recordChange); a picture is stored as bytes and queued as a file. If the server
// refuses a change, the text stays on the device and the sync panel says why.
// Saves made while a document's last save is still waiting (offline, say) fold into that one
// entry (Y.mergeUpdates), so the server merges and renders once per document, not once per save.
// A document's screens ask here how many of its changes are unsent and whether one has been sent.
import * as Y from 'yjs';
import { db, type DocumentRecord, type OutboxFile, type PictureRecord } from '@/data/db';
import { documentKey } from '@/data/documents';
import { fromBase64, toBase64 } from '@/contract/document';
import type { DeviceSession } from './device-session';
import { recordChange } from './outbox';

export interface DocumentSave {
  kind: DocumentRecord['kind'];
  id: string;
  /** Where the server merges updates, e.g. /stories/{slug}/document/. */
  path: string;
  label: string;
  /** The change since the last save (sent) and the whole state after it (kept here). */
  update: Uint8Array;
  state: Uint8Array;
  meta?: Record<string, unknown>;
}

const bytes = (u: Uint8Array) => u.slice().buffer;

async function keepState(save: DocumentSave, owner: DeviceSession) {
  const key = documentKey(owner.owner_id, save.kind, save.id);
  const old = await db.documents.get(key);
  await db.documents.put({
    key,
    owner_id: owner.owner_id,
    kind: save.kind,
    id: save.id,
    state: bytes(save.state),
    meta: { ...old?.meta, ...save.meta },
    saved_at: Date.now(),
  });
  return key;
}

/**
 * A document's save: the state kept and the update queued, in ONE transaction (recordChange).
 * When the queue's newest entry is this document's save, the same owner's and never tried, the
 * update folds into it instead: that entry is replaced by one holding both updates (a new id, so
 * if the engine is sending the old one just now, its answer removes only that; Yjs updates may be
 * applied twice). One transaction, so a save reaches the device as fast as it can: a reload or a
 * closed tab a keystroke later finds it there.
 */
export async function saveDocument(save: DocumentSave) {
  /** The update of the waiting entry this save folds into, if any. */
  let earlier: Uint8Array | null = null;
  return recordChange(
    [db.documents],
    async (owner) => {
      const [key, newest] = await Promise.all([keepState(save, owner), db.outbox.orderBy('created_at').last()]);
      if (
        newest &&
        newest.owner_id === owner.owner_id &&
        newest.kind === `${save.kind}.save` &&
        newest.method === 'PUT' &&
        newest.path === save.path &&
        newest.status === 'pending' &&
        newest.attempts === 0
      ) {
        earlier = fromBase64((newest.body as { update: string }).update);
        await db.outbox.delete(newest.id);
      }
      return key;
    },
    (key) => ({
      kind: `${save.kind}.save`,
      label: save.label,
      method: 'PUT',
      path: save.path,
      body: { update: toBase64(earlier ? Y.mergeUpdates([earlier, save.update]) : save.update) },
      entityKeys: [`documents:${key}`],
    }),
  );
}

/** How many of a document's changes (text, details, sending) this device has not sent yet. */
export function unsentDocumentChanges(ownerId: number, kind: DocumentRecord['kind'], id: string): Promise<number> {
  return db.outbox
    .where('entity_keys')
    .equals(`documents:${documentKey(ownerId, kind, id)}`)
    .count();
}

/**
 * Where a document's latest sending (its `.submit` change: to the teacher, to the school) is on
 * this device: waiting in the queue, refused (with the server's words), or not queued (the server
 * answered it, or there was none).
 */
export async function sendingState(
  ownerId: number,
  kind: DocumentRecord['kind'],
  id: string,
): Promise<{ state: 'waiting' | 'refused' | 'none'; message: string | null }> {
  const entries = await db.outbox
    .where('entity_keys')
    .equals(`documents:${documentKey(ownerId, kind, id)}`)
    .filter((e) => e.kind === `${kind}.submit`)
    .toArray();
  const last = entries.sort((a, b) => b.created_at - a.created_at)[0];
  if (!last) return { state: 'none', message: null };
  if (last.status === 'failed' || last.status === 'conflict') return { state: 'refused', message: last.last_error };
  return { state: 'waiting', message: null };
}

/**
 * Keeps what the server holds of a document (its copy merged into `state` by the caller) with
 * the details `mergeMeta` makes of the server's answer, in one transaction; `unsent` tells it
 * whether this device still has changes of the document to send. A pull: no outbox entry.
 */
export async function keepServerCopy(
  ownerId: number,
  doc: { kind: DocumentRecord['kind']; id: string },
  state: Uint8Array,
  mergeMeta: (local: Record<string, unknown>, unsent: number) => Record<string, unknown>,
): Promise<void> {
  const key = documentKey(ownerId, doc.kind, doc.id);
  await db.transaction('rw', [db.documents, db.outbox], async () => {
    const [local, unsent] = await Promise.all([db.documents.get(key), unsentDocumentChanges(ownerId, doc.kind, doc.id)]);
    await db.documents.put({
      key,
      owner_id: ownerId,
      kind: doc.kind,
      id: doc.id,
      state: bytes(state),
      meta: mergeMeta(local?.meta ?? {}, unsent),
      saved_at: local?.saved_at ?? Date.now(),
    });
  });
}

/** Sets a document's details locally and queues the request that sets them on the server. */
export async function saveDocumentDetails(
  doc: { kind: DocumentRecord['kind']; id: string },
  meta: Record<string, unknown>,
  /** `files`: an upload sent with the request (multipart; `body` gives its other fields). */
  request: { method: 'POST' | 'PATCH' | 'PUT'; path: string; body?: unknown; label: string; kind: string; files?: OutboxFile[] },
) {
  return recordChange(
    [db.documents],
    async (owner) => {
      const key = documentKey(owner.owner_id, doc.kind, doc.id);
      const old = await db.documents.get(key);
      await db.documents.put({
        key,
        owner_id: owner.owner_id,
        kind: doc.kind,
        id: doc.id,
        state: old?.state ?? new Uint8Array([0, 0]).buffer,
        meta: { ...old?.meta, ...meta },
        saved_at: Date.now(),
      });
      return key;
    },
    (key) => ({
      kind: request.kind,
      label: request.label,
      method: request.method,
      path: request.path,
      body: request.body,
      ...(request.files ? { files: request.files } : {}),
      entityKeys: [`documents:${key}`],
    }),
  );
}

/** Keeps a resized picture on the device and queues its upload (POST /pictures/). */
export async function savePicture(picture: Omit<PictureRecord, 'owner_id'>, label: string) {
  return recordChange(
    [db.pictures],
    async (owner) => {
      await db.pictures.put({ ...picture, owner_id: owner.owner_id });
    },
    {
      kind: 'picture.add',
      label,
      method: 'POST',
      path: '/pictures/',
      body: { id: picture.id, width: String(picture.width), height: String(picture.height) },
      files: [{ field: 'file', name: `${picture.id}.${picture.type.split('/')[1]}`, type: picture.type, data: picture.data }],
    },
  );
}
