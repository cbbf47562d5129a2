// Runs work that must not compete with the first load: once the page has loaded, its own
// fetches have been quiet for a second, and the main thread is idle (requestIdleCallback, with
// a deadline so it always happens). The sync engine (XState, the replay loop, the device
// database's checks) and the service worker's install start this way.

import { useEffect, useState } from 'react';

const QUIET_MS = 1000;
const IDLE_DEADLINE_MS = 4000;

/** Resolves once no resource has been fetched for `QUIET_MS` (load event first). */
function networkQuiet(): Promise<void> {
  return new Promise((resolve) => {
    const loaded = () => {
      let timer = setTimeout(done, QUIET_MS);
      const observer =
        typeof PerformanceObserver === 'function'
          ? new PerformanceObserver(() => {
              clearTimeout(timer);
              timer = setTimeout(done, QUIET_MS);
            })
          : undefined;
      observer?.observe({ type: 'resource' });
      function done() {
        observer?.disconnect();
        resolve();
      }
    };
    if (document.readyState === 'complete') loaded();
    else addEventListener('load', loaded, { once: true });
  });
}

let quiet: Promise<void> | undefined;

export function whenIdleAfterLoad(run: () => void): void {
  quiet ??= networkQuiet();
  void quiet.then(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run(), { timeout: IDLE_DEADLINE_MS });
    else setTimeout(run, 0);
  });
}

let idle = false;

/** False until the page has loaded and gone idle (as whenIdleAfterLoad), then true for good. */
export function useIdleAfterLoad(): boolean {
  const [now, setNow] = useState(idle);
  useEffect(() => {
    if (now) return;
    let mounted = true;
    whenIdleAfterLoad(() => {
      idle = true;
      if (mounted) setNow(true);
    });
    return () => {
      mounted = false;
    };
  }, [now]);
  return now;
}
