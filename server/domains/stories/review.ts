// The one way a story waiting for review is decided, whoever decides it (a teacher or school
// admin reviewing their classes, or the platform's moderators): published, or returned to the
// child with a comment. A decision is one conditional update of a story still waiting, so when
// two people decide at once exactly one decision lands; the other finds the story no longer
// waiting and changes nothing. A story sent back keeps its words as the comment found them, so
// the next review shows what the child changed since.
import { and, eq } from 'drizzle-orm';
import { plainText } from '../../../src/contract/story-review';
import type { Queryable } from '../../db/client';
import { stories } from '../../db/schema';

export type StoryDecision = { decision: 'publish' } | { decision: 'return'; comment: string };

/** Decides story `id` by user `by` at `now`; false when it is not (or no longer) waiting. */
export async function decideStory(db: Queryable, id: number, decision: StoryDecision, by: number, now: Date): Promise<boolean> {
  const outcome =
    decision.decision === 'publish'
      ? { status: 'published' as const, published_at: now, review_comment: null }
      : { status: 'returned' as const, review_comment: decision.comment, returned_text: await wordsOf(db, id) };
  const changed = await db
    .update(stories)
    .set({ ...outcome, reviewed_by: by, reviewed_at: now })
    .where(and(eq(stories.id, id), eq(stories.status, 'submitted')))
    .returning({ id: stories.id });
  return changed.length > 0;
}

async function wordsOf(db: Queryable, id: number): Promise<string | null> {
  const [story] = await db.select({ body: stories.body }).from(stories).where(eq(stories.id, id));
  return story ? plainText(story.body) : null;
}
