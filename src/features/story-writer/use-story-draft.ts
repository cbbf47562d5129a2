// One story open for writing: the shared document draft (src/ui/editor/use-document-draft.ts:
// the Y.Doc from the device's copy, autosave, save state, the server's copy merged when online)
// with the story's own save path and details.
import { api } from '@/api/client';
import type { components } from '@/api/schema';
import { useDocumentDraft, useMyDocuments, type SaveState } from '@/ui/editor/use-document-draft';
import { saveStoryText, type StoryMeta } from './story-commands';

export type { SaveState };
type StoryEdit = components['schemas']['StoryDraft'];

export function useStoryDraft(slug: string) {
  const draft = useDocumentDraft({
    kind: 'story',
    id: slug,
    save: (update, state, meta) => saveStoryText(slug, (meta as StoryMeta).title ?? '', update, state),
    fetchRemote: () => api.GET('/stories/{slug}/edit/', { params: { path: { slug } } }),
    mergeMeta: (local, data: StoryEdit, unsent) =>
      // Details still waiting to be sent stay as the child set them.
      unsent
        ? { ...local, author_privacy: data.author_privacy, review_comment: data.review_comment }
        : {
            ...local,
            title: data.title,
            step: data.step,
            status: data.status,
            cover: data.cover,
            category_id: data.category_id,
            sdgs: data.sdgs,
            charity_id: data.charity_id,
            privacy_preference: data.privacy_preference,
            author_privacy: data.author_privacy,
            review_comment: data.review_comment,
          },
  });
  const meta = (draft.record?.meta ?? {}) as StoryMeta;
  return {
    owner: draft.owner,
    record: draft.record,
    meta,
    ydoc: draft.ydoc,
    save: draft.save,
    saveError: draft.saveError,
    saveText: draft.saveText,
    unsent: draft.unsent,
    missing: draft.missing,
    fetching: draft.fetching,
    fetchError: draft.fetchError,
    flush: draft.flush,
  };
}

/** The owner's stories on this device, newest first. */
export function useMyDrafts() {
  return useMyDocuments('story');
}
