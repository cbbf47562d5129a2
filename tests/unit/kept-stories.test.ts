// Stories kept on the device for offline reading: read back only when they parse, reactions
// shown at once, and on sign-out only public stories stay (without the previous reader's choice).
import { beforeEach, describe, expect, it } from 'vitest';
import { DeviceDatabase } from '@/data/db';
import { forgetSessionStories, keepStory, keptStory, reactLocally, type KeptStory } from '@/data/kept-stories';
import { wipePersonalData } from '@/data/personal-data';

let n = 0;
let db: DeviceDatabase;
beforeEach(() => {
  db = new DeviceDatabase(`kept-${++n}`);
});

const story = (slug: string, shown_to: KeptStory['shown_to']): KeptStory => ({
  id: slug.length,
  slug,
  title: slug,
  author: 'Amara O.',
  school: 'Greenfield Primary',
  cover: null,
  body: '<p>Once</p>',
  excerpt: 'Once',
  word_count: 1,
  sdgs: [4],
  category: null,
  charity: null,
  status: 'published',
  is_featured: false,
  shown_to,
  published_at: null,
  reactions: { counts: { heart: 1, star: 0, laugh: 0, wow: 0, clap: 0 }, total: 1, mine: 'heart', can_react: true },
});

describe('kept stories', () => {
  it('keeps a story and moves a reaction from one emoji to another locally', async () => {
    await keepStory(story('the-kite', 'public'), db);
    await reactLocally('the-kite', 'star', db);
    const kept = await keptStory('the-kite', db);
    expect(kept?.reactions).toMatchObject({ mine: 'star', total: 1, counts: { heart: 0, star: 1 } });
    await reactLocally('the-kite', null, db);
    expect((await keptStory('the-kite', db))?.reactions).toMatchObject({ mine: null, total: 0 });
  });

  it('drops a damaged record instead of showing it', async () => {
    await db.meta.put({ key: 'reading:broken', value: { id: 'x' } });
    expect(await keptStory('broken', db)).toBeUndefined();
    expect(await db.meta.get('reading:broken')).toBeUndefined();
  });

  it('on sign-out keeps only public stories, without whose reaction was whose', async () => {
    await keepStory(story('public-one', 'public'), db);
    await keepStory(story('community-one', 'community'), db);
    await keepStory(story('private-one', 'private'), db);
    await wipePersonalData(db);
    expect(await keptStory('community-one', db)).toBeUndefined();
    expect(await keptStory('private-one', db)).toBeUndefined();
    expect((await keptStory('public-one', db))?.reactions).toMatchObject({ mine: null, can_react: false, total: 1 });
    await forgetSessionStories(db);
    expect(await keptStory('public-one', db)).toBeDefined();
  });
});
