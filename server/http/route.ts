// One place per route for its contract: the zod schemas, who may call it and on which sites.
// `defineRoute` turns an `access` line into the guard middleware and the OpenAPI security note,
// so a reader of any route file sees at a glance who can reach each endpoint.
//
// Body limits: every route reads at most `bodyLimit` bytes of request body (default
// BODY_LIMITS.json, 1 MiB). The limit is the route's first middleware, so it holds before the
// guard, the idempotency hash or the validator read a byte: a declared Content-Length over it is
// refused at once, and a streamed (chunked) body is counted as it arrives and refused the moment
// it passes the limit, so a multi-GB upload is never buffered. A route that takes files states
// its own limit beside its roles, e.g.
//   defineRoute({ roles: [...], bodyLimit: BODY_LIMITS.upload }, { ... })      // 6 MiB
// and its 413 is listed in the OpenAPI document.
import { createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { Role } from '../../src/contract/domain';
import { BODY_LIMITS } from '../../src/contract/limits';
import type { AppEnv, AuthUser } from './env';
import { fail } from './errors';
import { carryBatchEntry } from './batch-entry';
import { carryGroup, idempotency } from './idempotency';
import { JSON_MAX_DEPTH, JSON_MAX_VALUES, bodyOf, formOf, jsonBeyond } from './request-body';

export interface Access {
  /** 'anyone' (no token needed), 'signed-in' (any role), or the roles allowed. */
  roles: 'anyone' | 'signed-in' | readonly Role[];
  /** 'tenant': only on a school or organization site; 'any' (default): platform hosts too. */
  site?: 'any' | 'tenant';
  /**
   * A change the PWA queues in its outbox: it runs in one transaction and is applied exactly
   * once per Idempotency-Key, and it may travel in POST /outbox/batch/ (only these may).
   */
  outbox?: boolean;
  /**
   * Most bytes of request body this route reads (default BODY_LIMITS.json, 1 MiB). Uploads
   * state theirs: BODY_LIMITS.upload (6 MiB) for a logo or a CSV, or a figure of their own
   * (story pictures, book PDFs). A larger body is answered 413 while it streams in.
   */
  bodyLimit?: number;
  /**
   * Work the route does before its transaction opens: cleaning, decoding or rendering what was
   * sent, in the worker pool (lib/cpu-pool.ts). It runs after the guard (only those allowed cost
   * the server work) and its result is read in the handler with `prepared(c)`. A transaction
   * never waits on the pool: with one database connection (PGlite) every other request, and
   * /api/health, would wait behind it. Such a change travels alone in a batch, never in a group.
   */
  prepare?: (c: Context<AppEnv>) => Promise<unknown>;
}

/** A route the outbox may send: its method and a matcher for its path (below /api). */
export interface OutboxRoute {
  method: string;
  path: string;
  matches: (path: string) => boolean;
  /** It does work before its transaction (`prepare`), so it is applied alone, never in a group. */
  prepares: boolean;
}

const outboxRoutes: OutboxRoute[] = [];

/** The routes declared `outbox: true`, as the batch endpoint allows them. */
export function outboxRouteFor(method: string, path: string): OutboxRoute | undefined {
  return outboxRoutes.find((r) => r.method === method && r.matches(path));
}

function pathMatcher(template: string): (path: string) => boolean {
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const re = new RegExp(`^${pattern}$`);
  return (path) => re.test(path);
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * Refuses a request body over `maxBytes` with a 413 before anything parses it (see the header).
 * The connection is closed after the answer, so the rest of a huge upload is not read either.
 */
export function limitBody(maxBytes: number, message = `This request is too large: at most ${megabytes(maxBytes)} can be sent here.`) {
  const tooLarge = (c: Context<AppEnv>) => {
    c.header('Connection', 'close');
    return c.json({ message }, 413);
  };
  const limit = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return createMiddleware<AppEnv>(async (c, next) => {
    // A request without a body, or one whose length is declared, is judged without its body:
    // hono's bodyLimit asks for it, which turns Node's request into a web Request (its headers
    // copied and sorted, a stream, an abort signal) on every call, a tenth of what a class start
    // allocated. Node's parser holds a body to its declared length.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(declared) > maxBytes ? tooLarge(c) : next();
    }
    const original = c.req.raw;
    // A streamed body is read into a new Request; a batch entry's group must follow it.
    return limit(c, async () => {
      carryGroup(original, c.req.raw);
      carryBatchEntry(original, c.req.raw);
      await next();
    });
  });
}

export function guard(access: Access) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (access.site === 'tenant' && !c.get('tenant')) fail(404, 'This page belongs to a school site.');
    if (access.roles !== 'anyone') {
      const user = c.get('user');
      if (!user) fail(401, 'Authentication credentials were not provided.', { code: 'not_authenticated' });
      if (access.roles !== 'signed-in' && !access.roles.includes(user.role)) {
        fail(403, 'You do not have permission to perform this action.');
      }
    }
    await next();
  });
}

/** The signed-in user of a route whose access is not 'anyone' (its guard has checked). */
export function signedInUser(c: Context<AppEnv>): AuthUser {
  return c.get('user') ?? fail(401, 'Authentication credentials were not provided.', { code: 'not_authenticated' });
}

