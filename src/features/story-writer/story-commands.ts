// Story writing commands. Each is a local commit (the device's documents table) plus an outbox
// entry, so a child writes, adds pictures and sends with no network at all. The slug is made
// here (a readable part and a random part) so an offline draft has its address at once.
import { t } from '@lingui/core/macro';
import type { PrivacyPreference } from '@/contract/domain';
import { saveDocument, saveDocumentDetails, savePicture } from '@/sync/document-changes';
import { resizePicture } from '@/ui/editor/resize-picture';

export function makeSlug(title: string): string {
  const readable = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  const random = crypto.randomUUID().replace(/-/g, '').slice(0, 8);
  return `${readable || 'my-story'}-${random}`;
}

export interface StoryMeta {
  title?: string;
  step?: number;
  status?: string;
  cover?: string | null;
  category_id?: number | null;
  sdgs?: number[];
  charity_id?: number | null;
  privacy_preference?: PrivacyPreference;
  author_privacy?: PrivacyPreference;
  review_comment?: string | null;
  author_id?: number;
}

const doc = (slug: string) => ({ kind: 'story' as const, id: slug });

export async function startStory(input: { title?: string; author_id?: number; class_id?: number; source?: 'written' | 'uploaded' } = {}) {
  const slug = makeSlug(input.title ?? '');
  await saveDocumentDetails(
    doc(slug),
    { title: input.title ?? '', step: 1, status: 'draft', sdgs: [] },
    {
      method: 'POST',
      path: '/stories/',
      body: { slug, ...input },
      // The outbox's words (the sync panel lists them) in the writer's language at the time.
      label: t`Started a story`,
      kind: 'story.start',
    },
  );
  return slug;
}

export function saveStoryText(slug: string, title: string, update: Uint8Array, state: Uint8Array) {
  return saveDocument({
    kind: 'story',
    id: slug,
    path: `/stories/${slug}/document/`,
    label: savedLabel(title || t`My story`),
    update,
    state,
  });
}

/** Sets details of the story (title, cover, category, SDGs, cause, visibility, step). */
export function saveStoryDetails(
  slug: string,
  changes: Omit<StoryMeta, 'status' | 'author_privacy' | 'review_comment' | 'author_id'>,
  label?: string,
) {
  label ??= t`Changed a story`;
  const body = { ...changes } as Record<string, unknown>;
  const meta: Record<string, unknown> = { ...changes };
  if (changes.cover !== undefined) meta['cover'] = changes.cover;
  return saveDocumentDetails(doc(slug), meta, { method: 'PATCH', path: `/stories/${slug}/`, body, label, kind: 'story.details' });
}

export function submitStory(slug: string, title: string) {
  return saveDocumentDetails(
    doc(slug),
    { status: 'sending', step: 4 },
    {
      method: 'POST',
      path: `/stories/${slug}/submit/`,
      label: sentLabel(title || t`My story`),
      kind: 'story.submit',
    },
  );
}

/** Makes a chosen picture small, keeps it on the device and queues it; answers its id. */
export async function addPicture(file: Blob): Promise<string> {
  const resized = await resizePicture(file);
  const id = crypto.randomUUID();
  await savePicture({ id, ...resized }, t`Added a picture`);
  return id;
}

const savedLabel = (title: string) => t`Saved “${title}”`;
const sentLabel = (title: string) => t`Sent “${title}”`;
