// DOMPurify on a jsdom window, with jsdom loaded on first use. jsdom is the largest thing a
// process could load (about 95 MB of memory), and an API process seldom cleans HTML on its own
// thread: the worker pool does (cpu-tasks.ts), so most processes never load it at all.
import { createRequire } from 'node:module';
import type createDOMPurify from 'dompurify';
import type { JSDOM } from 'jsdom';

export type Purifier = ReturnType<typeof createDOMPurify>;

const load = createRequire(import.meta.url);

/** A new DOMPurify on its own jsdom window. */
export function purifierOnJsdom(): Purifier {
  const jsdom = load('jsdom') as { JSDOM: typeof JSDOM };
  const purify = load('dompurify') as typeof createDOMPurify;
  return purify(new jsdom.JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
}
