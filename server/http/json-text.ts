// The text of a JSON answer, known without reading the answer back. On the Node server an answer
// made from a string is written to the socket as that string; reading its body (`.body`,
// `.text()`, `.clone()`) turns it into a full web-streams Response first, and the middlewares
// that look at an answer's bytes (compression, the exactly-once record, the outbox batch) did
// that for every answer: about a tenth of the API's CPU in the class-start burst. Here `c.json`
// keeps the text it sends, so they read that instead.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './env';

const texts = new WeakMap<Response, string>();

/** Makes the request's `c.json` remember the text of the answer it makes (see `jsonText`). */
export const rememberJsonText = createMiddleware<AppEnv>(async (c, next) => {
  const body = c.body as (text: string, arg?: unknown, headers?: Record<string, string | string[]>) => Response;
  c.json = ((object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => {
    const text = JSON.stringify(object);
    // As Hono's own: its content type unless the caller gave one.
    const res = body(text, arg, { 'Content-Type': 'application/json', ...headers });
    texts.set(res, text);
    return res;
  }) as unknown as typeof c.json;
  await next();
});

/** The JSON text `res` was made from by `c.json`, or undefined for any other answer. */
export function jsonText(res: Response): string | undefined {
  return texts.get(res);
}

/** The answer's body as text: the JSON it was made from, else read (its body is then used). */
export function answerText(res: Response): Promise<string> {
  const text = texts.get(res);
  return text === undefined ? res.text() : Promise.resolve(text);
}

/** The answer's bytes, leaving it to be sent: the JSON it was made from, else a copy read. */
export async function answerBytes(res: Response): Promise<Uint8Array> {
  const text = texts.get(res);
  return text === undefined ? new Uint8Array(await res.clone().arrayBuffer()) : Buffer.from(text);
}
