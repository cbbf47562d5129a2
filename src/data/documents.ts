// Documents on this device (see DocumentRecord in ./db): read per owner, so a shared tablet
// shows each child only their own drafts, and the local pictures they use as object URLs.
import { db, type DocumentRecord } from './db';

export const documentKey = (ownerId: number, kind: DocumentRecord['kind'], id: string) => `${ownerId}:${kind}:${id}`;

export function ownerDocuments(ownerId: number, kind: DocumentRecord['kind']) {
  return db.documents.where('[owner_id+kind]').equals([ownerId, kind]).toArray();
}

export function getDocument(ownerId: number, kind: DocumentRecord['kind'], id: string) {
  return db.documents.get(documentKey(ownerId, kind, id));
}

/** Stores what the server holds of a document (a pull), not a change: no outbox entry. */
export async function putDocument(record: DocumentRecord) {
  await db.documents.put(record);
}

const urls = new Map<string, string>();
/** The object URL of a local picture already asked for (no IndexedDB read): a page drawn again shows it at once. */
export const knownPictureUrl = (id: string): string | undefined => urls.get(id);
/** A picture made on this device, as an object URL (null when only the server has it). */
export async function localPictureUrl(id: string): Promise<string | null> {
  const known = urls.get(id);
  if (known) return known;
  const row = await db.pictures.get(id);
  if (!row) return null;
  const url = URL.createObjectURL(new Blob([row.data], { type: row.type }));
  urls.set(id, url);
  return url;
}
