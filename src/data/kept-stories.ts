// Stories opened on this device, kept so their reading page opens again with no network.
// Stored in the `meta` table under `reading:<slug>` (no schema version needed; each school site
// is its own origin, so its own database). What is read back is checked before use. Only stories
// shown to the public survive a sign-out: community and private stories were opened under a
// session, and the next person on a shared tablet must not find them.
import type { components } from '@/api/schema';
import { db, type DeviceDatabase } from './db';

export type KeptStory = components['schemas']['StoryReading'];

const PREFIX = 'reading:';
const key = (slug: string) => `${PREFIX}${slug}`;

function isKeptStory(value: unknown): value is KeptStory {
  const v = value as Partial<KeptStory> | null;
  return (
    !!v &&
    typeof v.id === 'number' &&
    typeof v.slug === 'string' &&
    typeof v.title === 'string' &&
    typeof v.body === 'string' &&
    typeof v.author === 'string' &&
    Array.isArray(v.sdgs) &&
    typeof v.reactions === 'object' &&
    v.reactions !== null
  );
}

export async function keptStory(slug: string, database: DeviceDatabase = db): Promise<KeptStory | undefined> {
  const row = await database.meta.get(key(slug));
  if (!row) return undefined;
  if (isKeptStory(row.value)) return row.value;
  console.warn('a kept story did not parse; dropped', slug);
  await database.meta.delete(key(slug));
  return undefined;
}

export async function keepStory(story: KeptStory, database: DeviceDatabase = db): Promise<void> {
  await database.meta.put({ key: key(story.slug), value: story });
}

export async function forgetStory(slug: string, database: DeviceDatabase = db): Promise<void> {
  await database.meta.delete(key(slug));
}

/** The local side of a reaction: the kept copy shows it at once (the outbox sends it). */
export async function reactLocally(slug: string, reaction: KeptStory['reactions']['mine'], database: DeviceDatabase = db): Promise<void> {
  const story = await keptStory(slug, database);
  if (!story) return;
  const counts = { ...story.reactions.counts };
  const before = story.reactions.mine;
  if (before) counts[before] = Math.max(0, counts[before] - 1);
  if (reaction) counts[reaction] += 1;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  await keepStory({ ...story, reactions: { ...story.reactions, counts, total, mine: reaction } }, database);
}

/** On sign-out: drop stories that were not public, and forget whose reaction was whose. */
export async function forgetSessionStories(database: DeviceDatabase = db): Promise<void> {
  const rows = await database.meta.where('key').startsWith(PREFIX).toArray();
  for (const row of rows) {
    if (!isKeptStory(row.value) || row.value.shown_to !== 'public') await database.meta.delete(row.key);
    else
      await database.meta.put({
        key: row.key,
        value: { ...row.value, reactions: { ...row.value.reactions, mine: null, can_react: false } },
      });
  }
}
