// What an admin screen shows when its data could not be loaded: the reason, and Try again.
import { Trans } from '@lingui/react/macro';
import { useKnown } from '@/i18n/known';

export function LoadFailed({ error, onRetry }: { error: string; onRetry: () => void }) {
  const known = useKnown();
  return (
    <div className="admin-notice" role="alert">
      <p>{known(error)}</p>
      <button type="button" className="button button-small" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
