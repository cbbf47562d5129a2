// Who may see a story: ONE pure function of the story, its author's current state, its class's
// review setting and the viewer. The server mirrors it in SQL (server/domains/stories/visibility.ts,
// compared against this function over generated cases) and the PWA uses it offline.
// Plain TypeScript only: this module may be on the first load, so it must not pull in zod.
import type { PrivacyPreference, Role, StoryStatus } from './domain';

export interface StoryFacts {
  tenant_id: number;
  author_id: number;
  class_id: number | null;
  status: StoryStatus;
  /** The story's own setting; the author's current preference may narrow it. */
  privacy_preference: PrivacyPreference;
  is_archived: boolean;
  /** A moderator hid it (book monitoring): off the shelves; its author and staff still see it. */
  hidden: boolean;
  deleted: boolean;
}

export interface AuthorFacts {
  /** The child's current privacy preference; null when the author is not a student (a teacher). */
  privacy_preference: PrivacyPreference | null;
  archived: boolean;
  is_active: boolean;
  /** The author's current class: their teacher reaches the story even after a class move. */
  class_id: number | null;
}

/** The story's class: whether a teacher must approve before others see it (on by default). */
export interface ClassFacts {
  review_stories: boolean;
}

export type StoryViewer =
  | { kind: 'anonymous' }
  /** A parent with the school's community password. */
  | { kind: 'community'; tenant_id: number }
  | {
      kind: 'user';
      id: number;
      role: Role;
      tenant_id: number | null;
      /** Classes the viewer teaches (teachers). */
      teaches: readonly number[];
      /** Schools linked to the viewer's organization (organization admins). */
      linked_schools: readonly number[];
    };

/** Narrowest first: the effective setting is the narrower of the story's and the child's. */
const WIDTH: Record<PrivacyPreference, number> = { private: 0, community: 1, public: 2 };

export function narrowestPrivacy(a: PrivacyPreference, b: PrivacyPreference | null): PrivacyPreference {
  return b === null || WIDTH[a] <= WIDTH[b] ? a : b;
}

const SCHOOL_ADMIN_ROLES: readonly Role[] = ['school_admin', 'teacher_admin'];

/**
 * Staff who look after the story: they see it at every step after the child hands it in
 * (submitted, returned, published, archived), whatever its privacy. Drafts stay the child's.
 */
export function caresForStory(story: StoryFacts, author: AuthorFacts, viewer: StoryViewer): boolean {
  if (viewer.kind !== 'user') return false;
  if (viewer.role === 'upschool_admin') return true;
  if (viewer.tenant_id !== story.tenant_id) return false;
  if (SCHOOL_ADMIN_ROLES.includes(viewer.role)) return true;
  if (viewer.role !== 'teacher') return false;
  return [story.class_id, author.class_id].some((id) => id !== null && viewer.teaches.includes(id));
}

/** Whether the story is out for others to read: approved (or needing no approval) and its author still shown. */
export function isOutForReaders(story: StoryFacts, author: AuthorFacts, cls: ClassFacts | null): boolean {
  const approved = story.status === 'published' || (story.status === 'submitted' && cls !== null && !cls.review_stories);
  return approved && !story.is_archived && !story.hidden && author.is_active && !author.archived;
}

export function canSeeStory(story: StoryFacts, author: AuthorFacts, cls: ClassFacts | null, viewer: StoryViewer): boolean {
  if (story.deleted) return false;
  if (viewer.kind === 'user' && viewer.id === story.author_id) return true;
  if (story.status === 'draft') return false;
  if (caresForStory(story, author, viewer)) return true;
  if (!isOutForReaders(story, author, cls)) return false;
  switch (narrowestPrivacy(story.privacy_preference, author.privacy_preference)) {
    case 'public':
      return true;
    case 'community':
      if (viewer.kind === 'community') return viewer.tenant_id === story.tenant_id;
      if (viewer.kind === 'user') return viewer.tenant_id === story.tenant_id || viewer.linked_schools.includes(story.tenant_id);
      return false;
    case 'private':
      return false;
  }
}
