// Registers the service worker and, when a new version is waiting, asks before loading it:
// a lesson is never reloaded under a child's fingers (no automatic skipWaiting). A page that is
// never reloaded (a classroom kiosk) still learns of a new version: it asks the server at start,
// every hour and whenever it becomes visible again. Loaded once the page is idle after its first
// load (./update-prompt); the question itself (./update-dialog) loads only when there is
// something to ask.
import { Suspense, lazy, useEffect, useState } from 'react';
import type { Workbox } from 'workbox-window';

const UpdateDialog = lazy(() => import('./update-dialog'));

const HOUR = 60 * 60 * 1000;
/** localStorage key of a shorter check interval in ms (the end-to-end test sets a few seconds). */
export const UPDATE_CHECK_KEY = 'storynest_update_check_ms';

/** How often an open page checks for a new version: an hour, unless a valid override is stored. */
export function updateCheckInterval(storage: Pick<Storage, 'getItem'>): number {
  const stored = Number(storage.getItem(UPDATE_CHECK_KEY));
  return Number.isInteger(stored) && stored >= 1000 && stored <= HOUR ? stored : HOUR;
}

export default function UpdateWatch() {
  const [waiting, setWaiting] = useState<Workbox | null>(null);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    let stop = () => {};
    void import('workbox-window').then(({ Workbox }) => {
      if (cancelled) return;
      const wb = new Workbox('/sw.js');
      wb.addEventListener('waiting', () => setWaiting(wb));
      // Offline, a check fails: the next one tries again.
      const check = () => void wb.update().catch(() => undefined);
      const onVisible = () => {
        if (document.visibilityState === 'visible') check();
      };
      void wb.register().then(check);
      const timer = setInterval(check, updateCheckInterval(localStorage));
      document.addEventListener('visibilitychange', onVisible);
      stop = () => {
        clearInterval(timer);
        document.removeEventListener('visibilitychange', onVisible);
      };
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, []);

  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdateDialog waiting={waiting} onLater={() => setWaiting(null)} />
    </Suspense>
  );
}
