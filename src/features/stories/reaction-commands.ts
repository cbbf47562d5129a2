// Reacting to a story. A signed-in child's reaction is a queued change like every write: the kept
// copy of the story (in meta, which every recorded change may write) shows it at once and the
// outbox sends it (PUT or DELETE, both idempotent).
// A parent in a community session has no user to own outbox entries, so theirs is sent straight
// away and needs the network; the answer refreshes the kept copy.
import { api } from '@/api/client';
import { unwrap } from '@/api/use-remote';
import type { Reaction } from '@/contract/domain';
import { keepStory, reactLocally, type KeptStory } from '@/data/kept-stories';
import { recordChange } from '@/sync/outbox';

export const REACTION_LABELS: Record<Reaction, { emoji: string; name: string }> = {
  heart: { emoji: '❤️', name: 'Love it' },
  star: { emoji: '⭐', name: 'Star' },
  laugh: { emoji: '😂', name: 'Funny' },
  wow: { emoji: '😮', name: 'Wow' },
  clap: { emoji: '👏', name: 'Well done' },
};

export async function react(story: KeptStory, reaction: Reaction | null, as: 'child' | 'parent'): Promise<void> {
  const path = { params: { path: { id: story.id } } };
  if (as === 'parent') {
    const reactions = await unwrap(reaction ? api.PUT('/stories/{id}/reaction/', { ...path, body: { reaction } }) : api.DELETE('/stories/{id}/reaction/', path));
    await keepStory({ ...story, reactions });
    return;
  }
  await recordChange([], () => reactLocally(story.slug, reaction), {
    kind: 'story.react',
    label: reaction ? `Reacted ${REACTION_LABELS[reaction].emoji} to “${story.title}”` : `Took back a reaction to “${story.title}”`,
    method: reaction ? 'PUT' : 'DELETE',
    path: `/stories/${story.id}/reaction/`,
    body: reaction ? { reaction } : undefined,
  });
}
