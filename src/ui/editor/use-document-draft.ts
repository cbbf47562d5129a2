// One document open for writing (a story, a book), the part every kind shares: its Y.Doc made
// from the device's copy, autosaved on every change (debounced ~500 ms, and at once when the page
// is hidden or the screen closes), the save state ("Saved on this tablet", "... and sent" once no
// entry of this document is unsent), and, when online, the server's copy merged in (another
// tablet's or a teacher's changes). The caller says how to save a change and how to read the
// server's copy: stories (src/features/story-writer) and books (src/features/book-maker).
import { useEffect, useRef, useState } from 'react';
import * as Y from 'yjs';
import { useSessionUser } from '@/api/use-session';
import { fromBase64 } from '@/contract/document';
import { db, type DocumentRecord } from '@/data/db';
import { documentKey, getDocument, putDocument } from '@/data/documents';
import { useLive } from '@/data/live';
import { changesTouching } from '@/sync/outbox';
import { useOnline } from '@/ui/use-online';

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';
/** The origin of updates that came from the device's copy or the server: never saved again. */
export const REMOTE = 'server';
const AUTOSAVE_MS = 500;

export interface DocumentDraftOptions {
  kind: DocumentRecord['kind'];
  id: string;
  /** Stores the change on the device and queues it (src/sync/document-changes). */
  save: (update: Uint8Array, state: Uint8Array, meta: Record<string, unknown>) => Promise<unknown>;
  /** The server's copy (null when it has none yet or cannot be reached). */
  fetchRemote: () => Promise<{ doc: string | null } | null | undefined>;
  /** The details to keep after the server's copy arrived; `unsent`: this device still has changes to send. */
  mergeMeta: (local: Record<string, unknown>, remote: never, unsent: number) => Record<string, unknown>;
}

export function useDocumentDraft({ kind, id, save: saveChange, fetchRemote, mergeMeta }: DocumentDraftOptions) {
  const user = useSessionUser();
  const owner = user?.id ?? null;
  const online = useOnline();
  const record = useLive(() => (owner ? getDocument(owner, kind, id).then((r) => r ?? null) : null), [owner, kind, id]);
  const [ydoc, setYdoc] = useState<Y.Doc | null>(null);
  const [save, setSave] = useState<SaveState>('idle');
  const [saveError, setSaveError] = useState<string | null>(null);
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

  // Autosave: the updates since the last save go out as one change.
  useEffect(() => {
    if (!ydoc) return;
    let pending: Uint8Array[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      if (!pending.length) return;
      const update = pending.length === 1 ? pending[0]! : Y.mergeUpdates(pending);
      pending = [];
      setSave('saving');
      calls.current.saveChange(update, Y.encodeStateAsUpdate(ydoc), metaRef.current).then(
        () => setSave('saved'),
        (err: Error) => {
          setSave('failed');
          setSaveError(err.message);
        },
      );
    };
    const onUpdate = (update: Uint8Array, origin: unknown) => {
      if (origin === REMOTE) return;
      pending.push(update);
      clearTimeout(timer);
      timer = setTimeout(flush, AUTOSAVE_MS);
    };
    const onHide = () => document.visibilityState === 'hidden' && flush();
    ydoc.on('update', onUpdate);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', flush);
    return () => {
      flush();
      ydoc.off('update', onUpdate);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flush);
    };
  }, [ydoc]);

  // Online: the server's copy merges in (another tablet, a teacher's corrections, the status).
  useEffect(() => {
    if (!online || !owner || !ydoc) return;
    let stop = false;
    void (async () => {
      const data = await calls.current.fetchRemote();
      if (stop || !data) return;
      if (data.doc) Y.applyUpdate(ydoc, fromBase64(data.doc), REMOTE);
      const key = documentKey(owner, kind, id);
      const local = await getDocument(owner, kind, id);
      const unsent = await changesTouching(`documents:${key}`);
      await putDocument({
        key,
        owner_id: owner,
        kind,
        id,
        state: Y.encodeStateAsUpdate(ydoc).slice().buffer,
        meta: calls.current.mergeMeta(local?.meta ?? {}, data as never, unsent),
        saved_at: local?.saved_at ?? Date.now(),
      });
    })().catch(() => undefined);
    return () => {
      stop = true;
    };
  }, [online, owner, ydoc, kind, id]);

  const unsent = useLive(() => (owner ? changesTouching(`documents:${documentKey(owner, kind, id)}`) : 0), [owner, kind, id]);

  return { owner, user, record, ydoc, save, saveError, unsent: unsent ?? 0, missing: record === null };
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
