// Documents on this device (see DocumentRecord in ./db): read per owner, so a shared tablet
// shows each child only their own drafts, and the local pictures they use as object URLs.
// Also the last-moment journal: what a page leaving (pagehide, freeze, hidden) had not written
// yet, put with the browser's own IndexedDB calls in that same task (in a small database of its
// own, so nothing queues it), so it lands even when the page is gone before the save under way
// could finish; the writer takes it up when the document opens again.
import Dexie, { type EntityTable } from 'dexie';
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

const journalKey = (ownerId: number, kind: DocumentRecord['kind'], id: string) => documentKey(ownerId, kind, id);

/**
 * The journal is a database of its own: its one-line transaction never queues behind the app's
 * save that is still under way (that one holds the documents and the outbox), so it starts and
 * commits at once. Its rows belong to their owner like the documents themselves.
 */
class JournalDatabase extends Dexie {
  unsaved!: EntityTable<{ key: string; update: ArrayBuffer; at: number }, 'key'>;
  constructor() {
    super('storynest-unsaved', { chromeTransactionDurability: 'strict' });
    this.version(1).stores({ unsaved: '&key' });
  }
}
let journalDb: JournalDatabase | undefined;
const journal = () => (journalDb ??= new JournalDatabase());

/** Opens the journal ahead of need: a page going away has no time to open a database. */
export function openUnsavedJournal(): Promise<void> {
  return journal()
    .open()
    .then(() => undefined);
}

/**
 * Keeps a document's changes not yet written (a Yjs update) while the page is going away: the
 * put and the commit are issued now, with no reply awaited (the page may not live to hear one).
 */
export function journalUnsaved(ownerId: number, kind: DocumentRecord['kind'], id: string, update: Uint8Array): void {
  try {
    const idb = journal().isOpen() ? journal().backendDB() : null;
    if (!idb) return;
    const tx = idb.transaction('unsaved', 'readwrite', { durability: 'strict' });
    tx.objectStore('unsaved').put({ key: journalKey(ownerId, kind, id), update: update.slice().buffer, at: Date.now() });
    tx.commit();
  } catch (err) {
    console.warn('the unsaved changes could not be kept', err);
  }
}

/** What a page that went away had not written of this document (null: nothing). */
export async function unsavedJournal(
  ownerId: number,
  kind: DocumentRecord['kind'],
  id: string,
): Promise<{ update: Uint8Array; at: number } | null> {
  const row = await journal().unsaved.get(journalKey(ownerId, kind, id));
  if (!row) return null;
  if (!(row.update instanceof ArrayBuffer) || typeof row.at !== 'number') {
    console.warn('an unsaved-changes journal did not parse; dropped');
    await journal().unsaved.delete(journalKey(ownerId, kind, id));
    return null;
  }
  return { update: new Uint8Array(row.update), at: row.at };
}

/** Forgets the journal once its changes are written, unless a newer one was kept meanwhile. */
export async function clearUnsavedJournal(ownerId: number, kind: DocumentRecord['kind'], id: string, at: number): Promise<void> {
  const j = journal();
  await j.transaction('rw', j.unsaved, async () => {
    const row = await j.unsaved.get(journalKey(ownerId, kind, id));
    if (row?.at === at) await j.unsaved.delete(journalKey(ownerId, kind, id));
  });
}
