// The help drawer of every signed-in area (100% wide on phones, 70%
// otherwise): a modal <dialog>, so focus moves in, stays in, Escape closes it and focus goes
// back to the Help button. "Show me around" replays the screen's guided tour, when it has one.
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { HelpCenter } from './help-center';

export function HelpDrawer({ role, onClose, onShowMeAround }: { role: string; onClose: () => void; onShowMeAround?: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const { t } = useLingui();
  useEffect(() => {
    const node = ref.current;
    if (node && !node.open) node.showModal?.();
  }, []);
  return (
    <dialog ref={ref} className="help-drawer" aria-labelledby="help-drawer-title" onClose={onClose}>
      <div className="help-drawer-head">
        <h2 id="help-drawer-title">
          <Trans>Help</Trans>
        </h2>
        <button type="button" className="icon-button" aria-label={t`Close help`} onClick={onClose}>
          ×
        </button>
      </div>
      {onShowMeAround ? (
        <p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              onClose();
              onShowMeAround();
            }}
          >
            <Trans>Show me around</Trans>
          </button>
        </p>
      ) : null}
      <HelpCenter initialRole={role} headingLevel={3} />
      <p className="help-drawer-foot">
        <Link to="/faq" onClick={onClose}>
          <Trans>Open the Help Center</Trans>
        </Link>{' '}
        ·{' '}
        <Link to="/contact" onClick={onClose}>
          <Trans>Contact us</Trans>
        </Link>
      </p>
    </dialog>
  );
}
