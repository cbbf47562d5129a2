// Errors as answers. Every failure leaves the API as JSON with a `message`; a handler throws
// ApiError and the app's error handler writes it. Nothing unexpected leaks as a stack trace.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { logger as processLogger, type Logger } from '../log';
import { CpuRefusal } from '../lib/cpu-pool';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function fail(status: ContentfulStatusCode, message: string, extra?: Record<string, unknown>): never {
  throw new ApiError(status, message, extra);
}

/** A 400 about one field of a form, shown beside it (`shown`: the message, if it must differ). */
export function fieldFail(field: string, message: string, shown = message): never {
  throw new ApiError(400, shown, { errors: { [field]: [message] } });
}

/** Field errors keyed by dotted path, as the forms show them ('field name: message'). */
export function fieldErrors(error: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function validationAnswer(c: Context, error: ZodError) {
  const errors = fieldErrors(error);
  const message = Object.entries(errors)
    .map(([field, messages]) => (field === '_' ? messages.join(' ') : `${field}: ${messages.join(' ')}`))
    .join('; ');
  return c.json({ message, errors }, 400);
}

/**
 * PostgreSQL's codes for text it cannot store (a null character, an invalid byte sequence):
 * the input's fault, wherever a route forgot to refuse it, so never a 5xx.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

function databaseCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

export function errorAnswer(err: Error, c: Context) {
  if (err instanceof ApiError) return c.json({ message: err.message, ...err.extra }, err.status);
  // The worker pool's refusals: the input costs too much (4xx), or the pool is full (503, retry soon).
  if (err instanceof CpuRefusal) {
    if (err.retryAfterSeconds) c.header('Retry-After', String(err.retryAfterSeconds));
    return c.json({ message: err.message }, err.status);
  }
  if (UNSTORABLE_TEXT.has(databaseCode(err) ?? ''))
    return c.json({ message: 'The request contains characters that cannot be stored (such as a null character).' }, 400);
  if (err instanceof HTTPException) {
    // Hono's own 4xx (e.g. malformed JSON) keep their status; the message stays readable.
    return c.json({ message: err.message || 'Bad request' }, err.status as ContentfulStatusCode);
  }
  const log: Logger = (c.get('log') as Logger | undefined) ?? processLogger;
  log.error({ err }, 'unexpected error');
  return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
}
