// Answers kept by version: a public read that many visitors ask for at once (a school's content
// page, its text up to a megabyte) is written as JSON and compressed once per version of what it
// shows, then sent as it is. The request only asks the database which version is current (a few
// bytes), so ten readers at once cost the server ten small look-ups, not ten reads and encodings
// of the whole text (bench:stall measured /api/health held up to 1.1 s by them). Readers who ask
// while a look-up of the same version is under way share it (oneLookUp).
import type { Context } from 'hono';
import { encodedAnswer, encodedOnce, type Encoded } from './compress';

/** What the kept answers may take in memory, all encodings counted; the oldest go first. */
const KEPT_BYTES = 16 * 1024 * 1024;
const kept = new Map<string, { body: Promise<Encoded>; bytes: number }>();
let keptBytes = 0;

const sizeOf = (e: Encoded) => e.identity.length + (e.br?.length ?? 0) + (e.gzip?.length ?? 0);

/** The JSON answer of `version`, made by `make` the first time it is asked for (readers at once share one making). */
export async function keptJson(c: Context, version: string, make: () => Promise<unknown>): Promise<Response> {
  let entry = kept.get(version);
  if (!entry) {
    const made = { body: make().then((value) => encodedOnce(Buffer.from(JSON.stringify(value)), 5)), bytes: 0 };
    entry = made;
    kept.set(version, made);
    made.body.then(
      (body) => {
        if (kept.get(version) !== made) return;
        made.bytes = sizeOf(body);
        keptBytes += made.bytes;
        for (const [key, old] of kept) {
          if (keptBytes <= KEPT_BYTES || old === made) break;
          kept.delete(key);
          keptBytes -= old.bytes;
        }
      },
      () => kept.get(version) === made && kept.delete(version),
    );
  }
  return encodedAnswer(c, await entry.body, 'application/json');
}

const lookingUp = new Map<string, Promise<unknown>>();

/**
 * `look()`'s answer, shared with every caller asking by the same `key` while it runs: 200 readers of
 * one page at once made 200 look-ups, each a statement that /api/health waited behind on PGlite's
 * one connection (bench:stall: health 171 to 365 ms). A reader who arrives during a look-up gets
 * what it finds, as if they had come a moment earlier; the next reader after it asks again.
 */
export function oneLookUp<T>(key: string, look: () => Promise<T>): Promise<T> {
  let running = lookingUp.get(key) as Promise<T> | undefined;
  if (!running) {
    running = look().finally(() => lookingUp.delete(key));
    lookingUp.set(key, running);
  }
  return running;
}
