// The story writer's forms as zod schemas, shared by the writer's screens (react-hook-form) and
// the server, so both refuse the same input with the same words. Full zod: only the lazily
// loaded writer screens and the server import this file.
import { z } from 'zod';
import { PRIVACY_PREFERENCES, SDG_COUNT, type PrivacyPreference } from './domain';

export const STORY_TITLE_MAX = 120;
export const STORY_MSG = {
  titleRequired: /*i18n*/ 'Give your story a title.',
  // 120: STORY_TITLE_MAX, written out so the catalogues can carry the sentence.
  titleTooLong: /*i18n*/ 'A title has at most 120 characters.',
  slug: /*i18n*/ 'A story address is made of small letters, numbers and dashes (at most 80).',
  slugTaken: /*i18n*/ 'This story address is already taken.',
  sdg: /*i18n*/ 'Choose goals between 1 and 17.',
  visibility: /*i18n*/ 'Choose who may read it: community, public or private.',
  tooWide: /*i18n*/ 'This story cannot be shared wider than your privacy setting allows.',
  notYours: /*i18n*/ 'This story belongs to someone else.',
  notFound: /*i18n*/ 'No such story.',
  categoryNotFound: /*i18n*/ 'No such category.',
  charityNotFound: /*i18n*/ 'Choose one of your school’s charity causes.',
  coverNotYours: /*i18n*/ 'Choose a picture of your own for the cover.',
  emptyStory: /*i18n*/ 'Write your story before you send it.',
  noTitle: /*i18n*/ 'Give your story a title before you send it.',
  notEditable: /*i18n*/ 'This story has been published and can no longer be changed here.',
  submitted: /*i18n*/ 'Your story was sent to your teacher.',
  published: /*i18n*/ 'Your story is published.',
} as const;

/** private < community < public: a story is never shared wider than its author allows. */
const WIDTH: Record<PrivacyPreference, number> = { private: 0, community: 1, public: 2 };
export const withinPrivacy = (story: PrivacyPreference, author: PrivacyPreference) => WIDTH[story] <= WIDTH[author];
/** The visibility choices a child with this privacy preference may pick, narrowest first. */
export const allowedVisibilities = (author: PrivacyPreference) =>
  (['private', 'community', 'public'] as const).filter((v) => withinPrivacy(v, author));

export const StorySlug = z
  .string()
  .max(80, STORY_MSG.slug)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, STORY_MSG.slug);

export const StoryTitle = z.string().trim().max(STORY_TITLE_MAX, STORY_MSG.titleTooLong);
export const Visibility = z.enum(PRIVACY_PREFERENCES, { error: STORY_MSG.visibility });
export const Sdgs = z
  .array(z.number({ error: STORY_MSG.sdg }).int(STORY_MSG.sdg).min(1, STORY_MSG.sdg).max(SDG_COUNT, STORY_MSG.sdg))
  .max(SDG_COUNT, STORY_MSG.sdg)
  .transform((list) => [...new Set(list)].sort((a, b) => a - b));
export const StoryStep = z.number().int().min(1).max(4);
const Id = z.number().int().positive().max(2_147_483_647);

export const CreateStoryRequest = z.object({
  slug: StorySlug,
  title: StoryTitle.default(''),
  /** Staff only: write (or upload) the story for one of their students; the child is its author. */
  author_id: Id.optional(),
  /** Staff only: the class the story belongs to. */
  class_id: Id.optional(),
  source: z.enum(['written', 'uploaded']).default('written'),
});
export type CreateStoryInput = z.input<typeof CreateStoryRequest>;

export const StoryDetailsRequest = z.object({
  title: StoryTitle.optional(),
  cover: z.string().uuid().nullable().optional(),
  category_id: Id.nullable().optional(),
  sdgs: Sdgs.optional(),
  charity_id: Id.nullable().optional(),
  privacy_preference: Visibility.optional(),
  step: StoryStep.optional(),
});
export type StoryDetailsInput = z.input<typeof StoryDetailsRequest>;

/** One saved change of a story's document: a Yjs update, base64. */
export const DocumentUpdateRequest = z.object({
  update: z
    .string()
    .min(1)
    .max(4 * 1024 * 1024)
    .base64(),
});

/** The title step of the writer (and the one-page form's title). */
export const TitleForm = z.object({ title: StoryTitle.min(1, STORY_MSG.titleRequired) });
export const AboutForm = z.object({
  category_id: z.number().int().positive().nullable(),
  sdgs: Sdgs,
  charity_id: z.number().int().positive().nullable(),
});
export const VisibilityForm = z.object({ privacy_preference: Visibility });
