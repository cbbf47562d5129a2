// Reactions to a story: signed-in children and parents with the community password leave one of
// a small fixed set of emoji (REACTIONS), one per reader per story, changeable or taken back.
// No free text from anyone (a teacher's review comment lives with the review). The reader is
// `u:<user id>`, or for a parent `a:<hash of the school and the network address>`: the community
// password opens as many sessions as anyone likes, so a session cannot be a reader (signing in
// again would react again); one household's address is one reader of the school's stories, and no
// address is stored. PUT is a set, so a repeat changes nothing.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { and, eq, sql } from 'drizzle-orm';
import { REACTIONS, type Reaction } from '../../../src/contract/domain';
import type { Queryable } from '../../db/client';
import { stories, storyReactions } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { defineRoute, errorBody, jsonBody, jsonRequest, notFoundAnswer } from '../../http/route';
import { COMMUNITY_COOKIE, hasCommunityAccess } from '../auth/community';
import { clientAddress } from '../auth/rate-limit';
import { sha256 } from '../../lib/crypto';
import { onTheShelf, type ServerViewer } from './visibility';
import { IdParam } from '../../http/schemas';
import { siteTenant } from '../../http/access';

export const REACT_MSG = {
  notReader: 'Only children and parents can react to stories.',
  signIn: 'Sign in, or enter the community password, to react to stories.',
  noStory: 'This story is not in the library.',
} as const;

export const ReactionSummarySchema = z
  .object({
    counts: z.object(Object.fromEntries(REACTIONS.map((r) => [r, z.number().int()])) as Record<Reaction, z.ZodNumber>),
    total: z.number().int(),
    mine: z.enum(REACTIONS).nullable(),
    /** Whether this reader may react (a signed-in child, or a parent with the community password). */
    can_react: z.boolean(),
  })
  .openapi('ReactionSummary');
export type ReactionSummary = z.infer<typeof ReactionSummarySchema>;

/** Who is reacting, with the viewer the visibility rule needs; null: nobody who may react. */
export async function readerOf(c: Context<AppEnv>): Promise<{ reader: string; viewer: ServerViewer } | null> {
  const user = c.get('user');
  if (user) {
    return user.role === 'student'
      ? { reader: `u:${user.id}`, viewer: { kind: 'user', id: user.id, role: user.role, tenant_id: user.tenant_id } }
      : null;
  }
  const tenant = c.get('tenant');
  const token = getCookie(c, COMMUNITY_COOKIE);
  if (tenant && token && (await hasCommunityAccess(c, c.get('db'), c.get('deps').now()))) {
    return { reader: `a:${sha256(`${tenant.id}:${clientAddress(c)}`)}`, viewer: { kind: 'community', tenant_id: tenant.id } };
  }
  return null;
}

export async function reactionSummary(db: Queryable, storyId: number, reader: string | null): Promise<ReactionSummary> {
  const rows = await db
    .select({
      reaction: storyReactions.reaction,
      n: sql<number>`count(*)::int`,
      mine: sql<boolean>`bool_or(${storyReactions.reader} = ${reader ?? ''})`,
    })
    .from(storyReactions)
    .where(eq(storyReactions.story_id, storyId))
    .groupBy(storyReactions.reaction);
  const counts = Object.fromEntries(REACTIONS.map((r) => [r, 0])) as Record<Reaction, number>;
  let mine: Reaction | null = null;
  for (const r of rows) {
    counts[r.reaction] = r.n;
    if (r.mine) mine = r.reaction;
  }
  return { counts, total: rows.reduce((s, r) => s + r.n, 0), mine, can_react: reader !== null };
}

const setReaction = defineRoute(
  { roles: 'anyone', site: 'tenant', outbox: true },
  {
    method: 'put',
    path: '/stories/{id}/reaction/',
    summary: "Set (or change) this reader's reaction to a story: children signed in, parents with the community password",
    request: {
      params: IdParam,
      ...jsonRequest(z.object({ reaction: z.enum(REACTIONS) })),
    },
    responses: {
      200: jsonBody(ReactionSummarySchema),
      401: { description: `'${REACT_MSG.signIn}'`, ...errorBody },
      403: { description: `'${REACT_MSG.notReader}'`, ...errorBody },
      ...notFoundAnswer('No such story for this reader on this site'),
    },
  },
);

const clearReaction = defineRoute(
  { roles: 'anyone', site: 'tenant', outbox: true },
  {
    method: 'delete',
    path: '/stories/{id}/reaction/',
    summary: "Take back this reader's reaction to a story",
    request: { params: IdParam },
    responses: {
      200: jsonBody(ReactionSummarySchema),
      401: { description: `'${REACT_MSG.signIn}'`, ...errorBody },
      403: { description: `'${REACT_MSG.notReader}'`, ...errorBody },
      ...notFoundAnswer('No such story for this reader on this site'),
    },
  },
);

/** The reader, and the story on their shelf on this site; fails with the reason otherwise. */
async function readerAndStory(c: Context<AppEnv>, id: number) {
  const who = await readerOf(c);
  if (!who) fail(c.get('user') ? 403 : 401, c.get('user') ? REACT_MSG.notReader : REACT_MSG.signIn);
  const [row] = await c
    .get('db')
    .select({ id: stories.id, tenant_id: stories.tenant_id })
    .from(stories)
    .where(and(eq(stories.id, id), eq(stories.tenant_id, siteTenant(c).id), onTheShelf(who.viewer)))
    .limit(1);
  if (!row) fail(404, REACT_MSG.noStory);
  return { ...who, story: row };
}

export const reactionRoutes = new OpenAPIHono<AppEnv>()
  .openapi(setReaction, async (c) => {
    const { id } = c.req.valid('param');
    const { reaction } = c.req.valid('json');
    const { reader, story } = await readerAndStory(c, id);
    await c
      .get('db')
      .insert(storyReactions)
      .values({ story_id: story.id, reader, tenant_id: story.tenant_id, reaction })
      .onConflictDoUpdate({ target: [storyReactions.story_id, storyReactions.reader], set: { reaction, updated_at: new Date() } });
    return c.json(await reactionSummary(c.get('db'), story.id, reader), 200);
  })
  .openapi(clearReaction, async (c) => {
    const { id } = c.req.valid('param');
    const { reader, story } = await readerAndStory(c, id);
    await c
      .get('db')
      .delete(storyReactions)
      .where(and(eq(storyReactions.story_id, story.id), eq(storyReactions.reader, reader)));
    return c.json(await reactionSummary(c.get('db'), story.id, reader), 200);
  });
