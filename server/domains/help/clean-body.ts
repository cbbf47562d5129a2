// Staff-written HTML (an FAQ's body, a content page's) is cleaned once, when it is saved, and
// stored clean: readers get the stored text as it is. The cleaning (DOMPurify on jsdom) runs in
// the worker pool before the change's transaction opens (the route's `prepare`).
import type { Context } from 'hono';
import type { AppEnv } from '../../http/env';
import { fail } from '../../http/errors';
import { runCpu } from '../../lib/cpu-pool';
import { WORK_LIMITS, WORK_MSG, elementCount } from '../../../src/contract/limits';

/** The request's `body` field cleaned, or undefined when it sends none (the validator judges the rest). */
export async function cleanBody(c: Context<AppEnv>): Promise<string | undefined> {
  const input: unknown = await c.req.json().catch(() => undefined);
  const body = input && typeof input === 'object' ? (input as { body?: unknown }).body : undefined;
  if (typeof body !== 'string') return undefined;
  if (elementCount(body) > WORK_LIMITS.htmlElements) fail(413, WORK_MSG.htmlTooBig);
  return (await runCpu('cleanHtml', body)).html;
}
