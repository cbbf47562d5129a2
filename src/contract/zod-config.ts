// zod probes whether it may compile validators with `new Function`; under the PWA's CSP
// (script-src 'self', no eval) that probe is refused and reported as a CSP violation (Lighthouse
// "issues" in best practices). In the browser zod runs without it; the server keeps the faster path.
import { z } from 'zod';

// Read through globalThis: the sync code (typed without the DOM) imports the contract too.
if ('document' in globalThis) z.config({ jitless: true });
