// The new-version watch (./update-watch: the service worker's registration, the hourly check, the
// question) starts once the page has loaded and gone idle, so none of it is on the first load.
import { Suspense, lazy } from 'react';
import { useIdleAfterLoad } from '@/ui/when-idle';

// A chunk that cannot be fetched (offline, before the service worker kept it) costs nothing but the watch.
const UpdateWatch = lazy(() => import('./update-watch').catch(() => ({ default: () => null })));

export function UpdatePrompt() {
  const idle = useIdleAfterLoad();
  if (!idle || !import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  return (
    <Suspense fallback={null}>
      <UpdateWatch />
    </Suspense>
  );
}
