// The headers' place for the sync control. Its code (the outbox and the device database) is not
// on the first load: it loads once the page is idle, or at once when the network is away. Until
// then an online visitor sees what a guest sees anyway (nothing), and an offline one the badge.
// If its code cannot be fetched (the network went away before the page was idle, and no service
// worker holds it yet), the badge stands in: a missing control never takes the screen down.
import { Suspense, lazy, useEffect, useState } from 'react';
import { useOnline } from '@/ui/use-online';
import { useIdleAfterLoad } from '@/ui/when-idle';
import { OfflineBadge } from './offline-badge';

function BadgeWhenOffline() {
  return useOnline() ? null : <OfflineBadge />;
}

let failed = false;
const loadStatus = () =>
  lazy(() =>
    import('./sync-status').then(
      (m) => ({ default: m.SyncStatus }),
      () => {
        failed = true;
        return { default: BadgeWhenOffline };
      },
    ),
  );

export function SyncStatusSlot() {
  const online = useOnline();
  const idle = useIdleAfterLoad();
  const [SyncStatus, setSyncStatus] = useState(loadStatus);
  // Back online after a failed fetch: try again.
  useEffect(() => {
    if (!online || !failed) return;
    failed = false;
    setSyncStatus(loadStatus);
  }, [online]);
  if (online && !idle) return null;
  return (
    <Suspense fallback={online ? null : <OfflineBadge />}>
      <SyncStatus />
    </Suspense>
  );
}
