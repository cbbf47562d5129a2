// The question a waiting new version asks (./update-watch): reload now, or later.
import { Trans } from '@lingui/react/macro';
import type { Workbox } from 'workbox-window';

export default function UpdateDialog({ waiting, onLater }: { waiting: Workbox; onLater: () => void }) {
  const reload = () => {
    // Reload once the new worker has taken over, so the page and the worker match.
    waiting.addEventListener('controlling', () => location.reload());
    waiting.messageSkipWaiting();
  };
  return (
    <div className="update-prompt" role="alertdialog" aria-labelledby="update-title" aria-describedby="update-text">
      <p id="update-title" className="update-title">
        <Trans>A new version is available</Trans>
      </p>
      <p id="update-text">
        <Trans>Reload when you are ready; nothing you have saved will be lost.</Trans>
      </p>
      <div className="update-actions">
        <button type="button" className="button" onClick={reload}>
          <Trans>Reload now</Trans>
        </button>
        <button type="button" className="button button-secondary" onClick={onLater}>
          <Trans>Later</Trans>
        </button>
      </div>
    </div>
  );
}
