// Who sees a story (issue 11 "Who sees what", issue 10 item 6): the pure rule as a table.
// Each row names a story, its author, its class's review setting and a viewer, and the answer.
import { describe, expect, it } from 'vitest';
import {
  canSeeStory,
  narrowestPrivacy,
  type AuthorFacts,
  type ClassFacts,
  type StoryFacts,
  type StoryViewer,
} from '@/contract/story-visibility';

const SCHOOL = 1;
const OTHER_SCHOOL = 2;
const CLASS = 10;
const AUTHOR = 100;

const story = (over: Partial<StoryFacts> = {}): StoryFacts => ({
  tenant_id: SCHOOL,
  author_id: AUTHOR,
  class_id: CLASS,
  status: 'published',
  privacy_preference: 'public',
  is_archived: false,
  hidden: false,
  deleted: false,
  ...over,
});
const author = (over: Partial<AuthorFacts> = {}): AuthorFacts => ({
  privacy_preference: 'public',
  archived: false,
  is_active: true,
  class_id: CLASS,
  ...over,
});
const review: ClassFacts = { review_stories: true };
const noReview: ClassFacts = { review_stories: false };

type UserViewer = Extract<StoryViewer, { kind: 'user' }>;
const user = (role: UserViewer['role'], over: Partial<UserViewer> = {}): StoryViewer => ({
  kind: 'user',
  id: 500,
  role,
  tenant_id: SCHOOL,
  teaches: [],
  linked_schools: [],
  ...over,
});

const V = {
  anonymous: { kind: 'anonymous' } as StoryViewer,
  parent: { kind: 'community', tenant_id: SCHOOL } as StoryViewer,
  otherParent: { kind: 'community', tenant_id: OTHER_SCHOOL } as StoryViewer,
  self: user('student', { id: AUTHOR }),
  classmate: user('student'),
  otherSchoolStudent: user('student', { tenant_id: OTHER_SCHOOL }),
  teacher: user('teacher', { teaches: [CLASS] }),
  otherTeacher: user('teacher', { teaches: [99] }),
  otherSchoolTeacher: user('teacher', { tenant_id: OTHER_SCHOOL, teaches: [CLASS] }),
  head: user('school_admin'),
  teacherAdmin: user('teacher_admin'),
  otherHead: user('school_admin', { tenant_id: OTHER_SCHOOL }),
  org: user('organization_admin', { tenant_id: 3, linked_schools: [SCHOOL] }),
  unlinkedOrg: user('organization_admin', { tenant_id: 4, linked_schools: [OTHER_SCHOOL] }),
  platform: user('upschool_admin', { tenant_id: null }),
};
type ViewerName = keyof typeof V;
const ALL = Object.keys(V) as ViewerName[];

/** Who may see it, by name; everyone else may not. */
const cases: { name: string; s: StoryFacts; a: AuthorFacts; c: ClassFacts | null; sees: ViewerName[] }[] = [
  { name: 'public story, public child: everyone', s: story(), a: author(), c: review, sees: ALL },
  {
    name: 'community story: the school, its parents, the linked organization, and staff',
    s: story({ privacy_preference: 'community' }),
    a: author(),
    c: review,
    sees: ['parent', 'self', 'classmate', 'teacher', 'otherTeacher', 'head', 'teacherAdmin', 'org', 'platform'],
  },
  {
    name: 'private story: the author, their teacher, school admins, platform admin',
    s: story({ privacy_preference: 'private' }),
    a: author(),
    c: review,
    sees: ['self', 'teacher', 'head', 'teacherAdmin', 'platform'],
  },
  {
    name: 'public story of a child now set to private: narrowest wins',
    s: story(),
    a: author({ privacy_preference: 'private' }),
    c: review,
    sees: ['self', 'teacher', 'head', 'teacherAdmin', 'platform'],
  },
  {
    name: 'public story of a community child: community only',
    s: story(),
    a: author({ privacy_preference: 'community' }),
    c: review,
    sees: ['parent', 'self', 'classmate', 'teacher', 'otherTeacher', 'head', 'teacherAdmin', 'org', 'platform'],
  },
  {
    name: 'community story of a public child: still community (the story narrows too)',
    s: story({ privacy_preference: 'community' }),
    a: author({ privacy_preference: 'public' }),
    c: null,
    sees: ['parent', 'self', 'classmate', 'teacher', 'otherTeacher', 'head', 'teacherAdmin', 'org', 'platform'],
  },
  {
    name: 'archived child: gone for readers, kept for the author and staff',
    s: story(),
    a: author({ archived: true }),
    c: review,
    sees: ['self', 'teacher', 'head', 'teacherAdmin', 'platform'],
  },
  {
    name: 'deactivated child: gone for readers',
    s: story(),
    a: author({ is_active: false }),
    c: review,
    sees: ['self', 'teacher', 'head', 'teacherAdmin', 'platform'],
  },
  {
    name: 'archived story: staff and author only',
    s: story({ is_archived: true }),
    a: author(),
    c: review,
    sees: ['self', 'teacher', 'head', 'teacherAdmin', 'platform'],
  },
  {
    name: 'story hidden by a moderator: staff and author only',
    s: story({ hidden: true }),
    a: author(),
    c: review,
    sees: ['self', 'teacher', 'head', 'teacherAdmin', 'platform'],
  },
  { name: 'deleted story: nobody', s: story({ deleted: true }), a: author(), c: review, sees: [] },
  { name: 'draft: the author alone', s: story({ status: 'draft' }), a: author(), c: review, sees: ['self'] },
  {
    name: 'submitted, class reviews: waits for the teacher',
    s: story({ status: 'submitted' }),
    a: author(),
    c: review,
    sees: ['self', 'teacher', 'head', 'teacherAdmin', 'platform'],
  },
  { name: 'submitted, class without review: out at once', s: story({ status: 'submitted' }), a: author(), c: noReview, sees: ALL },
  {
    name: 'submitted, no class: review by default',
    s: story({ status: 'submitted' }),
    a: author(),
    c: null,
    sees: ['self', 'head', 'teacherAdmin', 'platform', 'teacher'],
  },
  {
    name: 'returned with a comment: back with the child, staff still see it',
    s: story({ status: 'returned' }),
    a: author(),
    c: noReview,
    sees: ['self', 'teacher', 'head', 'teacherAdmin', 'platform'],
  },
  {
    name: "the child moved class: the new class's teacher reaches it",
    s: story({ privacy_preference: 'private', class_id: 77 }),
    a: author({ class_id: CLASS }),
    c: review,
    sees: ['self', 'teacher', 'head', 'teacherAdmin', 'platform'],
  },
  {
    name: 'a teacher-written story (author not a student) follows the story alone',
    s: story({ privacy_preference: 'community' }),
    a: author({ privacy_preference: null, class_id: null }),
    c: review,
    sees: ['parent', 'self', 'classmate', 'teacher', 'otherTeacher', 'head', 'teacherAdmin', 'org', 'platform'],
  },
];

describe('canSeeStory', () => {
  for (const row of cases) {
    it(row.name, () => {
      const seen = ALL.filter((v) => canSeeStory(row.s, row.a, row.c, V[v]));
      expect(seen.sort()).toEqual([...row.sees].sort());
    });
  }

  it('narrowest privacy wins, and no author preference leaves the story alone', () => {
    expect(narrowestPrivacy('public', 'private')).toBe('private');
    expect(narrowestPrivacy('private', 'public')).toBe('private');
    expect(narrowestPrivacy('community', 'public')).toBe('community');
    expect(narrowestPrivacy('public', null)).toBe('public');
  });
});
