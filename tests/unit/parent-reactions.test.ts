// A parent's reactions (community session, no account) offline: they wait in the outbox as guest
// changes, the kept copy shows them at once, and once online they are sent in order without a
// token; a change whose answer was lost is sent again and still counts once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db, type OutboxRecord } from '@/data/db';
import { keepStory, keptStory, type KeptStory } from '@/data/kept-stories';
import { react } from '@/features/stories/reaction-commands';
import { drain, type EngineDeps } from '@/sync/engine';
import { GUEST_OWNER } from '@/sync/outbox';

const story: KeptStory = {
  id: 42,
  slug: 'the-kite-42',
  title: 'The Kite',
  author: 'Amara O.',
  school: 'Greenfield Primary',
  cover: null,
  body: '<p>Once</p>',
  excerpt: 'Once',
  word_count: 1,
  sdgs: [],
  category: null,
  charity: null,
  status: 'published',
  is_featured: false,
  shown_to: 'community',
  published_at: null,
  reactions: { counts: { heart: 0, star: 0, laugh: 0, wow: 0, clap: 0 }, total: 0, mine: null, can_react: true },
};

/** The server's side: one reaction per reader (the community session), PUT sets, DELETE removes. */
function fakeServer() {
  const reactions = new Map<string, string>();
  const seen: Request[] = [];
  let loseNextAnswer = false;
  const fetch = async (req: Request) => {
    seen.push(req.clone());
    const reader = 'c:parent-session';
    if (req.method === 'PUT') reactions.set(reader, ((await req.json()) as { reaction: string }).reaction);
    if (req.method === 'DELETE') reactions.delete(reader);
    if (loseNextAnswer) {
      loseNextAnswer = false;
      throw new TypeError('Failed to fetch'); // applied, but the answer never arrived
    }
    return Response.json({ total: reactions.size });
  };
  return { reactions, seen, fetch, loseNext: () => (loseNextAnswer = true) };
}

let now = 1_000_000;
let online = false;
const deps = (fetch: (r: Request) => Promise<Response>): EngineDeps => ({
  db,
  fetch,
  baseUrl: 'http://device/api',
  now: () => now,
  random: () => 0.5,
  isOnline: () => online,
});

beforeEach(async () => {
  await db.outbox.clear();
  await keepStory(story);
  online = false;
});
afterEach(() => db.outbox.clear());

describe('parent reactions offline', () => {
  it('queue as guest changes, show at once, and replay in order, exactly once', async () => {
    await react(story, 'heart', 'parent');
    await react((await keptStory(story.slug))!, 'wow', 'parent');
    expect((await keptStory(story.slug))!.reactions).toMatchObject({ mine: 'wow', total: 1, counts: { heart: 0, wow: 1 } });
    const queued = (await db.outbox.orderBy('created_at').toArray()) as OutboxRecord[];
    expect(queued.map((e) => [e.owner_id, e.method, e.path, e.body])).toEqual([
      [GUEST_OWNER, 'PUT', '/stories/42/reaction/', { reaction: 'heart' }],
      [GUEST_OWNER, 'PUT', '/stories/42/reaction/', { reaction: 'wow' }],
    ]);

    const server = fakeServer();
    expect((await drain(deps(server.fetch))).outcome.kind).toBe('offline');
    expect(server.seen).toHaveLength(0);

    online = true;
    server.loseNext();
    await drain(deps(server.fetch)); // the first change is applied but its answer is lost
    expect(await db.outbox.count()).toBe(2);
    now += 10 * 60_000;
    await drain(deps(server.fetch));
    expect(await db.outbox.count()).toBe(0);
    // heart (lost answer), heart again, then wow: in order, no token, each under its own key.
    expect(server.seen.map((r) => r.method + ' ' + new URL(r.url).pathname)).toEqual(Array(3).fill('PUT /api/stories/42/reaction/'));
    expect(server.seen.every((r) => r.headers.get('authorization') === null)).toBe(true);
    expect(server.seen[0]!.headers.get('idempotency-key')).toBe(server.seen[1]!.headers.get('idempotency-key'));
    expect([...server.reactions.values()]).toEqual(['wow']);
  });

  it('takes a reaction back offline too (DELETE after PUT, in that order)', async () => {
    await react(story, 'clap', 'parent');
    await react((await keptStory(story.slug))!, null, 'parent');
    expect((await keptStory(story.slug))!.reactions).toMatchObject({ mine: null, total: 0 });
    const server = fakeServer();
    online = true;
    await drain(deps(server.fetch));
    expect(server.seen.map((r) => r.method)).toEqual(['PUT', 'DELETE']);
    expect(server.reactions.size).toBe(0);
  });
});
