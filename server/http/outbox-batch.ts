// POST /outbox/batch/: several queued changes of one owner in one round trip. Each entry is
// dispatched through the whole API as its own request (same token, its own Idempotency-Key
// and owner), so roles, tenant scope, validation and exactly-once hold exactly as when sent
// one by one (app.ts: only the HTTP answer's own headers, compression and metrics are left out). Entries run in order; the batch stops at the first one that must wait
// (401, 408, 429, 5xx) and answers the results so far.
//
// Only the routes declared `outbox: true` may travel in a batch. Each path is normalised the
// way the router will see it (dot segments, %2e, doubled slashes) before it is checked, so no
// entry can name the batch itself or leave the API.
//
// Fresh changes are first tried together in one transaction (far fewer round trips to the
// database); if one of them is refused or must wait, that attempt is rolled back whole, the
// changes before it are applied together again, it is sent alone, and the rest go on together,
// so every answer is exactly what it would be alone and one refusal does not cost the batch.
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { BODY_LIMITS, OUTBOX_BATCH_ENTRIES } from '../../src/contract/limits';
import { asBatchEntry, type BatchEntry as SentEntry } from './batch-entry';
import type { AppEnv } from './env';
import { fail } from './errors';
import { answerText } from './json-text';
import { defineRoute, jsonBody, outboxRouteFor, signedInUser } from './route';
import { allFresh, inGroup, keptAnswer, recordGroup, type Group } from './idempotency';

class GroupAbandoned extends Error {}

const STOPS = (status: number) => status === 401 || status === 408 || status === 429 || status >= 500;

const BatchEntry = z.object({
  key: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'key must be 8 to 100 letters, digits, - or _'),
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  path: z
    .string()
    .max(500)
    .regex(/^\/[A-Za-z0-9_\-./~%]*$/, 'path must be an API path such as /data/cart/items/'),
  body: z.unknown(),
});

/** The path below /api that `path` names once normalised, or null when it leaves the API. */
export function normalisedPath(path: string): string | null {
  let url: URL;
  try {
    url = new URL(`/api${path}`, 'http://api.invalid');
  } catch {
    return null;
  }
  const clean = url.pathname.replace(/\/{2,}/g, '/');
  return clean.startsWith('/api/') ? clean.slice('/api'.length) : null;
}

const BatchResult = z
  .object({ key: z.string(), status: z.number().int(), body: z.unknown(), retry_after: z.string().nullable() })
  .openapi('BatchResult');

const batch = defineRoute(
  { roles: 'signed-in', bodyLimit: BODY_LIMITS.batch },
  {
    method: 'post',
    path: '/outbox/batch/',
    summary: 'Apply queued changes of one owner in order, each exactly once',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: z.object({ owner: z.number().int().positive(), entries: z.array(BatchEntry).min(1).max(OUTBOX_BATCH_ENTRIES) }),
          },
        },
      },
    },
    responses: { 200: jsonBody(z.object({ results: z.array(BatchResult) }).openapi('BatchAnswer'), 'The answers, in order') },
  },
);

