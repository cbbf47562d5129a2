import { OfflineIcon } from '@/ui/icons';

/** What a visitor with nothing to send sees when the network is away. */
export function OfflineBadge() {
  return (
    <span className="offline-badge" role="status">
      <OfflineIcon /> Offline
    </span>
  );
}