const ErrorSchema = z
  .object({
    message: z.string(),
    error: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .openapi('Error');

export const errorBody = { content: { 'application/json': { schema: ErrorSchema } } };

/** An answer of JSON with this schema. */
export function jsonBody<T extends z.ZodType>(schema: T, description = 'OK') {
  return { description, content: { 'application/json': { schema } } };
}

/** A required JSON request body with this schema (`request: { params, ...jsonRequest(schema) }`). */
export function jsonRequest<T extends z.ZodType>(schema: T) {
  return { body: { required: true as const, content: { 'application/json': { schema } } } };
}

/** A request body sent as multipart (when a file travels with it: the outbox sends files that way) or as JSON. */
export function formOrJsonRequest<T extends z.ZodType>(schema: T, required = false) {
  return { body: { required, content: { 'multipart/form-data': { schema }, 'application/json': { schema } } } };
}

/** The body of a `formOrJsonRequest` route, whichever of the two encodings it came in. */
export function formOrJson<T>(c: Context<AppEnv>, read: (target: 'form' | 'json') => T | undefined): T {
  const type = c.req.header('content-type') ?? '';
  const body = read(type.includes('json') ? 'json' : 'form');
  return body ?? fail(400, 'Send the form as multipart/form-data or JSON.');
}

/** A 404 answer as the OpenAPI document lists it. */
export function notFoundAnswer(description: string) {
  return { 404: { description, ...errorBody } };
}

const preparedResults = new WeakMap<Request, unknown>();

function prepareFirst(prepare: (c: Context<AppEnv>) => Promise<unknown>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // The body is read once (http/request-body.ts): `c.req.json()` here and the idempotency hash
    // after this read the same bytes.
    await bodyOf(c);
    preparedResults.set(c.req.raw, await prepare(c));
    await next();
  });
}

/**
 * A route that takes a form: its body split into parts once, before anything reads it, so the
 * validator and the route's `prepare` share them (undici's parser is slow on a large upload).
 */
const readForm = createMiddleware<AppEnv>(async (c, next) => {
  await formOf(c);
  await next();
});

/**
 * A route that takes JSON: a body nested deeper, or holding more values, than any the contract
 * describes is refused before anything parses it (parsing a megabyte of brackets holds the event
 * loop for a tenth of a second).
 */
const boundJson = createMiddleware<AppEnv>(async (c, next) => {
  if (!(c.req.header('content-type') ?? '').includes('json')) return next();
  const beyond = jsonBeyond(await bodyOf(c), JSON_MAX_DEPTH, JSON_MAX_VALUES);
  if (beyond === 'depth') fail(400, `Invalid JSON: arrays and objects nested more than ${JSON_MAX_DEPTH} deep.`);
  if (beyond === 'values') fail(413, `Too much at once: a request may hold at most ${JSON_MAX_VALUES.toLocaleString('en')} values.`);
  await next();
});

/** What the route's `prepare` answered for this request. */
export function prepared<T>(c: Context<AppEnv>): T {
  return preparedResults.get(c.req.raw) as T;
}

export function defineRoute<const R extends Omit<RouteConfig, 'middleware' | 'security'>>(access: Access, config: R) {
  const who = access.roles === 'anyone' ? 'anyone' : access.roles === 'signed-in' ? 'any signed-in user' : access.roles.join(', ');
  const where = access.site === 'tenant' ? 'school or organization sites only' : 'any site';
  if (access.outbox) {
    outboxRoutes.push({
      method: config.method.toUpperCase(),
      path: config.path,
      matches: pathMatcher(config.path),
      prepares: Boolean(access.prepare),
    });
  }
  const maxBody = access.bodyLimit ?? BODY_LIMITS.json;
  const content = config.request?.body?.content as Record<string, unknown> | undefined;
  const takesForm = Boolean(content?.['multipart/form-data']);
  const takesJson = Boolean(content?.['application/json']);
  const replay = access.outbox ? 'Outbox: applied exactly once per Idempotency-Key; may be sent in POST /outbox/batch/.' : '';
  return createRoute({
    ...config,
    description: [config.description, `Access: ${who}; ${where}.`, replay].filter(Boolean).join('\n\n'),
    security: access.roles === 'anyone' ? [] : [{ bearer: [] }],
    middleware: [
      limitBody(maxBody),
      guard(access),
      ...(takesForm ? [readForm] : []),
      ...(takesJson ? [boundJson] : []),
      ...(access.prepare ? [prepareFirst(access.prepare)] : []),
      ...(access.outbox ? [idempotency] : []),
    ] as unknown as [ReturnType<typeof guard>],
    responses: {
      ...config.responses,
      ...(config.request?.body
        ? {
            413: {
              description: `Body over ${megabytes(maxBody)}, or JSON of over ${JSON_MAX_VALUES.toLocaleString('en')} values`,
              ...errorBody,
            },
          }
        : {}),
      400: { description: 'Invalid input: the message names each field', ...errorBody },
      ...(access.roles === 'anyone' ? {} : { 401: { description: 'Not signed in', ...errorBody } }),
      ...(Array.isArray(access.roles) ? { 403: { description: 'Role not allowed', ...errorBody } } : {}),
    },
  });
}
