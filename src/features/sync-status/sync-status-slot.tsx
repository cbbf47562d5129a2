// The headers' place for the sync control. Its code (the outbox and the device database) is not
// on the first load: it loads once the page is idle, or at once when the network is away. Until
// then an online visitor sees what a guest sees anyway (nothing), and an offline one the badge.
import { Suspense, lazy } from 'react';
import { useOnline } from '@/ui/use-online';
import { useIdleAfterLoad } from '@/ui/when-idle';
import { OfflineBadge } from './offline-badge';

const SyncStatus = lazy(() => import('./sync-status').then((m) => ({ default: m.SyncStatus })));

export function SyncStatusSlot() {
  const online = useOnline();
  const idle = useIdleAfterLoad();
  if (online && !idle) return null;
  return (
    <Suspense fallback={online ? null : <OfflineBadge />}>
      <SyncStatus />
    </Suspense>
  );
}
