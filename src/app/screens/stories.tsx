// The stories lists of the school and organization areas (SPEC.md section 2): the stories feature's
// table, declared per area.
import { StoryTable } from '@/features/stories/story-table';

export function SchoolStoriesScreen() {
  return <StoryTable title="Stories" />;
}

export function OrganizationStoriesScreen() {
  return <StoryTable title="Shared stories" organization />;
}
