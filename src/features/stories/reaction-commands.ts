// Reacting to a story. A signed-in child's reaction is a queued change like every write: the kept
// copy of the story (in meta, which every recorded change may write) shows it at once and the
// outbox sends it (PUT or DELETE, both idempotent).
// A parent in a community session has no user to own outbox entries, so theirs is queued as a
// guest change (no token; the community cookie goes with it, as with every same-origin request):
// offline it waits in the outbox, and the engine sends guest changes one at a time, in order,
// each until the server has answered it. PUT is a set and DELETE a removal, so an entry sent
// again after a lost answer changes nothing: the parent's reaction is counted once.
import { t } from '@lingui/core/macro';
import { REACTION_LABELS, type Reaction } from '@/contract/domain';
import { reactLocally, type KeptStory } from '@/data/kept-stories';
import { recordChange, recordGuestChange, type Change } from '@/sync/outbox';

export { REACTION_LABELS };

const reactedLabel = (emoji: string, title: string) => t`Reacted ${emoji} to “${title}”`;

export async function react(story: KeptStory, reaction: Reaction | null, as: 'child' | 'parent'): Promise<void> {
  const title = story.title;
  const change: Change = {
    kind: 'story.react',
    label: reaction ? reactedLabel(REACTION_LABELS[reaction].emoji, story.title) : t`Took back a reaction to “${title}”`,
    method: reaction ? 'PUT' : 'DELETE',
    path: `/stories/${story.id}/reaction/`,
    body: reaction ? { reaction } : undefined,
  };
  if (as === 'parent') {
    await recordGuestChange(change, null);
    await reactLocally(story.slug, reaction);
    return;
  }
  await recordChange([], () => reactLocally(story.slug, reaction), change);
}
