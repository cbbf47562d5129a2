// The welcome dialog about having several dashboards: shown to the roles the
// switcher serves, until dismissed; remembered on this device (until sign-out clears it).
import { useEffect, useRef, useState } from 'react';
import { Plural, Trans } from '@lingui/react/macro';
import { dashboardOptionsFor, type Role } from '@/contract/domain';
import { useKnown } from '@/i18n/known';

export const WELCOME_KEY = 'dashboard_welcome_dismissed';

function dismissed(): boolean {
  try {
    return localStorage.getItem(WELCOME_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The dialog will show for this role on this device (the dashboard's tour waits for it). */
export const welcomePending = (role: Role) => dashboardOptionsFor(role).length > 1 && !dismissed();

export function WelcomeDialog({ role, onDismissed }: { role: Role; onDismissed?: () => void }) {
  const options = dashboardOptionsFor(role);
  const [show, setShow] = useState(() => welcomePending(role));
  const dialog = useRef<HTMLDialogElement>(null);
  const known = useKnown();
  const count = options.length;

  useEffect(() => {
    const node = dialog.current;
    if (show && node && !node.open) node.showModal?.();
  }, [show]);

  if (!show) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(WELCOME_KEY, 'true');
    } catch {
      /* storage blocked: it shows again next time */
    }
    dialog.current?.close?.();
    setShow(false);
    onDismissed?.();
  };
  return (
    <dialog ref={dialog} className="welcome-dialog" aria-labelledby="welcome-title" onClose={dismiss}>
      <h2 id="welcome-title">
        <Trans>
          Welcome! You have <Plural value={count} one="# dashboard" other="# dashboards" />
        </Trans>
      </h2>
      <p>
        <Trans>Use “Switch dashboard” at the top of the page to move between them:</Trans>
      </p>
      <ul>
        {options.map((o) => (
          <li key={o.label}>{known(o.label)}</li>
        ))}
      </ul>
      <button type="button" className="button" onClick={dismiss} autoFocus>
        <Trans>Got it</Trans>
      </button>
    </dialog>
  );
}
