// A modal dialog on the browser's <dialog>: focus moves in and back, Escape closes it. Shared by
// the roster's dialogs and the pin dialog (stories too); its look is ./dialog.css.
import { Trans, useLingui } from '@lingui/react/macro';
import './dialog.css';
import { useEffect, useRef, type ReactNode } from 'react';

export function Dialog({ title, onClose, children, wide }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const { t } = useLingui();
  const titleId = useRef(`dialog-${Math.random().toString(36).slice(2)}`).current;
  useEffect(() => {
    const node = ref.current;
    if (node && !node.open) node.showModal?.();
  }, []);
  return (
    <dialog ref={ref} className={`roster-dialog${wide ? ' roster-dialog-wide' : ''}`} aria-labelledby={titleId} onClose={onClose}>
      <div className="roster-dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label={t`Close`} onClick={onClose}>
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}

/** Asks before a change that cannot be taken back silently (unpin, privacy). */
export function ConfirmDialog({
  title,
  message,
  confirm,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: string;
  confirm: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog title={title} onClose={onCancel}>
      <p>{message}</p>
      <div className="roster-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className="button" onClick={onConfirm} autoFocus>
          {confirm}
        </button>
      </div>
    </Dialog>
  );
}
