// Document changes through the outbox (stories now, book pages later). A save stores the
// document's merged state on the device and queues the Yjs update the server merges, in one
// transaction (recordChange); a picture is stored as bytes and queued as a file. If the server
// refuses a change, the text stays on the device and the sync panel says why.
import { db, type DocumentRecord, type PictureRecord } from '@/data/db';
import { documentKey } from '@/data/documents';
import { toBase64 } from '@/contract/document';
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

export async function saveDocument(save: DocumentSave) {
  return recordChange(
    [db.documents],
    async (owner) => {
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
    },
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
  request: { method: 'POST' | 'PATCH' | 'PUT'; path: string; body?: unknown; label: string; kind: string },
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
    (key) => ({ kind: request.kind, label: request.label, method: request.method, path: request.path, body: request.body, entityKeys: [`documents:${key}`] }),
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
