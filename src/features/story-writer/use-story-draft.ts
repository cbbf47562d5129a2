// One story open for writing: its Yjs document made from the device's copy, autosaved on
// every change (debounced ~500 ms, and at once when the page is hidden or the screen closes),
// and refreshed from the server when online (another device's or a teacher's changes merge in).
import { useEffect, useRef, useState } from 'react';
import * as Y from 'yjs';
import { api } from '@/api/client';
import { useSessionUser } from '@/api/use-session';
import { fromBase64 } from '@/contract/document';
import { db } from '@/data/db';
import { documentKey, getDocument, putDocument } from '@/data/documents';
import { useLive } from '@/data/live';
import { useOnline } from '@/ui/use-online';
import { saveStoryText, type StoryMeta } from './story-commands';

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';
const REMOTE = 'server';
const AUTOSAVE_MS = 500;

export function useStoryDraft(slug: string) {
  const user = useSessionUser();
  const owner = user?.id ?? null;
  const online = useOnline();
  const record = useLive(() => (owner ? getDocument(owner, 'story', slug).then((r) => r ?? null) : null), [owner, slug]);
  const [ydoc, setYdoc] = useState<Y.Doc | null>(null);
  const [save, setSave] = useState<SaveState>('idle');
  const [saveError, setSaveError] = useState<string | null>(null);
  const titleRef = useRef('');
  const meta = (record?.meta ?? {}) as StoryMeta;
  titleRef.current = meta.title ?? '';

  // The Y.Doc is made once per story from the device's copy.
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
      saveStoryText(slug, titleRef.current, update, Y.encodeStateAsUpdate(ydoc)).then(
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
  }, [ydoc, slug]);

  // Online: the server's copy merges in (another tablet, a teacher's corrections, the status).
  useEffect(() => {
    if (!online || !owner || !ydoc) return;
    let stop = false;
    void (async () => {
      const { data } = await api.GET('/stories/{slug}/edit/', { params: { path: { slug } } });
      if (stop || !data) return;
      if (data.doc) Y.applyUpdate(ydoc, fromBase64(data.doc), REMOTE);
      const local = await getDocument(owner, 'story', slug);
      const unsent = await db.outbox.where('entity_keys').equals(`documents:${documentKey(owner, 'story', slug)}`).count();
      await putDocument({
        key: documentKey(owner, 'story', slug),
        owner_id: owner,
        kind: 'story',
        id: slug,
        state: Y.encodeStateAsUpdate(ydoc).slice().buffer,
        // Details still waiting to be sent stay as the child set them.
        meta: unsent
          ? { ...local?.meta, author_privacy: data.author_privacy, review_comment: data.review_comment }
          : { ...local?.meta, title: data.title, step: data.step, status: data.status, cover: data.cover, category_id: data.category_id, sdgs: data.sdgs, charity_id: data.charity_id, privacy_preference: data.privacy_preference, author_privacy: data.author_privacy, review_comment: data.review_comment },
        saved_at: local?.saved_at ?? Date.now(),
      });
    })().catch(() => undefined);
    return () => {
      stop = true;
    };
  }, [online, owner, ydoc, slug]);

  const unsent = useLive(
    () => (owner ? db.outbox.where('entity_keys').equals(`documents:${documentKey(owner, 'story', slug)}`).count() : 0),
    [owner, slug],
  );

  return { owner, record, meta, ydoc, save, saveError, unsent: unsent ?? 0, missing: record === null };
}

/** The owner's stories on this device, newest first. */
export function useMyDrafts() {
  const user = useSessionUser();
  return useLive(
    async () => (user ? (await db.documents.where('[owner_id+kind]').equals([user.id, 'story']).toArray()).sort((a, b) => b.saved_at - a.saved_at) : []),
    [user?.id],
  );
}