export const outboxRoutes = new OpenAPIHono<AppEnv>().openapi(batch, async (c) => {
  const user = signedInUser(c);
  const { owner, entries } = c.req.valid('json');
  if (owner !== user.id) fail(403, 'This change was made by another user and cannot be sent as you.');
  c.get('metrics')?.outboxBatch.observe(entries.length);
  type Entry = (typeof entries)[number];
  const origin = new URL(c.req.url).origin;
  const send = async (entry: Entry, group?: Group): Promise<z.infer<typeof BatchResult>> => {
    const path = normalisedPath(entry.path);
    if (!path || !outboxRouteFor(entry.method, path)) {
      if (group) group.abandoned = true;
      const message = `${entry.method} ${entry.path} is not a change that can be sent in a batch.`;
      c.get('log').info({ outbox_key: entry.key, status: 400, together: Boolean(group) }, 'outbox entry');
      return { key: entry.key, status: 400, body: { message }, retry_after: null };
    }
    const headers = new Headers({
      host: c.req.header('host') ?? '',
      authorization: c.req.header('authorization') ?? '',
      'idempotency-key': entry.key,
      'x-outbox-owner': String(owner),
      // Every line about an entry carries the batch's request id.
      'x-request-id': c.get('requestId'),
    });
    // The same body rule as a change sent on its own, so a resend hashes the same.
    const hasBody = entry.method !== 'DELETE' || entry.body !== null;
    const bodyText = hasBody ? JSON.stringify(entry.body ?? null) : undefined;
    if (bodyText !== undefined) {
      headers.set('content-type', 'application/json');
      // Its length stated, so the body limit counts it without reading it into a new request.
      headers.set('content-length', String(Buffer.byteLength(bodyText)));
    }
    // No body of its own: every reader of an entry's body (request-body.ts, its hash) takes the
    // text the batch carries, and a body would cost the request a stream it never reads.
    const request = new Request(`${origin}/api${path}`, { method: entry.method, headers });
    const sent: SentEntry = { tenant: c.get('tenant'), user, bodyText };
    asBatchEntry(request, sent);
    const res = await c.get('dispatch')(group ? inGroup(request, group) : request);
    // Refused before its route's middleware saw the group (e.g. by the tenant or token check).
    if (group && res.status >= 400) group.abandoned = true;
    const text = await answerText(res);
    let body: unknown;
    let json = false;
    try {
      body = text ? JSON.parse(text) : null;
      json = body !== null;
    } catch {
      body = { message: text };
    }
    // Its answer as recorded for its key (idempotency.ts): the JSON it answered as sent, {} if none.
    if (sent.answer) sent.answer.response_body = json ? await keptAnswer(Buffer.from(text)) : {};
    // `together`: tried in the batch's one transaction (rolled back if the group is abandoned).
    c.get('log').info({ outbox_key: entry.key, status: res.status, together: Boolean(group) }, 'outbox entry');
    return { key: entry.key, status: res.status, body, retry_after: res.headers.get('retry-after') };
  };

  const db = c.get('db');
  /**
   * Applies `list` in one transaction. Answers them all, or where the group had to stop: the
   * index of the first change that was refused or must wait (nothing of the attempt is kept),
   * or -1 when a key turned up meanwhile (another tab, a duplicate).
   */
  const together = async (list: Entry[]): Promise<{ answers: z.infer<typeof BatchResult>[] } | { stoppedAt: number }> => {
    let stoppedAt = -1;
    const answers = await db
      .transaction(async (tx) => {
        const group: Group = { tx, abandoned: false, answers: [] };
        const done = [];
        for (const [i, entry] of list.entries()) {
          done.push(await send(entry, group));
          if (group.abandoned) {
            stoppedAt = i;
            throw new GroupAbandoned();
          }
        }
        if (!(await recordGroup(group))) throw new GroupAbandoned();
        return done;
      })
      .catch((err: unknown) => {
        if (err instanceof GroupAbandoned) return null;
        throw err;
      });
    return answers ? { answers } : { stoppedAt };
  };

  const results: z.infer<typeof BatchResult>[] = [];
  let rest = entries;
  // Fresh changes go together; a refused one splits the run: those before it go together
  // again, it goes alone (its refusal recorded as it would be alone), and those after it
  // together. A key seen before, or one that turns up meanwhile, sends the rest one by one.
  let grouping =
    entries.length > 1 &&
    (await allFresh(
      db,
      entries.map((e) => e.key),
    ));
  // A change that works before its transaction (cleaning, rendering in the worker pool) is never
  // grouped: it would do that work inside the group's transaction, holding the database meanwhile.
  const alone = (e: Entry) => {
    const path = normalisedPath(e.path);
    return Boolean(path && outboxRouteFor(e.method, path)?.prepares);
  };
  while (rest.length) {
    const firstAlone = rest.findIndex(alone);
    const run = grouping ? rest.slice(0, firstAlone < 0 ? rest.length : firstAlone) : [];
    if (run.length > 1) {
      const attempt = await together(run);
      if ('answers' in attempt) {
        results.push(...attempt.answers);
        rest = rest.slice(run.length);
        continue;
      }
      if (attempt.stoppedAt < 0) grouping = false;
      else if (attempt.stoppedAt > 0) {
        const before = await together(run.slice(0, attempt.stoppedAt));
        if ('answers' in before) {
          results.push(...before.answers);
          rest = rest.slice(attempt.stoppedAt);
        } else grouping = false;
      }
    }
    const result = await send(rest[0]!);
    results.push(result);
    rest = rest.slice(1);
    if (STOPS(result.status)) break;
  }
  return c.json({ results }, 200);
});
