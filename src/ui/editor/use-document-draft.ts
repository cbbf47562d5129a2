// One document open for writing (a story, a book), the part every kind shares: its Y.Doc made
// from the device's copy, every change written to the device at once (./document-saver.ts), the
// save state ("Saved on this tablet", "... and sent" once no change of this document is unsent),
// and, when online, the server's copy merged in (another tablet's or a teacher's changes). The
// caller says how to save a change and how to read the server's copy: stories
// (src/features/story-writer) and books (src/features/book-maker). `flush()` is for actions that
// depend on the words (send, publish, print): they wait for it, so they queue after the words.
import { useCallback, useEffect, useRef, useState } from 'react';
import * as Y from 'yjs';
import { useSessionUser } from '@/api/use-session';
import { fromBase64 } from '@/contract/document';
import { db, type DocumentRecord } from '@/data/db';
import { clearUnsavedJournal, getDocument, journalUnsaved, openUnsavedJournal, unsavedJournal } from '@/data/documents';
import { useLive } from '@/data/live';
import { keepServerCopy, unsentDocumentChanges } from '@/sync/document-changes';
import { useOnline } from '@/ui/use-online';
import { createDocumentSaver, REMOTE, saveStatusText, type DocumentSaver, type SaveReport, type SaveState } from './document-saver';

export { REMOTE, type SaveState };

export interface DocumentDraftOptions {
  kind: DocumentRecord['kind'];
  id: string;
  /** Stores the change on the device and queues it (src/sync/document-changes). */
  save: (update: Uint8Array, state: Uint8Array, meta: Record<string, unknown>) => Promise<unknown>;
  /** The server's answer for its copy (`data` absent when it has none for this user or cannot be reached). */
  fetchRemote: () => Promise<{ data?: { doc: string | null } | undefined; error?: unknown }>;
  /** The details to keep after the server's copy arrived; `unsent`: this device still has changes to send. */
  mergeMeta: (local: Record<string, unknown>, remote: never, unsent: number) => Record<string, unknown>;
}

/** An empty Yjs document (the server has none yet). */
const EMPTY_STATE = new Uint8Array([0, 0]);
/** The server's words for a refusal ('' when it gave none). */
function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? message : '';
}

/** The origin of changes taken up from the journal: saved like the user's own. */
const JOURNAL = 'journal';
const SAME = (a: SaveReport, b: SaveReport) => a.state === b.state && a.error === b.error && a.savedAt === b.savedAt;

