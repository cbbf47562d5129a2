// Document changes through the outbox (stories, and books: one document per book). A save stores the
// document's merged state on the device and queues the Yjs update the server merges, in one
// transaction (recordChange); a picture is stored as bytes and queued as a file. If the server
// refuses a change, the text stays on the device and the sync panel says why.
// Saves made while a document's last save is still waiting (offline, say) fold into that one
// entry (Y.mergeUpdates), so the server merges and renders once per document, not once per save.
import * as Y from 'yjs';
import { db, type DocumentRecord, type OutboxFile, type OutboxRecord, type PictureRecord } from '@/data/db';
import { documentKey } from '@/data/documents';
import { fromBase64, toBase64 } from '@/contract/document';
import { currentOwner, type DeviceSession } from './device-session';
import { isQuotaError, recordChange, StorageFullError } from './outbox';

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
 * The save folded into the queue's newest entry when that is this document's save, the same
 * owner's, never tried: one transaction keeps the state and replaces the entry (a new id, so if
 * the engine is sending the old one just now, its answer removes only that; Yjs updates may be
 * applied twice). Null when there is nothing to fold into.
 */
async function foldIntoWaiting(save: DocumentSave): Promise<{ result: string; entry: OutboxRecord } | null> {
  return db.transaction('rw', [db.outbox, db.meta, db.documents], async () => {
    const [owner, newest] = await Promise.all([currentOwner(db), db.outbox.orderBy('created_at').last()]);
    if (
      !owner ||
      !newest ||
      newest.owner_id !== owner.owner_id ||
      newest.kind !== `${save.kind}.save` ||
      newest.method !== 'PUT' ||
      newest.path !== save.path
    )
      return null;
    if (newest.status !== 'pending' || newest.attempts !== 0) return null;
    const key = await keepState(save, owner);
    const earlier = fromBase64((newest.body as { update: string }).update);
    const entry: OutboxRecord = {
      ...newest,
      id: crypto.randomUUID(),
      label: save.label,
      body: { update: toBase64(Y.mergeUpdates([earlier, save.update])) },
      created_at: Math.max(Date.now(), newest.created_at + 1),
    };
    await db.outbox.delete(newest.id);
    await db.outbox.add(entry);
    return { result: key, entry };
  });
}

export async function saveDocument(save: DocumentSave) {
  try {
    const folded = await foldIntoWaiting(save);
    if (folded) return folded;
  } catch (err) {
    if (isQuotaError(err)) throw new StorageFullError();
    throw err;
  }
  return recordChange(
    [db.documents],
    (owner) => keepState(save, owner),
    (key) => ({
      kind: `${save.kind}.save`,
      label: save.label,
      method: 'PUT',
      path: save.path,
      body: { update: toBase64(save.update) },
      entityKeys: [`documents:${key}`],
    }),
  );
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
