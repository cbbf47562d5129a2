import { useLingui } from '@lingui/react/macro';
import { OfflineIcon } from '@/ui/icons';

/** What a visitor with nothing to send sees when the network is away. */
export function OfflineBadge() {
  const { t } = useLingui();
  return (
    <span className="offline-badge" role="status">
      <OfflineIcon /> {t`Offline`}
    </span>
  );
}