export function useDocumentDraft({ kind, id, save: saveChange, fetchRemote, mergeMeta }: DocumentDraftOptions) {
  const user = useSessionUser();
  const owner = user?.id ?? null;
  const online = useOnline();
  const record = useLive(() => (owner ? getDocument(owner, kind, id).then((r) => r ?? null) : null), [owner, kind, id]);
  const [ydoc, setYdoc] = useState<Y.Doc | null>(null);
  const [report, setReport] = useState<SaveReport>({ state: 'idle', error: null, savedAt: 0 });
  const saver = useRef<DocumentSaver | null>(null);
  const metaRef = useRef<Record<string, unknown>>({});
  metaRef.current = record?.meta ?? {};
  const calls = useRef({ saveChange, fetchRemote, mergeMeta });
  calls.current = { saveChange, fetchRemote, mergeMeta };

  // The Y.Doc is made once per document from the device's copy.
  useEffect(() => {
    if (!record || ydoc) return;
    const d = new Y.Doc();
    Y.applyUpdate(d, new Uint8Array(record.state), REMOTE);
    setYdoc(d);
  }, [record, ydoc]);

  // Every change goes to the device at once (no debounce: a reload a keystroke later keeps it).
  useEffect(() => {
    if (!ydoc || !owner) return;
    const s = createDocumentSaver(
      ydoc,
      (update, state) => calls.current.saveChange(update, state, metaRef.current),
      (next) => setReport((prev) => (SAME(prev, next) ? prev : next)),
      (update) => journalUnsaved(owner, kind, id, update),
    );
    saver.current = s;
    // What a page that went away had not written yet: applied as this device's change (so it
    // is saved and sent like any other), then forgotten.
    void openUnsavedJournal()
      .then(() => unsavedJournal(owner, kind, id))
      .then(async (kept) => {
        if (!kept) return;
        Y.applyUpdate(ydoc, kept.update, JOURNAL);
        await s.flush();
        await clearUnsavedJournal(owner, kind, id, kept.at);
      })
      .catch((err: unknown) => console.warn('unsaved changes could not be taken up', err));
    return () => {
      s.stop();
      if (saver.current === s) saver.current = null;
    };
  }, [ydoc, owner, kind, id]);

  // Counted with the time the count began: a count that began before the last write cannot say "sent".
  const unsent = useLive(async () => {
    const at = performance.now();
    return owner ? { count: await unsentDocumentChanges(owner, kind, id), at } : { count: 0, at };
  }, [owner, kind, id]);
  const status = record?.meta['status'];
  // Once a document waiting to be sent ("sending") has left the queue, the server's copy says
  // what became of it (submitted, published): a screen says "Sent" from that answer only.
  const settled = status === 'sending' && unsent?.count === 0 ? unsent.at : 0;

  // Not on this device yet (started on another tablet, a child's story a teacher corrects):
  // online, the server's copy is fetched and kept here, and from then on it is edited like one
  // made here. Offline, or when the server will not give it to this user, it is missing.
  const [fetchError, setFetchError] = useState<string | null>(null);
  useEffect(() => {
    if (record !== null || !online || !owner) return;
    let stop = false;
    setFetchError(null);
    void (async () => {
      const { data, error } = await calls.current.fetchRemote();
      if (stop) return;
      if (!data) return setFetchError(messageOf(error));
      await keepServerCopy(owner, { kind, id }, data.doc ? fromBase64(data.doc) : EMPTY_STATE, (local, count) =>
        calls.current.mergeMeta(local, data as never, count),
      );
    })().catch((err: unknown) => !stop && setFetchError(messageOf(err)));
    return () => {
      stop = true;
    };
  }, [record, online, owner, kind, id]);

  // Online: the server's copy merges in (another tablet, a teacher's corrections, the status).
  useEffect(() => {
    if (!online || !owner || !ydoc) return;
    let stop = false;
    void (async () => {
      const { data } = await calls.current.fetchRemote();
      if (stop || !data || !saver.current) return;
      // Between two writes: the state kept holds only changes that are also queued.
      await saver.current.exclusive(async () => {
        if (data.doc) Y.applyUpdate(ydoc, fromBase64(data.doc), REMOTE);
        await keepServerCopy(owner, { kind, id }, Y.encodeStateAsUpdate(ydoc), (local, count) =>
          calls.current.mergeMeta(local, data as never, count),
        );
      });
    })().catch(() => undefined);
    return () => {
      stop = true;
    };
  }, [online, owner, ydoc, kind, id, settled]);

  const flush = useCallback(() => saver.current?.flush() ?? Promise.resolve(), []);

  return {
    owner,
    user,
    record,
    ydoc,
    save: report.state,
    saveError: report.error,
    /** The save state in words, never "sent" before it is true. */
    saveText: saveStatusText(report, unsent),
    unsent: unsent?.count ?? 0,
    /** Not on this device and not to be had now: offline, or the server refused (`fetchError`). */
    missing: record === null && (!online || fetchError !== null),
    /** Not on this device yet; being fetched from the server. */
    fetching: record === null && online && fetchError === null,
    fetchError,
    flush,
  };
}

/** The owner's documents of one kind on this device, newest first. */
export function useMyDocuments(kind: DocumentRecord['kind']) {
  const user = useSessionUser();
  return useLive(
    async () =>
      user ? (await db.documents.where('[owner_id+kind]').equals([user.id, kind]).toArray()).sort((a, b) => b.saved_at - a.saved_at) : [],
    [user?.id, kind],
  );
}
