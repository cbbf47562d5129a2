// The story writer's routes: read the address, hand the slug to the writer's screens. Lazily
// loaded, so Tiptap and Yjs come only with these routes.
import { useParams, useSearch } from '@tanstack/react-router';
import { OnePageStory, StartStoryPage, UploadContentPage, WriteStepsPage } from '@/features/story-writer/writer-pages';

export { StartStoryPage, UploadContentPage };

export function WriteStepsScreen() {
  const { slug } = useParams({ strict: false }) as { slug?: string };
  return <WriteStepsPage key={slug} slug={slug ?? ''} />;
}

export function StoryEditScreen() {
  const { slug } = useSearch({ strict: false }) as { slug?: string };
  return <OnePageStory key={slug ?? 'new'} slug={slug} />;
}
