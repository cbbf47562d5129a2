// Registers the service worker and, when a new version is waiting, asks before loading it:
// a lesson is never reloaded under a child's fingers (no automatic skipWaiting).
import { useEffect, useState } from 'react';
import type { Workbox } from 'workbox-window';
import { whenIdleAfterLoad } from '@/ui/when-idle';

export function UpdatePrompt() {
  const [waiting, setWaiting] = useState<Workbox | null>(null);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    whenIdleAfterLoad(
      () =>
        void import('workbox-window').then(({ Workbox }) => {
          if (cancelled) return;
          const wb = new Workbox('/sw.js');
          wb.addEventListener('waiting', () => setWaiting(wb));
          void wb.register();
        }),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  if (!waiting) return null;
  const reload = () => {
    // Reload once the new worker has taken over, so the page and the worker match.
    waiting.addEventListener('controlling', () => location.reload());
    waiting.messageSkipWaiting();
  };
  return (
    <div className="update-prompt" role="alertdialog" aria-labelledby="update-title" aria-describedby="update-text">
      <p id="update-title" className="update-title">
        A new version is available
      </p>
      <p id="update-text">Reload when you are ready; nothing you have saved will be lost.</p>
      <div className="update-actions">
        <button type="button" className="button" onClick={reload}>
          Reload now
        </button>
        <button type="button" className="button button-secondary" onClick={() => setWaiting(null)}>
          Later
        </button>
      </div>
    </div>
  );
}
