// Exactly-once writes. A route the outbox sends (`defineRoute({ outbox: true })`) runs inside one
// database transaction, the request's handle, together with the record of its answer when it
// carries an Idempotency-Key; a repeat of the key gets the first answer back without running
// again. Two concurrent requests with one key: the second waits on the first's row (the primary
// key) and then reads its answer. Other routes ignore the key (sign-in, for one, must count a
// failure even though it answers 401, and its answer holds tokens that are never stored).
//
// - the same key with a different request (method, path or body) is a 422;
// - the key belongs to the user who first sent it; anyone else gets a 422;
// - an outbox entry names its owner (X-Outbox-Owner); if that is not the token's user, 403:
//   a change is never applied as another child;
// - 4xx answers are stored (their effects rolled back); 5xx answers are not, so a retry runs;
// - a change still running at the request deadline is rolled back and answered 503.
// The success path costs one transaction: claim the key, run the handler, record the answer.
//
// A batch of fresh keys (none seen before) can instead share ONE transaction: each change runs
// in it and their answers are recorded together at its end. The first change that is refused or
// fails, or a key that turns up meanwhile, abandons the whole group, so nothing of it commits,
// and the batch is applied again one change per transaction.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { asc, eq, lt, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import type { Queryable, Tx } from '../db/client';
import { idempotencyAnswerParts, idempotencyKeys } from '../db/schema';
import { batchEntryOf } from './batch-entry';
import type { AppEnv } from './env';
import { fail } from './errors';
import { answerBytes } from './json-text';
import { preparedPer } from '../db/prepared';
import { requestBodyHash } from './request-body';

export const KEY_HEADER = 'idempotency-key';
export const OWNER_HEADER = 'x-outbox-owner';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const RETENTION_DAYS = 35;

const KEY_FORMAT = /^[A-Za-z0-9_-]{8,100}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

class Rollback extends Error {}

/** Changes applied together in one transaction (see `inGroup`). */
export interface Group {
  tx: Tx;
  /** Set when a change of the group could not be applied in it: the group must roll back. */
  abandoned: boolean;
  /** The answers to record, all at once when the group ends (`recordGroup`). */
  answers: (typeof idempotencyKeys.$inferInsert)[];
}

/** An answer's bytes kept in one row up to this; the rest in parts of this (idempotencyAnswerParts). */
const PART_BYTES = 1024 * 1024;

/** The first part of an answer (bytes as sent, or a value as JSON) and the parts after it. */
function inParts(answer: unknown): { head: unknown; rest: Uint8Array[] } {
  if (!(answer instanceof Uint8Array) || answer.byteLength <= PART_BYTES) return { head: answer, rest: [] };
  const parts = [];
  for (let at = 0; at < answer.byteLength; at += PART_BYTES) parts.push(answer.subarray(at, at + PART_BYTES));
  return { head: parts[0], rest: parts.slice(1) };
}

/** Writes the parts after the first of `key`'s answer, one statement each. */
async function keepParts(tx: Queryable, key: string, rest: Uint8Array[]): Promise<void> {
  for (const [i, bytes] of rest.entries()) await tx.insert(idempotencyAnswerParts).values({ key, n: i + 1, bytes });
}

/**
 * A group's answers in one prepared statement, each column passed as an array (unnest): drizzle
 * building a VALUES list of 250 rows' eight columns cost more than PostgreSQL writing them.
 * Answers travel as hex text (a text array reads the same in both drivers) and are stored as bytes.
 */
const recordAnswers = preparedPer((db) =>
  db
    .insert(idempotencyKeys)
    .select(
      sql`select key, user_id, method, path, request_hash, status_code, decode(body, 'hex'), now()
        from unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('users')}::integer[],
          ${sql.placeholder('methods')}::text[], ${sql.placeholder('paths')}::text[], ${sql.placeholder('hashes')}::text[],
          ${sql.placeholder('statuses')}::integer[], ${sql.placeholder('bodies')}::text[])
        as answer(key, user_id, method, path, request_hash, status_code, body)`,
    )
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
    .prepare('idempotency_record_group'),
);

/** An answer's bytes: as sent, or a value not yet bytes (`{}`) as its JSON (the column's own rule). */
const bytesOf = (body: unknown): Uint8Array => (body instanceof Uint8Array ? body : Buffer.from(JSON.stringify(body ?? {})));

const hex = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');

/** Records the group's answers in its transaction; false when a key turned up meanwhile. */
export async function recordGroup(group: Group): Promise<boolean> {
  if (!group.answers.length) return true;
  const split = group.answers.map((a) => ({ ...a, ...inParts(bytesOf(a.response_body)) }));
  const column = <T>(pick: (a: (typeof split)[number]) => T) => split.map(pick);
  const added = await recordAnswers(group.tx).execute({
    keys: column((a) => a.key),
    users: column((a) => a.user_id),
    methods: column((a) => a.method),
    paths: column((a) => a.path),
    hashes: column((a) => a.request_hash),
    statuses: column((a) => a.status_code),
    bodies: column(({ head }) => hex(head as Uint8Array)),
  });
  if (added.length !== group.answers.length) return false;
  for (const a of split) await keepParts(group.tx, a.key, a.rest);
  return true;
}

// Every keyed change claims its key and records its answer: both statements prepared per handle
// (db/prepared.ts), so PostgreSQL parses and plans each once per connection, not at every change.
const claimKey = preparedPer((db) =>
  db
    .insert(idempotencyKeys)
    .values({
      key: sql.placeholder('key'),
      user_id: sql.placeholder('user_id'),
      method: sql.placeholder('method'),
      path: sql.placeholder('path'),
      request_hash: sql.placeholder('request_hash'),
      status_code: 0,
      response_body: {},
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
    .prepare('idempotency_claim'),
);
const recordAnswer = preparedPer((db) =>
  db
    .update(idempotencyKeys)
    .set({ status_code: sql`${sql.placeholder('status')}`, response_body: sql`${sql.placeholder('body')}` })
    .where(eq(idempotencyKeys.key, sql.placeholder('key')))
    .prepare('idempotency_record'),
);

/** Records `key`'s answer: its status and bytes (in parts when long). */
async function keepAnswer(tx: Queryable, key: string, status: number, answer: Uint8Array): Promise<void> {
  const { head, rest } = inParts(answer);
  // The answer's bytes as they are (the column's own writer would pass them unchanged too).
  await recordAnswer(tx).execute({ key, status, body: head as Uint8Array });
  await keepParts(tx, key, rest);
}

const groups = new WeakMap<Request, Group>();

/** Marks `request` as a change of `group`: it runs in the group's transaction. */
export function inGroup(request: Request, group: Group): Request {
  groups.set(request, group);
  return request;
}

/** `to` stands for `from` from now on (a middleware rebuilt the request, e.g. the body limit). */
export function carryGroup(from: Request, to: Request): void {
  const group = groups.get(from);
  if (group && from !== to) groups.set(to, group);
}

/** The group `request` belongs to, if any. */
export function groupOf(request: Request): Group | undefined {
  return groups.get(request);
}

const anySeen = preparedPer((db) =>
  db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(sql`${idempotencyKeys.key} = any(${sql.placeholder('keys')}::text[])`)
    .limit(1)
    .prepare('idempotency_any_seen'),
);

/** True when none of `keys` was used before: only then can they be applied as a group. */
export async function allFresh(db: Queryable, keys: string[]): Promise<boolean> {
  return (await anySeen(db).execute({ keys })).length === 0;
}

/**
 * What identifies "the same request": method, path and body (its raw bytes, read once for every
 * reader by request-body.ts; a multipart boundary, new at each send, does not count).
 */
function requestHash(c: Context<AppEnv>): Promise<string> {
  const prefix = `${c.req.method} ${c.req.path}
`;
  // A batch's entry brings its body's text (JSON): the same bytes, with no read of the body.
  const sent = batchEntryOf(c.req.raw)?.bodyText;
  if (sent !== undefined && !(c.req.header('content-type') ?? '').startsWith('multipart/form-data'))
    return Promise.resolve(createHash('sha256').update(prefix).update(sent).digest('hex'));
  return requestBodyHash(c, prefix);
}

/** An answer longer than this is kept gzipped (a document's answer: megabytes, mostly text). */
const GZIP_FROM_BYTES = 64 * 1024;
const GZIP_MAGIC = [0x1f, 0x8b];
const gzipped = promisify(gzip);
const gunzipped = promisify(gunzip);

/**
 * An answer's JSON bytes as they are kept for its key: a long one gzipped by Node's thread pool,
 * off the event loop (and no longer worth PGlite's own compression, which runs on the loop).
 * JSON never starts with gzip's first byte, so both kinds read back (keptAnswer → sentAnswer).
 */
export async function keptAnswer(json: Uint8Array): Promise<Uint8Array> {
  return json.byteLength > GZIP_FROM_BYTES ? gzipped(json) : json;
}

async function sentAnswer(kept: Uint8Array): Promise<Uint8Array> {
  return kept[0] === GZIP_MAGIC[0] && kept[1] === GZIP_MAGIC[1] ? gunzipped(kept) : kept;
}

/** The answer's bytes as sent, kept for its key (no parsing of a document's megabytes). */
async function keptBytes(res: Response): Promise<Uint8Array> {
  return keptAnswer(await answerBytes(res));
}

async function storedAnswer(c: Context<AppEnv>, row: typeof idempotencyKeys.$inferSelect) {
  c.header(REPLAYED_HEADER, 'true');
  const parts = await c
    .get('db')
    .select({ bytes: idempotencyAnswerParts.bytes })
    .from(idempotencyAnswerParts)
    .where(eq(idempotencyAnswerParts.key, row.key))
    .orderBy(asc(idempotencyAnswerParts.n));
  const sent = await sentAnswer(Buffer.concat([row.response_body as Uint8Array, ...parts.map((p) => p.bytes)]));
  return c.body(sent.byteLength ? (sent as Uint8Array<ArrayBuffer>) : '{}', row.status_code as 200, { 'content-type': 'application/json' });
}

/** A route that took longer than the request deadline: its transaction is rolled back. */
class DeadlineExceeded extends Error {}

/**
 * Runs `work`, or throws DeadlineExceeded once `ms` have passed. The work is not cancelled (a
 * query already sent finishes), but the caller stops waiting and rolls its transaction back, so
 * the connection is freed and the client gets a 503 it can retry under the same key.
 */
async function withDeadline<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded()), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

function deadlineAnswer(c: Context<AppEnv>) {
  c.header('Retry-After', '5');
  return c.json({ message: 'The server took too long to answer. Nothing was changed; please try again.' }, 503);
}

/** An outbox entry names its owner (X-Outbox-Owner): a change is never applied as another user. */
export const outboxOwner = createMiddleware<AppEnv>(async (c, next) => {
  const owner = c.req.header(OWNER_HEADER);
  const user = c.get('user');
  if (owner !== undefined && user && owner !== String(user.id)) {
    fail(403, 'This change was made by another user and cannot be sent as you.');
  }
  await next();
});

/**
 * The middleware of a route the outbox sends (`defineRoute({ outbox: true })`): the change runs
 * in one transaction, the request's handle (`c.get('db')`), with or without a key, so it behaves
 * the same either way. With a key (and a signed-in user) its answer is recorded in the same
 * transaction, and a repeat gets that answer back without running again.
 */
export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header(KEY_HEADER);
  const user = c.get('user');
  const group = groups.get(c.req.raw);
  const keyed = Boolean(key && user && WRITES.has(c.req.method));
  if (keyed && !KEY_FORMAT.test(key!)) fail(400, 'Idempotency-Key must be 8 to 100 letters, digits, - or _.');
  // The path is stored with the key; PostgreSQL text cannot hold a null character (%00).
  if (keyed && c.req.path.includes('\u0000')) fail(400, 'The address contains a null character.');
  const record = keyed
    ? { key: key!, user_id: user!.id, method: c.req.method, path: c.req.path, request_hash: await requestHash(c) }
    : undefined;

  if (group) {
    // Already inside the batch's transaction (c.get('db') is it); the answers are recorded at its end.
    await next();
    if (c.error || c.res.status >= 400) {
      group.abandoned = true;
      return;
    }
    if (!record) return;
    const answer = { ...record, status_code: c.res.status, response_body: {} as unknown };
    group.answers.push(answer);
    // The batch reads the answer anyway: it fills the body in then (no copy of the answer here).
    const entry = batchEntryOf(c.req.raw);
    if (entry) entry.answer = answer;
    else answer.response_body = await keptBytes(c.res);
    return;
  }

  const root = c.get('db');
  let replay: typeof idempotencyKeys.$inferSelect | undefined;
  let refused = false;
  let late = false;
  try {
    await root.transaction(async (tx) => {
      if (record) {
        // Claiming the key first makes a concurrent request with the same key wait here.
        const claimed = await claimKey(tx).execute(record);
        if (!claimed.length) {
          [replay] = await tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, record.key)).limit(1);
          return;
        }
      }
      c.set('db', tx);
      try {
        await withDeadline(c.get('deps').config.requestTimeoutMs, next());
      } catch (err) {
        if (!(err instanceof DeadlineExceeded)) throw err;
        late = true;
        throw new Rollback();
      } finally {
        c.set('db', root);
      }
      // A refusal (4xx) keeps no effects and a failure (5xx) is not remembered: roll back both.
      if (c.error || c.res.status >= 400) {
        refused = c.res.status < 500;
        throw new Rollback();
      }
      if (record) {
        await keepAnswer(tx, record.key, c.res.status, await keptBytes(c.res));
      }
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
  if (late) return deadlineAnswer(c);
  if (refused && record) {
    // The refusal is the key's answer from now on (it changed nothing, so recording it
    // outside the rolled-back transaction cannot apply anything twice).
    // (A refusal's answer is a message: one part.)
    await root
      .insert(idempotencyKeys)
      .values({ ...record, status_code: c.res.status, response_body: await keptBytes(c.res) })
      .onConflictDoNothing();
  }
  if (replay && record) {
    const mismatch =
      replay.user_id !== record.user_id ||
      replay.method !== record.method ||
      replay.path !== record.path ||
      replay.request_hash !== record.request_hash;
    if (mismatch) fail(422, 'This Idempotency-Key was already used for a different request.');
    return storedAnswer(c, replay);
  }
});

/**
 * The deadline of a request that holds no transaction: after it, the client gets a 503 (the
 * work may still finish; routes that write hold a transaction and are rolled back instead).
 */
export const requestDeadline = createMiddleware<AppEnv>(async (c, next) => {
  try {
    await withDeadline(c.get('deps').config.requestTimeoutMs, next());
  } catch (err) {
    if (!(err instanceof DeadlineExceeded)) throw err;
    return deadlineAnswer(c);
  }
});

/** Forgets keys older than the retention period (kept at least 30 days). */
export async function pruneIdempotencyKeys(db: Queryable, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * 24 * 3600_000);
  const gone = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.created_at, cutoff)).returning({ key: idempotencyKeys.key });
  return gone.length;
}
